//! Playing the puzzle on the board: A fills, B crosses, hold and move to
//! paint along a line, L and R undo and redo. Once solved, the grid gives
//! way to the picture in colour, row by row with a jingle, then its name
//! large and the time; A goes on to the next puzzle.

use agb::input::Button;
use alloc::{format, string::String};

use super::{
    next::Next,
    puzzle::{self, Game, Note, Source, step_cursor},
    records::NonogramSave,
    rules::{
        builtin, colour_art,
        play::{Brush, Drag, Painted, Tool},
    },
    view::{Reveal, Scene, View},
};
use crate::framework::{
    System,
    assets::sfx,
    sound::Effect,
    widgets::{
        prepared::{PreparedLine, prepared_all, width_of},
        timer::format_time,
    },
};

/// The solve's jingle, as the picture turns to colour.
static PICTURE: Effect = crate::effect!("sfx/picture.wav");

/// Frames the grid takes to give way to the picture, row by row.
const WIPE_FRAMES: u8 = 30;
/// Frames after it before the time and the verdict show under the name.
const LINES_AFTER: u8 = 20;
/// Frames from the solve to the whole reveal.
const REVEALED: u8 = WIPE_FRAMES + LINES_AFTER;

/// The board screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Play {
    /// Waiting for a button.
    Idle,
    /// A or B held: painting along a line.
    Drag(Drag, Tool),
    /// The picture is finished, revealed for this many frames (up to
    /// [`REVEALED`]): A for the next puzzle.
    Solved(u8),
}

/// Letters the corner's title line holds.
const TITLE_LETTERS: usize = 10;

/// Penalty for the `n`th mistake (counting from 1): 2, 4, then 8 minutes.
const fn penalty(n: u8) -> u16 {
    match n {
        0 | 1 => 120,
        2 => 240,
        _ => 480,
    }
}

/// The buttons while a puzzle is played, under its board: spaced out where
/// the line is wide enough, else close together.
const BOARD_HINTS: &str = "A: fill  B: cross  L: undo  SELECT: list";
const BOARD_HINTS_NARROW: &str = "A: fill B: cross L: undo SEL: list";
const BOARD_HINTS_WIDTH: i32 = width_of(BOARD_HINTS);
/// The hint lines rendered at build time: each goes up as a copy.
static HINTS_KNOWN: [&PreparedLine; 2] = prepared_all![BOARD_HINTS, BOARD_HINTS_NARROW];

/// The buttons' line for a board whose line under it is `width` pixels.
fn board_hints(width: i32) -> &'static str {
    if BOARD_HINTS_WIDTH <= width {
        BOARD_HINTS
    } else {
        BOARD_HINTS_NARROW
    }
}

impl Play {
    /// The puzzle as it was left: finished, or ready for the next mark.
    pub fn resume(game: &Game) -> Self {
        if game.solved {
            Self::Solved(REVEALED)
        } else {
            Self::Idle
        }
    }

    /// The clock runs.
    pub fn is_playing(&self) -> bool {
        !matches!(self, Self::Solved(_))
    }

    /// The solved picture is still being revealed: its screen changes with
    /// time.
    pub fn is_revealing(&self) -> bool {
        matches!(self, Self::Solved(frames) if *frames < REVEALED)
    }

    #[inline(never)]
    pub fn update(&mut self, game: &mut Game, system: &mut System) -> Next {
        match self {
            Self::Solved(frames) => update_solved(frames, game, system),
            Self::Idle | Self::Drag(..) => self.update_play(game, system),
        }
    }

    fn update_play(&mut self, game: &mut Game, system: &mut System) -> Next {
        let input = &system.input;
        if *self == Self::Idle {
            if input.just_pressed(Button::Select) {
                return Next::List;
            }
            let tool = if input.just_pressed(Button::A) {
                Some(Tool::Fill)
            } else if input.just_pressed(Button::B) {
                Some(Tool::Cross)
            } else {
                None
            };
            if let Some(tool) = tool {
                // The drag starts on the cursor's cell; a direction pressed in
                // the same frame carries on below.
                let brush = Brush::starting_on(tool, game.mark_at(game.cursor));
                game.begin_stroke();
                *self = Self::Drag(Drag::new(brush, game.cursor), tool);
                self.paint(game, system, brush);
            } else if input.just_pressed(Button::L) || input.just_pressed(Button::R) {
                self.undo_or_redo(game, system);
                return Next::Stay;
            } else {
                let step = system.input.repeated_direction();
                if step != (0, 0) && self.move_cursor(game, step) {
                    system.sound.play(sfx::CURSOR);
                }
                return Next::Stay;
            }
        }
        let Self::Drag(mut drag, tool) = *self else {
            // A mistake ended the drag.
            return Next::Stay;
        };
        let input = &system.input;
        let held = match tool {
            Tool::Fill => input.pressed(Button::A),
            Tool::Cross => input.pressed(Button::B),
        };
        if !held {
            *self = Self::Idle;
            self.check_solved(game, system);
            // What is pressed as the button comes up (a direction, L or R,
            // the other button, SELECT) counts in this frame, as on a board
            // left alone: a quick player's press is never dropped.
            if *self == Self::Idle {
                return self.update_play(game, system);
            }
            return Next::Stay;
        }
        let step = drag.constrain(input.repeated_direction());
        *self = Self::Drag(drag, tool);
        if step != (0, 0) && self.move_cursor(game, step) {
            self.paint(game, system, drag.brush);
        }
        Next::Stay
    }

    fn undo_or_redo(&mut self, game: &mut Game, system: &mut System) {
        let undo = system.input.just_pressed(Button::L);
        if game.undo_or_redo(undo) {
            system.sound.play(sfx::CURSOR);
            crate::event!("nonogram.{}", if undo { "undo" } else { "redo" });
            self.check_solved(game, system);
        } else {
            system.sound.play(sfx::ERROR);
        }
    }

    /// Move the cursor by `(dx, dy)`, wrapping round the board's edges when
    /// not painting; true if it moved.
    fn move_cursor(&self, game: &mut Game, step: (i32, i32)) -> bool {
        let painting = matches!(self, Self::Drag(..));
        let size = game.size();
        step_cursor(&mut game.cursor, size, step, !painting)
    }

    fn paint(&mut self, game: &mut Game, system: &mut System, brush: Brush) {
        let (x, y) = (usize::from(game.cursor.0), usize::from(game.cursor.1));
        let checking = puzzle::saved(system).options.mistakes && !game.practice;
        let painted = game.paint(brush, (x, y), checking);
        // Begun: kept on the shelf if another puzzle opens before it is
        // solved (statistics count it once solved).
        if painted != Painted::Unchanged && !game.counted && !game.practice {
            game.counted = true;
        }
        match painted {
            Painted::Unchanged => {}
            Painted::Changed => {
                crate::event!("nonogram.paint x={x} y={y} brush={brush:?}");
                // Solved at the mark that completes it, held button or not:
                // the clock stops there.
                self.check_solved(game, system);
            }
            Painted::Mistake => {
                game.mistakes = game.mistakes.saturating_add(1);
                let cost = penalty(game.mistakes);
                game.clock.add(cost);
                system.sound.play(sfx::ERROR);
                // The clock jumps: the corner says why for a moment.
                game.show_note(Note::Penalty { minutes: cost / 60 });
                crate::event!("nonogram.mistake x={x} y={y} penalty={cost}");
                // Like Picross, a mistake ends the drag.
                *self = Self::Idle;
            }
        }
    }

    /// After a change: the fills satisfy every clue, so the picture is done.
    fn check_solved(&mut self, game: &mut Game, system: &mut System) {
        if game.solved || !game.is_solved() {
            return;
        }
        game.solved = true;
        // The lesson's picture is not revealed: its own line goes on.
        *self = Self::Solved(if game.practice { REVEALED } else { 0 });
        if game.practice {
            system.sound.play(sfx::CONFIRM);
            return;
        }
        let save = puzzle::save(system);
        // Clean, as Picross S stamps it: no mistake, no start hint.
        let clean = game.mistakes == 0 && !game.start_hint;
        let new_best = match game.source {
            Source::Builtin(index) => save.finish(usize::from(index), game.clock.seconds(), clean),
            // Only while the slot still holds this picture.
            Source::Custom(slot) => {
                let same = save
                    .custom(usize::from(slot))
                    .and_then(|custom| custom.picture())
                    .as_ref()
                    == Some(game.solution());
                same && save.finish_custom(usize::from(slot), game.clock.seconds(), clean)
            }
            Source::Random(_) | Source::Shared => false,
        };
        if game.counted {
            save.count_solve(game.clock.seconds());
        }
        game.finish(new_best);
        system.storage.commit_soon();
        // The solved board too: a solve is worth keeping at once.
        system.storage.suspend_soon();
        system.sound.play(PICTURE);
        crate::event!(
            "nonogram.solved puzzle={} seconds={} mistakes={} best={} clean={clean}",
            game.source,
            game.clock.seconds(),
            game.mistakes,
            new_best
        );
    }

    /// The corner's title and, once solved, the lines beside the picture.
    pub fn text(&self, game: &Game, save: &NonogramSave, view: &mut View) {
        let (width, height) = game.size();
        if let Self::Solved(frames) = *self {
            // The picture first, then its name, then the rest.
            if frames < WIPE_FRAMES && !game.practice {
                view.set_title("");
                view.set_lines("");
                return;
            }
            let (best, next) = match game.source {
                Source::Builtin(index) => (save.best(usize::from(index)), "next"),
                Source::Custom(slot) => (
                    save.custom(usize::from(slot))
                        .and_then(|custom| custom.best()),
                    "list",
                ),
                Source::Random(_) => (None, "another"),
                Source::Shared => (None, "list"),
            };
            view.set_title(&solved_name(game));
            if frames < REVEALED && !game.practice {
                view.set_lines("");
                return;
            }
            let verdict = if game.new_best() {
                "New best!"
            } else {
                "Solved!"
            };
            let best =
                best.map_or_else(String::new, |best| format!("\nBest {}", format_time(best)));
            let help = how_it_went(game.mistakes, game.start_hint);
            // SELECT goes back to the list from any board; said here where
            // A goes elsewhere.
            let list = if next == "list" { "" } else { "\nSELECT: list" };
            view.set_lines(&format!(
                "{verdict}\nTime {}{best}\n{help}\nA: {next}{list}",
                format_time(game.clock.seconds()),
            ));
        } else {
            let name = match game.source {
                Source::Builtin(index) => format!("No.{}", index + 1),
                Source::Custom(slot) => format!("Mine {}", slot + 1),
                Source::Random(_) => "Random".into(),
                Source::Shared => "Shared".into(),
            };
            // The size too where the corner has room for it (the board shows
            // it). Where the clues are small, the title's line shows the
            // cursor's column clues large instead (see `Scene::zoom`), once
            // the note of which puzzle this is has gone.
            let title = format!("{width}x{height} {name}");
            let zooms = game.layout().zooms() && !game.practice;
            let penalty;
            view.set_title(match game.note() {
                Some(Note::Penalty { minutes }) => {
                    penalty = format!("+{minutes} minutes");
                    &penalty
                }
                None if zooms => "",
                _ if title.len() <= TITLE_LETTERS => &title,
                _ => &name,
            });
            // The buttons, where the board leaves a line for them (the
            // list's pages say the rest), unless Settings turned hints off.
            let shown = crate::framework::button_hints::shown();
            let layout = game.layout();
            let hints = if shown && super::view::has_hint_line(&layout) {
                board_hints(super::view::hint_line_width(&layout))
            } else {
                ""
            };
            view.set_lines_knowing(hints, &HINTS_KNOWN);
        }
    }

    /// Bring the board a step closer to the game; true while drawing is
    /// left for later frames.
    pub fn draw(&self, game: &mut Game, guided: bool, view: &mut View) -> bool {
        // The greying follows the marks: a cache, brought up to date here.
        game.regrade();
        let run = match self {
            Self::Drag(drag, _) => Some(drag.length_to(game.cursor)),
            _ => None,
        };
        let solved = matches!(self, Self::Solved(_));
        // The lesson's picture has no clock, and its line stays under the
        // board to the end.
        let practice = game.practice;
        let reveal = match *self {
            Self::Solved(frames) if !practice => Some(reveal(game, frames)),
            _ => None,
        };
        let scene = Scene {
            puzzle: game.serial(),
            layout: game.layout(),
            clues: game.clues(),
            marks: game.marks(),
            cursor: Some(game.cursor),
            greying: guided.then(|| game.greying()),
            finished: solved && !practice,
            // Once solved, the time is in the lines beside the picture.
            seconds: (!solved && !practice).then_some(game.clock.seconds()),
            run,
            marked: None,
            zoom: !practice,
            reveal,
        };
        view.sync(&scene)
    }
}

/// How a solve went, as the list's star stamps it: clean (no mistake, no
/// start hint), else what helped.
fn how_it_went(mistakes: u8, start_hint: bool) -> String {
    match (mistakes, start_hint) {
        (0, false) => "Clean \u{2605}".into(),
        (0, true) => "Hint used".into(),
        (1, _) => "1 mistake".into(),
        (mistakes, _) => format!("{mistakes} mistakes"),
    }
}

/// The solved picture's name: a built-in's own, else what it is. Kept
/// off the heap: the reveal measures it every frame a solved board is
/// drawn.
fn solved_name(game: &Game) -> heapless::String<16> {
    use core::fmt::Write;
    let (width, height) = game.size();
    let mut name = heapless::String::new();
    // Every name fits: 12 letters at most (`builtin`), "Random 20x15".
    let _ = match game.source {
        Source::Builtin(index) => {
            let builtin = builtin::name(usize::from(index)).unwrap_or("?");
            write!(name, "{builtin}")
        }
        Source::Custom(slot) => write!(name, "Mine {}", slot + 1),
        Source::Random(_) => write!(name, "Random {width}x{height}"),
        Source::Shared => write!(name, "Shared"),
    };
    name
}

/// How far the reveal has got `frames` after the solve: the rows shown in
/// colour (a built-in's own; others in the board's two), and whether the
/// name goes over the board large (where it fits).
fn reveal(game: &Game, frames: u8) -> Reveal {
    let layout = game.layout();
    let room = layout.board_right() - (layout.left + 2);
    Reveal {
        art: match game.source {
            Source::Builtin(index) => colour_art::picture(usize::from(index)),
            _ => None,
        },
        rows: rows_revealed(game.size().1, frames),
        large_title: 2 * width_of(&solved_name(game)) <= room,
    }
}

/// Of a picture `rows` high, the rows in colour `frames` after the solve.
fn rows_revealed(rows: usize, frames: u8) -> u8 {
    let shown = (usize::from(frames) + 1) * rows;
    shown.div_ceil(usize::from(WIPE_FRAMES)).min(rows) as u8
}

/// What the reveal shows `frames` after the solve: its rows in colour,
/// and whether the name and the lines are up.
fn reveal_step(rows: usize, frames: u8) -> (u8, bool, bool) {
    (
        rows_revealed(rows, frames),
        frames >= WIPE_FRAMES,
        frames >= REVEALED,
    )
}

/// Finished: the reveal runs on (A shows the rest of it at once), then A
/// goes on (the next puzzle, another random one, or the list).
#[inline(never)]
fn update_solved(frames: &mut u8, game: &Game, system: &mut System) -> Next {
    let input = &system.input;
    if input.just_pressed(Button::Select) {
        return Next::List;
    }
    if *frames < REVEALED {
        let before = reveal_step(game.size().1, *frames);
        *frames = if input.just_pressed(Button::A) {
            REVEALED
        } else {
            *frames + 1
        };
        // Each step of the reveal is an animation's: to the settle
        // measure, what it shows is due from here.
        if reveal_step(game.size().1, *frames) != before {
            crate::event!("anim.end reveal=nonogram frames={frames}");
        }
        return Next::Stay;
    }
    if !input.just_pressed(Button::A) {
        return Next::Stay;
    }
    match game.source {
        Source::Builtin(index) => {
            let next = puzzle::saved(system).first_unsolved_from(usize::from(index) + 1);
            Next::Start {
                source: Source::Builtin(next as u16),
                picture: None,
            }
        }
        Source::Random(_) => Next::Generate(game.size()),
        Source::Custom(_) | Source::Shared => Next::List,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        framework::widgets::font,
        nonogram::{
            layout::Layout,
            rules::{MAX_HEIGHT, MAX_WIDTH},
            view::{has_hint_line, hint_line_width},
        },
    };

    /// Every built-in's name goes over its solved board large, and the
    /// lines beside the picture fit the corner, however the solve went.
    #[test_case]
    fn every_solved_picture_shows_its_name_large(_gba: &mut agb::Gba) {
        use crate::nonogram::rules::{PuzzleClues, builtin};
        for index in 0..builtin::COUNT {
            let picture = builtin::picture(index).expect("a built-in");
            let layout = Layout::of(&PuzzleClues::of_picture(&picture));
            let name = builtin::name(index).expect("its name");
            let room = layout.board_right() - (layout.left + 2);
            assert!(2 * width_of(name) <= room, "{name}");
        }
        for (mistakes, start_hint) in [(0, false), (0, true), (1, false), (99, true)] {
            font::assert_fits(&how_it_went(mistakes, start_hint), 64);
        }
        font::assert_fits("New best!", 64);
        font::assert_fits("SELECT: list", 64);
    }

    /// Every board with a line under it names L's undo there, in a line
    /// that fits it; the spaced-out line where there is room for it.
    #[test_case]
    fn every_hint_line_says_how_to_undo(_gba: &mut agb::Gba) {
        let mut spaced = 0;
        for width in 1..=MAX_WIDTH {
            for height in 1..=MAX_HEIGHT {
                let layout = Layout::for_any(width, height);
                if !has_hint_line(&layout) {
                    continue;
                }
                let room = hint_line_width(&layout);
                let hints = board_hints(room);
                assert!(hints.contains("L: undo"));
                font::assert_fits(hints, room);
                spaced += usize::from(hints == BOARD_HINTS);
            }
        }
        assert!(spaced > 0);
    }
}
