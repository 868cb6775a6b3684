//! A path-first puzzle generator: draw the answer, then the board around it.
//!
//! Each row starts one colour (chosen at random per row), a random
//! self-avoiding walk is drawn over the ringed grid from a random cell until
//! it has covered a random share of the tiles (from 30% to all but one per
//! row), and the tiles it covers are flipped. Drawing the same walk again
//! flips them back, so the walk is a solution by construction, and its ends
//! become the start and end hints. Ring cells that lead up to the first
//! tile are cut to one, and half the walks end on the ring beside their
//! last tile, so hints sit on the ring or on a tile as in the DS's puzzles.
//!
//! An attempt is refused (and the next one continues the same random
//! stream) when the walk left some row one colour (it missed the row or
//! covered all of it: the editor refuses such boards, as Picolarium's does)
//! or covered too few tiles to be a puzzle.
//!
//! The walk is shaped so that most puzzles have one solution or few (see
//! `Generator::walk`); the generator does not count them, the solver does.
//!
//! Work per [`Generator::attempt`] is linear in the ringed grid (at most 100
//! cells): clearing a 144-byte working grid, at most one step per cell, each
//! step reading at most 4 + 16 bytes of that grid and drawing one random
//! number, then validating, applying and checking the walk (a pass over it
//! and one over the rows). There is no search and no backtracking.
//! Attempts are independent, so the GBA spreads the search for a puzzle
//! over frames by making a few attempts per frame. The same size and seed
//! always give the same sequence of attempts.

use super::board::{Board, Cell, MAX_RING, MAX_SIDE, Puzzle};
use super::stroke::{MAX_CELLS, Stroke};
use shared::random::Rng;

/// Narrowest board the generator makes: a 1-wide row is always one colour,
/// and a 2-wide one must have exactly one tile flipped, which tall 2-wide
/// walks almost never manage.
pub const MIN_WIDTH: u8 = 3;

/// Fewest cells of a generated stroke (on the smallest boards a walk can
/// cover enough tiles in one or two cells).
const MIN_STROKE: usize = 3;

/// A generated puzzle and the walk it was made from (one of its solutions,
/// from the start hint to the end hint).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub stroke: Stroke,
}

/// Makes puzzles of one size from one seed, one attempt at a time.
#[derive(Clone, Debug)]
pub struct Generator {
    width: u8,
    height: u8,
    rng: Rng,
    attempts: u32,
    /// What each cell of the padded grid is (see [`OUTSIDE`] and others).
    layout: [u8; PADDED_CELLS],
}

/// The walk works on the ringed grid padded with one more ring of cells it
/// may never enter, 12 across, so a neighbour is an index plus an offset
/// with no bounds to check.
const STRIDE: usize = MAX_RING as usize + 2;
const PADDED_CELLS: usize = STRIDE * STRIDE;
/// Up, right, down, left.
const OFFSETS: [isize; 4] = [-(STRIDE as isize), 1, STRIDE as isize, -1];

/// Layout bits: off the ringed grid; a tile; a tile in the top, bottom,
/// leftmost or rightmost row or column of tiles.
const OUTSIDE: u8 = 1 << 7;
const TILE: u8 = 1 << 6;
const TOP: u8 = 1 << 0;
const BOTTOM: u8 = 1 << 1;
const LEFT: u8 = 1 << 2;
const RIGHT: u8 = 1 << 3;

/// In the walk's working array: the cell is on the walk or off the grid;
/// the low bits count the walk's cells next to it.
const TAKEN: u8 = 1 << 7;

/// How strongly the walk prefers one next cell over another. Tiles are
/// preferred to the ring (only tiles make the puzzle), turns to going
/// straight (long straight runs tend to fill whole rows), and a cell the
/// walk could not leave again is only taken as a last resort.
const TILE_WEIGHT: u32 = 3;
const RING_WEIGHT: u32 = 1;
const TURN_FACTOR: u32 = 2;
const DEAD_END_WEIGHT: u32 = 1;

impl Generator {
    /// A generator for `width` x `height` boards; `None` unless the width is
    /// 3..=8 and the height 1..=8.
    #[must_use]
    pub const fn new(width: u8, height: u8, seed: u32) -> Option<Self> {
        if width < MIN_WIDTH || width > MAX_SIDE || height == 0 || height > MAX_SIDE {
            return None;
        }
        let mut layout = [OUTSIDE; PADDED_CELLS];
        let mut y = 0;
        while y < height + 2 {
            let mut x = 0;
            while x < width + 2 {
                let tile = y >= 1 && y <= height && x >= 1 && x <= width;
                let mut kind = 0;
                if tile {
                    kind = TILE;
                    if y == 1 {
                        kind |= TOP;
                    }
                    if y == height {
                        kind |= BOTTOM;
                    }
                    if x == 1 {
                        kind |= LEFT;
                    }
                    if x == width {
                        kind |= RIGHT;
                    }
                }
                layout[padded(Cell::new(y, x))] = kind;
                x += 1;
            }
            y += 1;
        }
        Some(Self {
            width,
            height,
            rng: Rng::new(seed),
            attempts: 0,
            layout,
        })
    }

    /// Attempts made so far.
    #[must_use]
    pub const fn attempts(&self) -> u32 {
        self.attempts
    }

    /// Attempt until a puzzle comes out (host tools and tests; the GBA
    /// calls [`Self::attempt`] a few times per frame instead).
    #[cfg(any(test, feature = "testing"))]
    pub fn generate(&mut self) -> Generated {
        loop {
            if let Some(generated) = self.attempt() {
                return generated;
            }
        }
    }

    /// One attempt: a puzzle, or `None` when the walk was refused.
    pub fn attempt(&mut self) -> Option<Generated> {
        self.attempts = self.attempts.wrapping_add(1);
        let (width, height) = (self.width, self.height);
        let colours = self.rng.next_u32();
        let mut rows = [0u8; MAX_SIDE as usize];
        for (y, row) in rows.iter_mut().enumerate() {
            if colours >> y & 1 == 1 {
                *row = u8::MAX;
            }
        }
        let start = Board::from_rows(width, height, rows)?;
        let tiles = u32::from(width) * u32::from(height);
        // Every row keeps at least one tile unflipped; a walk that covers
        // under 30% of the tiles (or fewer than one a row) is too short.
        let most = tiles - u32::from(height);
        let least = (tiles * 3 / 10).max(u32::from(height)).min(most);
        let target = least + self.rng.below(most - least + 1);
        let mut walk = heapless::Vec::<Cell, MAX_CELLS>::new();
        if self.walk(target, &mut walk) < least {
            return None;
        }
        let stroke = Stroke::from_cells(&start, trimmed(&start, &walk))?;
        let board = stroke.applied(&start);
        if stroke.len() < MIN_STROKE || board.mixed_rows() != row_bits(height) {
            return None;
        }
        let (first, last) = (stroke.first()?, stroke.last()?);
        Some(Generated {
            puzzle: Puzzle {
                board,
                hints: Some((first, last)),
            },
            stroke,
        })
    }

    /// A random walk from a random cell of the ringed grid until it has
    /// covered `target` tiles or cannot go on; returns the tiles covered.
    ///
    /// The walk never steps next to a cell of itself other than the one it
    /// comes from, and steps from tile to tile along the board's edge only
    /// when it has no other way on: each place it did would be a shortcut
    /// or a detour (over the ring cells beside the edge) that gave the
    /// puzzle another solution. Narrow boards need the edge to get round.
    fn walk(&mut self, target: u32, walk: &mut heapless::Vec<Cell, MAX_CELLS>) -> u32 {
        let layout = &self.layout;
        let mut taken = [0u8; PADDED_CELLS];
        for (taken, &kind) in taken.iter_mut().zip(layout) {
            if kind & OUTSIDE != 0 {
                *taken = TAKEN;
            }
        }
        let ring_width = u32::from(self.width) + 2;
        let ring_height = u32::from(self.height) + 2;
        let first = self.rng.below(ring_width * ring_height);
        let mut at = padded(Cell::new(
            (first / ring_width) as u8,
            (first % ring_width) as u8,
        ));
        let mut covered = 0;
        let mut heading = None;
        loop {
            taken[at] |= TAKEN;
            for offset in OFFSETS {
                taken[at.wrapping_add_signed(offset)] += 1;
            }
            if walk.push(unpadded(at)).is_err() {
                break;
            }
            covered += u32::from(layout[at] & TILE != 0);
            if covered >= target {
                // Half the time, end on the ring beside the last tile, as
                // many of the DS's puzzles do.
                let ring = |&d: &usize| {
                    let next = at.wrapping_add_signed(OFFSETS[d]);
                    taken[next] == 1 && layout[next] & TILE == 0
                };
                let choices = (0..4).filter(ring).count() as u32;
                let pick = self.rng.below(2 * choices);
                if let Some(d) = (0..4).filter(ring).nth(pick as usize) {
                    let _ = walk.push(unpadded(at.wrapping_add_signed(OFFSETS[d])));
                }
                break;
            }
            // Steps along the edge only when there is nothing else.
            let mut weights = [0u32; 4];
            let mut edge_weights = [0u32; 4];
            for d in 0..4 {
                let next = at.wrapping_add_signed(OFFSETS[d]);
                // Free, and next to no walk cell but this one.
                if taken[next] != 1 {
                    continue;
                }
                let weight = if along_edge(layout[at], layout[next], d) {
                    &mut edge_weights[d]
                } else {
                    &mut weights[d]
                };
                let exits = OFFSETS
                    .iter()
                    .filter(|&&o| taken[next.wrapping_add_signed(o)] == 0)
                    .count();
                *weight = if exits == 0 {
                    DEAD_END_WEIGHT
                } else {
                    let base = if layout[next] & TILE != 0 {
                        TILE_WEIGHT
                    } else {
                        RING_WEIGHT
                    };
                    if heading.is_some_and(|h| h != d) {
                        base * TURN_FACTOR
                    } else {
                        base
                    }
                };
            }
            let mut total: u32 = weights.iter().sum();
            if total == 0 {
                weights = edge_weights;
                total = weights.iter().sum();
                if total == 0 {
                    break;
                }
            }
            let mut pick = self.rng.below(total);
            let mut d = 0;
            while pick >= weights[d] {
                pick -= weights[d];
                d += 1;
            }
            heading = Some(d);
            at = at.wrapping_add_signed(OFFSETS[d]);
        }
        covered
    }
}

/// Index in the padded grid of a ringed-grid cell.
const fn padded(cell: Cell) -> usize {
    (cell.y as usize + 1) * STRIDE + cell.x as usize + 1
}

const fn unpadded(index: usize) -> Cell {
    Cell::new((index / STRIDE - 1) as u8, (index % STRIDE - 1) as u8)
}

/// Whether a step in direction `d` between cells of layouts `from` and `to`
/// runs from tile to tile along the edge of the board.
const fn along_edge(from: u8, to: u8, d: usize) -> bool {
    // Up and down (even directions) run along the left and right edges.
    let sides = if d.is_multiple_of(2) {
        LEFT | RIGHT
    } else {
        TOP | BOTTOM
    };
    from & to & sides != 0
}

/// The walk without ring cells that lead nowhere: at most one ring cell
/// before its first tile and after its last, so the hints sit next to the
/// tiles rather than somewhere along the ring (ring cells never flip, so
/// the board is the same).
fn trimmed<'a>(board: &Board, walk: &'a [Cell]) -> &'a [Cell] {
    let Some(first) = walk.iter().position(|&c| board.is_tile(c)) else {
        return walk;
    };
    let last = walk
        .iter()
        .rposition(|&c| board.is_tile(c))
        .unwrap_or(first);
    let from = first.saturating_sub(1);
    let to = (last + 2).min(walk.len());
    &walk[from..to]
}

/// A bit per tile row: every row mixed.
const fn row_bits(height: u8) -> u8 {
    ((1u16 << height) - 1) as u8
}

#[cfg(test)]
mod tests;
