//! The play screen: drawing the stroke on the D-pad (hold A, or L for one
//! hand, and move; step back to take a step back; release to flip), a
//! failed try's flipped board and mixed-row marks, the rows clearing,
//! records, the solved puzzle, and a hint's replay.

use agb::input::Button;
use alloc::{borrow::Cow, format};

use super::{
    Polarium,
    game::{Hint, Source},
    hints,
    messages::{self, FIX_THE_LINE, HOW_TO_DRAW, LET_GO_ON_THE_END},
    next::Next,
    records::{CUSTOM_SLOTS, SET},
    rules::{
        Board, Cell, Puzzle,
        endless::{self, EndlessCode},
        password,
        stroke::Step,
    },
    session::{Session, open_puzzles},
    sounds,
    view::{Scene, Sprites},
};
use crate::framework::{System, assets::sfx};

/// What the panel says of a puzzle solved in `tries` with hints up to
/// `hint`, once its rows have cleared, and when it opens again solved;
/// `opened`: the set (from 1) this solve just opened, said too.
pub fn solved_message(tries: u8, hint: Hint, opened: Option<usize>) -> Cow<'static, str> {
    // Solved with the solution shown: said, and kept, as such.
    if hint >= Hint::FirstSteps {
        return Cow::Borrowed(messages::SOLVED_WITH_HELP);
    }
    let tries_word = if tries == 1 { "try" } else { "tries" };
    Cow::Owned(match opened {
        Some(set) => format!("Solved in\n{tries} {tries_word}!\nSet {set} open!\nA: next"),
        None => format!("Solved in\n{tries} {tries_word}!\nA: next"),
    })
}

// The steps below are `#[inline(never)]`: inlined into `update` their
// locals (strings, strokes, solver results) made one frame big enough,
// with the number pad's text drawing on top, to overflow the small IWRAM
// stack.

/// Frames the flipped board stays up after a failed try.
const FAILED_FRAMES: u8 = 48;
/// Frames per row of the clearing animation.
const CLEAR_FRAMES_PER_ROW: u16 = 6;
/// Frames per cell when a hint replays the whole stroke.
const REPLAY_FRAMES_PER_CELL: u8 = 6;

/// Where play is: each phase owns what only it counts.
pub enum Play {
    /// Drawing or about to: `drawing` while A (or L) is held.
    Playing { drawing: bool },
    /// A failed try: the flipped board, for a moment.
    Failed { frames: u8 },
    /// Every row is one colour: the rows clear one by one (A, SELECT or
    /// B skips to the end, and does what it does once solved).
    Clearing { frames: u16 },
    /// Solved: A for the next puzzle. `proved`: the player's own puzzle,
    /// just kept as custom, whose password SELECT shows for sharing.
    Solved { proved: bool },
    /// A hint replays the solution: `cells` of it drawn so far.
    Replay { cells: u8, frames: u8 },
}

impl Play {
    /// Ready to draw a stroke.
    pub const START: Self = Self::Playing { drawing: false };
    /// The replay of a hint, from its first cell.
    pub const REPLAY: Self = Self::Replay {
        cells: 0,
        frames: 0,
    };

    /// Ready for a stroke, none being drawn: a hint's answer shows now.
    pub const fn is_quiet(&self) -> bool {
        matches!(self, Self::Playing { drawing: false })
    }

    /// Whether the puzzle's clock runs.
    pub const fn clock_runs(&self) -> bool {
        matches!(self, Self::Playing { .. } | Self::Failed { .. })
    }

    pub fn update(&mut self, session: &mut Session, system: &mut System) -> Next {
        match *self {
            Self::Playing { drawing } => self.update_playing(drawing, session, system),
            Self::Failed { .. } => {
                // A fresh press of anything but START (which closes the
                // window) ends the note at once and counts as on a board
                // left alone: a quick hint, clear or next stroke is never
                // dropped (a direction still held from the stroke does not
                // end it).
                if system.input.other_just_pressed(Button::Start) {
                    self.end_failed(session);
                    return self.update_playing(false, session, system);
                }
                self.update_failed(session);
                Next::Stay
            }
            Self::Clearing { .. } => {
                // The bar already offers what the solved screen does: a
                // press skips the rest of the clearing and does it.
                let input = &system.input;
                if [Button::A, Button::Select, Button::B]
                    .into_iter()
                    .any(|button| input.just_pressed(button))
                {
                    self.finish_solve(session, system);
                    if let Self::Solved { proved } = *self {
                        return update_solved(proved, session, system);
                    }
                    return Next::Stay;
                }
                self.update_clearing(session, system);
                Next::Stay
            }
            Self::Solved { proved } => update_solved(proved, session, system),
            Self::Replay { .. } => {
                self.update_replay(session);
                Next::Stay
            }
        }
    }

    /// The window is closing on this phase.
    pub fn pause(&mut self, session: &mut Session, system: &mut System) {
        // A stroke half-drawn when the window closes is dropped, as if
        // cancelled: it comes back neither drawn nor held.
        if let Self::Playing { drawing } = self {
            if *drawing {
                session.clear_stroke();
            }
            *drawing = false;
        }
        // A solve whose rows are still clearing counts now.
        if matches!(self, Self::Clearing { .. }) {
            self.finish_solve(session, system);
        }
        // A replay cut short is kept whole: the hint was given.
        if matches!(self, Self::Replay { .. }) {
            super::view::board_animates(false);
            hints::finish_replay(session);
        }
    }

    /// What the board area shows.
    pub fn scene<'a>(&self, session: &'a Session) -> Scene<'a> {
        let board = Some(session.board());
        match *self {
            Self::Clearing { frames } => Scene {
                board,
                stroke: None,
                cleared_rows: cleared_rows(frames, session.board().height()),
            },
            Self::Solved { .. } => Scene {
                board,
                stroke: None,
                cleared_rows: 0xFF,
            },
            Self::Playing { .. } | Self::Failed { .. } | Self::Replay { .. } => Scene {
                board,
                stroke: Some(&session.game.stroke),
                cleared_rows: 0,
            },
        }
    }

    /// The cursor, the hint rings and the row marks.
    pub fn sprites<'a>(&self, session: &'a Session) -> Sprites<'a> {
        let game = &session.game;
        if matches!(self, Self::Clearing { .. } | Self::Solved { .. }) {
            return Sprites::default();
        }
        let playing = matches!(self, Self::Playing { .. });
        let replaying = matches!(self, Self::Replay { .. });
        Sprites {
            board: Some(session.board()),
            cursor: playing.then_some(game.cursor),
            hints: if game.hint >= Hint::Ends && (playing || replaying) {
                session.hint_ends()
            } else {
                None
            },
            // The marks say which rows the try left mixed: shown with the
            // board the try flipped, gone once it flips back.
            row_marks: match *self {
                Self::Failed { frames } if frames < FAILED_FRAMES / 2 => session.marks(),
                _ => None,
            },
            list_row: None,
        }
    }

    #[inline(never)]
    fn update_playing(
        &mut self,
        drawing: bool,
        session: &mut Session,
        system: &mut System,
    ) -> Next {
        let input = &system.input;
        let board = *session.board();
        let held = input.pressed(Button::A) || input.pressed(Button::L);
        // Only a fresh press starts a stroke: the press that chose a puzzle, or
        // an A held through B, must not.
        let pressed = input.just_pressed(Button::A) || input.just_pressed(Button::L);
        if input.just_pressed(Button::Select) && !drawing {
            return Next::List;
        }
        if input.just_pressed(Button::R) && !drawing {
            if hints::next_hint(session, system) {
                *self = Self::REPLAY;
            }
            return Next::Stay;
        }
        if input.just_pressed(Button::B) {
            if !session.game.stroke.is_empty() {
                session.clear_stroke();
                if session.unmark_rows() {
                    session.panel().set_message(HOW_TO_DRAW);
                }
                system.sound.play(sfx::CLOSE);
                crate::event!("polarium.stroke cells=0");
            }
            *self = Self::START;
            return Next::Stay;
        }
        let mut drawing = drawing;
        if pressed && !drawing {
            // A press on the end of a kept stroke carries on drawing it; anywhere
            // else starts a new one. A direction pressed with it counts too.
            if session.game.stroke.last() != Some(session.game.cursor) {
                session.clear_stroke();
                let cursor = session.game.cursor;
                session.step_stroke(cursor);
                system.sound.play(sounds::STROKE);
                crate::event!("polarium.stroke cells=1");
            }
            // The marks go with the first change to the stroke (a tap that
            // changes nothing keeps them).
            if !session.is_tried() {
                session.unmark_rows();
            }
            drawing = true;
            *self = Self::Playing { drawing };
        }
        if !held && drawing {
            *self = Self::START;
            // The stroke that just failed, let go of again unchanged (A
            // pressed on its end and released): not another try.
            if !session.is_tried() {
                self.flip(session, system);
            }
            return Next::Stay;
        }
        let Some(next) = moved(
            session.game.cursor,
            system.input.repeated_direction(),
            &board,
        ) else {
            return Next::Stay;
        };
        if drawing {
            match session.step_stroke(next) {
                Step::Drawn => system.sound.play(sounds::STROKE),
                Step::Retracted => system.sound.play(sfx::CURSOR),
                // The cursor stays on the stroke's end.
                Step::Refused => return Next::Stay,
            }
            crate::event!("polarium.stroke cells={}", session.game.stroke.len());
        } else {
            system.sound.play(sfx::CURSOR);
        }
        session.game.cursor = next;
        Next::Stay
    }

    /// The stroke is released: flip its tiles and see.
    #[inline(never)]
    fn flip(&mut self, session: &mut Session, system: &mut System) {
        let board = session.board();
        if !session
            .game
            .stroke
            .cells()
            .iter()
            .any(|&cell| board.is_tile(cell))
        {
            // Nothing would flip: not a try.
            return;
        }
        session.game.tries = session.game.tries.saturating_add(1);
        if session.game.tries == 1 && counts_in_statistics(session.game.source) {
            system.save::<Polarium>().start();
        }
        let after = session.flip_stroke();
        let mixed = after.mixed_rows();
        crate::event!(
            "polarium.try source={:?} tries={} cells={} mixed={:08b}",
            session.game.source,
            session.game.tries,
            session.game.stroke.len(),
            mixed
        );
        if after.is_solved() {
            *self = Self::Clearing { frames: 0 };
            super::view::board_animates(true);
            system.sound.play(sounds::ROWS_CLEAR);
            // Said as the rows clear; the tries follow once they have.
            session.panel().set_message(messages::SOLVED_NOW);
            return;
        }
        // The flipped tiles show for a moment; the puzzle comes back after.
        // What went wrong is said at once, with the marks.
        session.mark_rows(mixed);
        session.mark_tried();
        session.panel().set_message(FIX_THE_LINE);
        *self = Self::Failed { frames: 0 };
        system.sound.play(sounds::FLIP);
    }

    #[inline(never)]
    fn update_failed(&mut self, session: &mut Session) {
        let Self::Failed { frames } = self else {
            return;
        };
        *frames += 1;
        if *frames == FAILED_FRAMES / 2 {
            // Flip back: the same stroke over the flipped board undoes it.
            session.flip_stroke();
        }
        if *frames >= FAILED_FRAMES {
            self.end_failed(session);
        }
    }

    /// The failed try's note ends: the board flipped back if it is not yet.
    fn end_failed(&mut self, session: &mut Session) {
        if let Self::Failed { frames } = *self
            && frames < FAILED_FRAMES / 2
        {
            session.flip_stroke();
        }
        // The harness's settle measure counts what follows from here.
        crate::event!("anim.end note=polarium_failed");
        *self = Self::START;
    }

    #[inline(never)]
    fn update_clearing(&mut self, session: &mut Session, system: &mut System) {
        let Self::Clearing { frames } = self else {
            return;
        };
        *frames += 1;
        let done = u16::from(session.board().height() + 3) * CLEAR_FRAMES_PER_ROW;
        if *frames < done {
            return;
        }
        self.finish_solve(session, system);
    }

    /// The rows have cleared (or the window is closing on them): record it.
    fn finish_solve(&mut self, session: &mut Session, system: &mut System) {
        let (new_best, opened) = match session.game.source {
            Source::Builtin(index) => {
                let open_before = open_puzzles(system);
                let better = system.save::<Polarium>().finish(
                    usize::from(index),
                    session.game.tries,
                    session.game.clock.seconds(),
                    session.game.hint >= Hint::FirstSteps,
                    session.game.hint == Hint::None,
                );
                system.storage.commit_soon();
                let open_after = open_puzzles(system);
                let opened = (open_after > open_before).then(|| open_after.div_ceil(SET));
                (better, opened)
            }
            Source::Password(_) | Source::Made(_) | Source::Endless { .. } => (false, None),
        };
        if counts_in_statistics(session.game.source) {
            let with_hints = session.game.hint != Hint::None;
            system.save::<Polarium>().count_solve(with_hints);
            system.storage.commit_soon();
        }
        let kept = match session.game.source {
            Source::Made(_) => Some(keep(session, system)),
            _ => None,
        };
        crate::event!(
            "polarium.solved source={:?} tries={} seconds={} new_best={} opened={:?}",
            session.game.source,
            session.game.tries,
            session.game.clock.seconds(),
            new_best,
            opened
        );
        session.game.solved = true;
        // The solved puzzle is worth keeping at once.
        system.storage.suspend_soon();
        super::view::board_animates(false);
        *self = Self::Solved {
            proved: matches!(kept, Some(Some(_))),
        };
        session.clear_stroke();
        match kept {
            Some(Some((slot, lines))) => {
                session.game.source = Source::Password(lines);
                session
                    .panel()
                    .set_message(format!("Proved! Kept\nas custom {}.\nSEL: share", slot + 1));
            }
            Some(None) => session.panel().set_message(messages::SLOTS_TAKEN),
            None => {
                let said = solved_message(session.game.tries, session.game.hint, opened);
                session.panel().set_message(said);
            }
        }
    }

    /// One frame of the replay: a cell more of the solution.
    #[inline(never)]
    fn update_replay(&mut self, session: &mut Session) {
        let Self::Replay { cells, frames } = self else {
            return;
        };
        let Some(solution) = session.solution() else {
            *self = Self::START;
            return;
        };
        *frames += 1;
        if *frames < REPLAY_FRAMES_PER_CELL {
            return;
        }
        *frames = 0;
        *cells += 1;
        let shown = usize::from(*cells);
        let whole = shown >= solution.len();
        let stroke = hints::prefix(session.board(), solution, shown);
        if let Some(end) = stroke.last() {
            session.game.cursor = end;
        }
        session.set_stroke(stroke);
        if whole {
            super::view::board_animates(false);
            *self = Self::START;
            session.panel().set_message(LET_GO_ON_THE_END);
        }
    }
}

/// The cell the D-pad's `(dx, dy)` moves the cursor to from `cursor`, one
/// step at a time (a diagonal press moves up or down); `None` off the
/// ringed grid, or with no direction.
pub fn moved(cursor: Cell, (dx, dy): (i32, i32), board: &Board) -> Option<Cell> {
    if (dx, dy) == (0, 0) {
        return None;
    }
    let x = i32::from(cursor.x) + dx.signum() * i32::from(dy == 0);
    let y = i32::from(cursor.y) + dy.signum();
    let next = Cell::new(u8::try_from(y).ok()?, u8::try_from(x).ok()?);
    board.contains(next).then_some(next)
}

fn cleared_rows(frames: u16, height: u8) -> u8 {
    let rows = (frames / CLEAR_FRAMES_PER_ROW).min(u16::from(height)) as u32;
    ((1u16 << rows) - 1) as u8
}

#[inline(never)]
fn update_solved(proved: bool, session: &mut Session, system: &mut System) -> Next {
    let input = &system.input;
    if proved && input.just_pressed(Button::Select) {
        // "SEL: share": the password of the puzzle just kept.
        session.show_password(session.game.source);
        system.sound.play(sfx::CONFIRM);
        return Next::Stay;
    }
    if input.just_pressed(Button::A) {
        if let Source::Endless { code, .. } = session.game.source {
            // Another of the same size.
            let number = system.rng.below(endless::NUMBERS);
            if let Some(code) = EndlessCode::new(code.width, code.height, number) {
                system.sound.play(sfx::CONFIRM);
                return Next::Make(code);
            }
        }
        // The next built-in, or after a puzzle of another kind (a kept or
        // typed one), the first built-in not solved yet.
        let open = open_puzzles(system);
        let next = match session.game.source {
            Source::Builtin(index) => usize::from(index) + 1,
            Source::Password(_) | Source::Made(_) | Source::Endless { .. } => {
                let save = system.saved::<super::Polarium>();
                (0..open)
                    .find(|&index| !save.best(index).is_solved())
                    .unwrap_or(open)
            }
        };
        if next < open {
            session.start(Source::Builtin(next as u16));
            system.sound.play(sfx::CONFIRM);
            return Next::Play;
        }
        return Next::List;
    }
    if input.just_pressed(Button::Select) || input.just_pressed(Button::B) {
        return Next::List;
    }
    Next::Stay
}

/// A made puzzle was solved with the session's stroke: its ends become the
/// hints and it goes to the first free custom slot (or the slot already
/// holding it). The slot and the puzzle's password lines, or `None` if
/// every slot is taken.
fn keep(session: &Session, system: &mut System) -> Option<(usize, [u32; 3])> {
    let stroke = &session.game.stroke;
    let (Some(start), Some(end)) = (stroke.first(), stroke.last()) else {
        return None;
    };
    // The board before the stroke flipped it (flipping again undoes it).
    let puzzle = Puzzle {
        board: stroke.applied(session.board()),
        hints: Some((start, end)),
    };
    let lines = password::lines(&puzzle);
    let save = system.save::<Polarium>();
    let slot = match save.customs.iter().position(|&kept| kept == lines) {
        Some(slot) => slot,
        None if save.customs.len() < CUSTOM_SLOTS => {
            save.customs.push(lines);
            save.customs.len() - 1
        }
        None => return None,
    };
    system.storage.commit_soon();
    crate::event!("polarium.editor kept slot={} lines={:?}", slot + 1, lines);
    Some((slot, lines))
}

/// Puzzles played count in the statistics; one being proved in the editor
/// does not.
fn counts_in_statistics(source: Source) -> bool {
    !matches!(source, Source::Made(_))
}

#[cfg(test)]
mod tests {
    use super::super::{rules::builtin, view::PANEL_WIDTH};
    use super::*;
    use crate::framework::widgets::font;

    /// The solved message, typed at run time, fits the message's four
    /// lines at its longest: the most tries, and the last set opened.
    #[test_case]
    fn the_solved_message_fits_the_panel(_gba: &mut agb::Gba) {
        let sets = builtin::COUNT.div_ceil(SET);
        for opened in [None, Some(2), Some(sets)] {
            for tries in [1, 99, 254] {
                let said = solved_message(tries, Hint::None, opened);
                assert!(said.lines().count() <= 4, "{said}");
                font::assert_fits(&said, PANEL_WIDTH);
            }
        }
    }
}
