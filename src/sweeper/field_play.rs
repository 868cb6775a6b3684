//! A full-size field taking input, the window filling the screen: moves on
//! A's release as on the pocket board, marks with B, SELECT for the menu.
//! Holding the D-pad speeds the cursor up; with L held it jumps four squares
//! a step, with R held to the field's edge: A and B are a mouse's two
//! buttons already, and what is slow on a 30x16 field with a D-pad is
//! getting across it. A no-guess field's first reveal waits for its layout,
//! searched for in the frames the player waits through, on the thinking
//! face, while the cursor still moves.

use agb::input::Button;
use alloc::boxed::Box;

use super::{
    Sweeper,
    art::Face,
    field_view::FieldView,
    first_reveal::FirstReveal,
    held_a::HeldA,
    moves::play_outcome,
    next::Next,
    records::SweeperSave,
    rules::{
        GameState, Outcome,
        field::{Field, FieldNoGuess, Place},
    },
};
use crate::{
    framework::{PreparedLine, System, assets::sfx, canvas::Canvas, frame_time::fill_frame, hints},
    random::Rng,
};

const PLAYING_HINTS: &PreparedLine = hints!("A: open  B: flag  L/R: jump");
const OVER_HINTS: &PreparedLine = hints!("A: new field  SELECT: menu");

/// Squares a step with L held.
const LONG_STEP: i8 = 4;

pub struct FieldPlay {
    view: FieldView,
    /// While A is down on a square.
    held: Option<HeldA<Place>>,
    /// A fresh field's first reveal, worked out ahead in idle frames.
    first: FirstReveal,
    /// A no-guess field's layout, searched for once its first reveal is known.
    search: Option<Box<FieldNoGuess>>,
    /// A typed code's first square, opened once its reveal is worked out.
    opening: Option<Place>,
    /// The field as the first reveal on the square A went down on begins
    /// it (taken from `first` as A went down): the release opens it.
    begun: Option<(Place, Box<Field>)>,
    /// The game's 3BV, worked out in a frame with nothing else to do once
    /// its mines are laid, for the win's records.
    three_bv: ThreeBv,
}

/// A game's 3BV, and the game it is for (its deal and first reveal).
#[derive(Clone, Copy, Default)]
struct ThreeBv(Option<(u16, Place, u16)>);

impl ThreeBv {
    /// Known for `field`'s game.
    fn of(self, field: &Field) -> Option<u16> {
        let (deal, first, three_bv) = self.0?;
        (Some(first) == field.first_reveal() && deal == field.deal()).then_some(three_bv)
    }

    /// Worked out for `field`'s game, if its mines are laid and it is not
    /// known yet.
    fn work_ahead(&mut self, field: &Field) {
        if let Some(first) = field.first_reveal()
            && self.of(field).is_none()
        {
            self.0 = Some((field.deal(), first, field.three_bv()));
        }
    }
}

impl FieldPlay {
    pub fn new() -> Self {
        Self {
            view: FieldView::new(),
            held: None,
            first: FirstReveal::default(),
            search: None,
            opening: None,
            begun: None,
            three_bv: ThreeBv::default(),
        }
    }

    /// The screen for a field a typed code names, opening it at `first`
    /// (the code's first square) if it has one.
    pub fn opening(first: Option<Place>) -> Self {
        Self {
            opening: first,
            ..Self::new()
        }
    }

    pub fn update(&mut self, field: &mut Field, system: &mut System) -> Next {
        if let Some(first) = field.awaiting_layout() {
            self.search_layout(field, first, system);
            return Next::Stay;
        }
        if let Some(first) = self.opening {
            self.open_from_code(field, first, system);
            return Next::Stay;
        }
        let released = HeldA::release(&mut self.held, &system.input);
        if let Some(place) = released {
            if field.state().is_over() {
                system.sound.play(sfx::CONFIRM);
                return Next::Field(field.size());
            }
            let begun = self.begun.take().filter(|(at, _)| *at == place);
            let begun = begun.map(|(_, begun)| begun);
            open_square(field, system, (place, begun), self.three_bv);
        }
        // A still held takes nothing else; once let go, whatever else went
        // down this frame is acted on.
        if self.held.is_some() {
            return Next::Stay;
        }
        if system.input.just_pressed(Button::Select) {
            system.sound.play(sfx::OPEN);
            return Next::Menu;
        }
        move_cursor(field, system);
        if system.input.just_pressed(Button::B) {
            let question_marks = system.saved::<Sweeper>().question_marks;
            let outcome = field.cycle_mark(field.cursor(), question_marks);
            play_outcome(system, outcome);
            log_move(field, outcome);
        }
        if system.input.just_pressed(Button::A) {
            let place = field.cursor();
            self.held = Some(HeldA::on(place));
            self.begun = self.first.take(field, place).map(|begun| (place, begun));
        } else if released.is_none() && !system.input.acted() {
            // A frame with nothing else to do: what a press would wait for.
            match field.state() {
                GameState::Fresh => self.first.work_ahead(field),
                GameState::Playing => self.three_bv.work_ahead(field),
                _ => {}
            }
        }
        Next::Stay
    }

    /// A no-guess field's first reveal on `first` waits: the search fills
    /// the frame, and the reveal opens once it has a layout. The same deal
    /// and first square always give the same layout, so a field's code
    /// names it, and a field kept while waiting searches again.
    #[inline(never)]
    fn search_layout(&mut self, field: &mut Field, first: Place, system: &mut System) {
        move_cursor(field, system);
        let search = self.search.get_or_insert_with(|| {
            crate::event!("sweeper.field_search first={},{}", first.x, first.y);
            boxed_search(field, first)
        });
        let Some(mines) = fill_frame(|| search.step()) else {
            return;
        };
        crate::event!(
            "sweeper.field_searched layouts={} solves={}",
            search.layouts(),
            search.solves()
        );
        crate::framework::events::search_answered("sweeper_field_layout");
        self.search = None;
        let outcome = field.start_with_layout(first, &mines);
        after_move(field, system, outcome, true, self.three_bv);
    }

    /// A typed code's first reveal: worked out over the frames the window
    /// takes to come up (as an idle frame works out the cursor's), then
    /// opened; a no-guess field's waits for its layout.
    fn open_from_code(&mut self, field: &mut Field, first: Place, system: &mut System) {
        if field.state() != GameState::Fresh {
            self.opening = None;
        } else if field.no_guess() {
            self.opening = None;
            let outcome = field.act(first, &mut Rng::new(field.code().seed()));
            log_move(field, outcome);
        } else if self.first.is_ready(field, first) {
            self.opening = None;
            let begun = self.first.take(field, first);
            open_square(field, system, (first, begun), self.three_bv);
        } else {
            self.first.work_ahead(field);
        }
    }

    /// The square A is held on (drawn pressed, with a chord's squares).
    pub fn pressed(&self) -> Option<Place> {
        HeldA::square(self.held)
    }

    /// A move half-made when the window closes is dropped, as if cancelled.
    pub fn drop_held(&mut self) {
        self.held = None;
    }

    /// Bring the screen up to date; true once every square is drawn.
    pub fn draw(&mut self, field: &Field, face: Face, records: &SweeperSave) -> bool {
        let best = records
            .fields
            .as_deref()
            .and_then(|records| records.line(field.size(), field.no_guess()));
        self.view.draw(field, self.pressed(), face, best)
    }

    pub fn show(&self, field: &Field, canvas: &mut Canvas) {
        self.view.show(field, canvas);
    }

    /// The screen goes: its squares and text leave the plane.
    pub fn take_off(self: Box<Self>) {
        self.view.take_off();
    }

    pub fn button_hints(field: &Field) -> &'static PreparedLine {
        if field.state().is_over() {
            OVER_HINTS
        } else {
            PLAYING_HINTS
        }
    }
}

/// The search for `field`'s layout from `first`, made on the heap in a
/// frame of its own: the search's steps then run on a shallow stack.
#[inline(never)]
fn boxed_search(field: &Field, first: Place) -> Box<FieldNoGuess> {
    Box::new(FieldNoGuess::new(field.size(), first, field.code().seed()))
}

/// The D-pad's step this frame, faster the longer it is held, four squares
/// with L held and to the edge with R held.
fn move_cursor(field: &mut Field, system: &mut System) {
    let input = &system.input;
    let (dx, dy) = input.accelerated_direction();
    if (dx, dy) == (0, 0) {
        return;
    }
    let step = if input.pressed(Button::R) {
        // Past any field's side: the move stops at the edge.
        i8::MAX / 2
    } else if input.pressed(Button::L) {
        LONG_STEP
    } else {
        1
    };
    if field.move_cursor(dx as i8 * step, dy as i8 * step) {
        system.sound.play(sfx::CURSOR);
    }
}

/// A opened `place` (its release): the move (the first on the field
/// `begun` as A went down, if any), its sound, and the records of a game it
/// started or ended.
fn open_square(
    field: &mut Field,
    system: &mut System,
    (place, begun): (Place, Option<Box<Field>>),
    three_bv: ThreeBv,
) {
    let fresh = field.state() == GameState::Fresh;
    let outcome = match begun {
        Some(begun) if fresh => {
            *field = *begun;
            field.open_first()
        }
        _ => field.act(place, &mut Rng::new(field.code().seed())),
    };
    after_move(field, system, outcome, fresh, three_bv);
}

/// What follows a move's `outcome` on `field` (`fresh` before it): its
/// sound, and the records of a game it started or ended.
fn after_move(
    field: &mut Field,
    system: &mut System,
    outcome: Outcome,
    fresh: bool,
    three_bv: ThreeBv,
) {
    play_outcome(system, outcome);
    if fresh && field.state() != GameState::Fresh {
        log_layout(field);
        system
            .save::<Sweeper>()
            .fields_mut()
            .start(field.size(), field.no_guess());
        system.storage.commit_soon();
    }
    log_move(field, outcome);
    if !matches!(outcome, Outcome::Won | Outcome::Lost) {
        return;
    }
    let won = outcome == Outcome::Won;
    let hundredths = field.elapsed_hundredths();
    // For a win only: known ahead, else worked out now (a whole walk).
    let three_bv = if won {
        three_bv.of(field).unwrap_or_else(|| field.three_bv())
    } else {
        0
    };
    let place = system.save::<Sweeper>().fields_mut().finish(
        field.size(),
        field.no_guess(),
        won,
        hundredths,
        three_bv,
    );
    field.set_new_record(place == Some(0));
    system.storage.commit_soon();
    // The game as it ended: a win or a loss is worth keeping.
    system.storage.suspend_soon();
    crate::event!(
        "sweeper.field_over won={} hundredths={} three_bv={} clicks={} place={:?}",
        won,
        hundredths,
        three_bv,
        field.clicks(),
        place
    );
}

fn log_move(field: &Field, outcome: Outcome) {
    crate::event!(
        "sweeper.field_move outcome={:?} state={:?} mines_left={} cursor={},{}",
        outcome,
        field.state(),
        field.mines_left(),
        field.cursor().x,
        field.cursor().y
    );
    let _ = (field, outcome);
}

/// Debug/test builds: the mines, a row of 0s and 1s an event (a log line
/// holds a few hundred bytes), so harness scripts can plan a game. Left
/// out of the frame's measure, as the events are.
fn log_layout(field: &Field) {
    #[cfg(any(debug_assertions, feature = "events"))]
    {
        let start = crate::framework::cycles::now();
        for y in 0..field.size().height() {
            let mut row = [b'0'; 30];
            for (digit, square) in row.iter_mut().zip(field.row(y)) {
                if square.is_mine() {
                    *digit = b'1';
                }
            }
            let width = field.row(y).len();
            let mines = core::str::from_utf8(&row[..width]).unwrap_or("");
            crate::event!("sweeper.field_layout row={} mines={}", y, mines);
        }
        crate::framework::cycles::exclude_since(start);
    }
    let _ = field;
}
