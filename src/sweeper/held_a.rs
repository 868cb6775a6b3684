//! A held A button on the board: the genre's move is made as A comes up,
//! and another button going down meanwhile cancels it. The board and the
//! lesson's board both take moves this way.

use agb::input::Button;

use super::rules::Pos;
use crate::framework::input::Input;

/// Where A went down, and whether another button cancelled the move.
#[derive(Clone, Copy)]
pub struct HeldA {
    pub pos: Pos,
    pub cancelled: bool,
}

impl HeldA {
    /// A going down on `pos`.
    pub const fn on(pos: Pos) -> Self {
        Self {
            pos,
            cancelled: false,
        }
    }

    /// A held on a square as the buttons go on: the square once A is let
    /// go (and `held` emptied), unless another button went down while A was
    /// held, cancelling the move. A button going down in the frame A is let
    /// go comes after the release: the move is made, and that button is
    /// then acted on as well.
    pub fn release(held: &mut Option<Self>, input: &Input) -> Option<Pos> {
        let down = held.as_mut()?;
        if input.pressed(Button::A) {
            if input.other_just_pressed(Button::A) {
                down.cancelled = true;
            }
            return None;
        }
        let down = held.take()?;
        (!down.cancelled).then_some(down.pos)
    }

    /// The square A is held on, unless another button cancelled the move.
    pub fn square(held: Option<Self>) -> Option<Pos> {
        held.filter(|held| !held.cancelled).map(|held| held.pos)
    }
}
