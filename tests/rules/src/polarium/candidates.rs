//! Candidate puzzles for the built-in list: strokes drawn first, boards made
//! round them, kept when the solver finds that stroke the only one from its
//! hints in the cartridge's space.
//!
//! A walk grows from a random tile over the ringed grid, never stepping next
//! to a cell of itself other than the one it comes from (each such place
//! would be a shortcut giving the puzzle a second solution; small boards
//! may, half the time, else they hold few shapes), until it has its length
//! or is stuck; its ends are cut to a tile or one ring cell past it. Each row starts one colour at random and the
//! walk's tiles are flipped; a row the walk misses stays one colour.

use std::boxed::Box;
use std::format;
use std::string::String;
use std::vec::Vec;

use super::rules::board::{Board, Cell, MAX_SIDE};
use super::rules::difficulty::Difficulty;
use super::rules::password;
use super::rules::rating::{self, Effort, Moves};
use super::rules::solver::{Progress, Solver};
use super::rules::{Puzzle, Stroke};
use shared::random::Rng;

/// How a walk is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    pub width: u8,
    pub height: u8,
    /// Cells wanted (the walk may get stuck shorter).
    pub length: usize,
    /// Weight of stepping onto the ring against a tile's 4.
    pub ring_weight: u32,
    /// How much more likely a turn is than going straight (in quarters).
    pub turn_quarters: u32,
    /// May step next to its own cells (small boards: else few shapes fit).
    pub may_touch: bool,
}

/// A kept puzzle and what it teaches.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub puzzle: Puzzle,
    pub stroke: Stroke,
    pub shape: Moves,
    pub effort: Effort,
    pub states: u32,
    pub ring: bool,
    pub steps_back: bool,
    pub rows_left_alone: u32,
    /// Rows in which the stroke flips two tiles or more.
    pub runs: u32,
    /// In the earlier built-in list (a save's records for it carry over).
    pub earlier: bool,
    /// Without the hints a shorter stroke flipping other tiles would solve
    /// it (only worked out for strokes of up to [`SHORT_CUT_CELLS`] cells).
    pub short_cut: bool,
}

impl Candidate {
    pub fn score(&self) -> u32 {
        self.effort.score()
    }
}

pub use super::rules::solver::RomSpace;

pub fn rom_space() -> Box<RomSpace> {
    // SAFETY: every field of `Space` is an integer array; zero is valid.
    unsafe { Box::<RomSpace>::new_zeroed().assume_init() }
}

/// The puzzle's solver states if it is a keeper: solved in the
/// cartridge's space with a stroke, and only one solution.
pub fn keeper(puzzle: &Puzzle, space: &mut RomSpace) -> Option<(Stroke, u32)> {
    let mut solver = Solver::new(puzzle, space);
    let progress = solver.solve(space);
    match &progress {
        Progress::Solved(solution) if solution.count == 1 => {
            let difficulty = Difficulty::from_progress(&progress, solver.states())?;
            Some((solution.stroke.clone(), difficulty.states))
        }
        _ => None,
    }
}

/// Longest stroke [`Candidate::short_cut`] is worked out for.
pub const SHORT_CUT_CELLS: usize = 14;

/// A walk as described by `walk`, or `None` when it got stuck short.
pub fn draw(rng: &mut Rng, walk: &Walk) -> Option<Vec<Cell>> {
    let board = Board::new(walk.width, walk.height)?;
    let (rw, rh) = (board.ring_width(), board.ring_height());
    let mut taken = [[false; 10]; 10];
    let neighbours = |cell: Cell| -> Vec<Cell> {
        let mut next = Vec::new();
        if cell.y > 0 {
            next.push(Cell::new(cell.y - 1, cell.x));
        }
        if cell.x + 1 < rw {
            next.push(Cell::new(cell.y, cell.x + 1));
        }
        if cell.y + 1 < rh {
            next.push(Cell::new(cell.y + 1, cell.x));
        }
        if cell.x > 0 {
            next.push(Cell::new(cell.y, cell.x - 1));
        }
        next
    };
    let mut at = Cell::new(
        1 + rng.below(u32::from(walk.height)) as u8,
        1 + rng.below(u32::from(walk.width)) as u8,
    );
    let mut cells = Vec::new();
    loop {
        taken[usize::from(at.y)][usize::from(at.x)] = true;
        cells.push(at);
        if cells.len() >= walk.length {
            break;
        }
        let before = cells.len().checked_sub(2).map(|i| cells[i]);
        let mut options = Vec::new();
        for next in neighbours(at) {
            if taken[usize::from(next.y)][usize::from(next.x)] {
                continue;
            }
            let touches = neighbours(next)
                .iter()
                .any(|&n| n != at && taken[usize::from(n.y)][usize::from(n.x)]);
            if touches && !walk.may_touch {
                continue;
            }
            let mut weight = if board.is_tile(next) {
                4
            } else {
                walk.ring_weight
            };
            let straight = before.is_some_and(|b| {
                b.y as i8 - at.y as i8 == at.y as i8 - next.y as i8
                    && b.x as i8 - at.x as i8 == at.x as i8 - next.x as i8
            });
            if !straight {
                weight = weight * walk.turn_quarters / 4;
            }
            if weight > 0 {
                options.push((next, weight));
            }
        }
        let total: u32 = options.iter().map(|o| o.1).sum();
        if total == 0 {
            break;
        }
        let mut pick = rng.below(total);
        let mut i = 0;
        while pick >= options[i].1 {
            pick -= options[i].1;
            i += 1;
        }
        at = options[i].0;
    }
    // Ends on tiles, or one ring cell past them.
    let first = cells.iter().position(|&c| board.is_tile(c))?;
    let last = cells.iter().rposition(|&c| board.is_tile(c))?;
    let from = first.saturating_sub(usize::from(rng.below(2) == 0));
    let to = (last + 1 + usize::from(rng.below(2) == 0)).min(cells.len());
    let cells = cells[from..to].to_vec();
    (cells.len() * 10 >= walk.length * 8).then_some(cells)
}

/// The board a walk makes: rows of random colours, its tiles flipped.
pub fn puzzle_of(rng: &mut Rng, width: u8, height: u8, cells: &[Cell]) -> Option<Puzzle> {
    let mut rows = [0u8; MAX_SIDE as usize];
    for row in rows.iter_mut() {
        if rng.below(2) == 1 {
            *row = u8::MAX;
        }
    }
    let start = Board::from_rows(width, height, rows)?;
    let stroke = Stroke::from_cells(&start, cells)?;
    let board = stroke.applied(&start);
    if board.is_solved() {
        return None;
    }
    Some(Puzzle {
        board,
        hints: Some((cells[0], cells[cells.len() - 1])),
    })
}

/// The candidate from `puzzle` if it is a keeper.
pub fn candidate(puzzle: Puzzle, space: &mut RomSpace) -> Option<Candidate> {
    let (stroke, states) = keeper(&puzzle, space)?;
    let effort = rating::effort(&puzzle, &stroke)?;
    let mut candidate = features(puzzle, stroke, states);
    candidate.effort = effort;
    Some(candidate)
}

impl Candidate {
    /// A line to keep it by: its password, solver states, dead ends, then
    /// its stroke's cells.
    pub fn to_line(&self) -> String {
        let digits: String = password::encode(&self.puzzle)
            .iter()
            .map(|&d| char::from(b'0' + d))
            .collect();
        let cells: Vec<String> = self
            .stroke
            .cells()
            .iter()
            .map(|c| format!("{}{}", c.y, c.x))
            .collect();
        format!(
            "{digits} {} {} {}",
            self.states,
            self.effort.dead_ends,
            cells.join(",")
        )
    }

    /// What [`Self::to_line`] wrote (the rest worked out again).
    pub fn from_line(line: &str) -> Option<Self> {
        let mut words = line.split(' ');
        let digits: Vec<u8> = words.next()?.bytes().map(|b| b - b'0').collect();
        let puzzle = password::decode(&digits).ok()?;
        let states = words.next()?.parse().ok()?;
        let dead_ends = words.next()?.parse().ok()?;
        let cells: Vec<Cell> = words
            .next()?
            .split(',')
            .map(|c| {
                let b = c.as_bytes();
                Cell::new(b[0] - b'0', b[1] - b'0')
            })
            .collect();
        let stroke = Stroke::from_cells(&puzzle.board, &cells)?;
        let mut candidate = features(puzzle, stroke, states);
        candidate.effort.dead_ends = dead_ends;
        Some(candidate)
    }
}

/// A candidate's features from its stroke (the effort's dead ends as the
/// search finds them when `dead_ends` is `None`).
fn features(puzzle: Puzzle, stroke: Stroke, states: u32) -> Candidate {
    let short_cut =
        stroke.len() <= SHORT_CUT_CELLS && rating::hints_rule_out_a_short_cut(&puzzle, &stroke);
    let effort = Effort {
        dead_ends: 0,
        cells: stroke.len() as u32,
        turns: rating::turns(&stroke) as u32,
    };
    let mut per_row = [0u32; 10];
    for cell in stroke.cells() {
        if puzzle.board.is_tile(*cell) {
            per_row[usize::from(cell.y)] += 1;
        }
    }
    Candidate {
        shape: rating::shape(&stroke),
        ring: rating::crosses_border(&puzzle, &stroke),
        steps_back: rating::steps_back(&stroke),
        rows_left_alone: rating::rows_left_alone(&puzzle, &stroke).count_ones(),
        runs: per_row.iter().filter(|&&n| n >= 2).count() as u32,
        puzzle,
        stroke,
        effort,
        states,
        earlier: false,
        short_cut,
    }
}
