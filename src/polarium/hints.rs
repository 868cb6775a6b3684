//! Hints without penalty, in layers on R: the start and end cells, then a
//! solution's first steps drawn for the player to carry on, then the whole
//! stroke replayed. The solution comes from the solver, run on the cartridge.

use super::{
    app::{Mode, Persistent, Purpose, Working},
    rules::{Board, Puzzle, Stroke, solver::Progress},
    search::{Goal, Search},
};
use crate::framework::{System, assets::sfx};

/// Frames per cell when a hint replays the whole stroke.
const REPLAY_FRAMES_PER_CELL: u8 = 6;

/// Hints, in the order R gives them: each shows more.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Hint {
    None,
    /// Where the stroke starts and ends.
    Ends,
    /// The first steps of a solution, drawn for the player to carry on.
    FirstSteps,
    /// The whole solution, replayed cell by cell.
    Replay,
}

/// R: the next layer of hints.
#[inline(never)]
pub fn next_hint(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
    let next = match working.hint {
        Hint::None => Hint::Ends,
        Hint::Ends => Hint::FirstSteps,
        Hint::FirstSteps | Hint::Replay => Hint::Replay,
    };
    crate::event!("polarium.hint level={:?}", next);
    system.sound.play(sfx::OPEN);
    let needs_solution = next > Hint::Ends || working.puzzle.hints.is_none();
    if needs_solution && working.solution.is_none() {
        match working.search.as_mut() {
            // Already looking for a stroke (recalling one): its answer serves.
            Some((_, purpose)) if purpose.goal() == Goal::Stroke => *purpose = Purpose::Hint(next),
            _ => {
                // A rating in the background gives way (it starts again later):
                // its memory is the stroke search's.
                working.search = None;
                let Some(search) = Search::start(&working.puzzle, Goal::Stroke) else {
                    working.view.set_message("No room to\nthink now.");
                    return;
                };
                working.search = Some((search, Purpose::Hint(next)));
            }
        }
        return;
    }
    show(persistent, working, next);
}

/// The window opens on a puzzle with hints `hint` given: the solution their
/// rings show is found again, in the background (the puzzle's own hint
/// cells need none).
pub fn recall(puzzle: &Puzzle, hint: Hint) -> Option<(Search, Purpose)> {
    if hint < Hint::Ends || puzzle.hints.is_some() {
        return None;
    }
    Some((Search::start(puzzle, Goal::Stroke)?, Purpose::Recall))
}

/// The solution behind the hints given before the window closed.
#[inline(never)]
pub fn recalled(working: &mut Working, progress: Progress) {
    if let Progress::Solved(solution) = progress {
        crate::event!("polarium.hint recalled level={:?}", working.hint);
        working.solution = Some(solution.stroke);
    }
}

/// The solver has answered for hint `hint`.
#[inline(never)]
pub fn solved(persistent: &mut Persistent, working: &mut Working, hint: Hint, progress: Progress) {
    // The answer may come after the player has moved on (drawing, a failed
    // try, the list): it is kept for the next R, shown only on a quiet board.
    let quiet = matches!(working.mode, Mode::Play { drawing: false });
    match progress {
        Progress::Solved(solution) => {
            working.solution = Some(solution.stroke);
            if quiet {
                show(persistent, working, hint);
            }
        }
        _ if !quiet => {}
        Progress::Solvable { .. } => working.view.set_message("Too many\nways to\nshow one."),
        Progress::Unsolvable => working.view.set_message("No stroke\nsolves this."),
        Progress::OutOfSpace | Progress::Working { .. } => {
            working.view.set_message("Too hard\nto check.");
        }
    }
}

/// Show hint `hint` (its solution is known if it needs one).
fn show(persistent: &mut Persistent, working: &mut Working, hint: Hint) {
    working.hint = hint;
    working.unmark_rows();
    match hint {
        Hint::None => {}
        Hint::Ends => working
            .view
            .set_message("Hint: the\nrings mark\nstart, end."),
        Hint::FirstSteps => {
            if let Some(solution) = &working.solution {
                let steps = (solution.len() / 4).max(2).min(solution.len());
                working.stroke = prefix(&working.puzzle.board, solution, steps);
                if let Some(end) = working.stroke.last() {
                    persistent.cursor = end;
                }
                working
                    .view
                    .set_message("Hint: hold A\non the end,\ncarry on.");
            }
        }
        Hint::Replay => {
            working.stroke.clear();
            working.mode = Mode::Replay {
                cells: 0,
                frames: 0,
            };
            working.view.set_message("Hint: the\nwhole stroke.");
        }
    }
}

/// The first `cells` cells of `stroke`.
fn prefix(board: &Board, stroke: &Stroke, cells: usize) -> Stroke {
    Stroke::from_cells(board, &stroke.cells()[..cells.min(stroke.len())]).unwrap_or_default()
}

/// The whole solution drawn at once, with the cursor on its end (the
/// window closes on a replay).
pub fn finish_replay(persistent: &mut Persistent, working: &mut Working) {
    if let Some(solution) = &working.solution {
        working.stroke = prefix(&working.puzzle.board, solution, solution.len());
        if let Some(end) = working.stroke.last() {
            persistent.cursor = end;
        }
    }
}

/// One frame of the replay: a cell more of the solution.
#[inline(never)]
pub fn update_replay(persistent: &mut Persistent, working: &mut Working) {
    let Mode::Replay { cells, frames } = &mut working.mode else {
        return;
    };
    let Some(solution) = &working.solution else {
        working.mode = Mode::Play { drawing: false };
        return;
    };
    *frames += 1;
    if *frames < REPLAY_FRAMES_PER_CELL {
        return;
    }
    *frames = 0;
    *cells += 1;
    let shown = usize::from(*cells);
    working.stroke = prefix(&working.puzzle.board, solution, shown);
    if let Some(end) = working.stroke.last() {
        persistent.cursor = end;
    }
    if shown >= solution.len() {
        working.mode = Mode::Play { drawing: false };
        working.view.set_message("Hold A on\nthe end and\nlet go.");
    }
}
