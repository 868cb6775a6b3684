//! The moves every board plays, whatever its size. The pocket
//! [`Board`](super::Board) and a [`Field`](super::field::Field) of any size
//! each say how to reach its squares and run its hot loops (a [`Grid`]);
//! what a reveal, a chord or a mark does is written once, here.

use heapless::Vec;

use super::game_state::GameState;
use super::outcome::Outcome;
use super::square::{Square, SquareFlags};
use shared::random::Rng;

/// What the moves need of a board.
pub(crate) trait Grid {
    /// A square's place on the board.
    type At: Copy;

    fn state(&self) -> GameState;
    fn set_state(&mut self, state: GameState);
    fn no_guess(&self) -> bool;
    fn square(&self, at: Self::At) -> Option<Square>;
    fn square_mut(&mut self, at: Self::At) -> Option<&mut Square>;
    /// Every square (those off a smaller field are empty).
    fn squares_mut(&mut self) -> &mut [Square];
    /// The up-to-eight neighbours of `at` on the board, row by row.
    fn neighbours_of(&self, at: Self::At) -> impl Iterator<Item = Self::At>;
    /// Reveals the safe covered square `from` and, through zeros,
    /// everything connected and its numbered border: how many squares it
    /// uncovered and how many safe ones are still covered.
    fn flood(&mut self, from: Self::At) -> (u16, u16);
    /// Flags every mine (a win).
    fn flag_mines(&mut self);
    /// Lays the mines of a first move at `at`, drawn from `rng`.
    fn lay_first_mines(&mut self, at: Self::At, rng: &mut Rng);
    /// Where the game began (or, no-guess, waits to begin).
    fn set_first(&mut self, at: Self::At);
    /// One more move that did something.
    fn count_move(&mut self);

    /// A "?" goes with its square's cover, or under a flag; a lost game
    /// keeps only the mine that went off.
    fn forget_uncovered_questions(&mut self) {
        if self.state() == GameState::Dead {
            return;
        }
        for square in self.squares_mut() {
            if square.is_detonated() && (square.is_revealed() || square.is_flagged()) {
                square.set(SquareFlags::DETONATED, false);
            }
        }
    }
}

/// What releasing A on `at` does: the first reveal lays mines away from it
/// (or asks for a no-guess layout), a revealed number chords, a covered
/// unflagged square is revealed, anything else is ignored.
pub(crate) fn act<G: Grid>(board: &mut G, at: G::At, rng: &mut Rng) -> Outcome {
    let Some(square) = board.square(at) else {
        return Outcome::Ignored;
    };
    let outcome = match board.state() {
        GameState::Dead | GameState::Won => Outcome::Ignored,
        // A flag placed before the first move guards its square.
        GameState::Fresh if square.is_flagged() => Outcome::Ignored,
        GameState::Fresh if board.no_guess() => {
            board.set_first(at);
            return Outcome::NeedsLayout;
        }
        GameState::Fresh => {
            board.lay_first_mines(at, rng);
            board.set_first(at);
            reveal(board, at)
        }
        GameState::Playing if square.is_revealed() => chord(board, at),
        GameState::Playing => reveal(board, at),
    };
    board.forget_uncovered_questions();
    count_click(board, outcome)
}

/// The first reveal of a game whose mines were just laid from a layout
/// made for it (a no-guess search's): revealed and counted as `act` does.
pub(crate) fn reveal_first<G: Grid>(board: &mut G, first: G::At) -> Outcome {
    let outcome = reveal(board, first);
    board.forget_uncovered_questions();
    count_click(board, outcome)
}

/// Counts a move that did something.
pub(crate) fn count_click<G: Grid>(board: &mut G, outcome: Outcome) -> Outcome {
    if !matches!(outcome, Outcome::Ignored | Outcome::NeedsLayout) {
        board.count_move();
    }
    outcome
}

/// Covered and unflagged: what a reveal or chord would uncover.
fn is_coverable<G: Grid>(board: &G, at: G::At) -> bool {
    board
        .square(at)
        .is_some_and(|square| !square.is_revealed() && !square.is_flagged())
}

/// Squares drawn pressed while A is held on `at`: the square itself if it
/// can be revealed, or for a revealed number its covered, unflagged
/// neighbours (the chord preview).
pub(crate) fn pressed_preview<G: Grid>(board: &G, at: G::At) -> Vec<G::At, 8> {
    let mut pressed = Vec::new();
    if board.state().is_over() {
        return pressed;
    }
    let Some(square) = board.square(at) else {
        return pressed;
    };
    if square.is_revealed_number() {
        for neighbour in board.neighbours_of(at) {
            if is_coverable(board, neighbour) {
                let _ = pressed.push(neighbour);
            }
        }
    } else if !square.is_revealed() && !square.is_flagged() {
        let _ = pressed.push(at);
    }
    pressed
}

/// B on a covered square: a flag; on a flag, nothing, or with
/// `question_marks` a "?" (and on a "?", nothing). Revealing a "?" square
/// works as on any covered one.
pub(crate) fn cycle_mark<G: Grid>(board: &mut G, at: G::At, question_marks: bool) -> Outcome {
    if board.state().is_over() {
        return Outcome::Ignored;
    }
    let Some(square) = board.square_mut(at) else {
        return Outcome::Ignored;
    };
    if square.is_revealed() {
        return Outcome::Ignored;
    }
    let outcome = if square.is_flagged() {
        square.set(SquareFlags::FLAGGED, false);
        square.set(SquareFlags::DETONATED, question_marks);
        if question_marks {
            Outcome::Questioned
        } else {
            Outcome::Unflagged
        }
    } else if square.is_questioned() {
        square.set(SquareFlags::DETONATED, false);
        Outcome::Unquestioned
    } else {
        square.set(SquareFlags::FLAGGED, true);
        Outcome::Flagged
    };
    count_click(board, outcome)
}

/// Uncovers a covered, unflagged square while playing. A mine ends the
/// game (that mine is marked DETONATED); a zero floods outwards. Does not
/// count a click (`act` does).
pub(crate) fn reveal<G: Grid>(board: &mut G, at: G::At) -> Outcome {
    if board.state() != GameState::Playing || !is_coverable(board, at) {
        return Outcome::Ignored;
    }
    if board.square(at).is_some_and(Square::is_mine) {
        return detonate(board, at);
    }
    let (revealed, covered_safe) = board.flood(at);
    if covered_safe == 0 {
        return win(board);
    }
    Outcome::Revealed { count: revealed }
}

/// Sets off the mine at `at`: marked DETONATED, the game is lost.
fn detonate<G: Grid>(board: &mut G, at: G::At) -> Outcome {
    if board.square(at).is_none() {
        return Outcome::Ignored;
    }
    // The bit marked "?"s until now: only the mines that go off (a chord
    // may set off more than one) keep it.
    if board.state() != GameState::Dead {
        for square in board.squares_mut() {
            square.set(SquareFlags::DETONATED, false);
        }
    }
    if let Some(square) = board.square_mut(at) {
        square.set(SquareFlags::DETONATED, true);
    }
    board.set_state(GameState::Dead);
    Outcome::Lost
}

/// On a revealed number whose flagged neighbours match it, reveals every
/// other covered neighbour, all together: if any of them is a mine the
/// chord loses, whatever the floods uncovered first, and wrongly flagged
/// neighbours go back to covered and flagged, so the player sees the
/// mistake. It wins only when it sets off no mine and leaves no safe
/// square covered. Does not count a click (`act` does).
pub(crate) fn chord<G: Grid>(board: &mut G, at: G::At) -> Outcome {
    if board.state() != GameState::Playing {
        return Outcome::Ignored;
    }
    let Some(square) = board.square(at) else {
        return Outcome::Ignored;
    };
    if !square.is_revealed_number() {
        return Outcome::Ignored;
    }
    let mut flags = 0;
    let mut false_flags: Vec<G::At, 8> = Vec::new();
    let mut targets: Vec<G::At, 8> = Vec::new();
    for neighbour in board.neighbours_of(at) {
        let Some(other) = board.square(neighbour) else {
            continue;
        };
        if other.is_flagged() {
            flags += 1;
            if !other.is_mine() {
                let _ = false_flags.push(neighbour);
            }
        } else if !other.is_revealed() {
            let _ = targets.push(neighbour);
        }
    }
    if flags != square.neighbours() {
        return Outcome::ChordRefused;
    }
    if targets.is_empty() {
        return Outcome::Ignored;
    }
    // Floods never uncover a mine, so the mines among the targets, found
    // after them, are the ones there before: no order can hide one.
    let is_mine = |board: &G, target: G::At| board.square(target).is_some_and(Square::is_mine);
    let mut revealed = 0;
    let mut covered_safe = u16::MAX;
    for &target in &targets {
        // An earlier target's floodfill may already have uncovered this one.
        if is_mine(board, target) || !is_coverable(board, target) {
            continue;
        }
        // Safe targets open even when the chord loses, like the original:
        // every mistake shows.
        let (flooded, left) = board.flood(target);
        revealed += flooded;
        covered_safe = left;
    }
    for &target in &targets {
        if is_mine(board, target) {
            detonate(board, target);
        }
    }
    if board.state() == GameState::Dead {
        // Back to covered and flagged, so the player sees the mistake.
        for &flag in &false_flags {
            if let Some(square) = board.square_mut(flag) {
                square.set(SquareFlags::REVEALED, false);
                square.set(SquareFlags::FLAGGED, true);
            }
        }
        return Outcome::Lost;
    }
    if covered_safe == 0 {
        return win(board);
    }
    Outcome::Chorded { count: revealed }
}

/// Every safe square is open: flag the mines that are left and win.
fn win<G: Grid>(board: &mut G) -> Outcome {
    board.flag_mines();
    board.set_state(GameState::Won);
    Outcome::Won
}
