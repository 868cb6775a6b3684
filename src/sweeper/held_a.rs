//! A held A button on the board: the genre's move is made as A comes up,
//! and another button going down meanwhile cancels it. The board, the
//! lesson's board and the full-size field all take moves this way.

use agb::input::Button;

use super::rules::Pos;
use crate::framework::input::Input;

/// Where A went down (a pocket board's `Pos` or a field's `Place`), and
/// whether another button cancelled the move.
#[derive(Clone, Copy)]
pub struct HeldA<P = Pos> {
    pub pos: P,
    pub cancelled: bool,
}

impl<P: Copy> HeldA<P> {
    /// A going down on `pos`.
    pub const fn on(pos: P) -> Self {
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
    pub fn release(held: &mut Option<Self>, input: &Input) -> Option<P> {
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
    pub fn square(held: Option<Self>) -> Option<P> {
        held.filter(|held| !held.cancelled).map(|held| held.pos)
    }
}
