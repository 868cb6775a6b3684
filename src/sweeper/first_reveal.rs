//! A fresh field's first reveal, worked out ahead: its mines are drawn
//! (`Mines::random`) and laid on a copy of the field (`Field::begin`) for
//! the square under the cursor, a step in each frame with nothing else to
//! do, so A's press and release only swap the copy in and open it. On
//! Expert the drawing and the laying take about a frame's third each: done
//! with the press's own work, they would make it a long frame.

use alloc::boxed::Box;

use super::rules::field::{Field, Mines, Place, Size};
use crate::random::Rng;

/// What a piece of work ahead was made for: the first reveal's square on
/// the field as it was (a mark placed since counts a click).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Made {
    place: Place,
    size: Size,
    deal: u16,
    clicks: u16,
}

impl Made {
    /// The first reveal on `place` of `field`, if it would begin the game
    /// there (a fresh field that is not no-guess, the square not flagged).
    fn of(field: &Field, place: Place) -> Option<Self> {
        let fresh = field.state() == super::rules::GameState::Fresh;
        let open = field
            .square(place)
            .is_some_and(|square| !square.is_flagged());
        (fresh && !field.no_guess() && open).then_some(Self {
            place,
            size: field.size(),
            deal: field.deal(),
            clicks: field.clicks(),
        })
    }
}

/// The work ahead for a first reveal.
#[derive(Default)]
pub struct FirstReveal(Ahead);

#[derive(Default)]
enum Ahead {
    #[default]
    Nothing,
    /// The mines drawn.
    Drawn(Made, Mines),
    /// Laid on a copy of the field, nothing revealed yet.
    Begun(Made, Box<Field>),
}

impl FirstReveal {
    /// A frame with nothing else to do: the next step for a first reveal
    /// under the cursor (nothing once the game has begun).
    pub fn work_ahead(&mut self, field: &Field) {
        let Some(made) = Made::of(field, field.cursor()) else {
            self.0 = Ahead::Nothing;
            return;
        };
        self.0 = match core::mem::take(&mut self.0) {
            Ahead::Drawn(drawn, mines) if drawn == made => begin(field, made, &mines),
            Ahead::Begun(begun, copy) if begun == made => Ahead::Begun(begun, copy),
            _ => Ahead::Drawn(made, draw(field, made)),
        };
    }

    /// Whether the first reveal on `place` is worked out whole.
    pub fn is_ready(&self, field: &Field, place: Place) -> bool {
        matches!(&self.0, Ahead::Begun(begun, _) if Some(*begun) == Made::of(field, place))
    }

    /// The field as a first reveal on `place` begins it (what is missing
    /// worked out now); `None` if that would not begin the game.
    pub fn take(&mut self, field: &Field, place: Place) -> Option<Box<Field>> {
        let made = Made::of(field, place)?;
        match core::mem::take(&mut self.0) {
            Ahead::Begun(begun, copy) if begun == made => Some(copy),
            Ahead::Drawn(drawn, mines) if drawn == made => into_begun(begin(field, made, &mines)),
            _ => into_begun(begin(field, made, &draw(field, made))),
        }
    }
}

/// The mines the first reveal `made` lays: the field's deal, drawn as
/// `Field::act` draws them. Out of line, as `begin`: their work is on the
/// stack only while it runs.
#[inline(never)]
fn draw(field: &Field, made: Made) -> Mines {
    Mines::random(field.size(), made.place, &mut Rng::new(field.code().seed()))
}

/// A copy of `field` with `mines` laid for the first reveal `made`.
#[inline(never)]
fn begin(field: &Field, made: Made, mines: &Mines) -> Ahead {
    let mut copy = Box::new(field.clone());
    if copy.begin(made.place, mines) {
        Ahead::Begun(made, copy)
    } else {
        Ahead::Nothing
    }
}

fn into_begun(ahead: Ahead) -> Option<Box<Field>> {
    match ahead {
        Ahead::Begun(_, copy) => Some(copy),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweeper::rules::{GameState, Outcome};

    /// The field after a first reveal on `place`, as `Field::act` makes it.
    fn acted(field: &Field, place: Place) -> (Field, Outcome) {
        let mut acted = field.clone();
        let outcome = acted.act(place, &mut Rng::new(field.code().seed()));
        (acted, outcome)
    }

    /// Swapped in and opened, as the field's screen does on A's release.
    fn opened(mut copy: Box<Field>) -> (Field, Outcome) {
        let outcome = copy.open_first();
        (*copy, outcome)
    }

    #[test_case]
    fn work_ahead_gives_the_first_reveal_act_gives(_gba: &mut agb::Gba) {
        let mut field = Field::new(Size::EXPERT, false);
        field.set_deal(4321);
        let mut ahead = FirstReveal::default();
        // Two frames: drawn, then laid; more change nothing.
        ahead.work_ahead(&field);
        assert!(matches!(ahead.0, Ahead::Drawn(..)));
        ahead.work_ahead(&field);
        ahead.work_ahead(&field);
        assert!(matches!(ahead.0, Ahead::Begun(..)));
        let cursor = field.cursor();
        let copy = ahead.take(&field, cursor).expect("begun");
        assert_eq!(opened(copy), acted(&field, cursor));
        assert!(matches!(ahead.0, Ahead::Nothing));
    }

    #[test_case]
    fn work_for_another_square_or_an_older_field_is_not_used(_gba: &mut agb::Gba) {
        let mut field = Field::new(Size::INTERMEDIATE, false);
        field.set_deal(99);
        let mut ahead = FirstReveal::default();
        ahead.work_ahead(&field);
        ahead.work_ahead(&field);
        // A flag placed since: the copy lacks it, so it is made again.
        let _ = field.toggle_flag(Place::new(0, 0));
        let cursor = field.cursor();
        let (expected, outcome) = acted(&field, cursor);
        let copy = ahead.take(&field, cursor).expect("made now");
        assert_eq!(opened(copy), (expected, outcome));
        // A press elsewhere than the cursor's square, with work ahead done.
        ahead.work_ahead(&field);
        ahead.work_ahead(&field);
        let elsewhere = Place::new(2, 3);
        let copy = ahead.take(&field, elsewhere).expect("made now");
        assert_eq!(opened(copy), acted(&field, elsewhere));
        // Nothing once the game has begun, or on a no-guess field.
        let (started, _) = acted(&field, cursor);
        assert_eq!(started.state(), GameState::Playing);
        ahead.work_ahead(&started);
        assert!(matches!(ahead.0, Ahead::Nothing));
        assert!(ahead.take(&started, cursor).is_none());
        assert!(
            ahead
                .take(&Field::new(Size::BEGINNER, true), cursor)
                .is_none()
        );
    }
}
