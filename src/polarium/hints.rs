//! Hints without penalty, in layers on R: the start and end cells, then a
//! solution's first steps drawn for the player to carry on, then the whole
//! stroke replayed (the play screen replays it). The solution comes from
//! the solver, run on the cartridge.

use super::{
    game::Hint,
    messages,
    rules::{Board, Puzzle, Stroke, solver::Progress},
    search::{Goal, Search},
    session::{Purpose, Session},
};
use crate::framework::{System, assets::sfx};

/// R: the next layer of hints. True when it is the replay, which starts now.
#[inline(never)]
pub fn next_hint(session: &mut Session, system: &mut System) -> bool {
    let next = match session.game.hint {
        Hint::None => Hint::Ends,
        Hint::Ends => Hint::FirstSteps,
        Hint::FirstSteps | Hint::Replay => Hint::Replay,
    };
    crate::event!("polarium.hint level={:?}", next);
    system.sound.play(sfx::OPEN);
    let needs_solution = next > Hint::Ends || session.puzzle().hints.is_none();
    if needs_solution && session.solution().is_none() {
        match session.search_purpose() {
            // Already looking for a stroke (recalling one): its answer serves.
            Some(purpose) if purpose.goal() == Goal::Stroke => {
                session.repurpose_search(Purpose::Hint(next));
            }
            _ => {
                // A rating in the background gives way (it starts again later):
                // its memory is the stroke search's.
                session.set_search(None);
                let Some(search) = Search::start(session.puzzle(), Goal::Stroke) else {
                    session.panel().set_message(messages::NO_ROOM_TO_THINK);
                    return false;
                };
                session.set_search(Some((search, Purpose::Hint(next))));
            }
        }
        return false;
    }
    show(session, next)
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
pub fn recalled(session: &mut Session, progress: Progress) {
    if let Progress::Solved(solution) = progress {
        crate::event!("polarium.hint recalled level={:?}", session.game.hint);
        session.found_solution(solution.stroke);
    }
}

/// The solver has answered for hint `hint`. The answer may come after the
/// player has moved on (drawing, a failed try, the list): it is kept for
/// the next R, shown only on a `quiet` board. True when the replay starts.
#[inline(never)]
pub fn solved(session: &mut Session, hint: Hint, progress: Progress, quiet: bool) -> bool {
    match progress {
        Progress::Solved(solution) => {
            session.found_solution(solution.stroke);
            if quiet {
                return show(session, hint);
            }
        }
        _ if !quiet => {}
        Progress::Solvable { .. } => session.panel().set_message(messages::TOO_MANY_WAYS),
        Progress::Unsolvable => session.panel().set_message(messages::NO_STROKE_SOLVES),
        Progress::OutOfSpace | Progress::Working { .. } => {
            session.panel().set_message(messages::TOO_HARD);
        }
    }
    false
}

/// Show hint `hint` (its solution is known if it needs one). True when it
/// is the replay, which starts now.
fn show(session: &mut Session, hint: Hint) -> bool {
    session.give_hint(hint);
    match hint {
        Hint::None => {}
        Hint::Ends => session.panel().set_message(messages::HINT_ENDS),
        Hint::FirstSteps => {
            if let Some(solution) = session.solution() {
                let steps = (solution.len() / 4).max(2).min(solution.len());
                let stroke = prefix(session.board(), solution, steps);
                if let Some(end) = stroke.last() {
                    session.game.cursor = end;
                }
                session.set_stroke(stroke);
                session.panel().set_message(messages::HINT_CARRY_ON);
            }
        }
        Hint::Replay => {
            super::view::board_animates(true);
            session.clear_stroke();
            session.panel().set_message(messages::HINT_WHOLE);
            return true;
        }
    }
    false
}

/// The first `cells` cells of `stroke`.
pub fn prefix(board: &Board, stroke: &Stroke, cells: usize) -> Stroke {
    Stroke::from_cells(board, &stroke.cells()[..cells.min(stroke.len())]).unwrap_or_default()
}

/// The whole solution drawn at once, with the cursor on its end (the
/// window closes on a replay).
pub fn finish_replay(session: &mut Session) {
    if let Some(solution) = session.solution() {
        let stroke = prefix(session.board(), solution, solution.len());
        if let Some(end) = stroke.last() {
            session.game.cursor = end;
        }
        session.set_stroke(stroke);
    }
}
