//! What a person meets solving a puzzle, for choosing and labelling the
//! built-in puzzles (host tools and tests; the cartridge reads the labels
//! from `puzzles.txt`).
//!
//! A person draws from the start hint and knows the game's one rule: in
//! every row the stroke flips all of one colour and none of the other. So a
//! stroke that has stepped on a tile has chosen its row's colour, and from
//! then on may only step on tiles of that colour there; and a stroke that
//! can no longer reach the end hint, or a tile its row still needs (a tile
//! with fewer than two ways left to pass through it), is going nowhere.
//! [`effort`] tries strokes from the start hint as such a person would, one
//! way after another until one solves, and counts the dead ends met on the
//! way: the wrong turns of someone who sees that much and no more (the mean
//! over the four orders of trying the ways on, so no one direction is
//! favoured). The score adds the stroke's length and its turns, which a
//! person has to find and draw however few the wrong turns are.
//!
//! [`shape`] names a stroke's moves the same under the board's rotations
//! and mirrors and drawn either way, so no two built-ins teach one stroke.
//! The other tests say which ideas a stroke shows: its turns, stepping
//! back, the border, rows left alone, and hints that rule out a short cut.

use super::board::{Cell, MAX_RING, Puzzle};
use super::stroke::{MAX_CELLS, Stroke};

/// A stroke's moves, 0 up, 1 right, 2 down, 3 left.
pub type Moves = heapless::Vec<u8, MAX_CELLS>;

/// The moves from each cell of `cells` to the next.
#[must_use]
pub fn moves(cells: &[Cell]) -> Moves {
    cells
        .windows(2)
        .map(|pair| match super::stroke::direction(pair[0], pair[1]) {
            1 => 0,
            2 => 1,
            4 => 2,
            _ => 3,
        })
        .collect()
}

/// The stroke's moves as the least (in order of moves) of the sixteen ways
/// to see them: four turns, mirrored or not, drawn from either end. Two
/// strokes of the same shape anywhere on any board have the same.
#[must_use]
pub fn shape(stroke: &Stroke) -> Moves {
    let forward = moves(stroke.cells());
    // Drawn from the other end: the moves reversed, each turned round.
    let backward: Moves = forward.iter().rev().map(|&d| (d + 2) % 4).collect();
    let mut least: Option<Moves> = None;
    for drawn in [&forward, &backward] {
        for turn in 0..4 {
            for mirrored in [false, true] {
                let seen: Moves = drawn
                    .iter()
                    .map(|&d| {
                        let d = if mirrored { (4 - d) % 4 } else { d };
                        (d + turn) % 4
                    })
                    .collect();
                if least.as_ref().is_none_or(|l| seen < *l) {
                    least = Some(seen);
                }
            }
        }
    }
    least.unwrap_or_default()
}

/// Turns in a stroke: moves that change direction.
#[must_use]
pub fn turns(stroke: &Stroke) -> usize {
    moves(stroke.cells())
        .windows(2)
        .filter(|pair| pair[0] != pair[1])
        .count()
}

/// Whether the stroke doubles back: some move is later made the opposite
/// way (a U-turn), so a person must go past a tile and come back for it.
#[must_use]
pub fn steps_back(stroke: &Stroke) -> bool {
    let moves = moves(stroke.cells());
    let mut seen = [false; 4];
    for &d in &moves {
        if seen[usize::from((d + 2) % 4)] {
            return true;
        }
        seen[usize::from(d)] = true;
    }
    false
}

/// Whether the stroke runs over the ring round the board.
#[must_use]
pub fn crosses_border(puzzle: &Puzzle, stroke: &Stroke) -> bool {
    stroke.cells().iter().any(|&c| !puzzle.board.is_tile(c))
}

/// Rows the stroke flips tiles in.
#[must_use]
pub fn rows_flipped(puzzle: &Puzzle, stroke: &Stroke) -> u8 {
    stroke
        .cells()
        .iter()
        .filter(|&&c| puzzle.board.is_tile(c))
        .fold(0, |rows, c| rows | 1 << (c.y - 1))
}

/// Rows already one colour that the stroke leaves alone.
#[must_use]
pub fn rows_left_alone(puzzle: &Puzzle, stroke: &Stroke) -> u8 {
    let board = puzzle.board;
    let uniform = !board.mixed_rows() & (((1u16 << board.height()) - 1) as u8);
    uniform & !rows_flipped(puzzle, stroke)
}

/// Whether, without its hints, the board has a shorter solving stroke than
/// `stroke` that flips other tiles: then the hints pin the ends away from
/// the short cut a person would take. Searches every stroke shorter than
/// `stroke`, so only for small boards and short strokes.
#[must_use]
pub fn hints_rule_out_a_short_cut(puzzle: &Puzzle, stroke: &Stroke) -> bool {
    let board = &puzzle.board;
    let mut search = Search {
        puzzle,
        end: Cell::new(MAX_RING, MAX_RING),
        chosen: [0; MAX_RING as usize],
        owed: [0; MAX_RING as usize],
        on_stroke: [[false; MAX_RING as usize]; MAX_RING as usize],
        first_way: 0,
        followed: 0,
        dead_ends: 0,
    };
    let mut flipped = [[false; MAX_RING as usize]; MAX_RING as usize];
    for cell in stroke.cells().iter().filter(|&&c| board.is_tile(c)) {
        flipped[usize::from(cell.y)][usize::from(cell.x)] = true;
    }
    let steps = stroke.len().saturating_sub(2);
    (0..board.ring_height()).any(|y| {
        (0..board.ring_width()).any(|x| {
            let start = Cell::new(y, x);
            search.enter(start) && {
                let found = search.short_cut(start, steps, &flipped);
                search.leave(start);
                found
            }
        })
    })
}

/// What a stroke from the start hint meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Dead ends a person's search from the start hint meets before the
    /// solution (see the module), the mean of four orders of trying.
    pub dead_ends: u32,
    /// Cells of the solving stroke.
    pub cells: u32,
    /// Its turns.
    pub turns: u32,
}

/// Strokes followed per order of trying before [`effort`] stops counting:
/// far more dead ends than a person would ever try.
pub const SEARCH_LIMIT: u32 = 50_000;

impl Effort {
    /// Higher is harder: eight points per doubling of the dead ends, a point
    /// per cell and one per turn.
    #[must_use]
    pub fn score(self) -> u32 {
        let doublings = 32 - self.dead_ends.leading_zeros();
        8 * doublings + self.cells + self.turns
    }
}

/// Tiers run from 1 to this; see [`tier`].
pub const TIERS: u8 = 5;

/// Scores at which tiers 2 to 5 start.
const TIER_STARTS: [u32; TIERS as usize - 1] = [45, 100, 140, 170];

/// The tier of an effort score: 1 (Easy) to [`TIERS`] (Fiendish), as
/// `difficulty::tier_name` names them.
#[must_use]
pub fn tier(score: u32) -> u8 {
    1 + TIER_STARTS.iter().filter(|&&start| score >= start).count() as u8
}

/// The search's view of the grid: per cell whether it is a tile, its colour,
/// and which cells neighbour it.
struct Search<'a> {
    puzzle: &'a Puzzle,
    end: Cell,
    /// Per row, the colour the stroke flips there once chosen: 0 none,
    /// 1 white, 2 black.
    chosen: [u8; MAX_RING as usize],
    /// Per row, the tiles of the chosen colour the stroke has not reached.
    owed: [u8; MAX_RING as usize],
    on_stroke: [[bool; MAX_RING as usize]; MAX_RING as usize],
    /// Which way is tried first (the others follow clockwise).
    first_way: usize,
    /// Strokes followed and dead ends met.
    followed: u32,
    dead_ends: u32,
}

/// What a person meets from the start hint of `puzzle`, solved by `stroke`;
/// `None` without hints.
#[must_use]
pub fn effort(puzzle: &Puzzle, stroke: &Stroke) -> Option<Effort> {
    let (start, end) = puzzle.hints?;
    let mut dead_ends = 0;
    for first_way in 0..4 {
        let mut search = Search {
            puzzle,
            end,
            chosen: [0; MAX_RING as usize],
            owed: [0; MAX_RING as usize],
            on_stroke: [[false; MAX_RING as usize]; MAX_RING as usize],
            first_way,
            followed: 0,
            dead_ends: 0,
        };
        if search.enter(start) {
            search.follow(start);
        }
        dead_ends += search.dead_ends;
    }
    Some(Effort {
        dead_ends: dead_ends / 4,
        cells: stroke.len() as u32,
        turns: turns(stroke) as u32,
    })
}

impl Search<'_> {
    /// The cells next to `cell` on the ringed grid, up, right, down, left.
    fn neighbours(&self, cell: Cell) -> heapless::Vec<Cell, 4> {
        let board = &self.puzzle.board;
        let ways = [
            (cell.y > 0).then(|| Cell::new(cell.y.wrapping_sub(1), cell.x)),
            (cell.x + 1 < board.ring_width()).then(|| Cell::new(cell.y, cell.x + 1)),
            (cell.y + 1 < board.ring_height()).then(|| Cell::new(cell.y + 1, cell.x)),
            (cell.x > 0).then(|| Cell::new(cell.y, cell.x.wrapping_sub(1))),
        ];
        (0..4)
            .filter_map(|i| ways[(self.first_way + i) % 4])
            .collect()
    }

    /// The colour code of a tile (1 white, 2 black).
    fn colour(&self, cell: Cell) -> u8 {
        1 + u8::from(self.puzzle.board.is_black(cell))
    }

    /// Whether the stroke may step on `cell` (its row's colour allows it).
    fn allowed(&self, cell: Cell) -> bool {
        !self.on_stroke[usize::from(cell.y)][usize::from(cell.x)]
            && (!self.puzzle.board.is_tile(cell) || {
                let chosen = self.chosen[usize::from(cell.y)];
                chosen == 0 || chosen == self.colour(cell)
            })
    }

    /// Step on `cell` if allowed; true if it did.
    fn enter(&mut self, cell: Cell) -> bool {
        if !self.allowed(cell) {
            return false;
        }
        self.on_stroke[usize::from(cell.y)][usize::from(cell.x)] = true;
        if self.puzzle.board.is_tile(cell) {
            let y = usize::from(cell.y);
            if self.chosen[y] == 0 {
                self.chosen[y] = self.colour(cell);
                self.owed[y] = self.tiles_to_flip(cell.y) as u8;
            }
            self.owed[y] -= 1;
        }
        true
    }

    /// The tiles of ringed row `y` that the stroke must flip for the
    /// colour chosen for it (2: the row turns white, so its black tiles).
    fn tiles_to_flip(&self, y: u8) -> u32 {
        let row = self.puzzle.board.row(y - 1);
        let tiles = if self.chosen[usize::from(y)] == 2 {
            row
        } else {
            !row & self.puzzle.board.row_mask()
        };
        tiles.count_ones()
    }

    fn leave(&mut self, cell: Cell) {
        self.on_stroke[usize::from(cell.y)][usize::from(cell.x)] = false;
        if self.puzzle.board.is_tile(cell) {
            let y = usize::from(cell.y);
            self.owed[y] += 1;
            if u32::from(self.owed[y]) == self.tiles_to_flip(cell.y) {
                self.chosen[y] = 0;
            }
        }
    }

    /// Whether every row is done: its chosen colour all flipped, or no
    /// colour chosen and the row already one colour.
    fn solved(&self) -> bool {
        let board = &self.puzzle.board;
        (1..=board.height()).all(|y| {
            let y = usize::from(y);
            if self.chosen[y] == 0 {
                board.mixed_rows() >> (y - 1) & 1 == 0
            } else {
                self.owed[y] == 0
            }
        })
    }

    /// Whether, from `head`, the end hint and every tile still owed can be
    /// reached over cells the stroke may yet step on.
    fn hopeful(&self, head: Cell) -> bool {
        let board = &self.puzzle.board;
        let mut reached = [[false; MAX_RING as usize]; MAX_RING as usize];
        let mut queue: heapless::Deque<Cell, MAX_CELLS> = heapless::Deque::new();
        reached[usize::from(head.y)][usize::from(head.x)] = true;
        let _ = queue.push_back(head);
        while let Some(cell) = queue.pop_front() {
            for next in self.neighbours(cell) {
                let (y, x) = (usize::from(next.y), usize::from(next.x));
                if !reached[y][x] && self.allowed(next) {
                    reached[y][x] = true;
                    let _ = queue.push_back(next);
                }
            }
        }
        if !reached[usize::from(self.end.y)][usize::from(self.end.x)]
            || self.ways(self.end, head) < 1
        {
            return false;
        }
        (1..=board.height()).all(|y| {
            let chosen = self.chosen[usize::from(y)];
            chosen == 0
                || (1..=board.width()).all(|x| {
                    let cell = Cell::new(y, x);
                    self.colour(cell) != chosen
                        || self.on_stroke[usize::from(y)][usize::from(x)]
                        || (reached[usize::from(y)][usize::from(x)]
                            && (cell == self.end || self.ways(cell, head) >= 2))
                })
        })
    }

    /// Ways into and out of `cell`: its neighbours the stroke may still
    /// step on, and the stroke's end if it is one (a tile still owed needs
    /// two, one in and one out).
    fn ways(&self, cell: Cell, head: Cell) -> usize {
        self.neighbours(cell)
            .iter()
            .filter(|&&n| n == head || self.allowed(n))
            .count()
    }

    /// Whether a stroke on from `head`, at most `steps` more cells, solves
    /// the board, wherever it ends, flipping other tiles than `flipped`.
    fn short_cut(
        &mut self,
        head: Cell,
        steps: usize,
        flipped: &[[bool; MAX_RING as usize]; MAX_RING as usize],
    ) -> bool {
        if self.solved() {
            let board = &self.puzzle.board;
            let same = (1..=board.height()).all(|y| {
                (1..=board.width()).all(|x| {
                    let (y, x) = (usize::from(y), usize::from(x));
                    self.on_stroke[y][x] == flipped[y][x]
                })
            });
            if !same {
                return true;
            }
        }
        if steps == 0 {
            return false;
        }
        for next in self.neighbours(head) {
            if self.enter(next) {
                let found = self.short_cut(next, steps - 1, flipped);
                self.leave(next);
                if found {
                    return true;
                }
            }
        }
        false
    }

    /// Try the allowed strokes on from `head` until one solves; true if one
    /// did (or the search gave up).
    fn follow(&mut self, head: Cell) -> bool {
        self.followed += 1;
        if head == self.end {
            let solved = self.solved();
            if !solved {
                self.dead_ends += 1;
            }
            return solved;
        }
        if self.followed >= SEARCH_LIMIT {
            return true;
        }
        if !self.hopeful(head) {
            self.dead_ends += 1;
            return false;
        }
        let mut moved = false;
        for next in self.neighbours(head) {
            if self.enter(next) {
                moved = true;
                let done = self.follow(next);
                self.leave(next);
                if done {
                    return true;
                }
            }
        }
        if !moved {
            self.dead_ends += 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn line(cells: &[(u8, u8)]) -> Stroke {
        let board = Board::new(8, 8).unwrap();
        let cells: heapless::Vec<Cell, 16> = cells.iter().map(|&(y, x)| Cell::new(y, x)).collect();
        Stroke::from_cells(&board, &cells).unwrap()
    }

    #[test]
    fn a_shape_is_the_same_turned_mirrored_reversed_and_moved() {
        let ell = line(&[(1, 1), (1, 2), (1, 3), (2, 3)]);
        let turned = line(&[(5, 5), (6, 5), (7, 5), (7, 4)]);
        let reversed = line(&[(2, 3), (1, 3), (1, 2), (1, 1)]);
        let mirrored = line(&[(4, 4), (4, 3), (4, 2), (5, 2)]);
        assert_eq!(shape(&ell), shape(&turned));
        assert_eq!(shape(&ell), shape(&reversed));
        assert_eq!(shape(&ell), shape(&mirrored));
        let straight = line(&[(1, 1), (1, 2), (1, 3), (1, 4)]);
        assert_ne!(shape(&ell), shape(&straight));
        assert_eq!(turns(&ell), 1);
        assert!(!steps_back(&ell));
        let hook = line(&[(1, 1), (1, 2), (2, 2), (2, 1)]);
        assert!(steps_back(&hook));
    }

    #[test]
    fn tiers_rise_with_the_score() {
        assert_eq!(tier(0), 1);
        assert_eq!(tier(TIER_STARTS[0]), 2);
        assert_eq!(tier(u32::MAX), TIERS);
        let easy = Effort {
            dead_ends: 0,
            cells: 3,
            turns: 0,
        };
        let hard = Effort {
            dead_ends: 1000,
            cells: 50,
            turns: 30,
        };
        assert!(easy.score() < hard.score());
    }
}
