//! The one continuous stroke a player draws: orthogonal steps over the ringed
//! grid that never revisit a cell.

use super::board::{Board, Cell, MAX_RING};

/// Cells a stroke can hold: every cell of the largest ringed grid.
pub const MAX_CELLS: usize = MAX_RING as usize * MAX_RING as usize;

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The stroke grew onto the cell.
    Drawn,
    /// The cell was the one before the end: the last step was taken back.
    Retracted,
    /// Not a neighbour of the end, already on the stroke, or off the grid.
    Refused,
}

/// An ordered, self-avoiding path of cells.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Stroke {
    cells: heapless::Vec<Cell, MAX_CELLS>,
    /// A bit per cell of the 10x10 grid, in 32-bit words (128-bit shifts
    /// are library calls on the ARM7).
    visited: [u32; 4],
}

impl Stroke {
    #[must_use]
    pub const fn new() -> Self {
        Self {
            cells: heapless::Vec::new(),
            visited: [0; 4],
        }
    }

    /// A stroke from a list of cells; `None` if they are not one valid stroke
    /// on `board`.
    #[must_use]
    pub fn from_cells(board: &Board, cells: &[Cell]) -> Option<Self> {
        let mut stroke = Self::new();
        for &cell in cells {
            if stroke.step(board, cell) != Step::Drawn {
                return None;
            }
        }
        Some(stroke)
    }

    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    #[must_use]
    pub fn first(&self) -> Option<Cell> {
        self.cells.first().copied()
    }

    #[must_use]
    pub fn last(&self) -> Option<Cell> {
        self.cells.last().copied()
    }

    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        cell.y < MAX_RING && cell.x < MAX_RING && self.visited[i >> 5] >> (i & 31) & 1 == 1
    }

    /// Extend the stroke onto `cell`, or take back the last step when `cell`
    /// is the one before the end. The first cell may be any cell of the grid.
    pub fn step(&mut self, board: &Board, cell: Cell) -> Step {
        if !board.contains(cell) {
            return Step::Refused;
        }
        let len = self.cells.len();
        if len >= 2 && self.cells[len - 2] == cell {
            self.retract();
            return Step::Retracted;
        }
        if self.contains(cell) || self.last().is_some_and(|end| !end.touches(cell)) {
            return Step::Refused;
        }
        if self.cells.push(cell).is_err() {
            return Step::Refused;
        }
        let i = cell.index();
        self.visited[i >> 5] |= 1 << (i & 31);
        Step::Drawn
    }

    /// Take back the last cell (the whole stroke once only one is left).
    pub fn retract(&mut self) {
        if let Some(cell) = self.cells.pop() {
            let i = cell.index();
            self.visited[i >> 5] &= !(1 << (i & 31));
        }
    }

    pub fn clear(&mut self) {
        self.cells.clear();
        self.visited = [0; 4];
    }

    /// How the stroke joins at cell `i`: one bit per neighbour on the stroke
    /// next to it (1 up, 2 right, 4 down, 8 left), for drawing its segments.
    #[must_use]
    pub fn links(&self, i: usize) -> u8 {
        let Some(&cell) = self.cells.get(i) else {
            return 0;
        };
        let mut links = 0;
        for neighbour in [i.checked_sub(1), Some(i + 1)].into_iter().flatten() {
            if let Some(&other) = self.cells.get(neighbour) {
                links |= direction(cell, other);
            }
        }
        links
    }

    /// The board after the stroke flips every tile it covers.
    #[must_use]
    pub fn applied(&self, board: &Board) -> Board {
        let mut after = *board;
        for &cell in &self.cells {
            after.flip(cell);
        }
        after
    }
}

/// Bytes of a [`PackedStroke`]'s steps: two bits a step.
const PACKED_STEP_BYTES: usize = (MAX_CELLS - 1).div_ceil(4);

/// A stroke in a few bytes, to keep while the window is closed: its first
/// cell, then two bits a step (up, right, down, left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedStroke {
    first: Option<Cell>,
    steps: u8,
    directions: [u8; PACKED_STEP_BYTES],
}

impl Default for PackedStroke {
    fn default() -> Self {
        Self {
            first: None,
            steps: 0,
            directions: [0; PACKED_STEP_BYTES],
        }
    }
}

/// Bytes of [`PackedStroke::to_bytes`].
pub const PACKED_STROKE_BYTES: usize = 2 + PACKED_STEP_BYTES;

impl PackedStroke {
    /// As bytes, to keep across power-off: the first cell (0xFF: none),
    /// the step count, the steps.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; PACKED_STROKE_BYTES] {
        let mut bytes = [0u8; PACKED_STROKE_BYTES];
        bytes[0] = self.first.map_or(0xFF, |cell| cell.y << 4 | cell.x & 15);
        bytes[1] = self.steps;
        bytes[2..].copy_from_slice(&self.directions);
        bytes
    }

    /// What [`Self::to_bytes`] gave; `None` for another length. Any bytes
    /// of the right length are a packed stroke: `unpack` keeps only what
    /// is a stroke on its board.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let bytes: &[u8; PACKED_STROKE_BYTES] = bytes.try_into().ok()?;
        let first = (bytes[0] != 0xFF).then(|| Cell::new(bytes[0] >> 4, bytes[0] & 15));
        let mut directions = [0u8; PACKED_STEP_BYTES];
        directions.copy_from_slice(&bytes[2..]);
        Some(Self {
            first,
            steps: bytes[1],
            directions,
        })
    }

    #[must_use]
    pub fn of(stroke: &Stroke) -> Self {
        let mut packed = Self {
            first: stroke.first(),
            ..Self::default()
        };
        for pair in stroke.cells().windows(2) {
            let code = match direction(pair[0], pair[1]) {
                1 => 0,
                2 => 1,
                4 => 2,
                _ => 3,
            };
            let index = usize::from(packed.steps);
            packed.directions[index / 4] |= code << (2 * (index % 4));
            packed.steps += 1;
        }
        packed
    }

    /// The stroke on `board`, as far as its steps make one (steps off the
    /// board or onto the stroke end it early: a packed stroke kept for
    /// another board never gives an invalid one).
    #[must_use]
    pub fn unpack(&self, board: &Board) -> Stroke {
        let mut stroke = Stroke::new();
        let Some(mut cell) = self.first else {
            return stroke;
        };
        if stroke.step(board, cell) != Step::Drawn {
            return stroke;
        }
        for index in 0..usize::from(self.steps).min(MAX_CELLS - 1) {
            let code = self.directions[index / 4] >> (2 * (index % 4)) & 3;
            let next = match code {
                0 if cell.y > 0 => Cell::new(cell.y - 1, cell.x),
                1 => Cell::new(cell.y, cell.x + 1),
                2 => Cell::new(cell.y + 1, cell.x),
                3 if cell.x > 0 => Cell::new(cell.y, cell.x - 1),
                _ => break,
            };
            // A step back onto the cell before is a retraction, never drawn.
            if stroke.len() >= 2 && stroke.cells()[stroke.len() - 2] == next {
                break;
            }
            if stroke.step(board, next) != Step::Drawn {
                break;
            }
            cell = next;
        }
        stroke
    }
}

/// The link bit from `from` towards its neighbour `to` (0 if not neighbours).
#[must_use]
pub const fn direction(from: Cell, to: Cell) -> u8 {
    if to.y + 1 == from.y && to.x == from.x {
        1
    } else if to.x == from.x + 1 && to.y == from.y {
        2
    } else if to.y == from.y + 1 && to.x == from.x {
        4
    } else if to.x + 1 == from.x && to.y == from.y {
        8
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::new(3, 3).unwrap()
    }

    #[test]
    fn packed_strokes_come_back_and_garbage_stays_valid() {
        let mut rng = shared::random::Rng::new(77);
        let board = Board::new(8, 8).unwrap();
        for _ in 0..2_000 {
            // A random self-avoiding walk.
            let mut stroke = Stroke::new();
            let mut cell = Cell::new(rng.below(10) as u8, rng.below(10) as u8);
            stroke.step(&board, cell);
            for _ in 0..rng.below(120) {
                let next = match rng.below(4) {
                    0 => Cell::new(cell.y.wrapping_sub(1), cell.x),
                    1 => Cell::new(cell.y, cell.x + 1),
                    2 => Cell::new(cell.y + 1, cell.x),
                    _ => Cell::new(cell.y, cell.x.wrapping_sub(1)),
                };
                if !stroke.contains(next) && stroke.step(&board, next) == Step::Drawn {
                    cell = next;
                }
            }
            assert_eq!(PackedStroke::of(&stroke).unpack(&board), stroke);
            // As bytes and back, the same.
            let packed = PackedStroke::of(&stroke);
            assert_eq!(PackedStroke::from_bytes(&packed.to_bytes()), Some(packed));
            // Any bytes: a valid stroke (every step checked), never a panic.
            let garbage = PackedStroke {
                first: Some(Cell::new(rng.below(12) as u8, rng.below(12) as u8)),
                steps: rng.below(256) as u8,
                directions: core::array::from_fn(|_| rng.below(256) as u8),
            };
            let unpacked = garbage
                .unpack(&Board::new(1 + rng.below(8) as u8, 1 + rng.below(8) as u8).unwrap());
            assert!(
                unpacked
                    .cells()
                    .windows(2)
                    .all(|pair| pair[0].touches(pair[1]))
            );
        }
        assert!(PackedStroke::default().unpack(&board).is_empty());
        assert_eq!(
            PackedStroke::from_bytes(&PackedStroke::default().to_bytes()),
            Some(PackedStroke::default())
        );
        assert_eq!(
            PackedStroke::from_bytes(&[0; PACKED_STROKE_BYTES - 1]),
            None
        );
    }

    #[test]
    fn steps_must_touch_and_never_revisit() {
        let board = board();
        let mut stroke = Stroke::new();
        assert_eq!(stroke.step(&board, Cell::new(0, 0)), Step::Drawn);
        assert_eq!(stroke.step(&board, Cell::new(1, 1)), Step::Refused);
        assert_eq!(stroke.step(&board, Cell::new(0, 1)), Step::Drawn);
        assert_eq!(stroke.step(&board, Cell::new(1, 1)), Step::Drawn);
        assert_eq!(stroke.step(&board, Cell::new(1, 0)), Step::Drawn);
        // (0, 0) is on the stroke and not the cell before the end.
        assert_eq!(stroke.step(&board, Cell::new(0, 0)), Step::Refused);
        assert_eq!(stroke.step(&board, Cell::new(5, 0)), Step::Refused);
        assert_eq!(stroke.len(), 4);
    }

    #[test]
    fn stepping_back_retracts() {
        let board = board();
        let mut stroke = Stroke::new();
        for cell in [Cell::new(1, 1), Cell::new(1, 2), Cell::new(2, 2)] {
            stroke.step(&board, cell);
        }
        assert_eq!(stroke.step(&board, Cell::new(1, 2)), Step::Retracted);
        assert_eq!(stroke.last(), Some(Cell::new(1, 2)));
        assert!(!stroke.contains(Cell::new(2, 2)));
        assert_eq!(stroke.step(&board, Cell::new(2, 2)), Step::Drawn);
    }

    #[test]
    fn links_name_the_neighbours_on_the_stroke() {
        let board = board();
        let cells = [Cell::new(1, 1), Cell::new(1, 2), Cell::new(2, 2)];
        let stroke = Stroke::from_cells(&board, &cells).unwrap();
        assert_eq!(stroke.links(0), 2);
        assert_eq!(stroke.links(1), 8 | 4);
        assert_eq!(stroke.links(2), 1);
        assert_eq!(stroke.links(3), 0);
    }

    #[test]
    fn applying_flips_tiles_only() {
        let board = board();
        let cells = [Cell::new(0, 1), Cell::new(1, 1), Cell::new(1, 2)];
        let after = Stroke::from_cells(&board, &cells).unwrap().applied(&board);
        assert_eq!(after.row(0), 0b011);
        assert_eq!(after.mixed_rows(), 0b001);
    }
}
