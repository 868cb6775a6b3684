//! How to play, on the lesson's own board (the game waits under it): A and
//! B as in a game, each move's line said; SELECT skips it, and A once it is
//! over goes back to the game. Either way it is not shown by itself again.

use agb::input::Button;
use alloc::boxed::Box;

use super::{
    Sweeper,
    held_a::HeldA,
    messages::lesson_line,
    moves::play_outcome,
    next::Next,
    rules::{
        Board, Outcome, Pos,
        lesson::{Lesson, Step},
    },
    view::View,
};
use crate::framework::{App, PreparedLine, System, assets::sfx, hints, lessons};

const LESSON_HINTS: &PreparedLine = hints!("A: open  B: flag  SELECT: skip");
const LESSON_LOST_HINTS: &PreparedLine = hints!("A: try again  SELECT: skip");
const LESSON_DONE_HINTS: &PreparedLine = hints!("A: play");

pub struct LessonScreen {
    lesson: Box<Lesson>,
    /// While A is down on a square.
    held: Option<HeldA>,
}

impl LessonScreen {
    /// The lesson from its start, its first line said.
    pub fn start(view: &mut View) -> Self {
        let lesson = Box::new(Lesson::new());
        view.say(lesson_line(lesson.step(), lesson.slip()));
        crate::event!("sweeper.lesson step={:?}", lesson.step());
        crate::framework::events::new_board();
        Self { lesson, held: None }
    }

    /// The lesson's board, shown in place of the game's.
    pub fn board(&self) -> &Board {
        self.lesson.board()
    }

    /// The square A is held on (the board shows it pressed).
    pub fn pressed(&self) -> Option<Pos> {
        HeldA::square(self.held)
    }

    /// A move half-made when the window closes is dropped, as if cancelled.
    pub fn drop_held(&mut self) {
        self.held = None;
    }

    /// The lesson's board keeps its own time (a clock standing still looks
    /// broken).
    pub fn tick_frame(&mut self) {
        self.lesson.tick_frame();
    }

    pub fn update(&mut self, view: &mut View, system: &mut System) -> Next {
        let lesson = &mut self.lesson;
        let input = &system.input;
        let over = matches!(lesson.step(), Step::Done | Step::Lost);
        let finished = input.just_pressed(Button::Select)
            || (lesson.step() == Step::Done && input.just_pressed(Button::A));
        if finished {
            let skipped = lesson.step() != Step::Done;
            crate::event!("sweeper.lesson end step={:?}", lesson.step());
            // The player's own board comes back in place of the lesson's.
            crate::framework::events::new_board();
            lessons::mark_seen(&mut system.storage, Sweeper::INFO.id);
            if skipped {
                view.say_lesson_skipped();
            } else {
                view.clear_message();
            }
            system.sound.play(sfx::CLOSE);
            return Next::Play;
        }
        let before = (lesson.step(), lesson.slip());
        let held = &mut self.held;
        let mut outcome =
            HeldA::release(held, input).map_or(Outcome::Ignored, |pos| lesson.open(pos));
        // As on the board: once A is not held, every button that went down
        // this frame is acted on, the cursor first.
        if held.is_none() {
            let (dx, dy) = input.repeated_direction();
            if (dx, dy) != (0, 0) && lesson.move_cursor(dx as i8, dy as i8) {
                system.sound.play(sfx::CURSOR);
            }
            if input.just_pressed(Button::B) {
                outcome = lesson.mark(lesson.board().cursor());
            }
            if input.just_pressed(Button::A) {
                if over {
                    outcome = lesson.open(lesson.board().cursor());
                } else {
                    *held = Some(HeldA::on(lesson.board().cursor()));
                }
            }
        }
        play_outcome(system, outcome);
        if (lesson.step(), lesson.slip()) != before {
            // Seen once cleared, even if the window closes before A.
            if lesson.step() == Step::Done {
                lessons::mark_seen(&mut system.storage, Sweeper::INFO.id);
            }
            view.say(lesson_line(lesson.step(), lesson.slip()));
            crate::event!(
                "sweeper.lesson step={:?} slip={:?} outcome={:?}",
                lesson.step(),
                lesson.slip(),
                outcome
            );
        }
        Next::Stay
    }

    pub fn button_hints(&self) -> &'static PreparedLine {
        match self.lesson.step() {
            Step::Lost => LESSON_LOST_HINTS,
            Step::Done => LESSON_DONE_HINTS,
            _ => LESSON_HINTS,
        }
    }
}
