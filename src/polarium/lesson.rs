//! How to play (the rules in `rules/lesson.rs`): five small puzzles in the
//! board area, each with what to do in the panel. It comes up by itself the
//! first time Polarium opens, and from the list's last page after that;
//! SELECT skips it. The player's puzzle waits under it, untouched: the
//! lesson has its own boards, line and cursor.
//!
//! Drawing is as in a puzzle: hold A (or L) and move, let go to flip, B
//! drops the line, R shows the hint rings.

use agb::input::Button;
use alloc::boxed::Box;

use super::{
    Polarium,
    messages::{
        self, FINISHED, LAST_STAGE_SOLVED, LET_GO, LINE_BACK, MIXED, MIXED_RING, RING_ONLY,
        RINGS_SHOWN, SKIPPED, STAGE_SOLVED, STEPPED_BACK, STILL_TOO_LONG, stage_lines,
    },
    next::Next,
    play::moved,
    rules::{
        Board, Cell,
        lesson::{Lesson, Release, Stage},
        stroke::Step,
    },
    session::{Persistent, Session},
    sounds,
    view::{Scene, Sprites},
};
use crate::framework::{App, System, assets::sfx, lessons};
use crate::framework::{PreparedLine, hints};

/// Frames a try's flipped board shows before the puzzle comes back.
const FLIPPED_FRAMES: u8 = 30;

/// The top bar's button hints (`App::button_hints`).
pub const DRAW_HINTS: &PreparedLine = hints!("A: draw  R: hint  SELECT: skip");
/// Once the stage's hint rings are up, R has nothing more to show.
pub const RINGS_UP_HINTS: &PreparedLine = hints!("A: draw  SELECT: skip");
pub const NEXT_HINTS: &PreparedLine = hints!("A: next  SELECT: skip");

/// Where the lesson's stage is.
enum Phase {
    /// Ready to draw, or drawing (`drawing` while A or L is held).
    Ready { drawing: bool },
    /// A try left rows mixed: the board it made shows for a moment.
    Flipped { board: Board, frames: u8 },
    /// The stage's puzzle is solved: A goes on.
    Solved,
}

pub struct LessonScreen {
    lesson: Lesson,
    cursor: Cell,
    phase: Phase,
}

impl LessonScreen {
    /// The lesson from the start of `stage`. Out of line, on the heap: a
    /// line is large for the stack that opens the window.
    #[inline(never)]
    pub fn boxed(stage: Stage, session: &mut Session) -> Box<Self> {
        let lesson = Lesson::at(stage);
        let screen = Box::new(Self {
            cursor: lesson.start_cursor(),
            lesson,
            phase: Phase::Ready { drawing: false },
        });
        session.panel().hide_clock();
        screen.say_stage(session);
        screen
    }

    /// The buttons that do something here (`App::button_hints`).
    pub fn button_hints(&self) -> &'static PreparedLine {
        match self.phase {
            Phase::Solved => NEXT_HINTS,
            Phase::Ready { .. } | Phase::Flipped { .. } if self.lesson.ends().is_some() => {
                RINGS_UP_HINTS
            }
            Phase::Ready { .. } | Phase::Flipped { .. } => DRAW_HINTS,
        }
    }

    /// What the board area shows.
    pub fn scene(&self) -> Scene<'_> {
        match &self.phase {
            Phase::Flipped { board, .. } => Scene {
                board: Some(board),
                stroke: Some(self.lesson.stroke()),
                cleared_rows: 0,
            },
            Phase::Solved => Scene::still(self.lesson.board()),
            Phase::Ready { .. } => Scene {
                board: Some(self.lesson.board()),
                stroke: Some(self.lesson.stroke()),
                cleared_rows: 0,
            },
        }
    }

    /// The cursor, the hint rings and the row marks.
    pub fn sprites(&self) -> Sprites<'_> {
        if matches!(self.phase, Phase::Solved) {
            return Sprites::default();
        }
        Sprites {
            board: Some(self.lesson.board()),
            cursor: matches!(self.phase, Phase::Ready { .. }).then_some(self.cursor),
            hints: self.lesson.ends(),
            row_marks: self.lesson.marks(),
            list_row: None,
        }
    }

    #[inline(never)]
    pub fn update(
        &mut self,
        persistent: &mut Persistent,
        session: &mut Session,
        system: &mut System,
    ) -> Next {
        if system.input.just_pressed(Button::Select) {
            crate::event!("polarium.lesson end stage={:?}", self.lesson.stage());
            // The player's own board comes back in place of the lesson's.
            crate::framework::events::new_board();
            session.panel().set_message(SKIPPED);
            return self.leave(persistent, session, system);
        }
        match &mut self.phase {
            Phase::Ready { drawing } => {
                let drawing = *drawing;
                self.update_ready(drawing, session, system);
                Next::Stay
            }
            Phase::Flipped { frames, .. } => {
                *frames += 1;
                // A new line may start at once: the flip back is not a wait.
                let input = &system.input;
                let pressed = input.just_pressed(Button::A) || input.just_pressed(Button::L);
                if *frames >= FLIPPED_FRAMES || pressed {
                    crate::event!("anim.end note=polarium_lesson_flipped");
                    self.phase = Phase::Ready { drawing: false };
                    session.panel().set_message(self.said_after_mixed());
                    // A fresh line for the next try (the step-back stage's
                    // own comes back, to step back from).
                    self.lesson.forget_stroke();
                    if self.lesson.stage() == Stage::StepBack {
                        self.cursor = self.lesson.start_cursor();
                    }
                    if pressed {
                        self.update_ready(false, session, system);
                    }
                }
                Next::Stay
            }
            Phase::Solved => {
                if !system.input.just_pressed(Button::A) {
                    return Next::Stay;
                }
                self.lesson.next();
                system.sound.play(sfx::CONFIRM);
                if self.lesson.stage() == Stage::Done {
                    crate::event!("polarium.lesson end stage=Done");
                    // The player's own board comes back in place of the lesson's.
                    crate::framework::events::new_board();
                    session.panel().set_message(FINISHED);
                    return self.leave(persistent, session, system);
                }
                self.cursor = self.lesson.start_cursor();
                self.phase = Phase::Ready { drawing: false };
                self.say_stage(session);
                Next::Stay
            }
        }
    }

    /// The window is closing: the lesson starts at this stage when it
    /// opens again.
    pub fn pause(&self, persistent: &mut Persistent) {
        persistent.lesson_stage = self.lesson.stage();
    }

    /// Done or skipped: kept as seen, and back to the player's puzzle.
    fn leave(
        &self,
        persistent: &mut Persistent,
        session: &mut Session,
        system: &mut System,
    ) -> Next {
        lessons::mark_seen(&mut system.storage, Polarium::INFO.id);
        persistent.lesson_stage = Stage::Draw;
        // The panel's title comes back (its lines follow, as the play
        // screen shows them).
        session.panel().set_title(messages::TITLE);
        system.sound.play(sfx::CLOSE);
        Next::Resume
    }

    #[inline(never)]
    fn update_ready(&mut self, drawing: bool, session: &mut Session, system: &mut System) {
        let input = &system.input;
        let held = input.pressed(Button::A) || input.pressed(Button::L);
        // Only a fresh press starts a line: the A that went on from the
        // last stage must not.
        let pressed = input.just_pressed(Button::A) || input.just_pressed(Button::L);
        if input.just_pressed(Button::R) && !drawing {
            if self.lesson.show_ends() {
                system.sound.play(sfx::CONFIRM);
                session.panel().set_message(RINGS_SHOWN);
                crate::event!("polarium.lesson stage={:?} rings", self.lesson.stage());
            }
            return;
        }
        if input.just_pressed(Button::B) {
            if self.lesson.drop_stroke() {
                system.sound.play(sfx::CLOSE);
                crate::event!(
                    "polarium.lesson stroke cells={}",
                    self.lesson.stroke().len()
                );
                if self.lesson.stage() == Stage::StepBack {
                    // Its line is back: what to do with it again.
                    self.cursor = self.lesson.start_cursor();
                    session.panel().set_message(stage_lines(Stage::StepBack)[2]);
                }
            }
            self.phase = Phase::Ready { drawing: false };
            return;
        }
        let mut drawing = drawing;
        if pressed && !drawing {
            if self.lesson.press(self.cursor) {
                system.sound.play(sounds::STROKE);
                crate::event!("polarium.lesson stroke cells=1");
                if self.lesson.stage() == Stage::Draw {
                    session.panel().set_message(LET_GO);
                }
            }
            drawing = true;
            self.phase = Phase::Ready { drawing };
        }
        if !held && drawing {
            self.phase = Phase::Ready { drawing: false };
            self.release(session, system);
            return;
        }
        let board = *self.lesson.board();
        let Some(next) = moved(self.cursor, input.repeated_direction(), &board) else {
            return;
        };
        if drawing {
            match self.lesson.step(next) {
                Step::Drawn => system.sound.play(sounds::STROKE),
                Step::Retracted => {
                    system.sound.play(sfx::CURSOR);
                    if self.lesson.stage() == Stage::StepBack {
                        session.panel().set_message(STEPPED_BACK);
                    }
                }
                // The cursor stays on the line's end.
                Step::Refused => return,
            }
            crate::event!(
                "polarium.lesson stroke cells={}",
                self.lesson.stroke().len()
            );
        } else {
            system.sound.play(sfx::CURSOR);
        }
        self.cursor = next;
    }

    /// The line is let go of: its tiles flip, and the panel says what came
    /// of it.
    fn release(&mut self, session: &mut Session, system: &mut System) {
        let release = self.lesson.release();
        crate::event!(
            "polarium.lesson stage={:?} release={}",
            self.lesson.stage(),
            match release {
                Release::Nothing => "nothing",
                Release::Mixed { .. } => "mixed",
                Release::Solved => "solved",
            }
        );
        match release {
            Release::Nothing => {
                if !self.lesson.stroke().is_empty() {
                    session.panel().set_message(RING_ONLY);
                }
            }
            Release::Mixed { flipped: board, .. } => {
                system.sound.play(sounds::FLIP);
                self.phase = Phase::Flipped { board, frames: 0 };
            }
            Release::Solved => {
                system.sound.play(sounds::ROWS_CLEAR);
                self.phase = Phase::Solved;
                // Seen from the last stage's solve, even if the window
                // closes before A.
                if self.lesson.stage() == Stage::Hint {
                    lessons::mark_seen(&mut system.storage, Polarium::INFO.id);
                }
                session
                    .panel()
                    .set_message(if self.lesson.stage() == Stage::Hint {
                        LAST_STAGE_SOLVED
                    } else {
                        STAGE_SOLVED
                    });
            }
        }
    }

    /// The stage's number, what to do and its goal.
    fn say_stage(&self, session: &mut Session) {
        crate::framework::events::new_board();
        let stage = self.lesson.stage();
        let [title, how, goal] = stage_lines(stage);
        session.panel().set_title(title);
        session.panel().set_info(how);
        session.panel().set_message(goal);
        crate::event!("polarium.lesson stage={:?}", stage);
    }

    /// After a try left rows mixed: try again, and how.
    fn said_after_mixed(&self) -> &'static str {
        match self.lesson.stage() {
            Stage::StepBack if self.lesson.is_as_drawn() => STILL_TOO_LONG,
            Stage::StepBack => LINE_BACK,
            Stage::Ring => MIXED_RING,
            _ => MIXED,
        }
    }
}
