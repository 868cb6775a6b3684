//! How to play (the rules in `rules/lesson.rs`): a small picture of its
//! own, played as any puzzle is (the play screen's controls, on the
//! lesson's board and cursor), with the line under the board saying each
//! step. It comes up by itself the first time Picross opens, and from the
//! options page after that; SELECT skips it. The player's puzzle waits
//! under it, untouched.

use agb::input::Button;
use alloc::boxed::Box;

use super::{
    Nonogram,
    next::Next,
    play::Play,
    puzzle::Game,
    rules::lesson::{Lesson, Move, Slip, Step},
    view::View,
};
use crate::framework::{
    App, System,
    assets::sfx,
    lessons,
    widgets::prepared::{PreparedLine, prepared_all},
};

/// Said on the player's puzzle once the lesson is skipped, until the
/// first mark: where to find it again.
pub const SKIPPED: &str = "How to play: SELECT, \u{2190} to Options";

/// What setting the lesson up (its picture's board) takes at most, in
/// display lines: the window, opening, waits for a frame with this much
/// room.
pub const SETUP_LINES: u32 = 36;

pub struct LessonScreen {
    lesson: Lesson,
    play: Play,
    /// The lesson's picture, played apart from the player's puzzle
    /// (`Game::practice`: no statistics, records or mistakes).
    game: Box<Game>,
}

/// Back to the player's puzzle, the lesson seen (`skipped` or done).
fn back(system: &mut System, skipped: bool) -> Next {
    // The player's own board comes back in place of the lesson's.
    crate::framework::events::new_board();
    lessons::mark_seen(&mut system.storage, Nonogram::INFO.id);
    system.sound.play(sfx::CLOSE);
    Next::LessonOver { skipped }
}

impl LessonScreen {
    /// The lesson from its start (`serial`: a new number for the view).
    #[inline(never)]
    pub fn boxed(serial: u32) -> Box<Self> {
        crate::event!("nonogram.lesson step={:?}", Step::FillTop);
        crate::framework::events::new_board();
        Box::new(Self {
            lesson: Lesson::default(),
            play: Play::Idle,
            // Auto-cross off: the lesson asks for crosses by hand.
            game: Game::practice(Lesson::picture(), serial, false),
        })
    }

    #[inline(never)]
    pub fn update(&mut self, system: &mut System) -> Next {
        let input = &system.input;
        if input.just_pressed(Button::Select) {
            crate::event!("nonogram.lesson end step={:?}", self.lesson.step());
            return back(system, true);
        }
        // Done once the last drag is let go of.
        if self.lesson.step() == Step::Done && !matches!(self.play, Play::Drag(..)) {
            if input.just_pressed(Button::A) {
                crate::event!("nonogram.lesson end step=Done");
                system.sound.play(sfx::CONFIRM);
                return back(system, false);
            }
            return Next::Stay;
        }
        let undo = input.just_pressed(Button::L);
        let redo = input.just_pressed(Button::R);
        let before = *self.game.marks();
        // The play screen's own controls; SELECT was taken above.
        let _ = self.play.update(&mut self.game, system);
        let marks = *self.game.marks();
        if marks == before {
            return Next::Stay;
        }
        let done = match (undo, redo) {
            (true, _) => Move::Undone,
            (_, true) => Move::Redone,
            _ => Move::Painted,
        };
        if self.lesson.after(done, &marks, self.game.is_solved()) {
            crate::event!(
                "nonogram.lesson step={:?} slip={:?} crosses_skipped={}",
                self.lesson.step(),
                self.lesson.slip(),
                self.lesson.skipped_crosses()
            );
            // Seen once solved, even if the window closes before A.
            if self.lesson.step() == Step::Done {
                lessons::mark_seen(&mut system.storage, Nonogram::INFO.id);
            }
        }
        Next::Stay
    }

    /// The corner's title and the line under the board.
    pub fn text(&self, view: &mut View) {
        let step = self.lesson.step();
        view.set_title(&alloc::format!(
            "Lesson {}/{}",
            step.number().min(Step::COUNT),
            Step::COUNT
        ));
        let line = line(step, self.lesson.slip(), self.lesson.skipped_crosses());
        view.set_lines_knowing(line, &LINES_KNOWN);
    }

    /// Bring the board a step closer, as the play screen draws it (a
    /// practice puzzle: no clock); true while drawing is left for later
    /// frames.
    pub fn draw(&mut self, guided: bool, view: &mut View) -> bool {
        self.play.draw(&mut self.game, guided, view)
    }
}

/// The line under the board for where the lesson is: what it says at
/// `step` after `slip`; at the end, what B does too where the cross step
/// was skipped (`crosses_skipped`).
const fn line(step: Step, slip: Option<Slip>, crosses_skipped: bool) -> &'static str {
    match slip {
        Some(Slip::WrongFill) => return LINES[0],
        Some(Slip::Erased) => return LINES[1],
        Some(Slip::WrongCross) => return LINES[2],
        None => {}
    }
    match step {
        Step::FillTop => LINES[3],
        Step::Undo => LINES[4],
        Step::Redo => LINES[5],
        Step::CrossGaps => LINES[6],
        Step::FillFives => LINES[7],
        Step::Finish => LINES[8],
        Step::Done if crosses_skipped => LINES[10],
        Step::Done => LINES[9],
    }
}

/// Everything the line under the board says: a slip's correction, then
/// each step's.
const LINES: [&str; 11] = [
    "That cell stays empty: L undoes it",
    "A on a filled cell clears: L undoes it",
    "That cell is one to fill: L undoes it",
    "5: five in a row. Hold A, move to fill",
    "Done clues fade. L takes back a move",
    "R puts it back",
    "Middle row 1 1 1: B crosses its 2 gaps",
    "Now the other 5s. A drag keeps its line",
    "Now finish the picture",
    "Solved! A: play. START: to the desk",
    "Solved! B crosses an empty cell. A: play",
];

/// The lesson's lines rendered at build time: each goes up as a copy.
static LINES_KNOWN: [&PreparedLine; LINES.len()] = prepared_all![
    LINES[0], LINES[1], LINES[2], LINES[3], LINES[4], LINES[5], LINES[6], LINES[7], LINES[8],
    LINES[9], LINES[10],
];

#[cfg(test)]
mod tests {
    use super::{SKIPPED, Slip, Step, line};
    use crate::{
        framework::widgets::font,
        nonogram::{
            layout::Layout,
            rules::{PuzzleClues, lesson::Lesson},
            view::hint_line_width,
        },
    };

    /// Every line the lesson says fits the line under its board, in the
    /// font's glyphs.
    #[test_case]
    fn lesson_lines_fit_under_the_board(_gba: &mut agb::Gba) {
        let layout = Layout::of(&PuzzleClues::of_picture(&Lesson::picture()));
        let width = hint_line_width(&layout);
        let steps = [
            Step::FillTop,
            Step::FillFives,
            Step::CrossGaps,
            Step::Undo,
            Step::Redo,
            Step::Finish,
            Step::Done,
        ];
        let said = steps
            .iter()
            .flat_map(|&step| {
                [
                    None,
                    Some(Slip::WrongFill),
                    Some(Slip::WrongCross),
                    Some(Slip::Erased),
                ]
                .map(|slip| line(step, slip, false))
            })
            .chain([line(Step::Done, None, true)])
            .chain([SKIPPED]);
        for text in said {
            font::assert_fits(text, width);
        }
    }
}
