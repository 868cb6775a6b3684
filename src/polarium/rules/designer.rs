//! Boards made the way Polarium's designers make them, for the solver's
//! tests and `just bench`: one long winding stroke (about two thirds of the
//! ringed grid's cells) drawn over a board of one-colour rows, its tiles
//! flipped, and its two ends published as the hints. Such boards often have
//! a great many solutions from those hints, which is what a solver that
//! counts strokes finds hardest and a player meets in every real puzzle set.
//!
//! The walk grows one cell at a time, preferring (three times in four) the
//! free neighbour with the fewest free neighbours of its own, so it winds
//! along walls and its own body instead of boxing itself in; a walk stuck
//! short of its length is thrown away. Its ends are then cut back to tiles.

use super::board::{Board, Cell, MAX_RING, MAX_SIDE, Puzzle};
use super::stroke::{MAX_CELLS, Stroke};
use shared::random::Rng;

/// A designer-style puzzle and the stroke it was drawn with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Designed {
    pub puzzle: Puzzle,
    pub stroke: Stroke,
}

/// The sizes designers use most, widest first: 8x8, 8 across by 5 down,
/// 6 across by 8 down, and 7x7.
pub const SIZES: [(u8, u8); 4] = [(8, 8), (8, 5), (6, 8), (7, 7)];

/// Stroke lengths in cells, as a share of the ringed grid: 40 to 75 of an
/// 8x8's 100 cells.
const SHORTEST_PERCENT: usize = 40;
const LONGEST_PERCENT: usize = 75;

/// Walks tried per board before giving up (a long walk on a small board
/// gets stuck now and then).
const TRIES: u32 = 200;

/// A designer-style board of `width` x `height` tiles from `rng`; `None`
/// only if no walk of a designer's length was found in [`TRIES`] tries.
#[must_use]
pub fn designed(rng: &mut Rng, width: u8, height: u8) -> Option<Designed> {
    let board = Board::new(width, height)?;
    let (ring_width, ring_height) = (usize::from(width) + 2, usize::from(height) + 2);
    let ringed = ring_width * ring_height;
    let shortest = ringed * SHORTEST_PERCENT / 100;
    let longest = (ringed * LONGEST_PERCENT / 100).min(MAX_CELLS);
    for _ in 0..TRIES {
        let length = shortest + rng.below((longest - shortest + 1) as u32) as usize;
        let Some(cells) = walk(rng, &board, length) else {
            continue;
        };
        // Ends on tiles, as the hints of real puzzles mostly are.
        let first = cells.iter().position(|&cell| board.is_tile(cell))?;
        let last = cells.iter().rposition(|&cell| board.is_tile(cell))?;
        let cells = &cells[first..=last];
        if cells.len() < shortest {
            continue;
        }
        let mut rows = [0u8; MAX_SIDE as usize];
        for row in rows.iter_mut().take(usize::from(height)) {
            let black = rng.below(2) == 1;
            *row = if black { board.row_mask() } else { 0 };
        }
        let uniform = Board::from_rows(width, height, rows)?;
        let stroke = Stroke::from_cells(&uniform, cells)?;
        let flipped = stroke.applied(&uniform);
        if flipped.is_solved() {
            continue;
        }
        let hints = Some((cells[0], cells[cells.len() - 1]));
        return Some(Designed {
            puzzle: Puzzle {
                board: flipped,
                hints,
            },
            stroke,
        });
    }
    None
}

/// A self-avoiding walk of exactly `length` cells over the ringed grid,
/// from a random tile; `None` if it got stuck first.
fn walk(rng: &mut Rng, board: &Board, length: usize) -> Option<heapless::Vec<Cell, MAX_CELLS>> {
    let (ring_width, ring_height) = (board.ring_width(), board.ring_height());
    let mut taken = [[false; MAX_RING as usize]; MAX_RING as usize];
    let free_neighbours = |taken: &[[bool; MAX_RING as usize]; MAX_RING as usize], cell: Cell| {
        let mut free: heapless::Vec<Cell, 4> = heapless::Vec::new();
        let (y, x) = (cell.y, cell.x);
        for (dy, dx) in [(-1i8, 0i8), (1, 0), (0, -1), (0, 1)] {
            let (ny, nx) = (y as i8 + dy, x as i8 + dx);
            if ny < 0 || nx < 0 || ny >= ring_height as i8 || nx >= ring_width as i8 {
                continue;
            }
            if !taken[ny as usize][nx as usize] {
                let _ = free.push(Cell::new(ny as u8, nx as u8));
            }
        }
        free
    };
    let start = Cell::new(
        1 + rng.below(u32::from(board.height())) as u8,
        1 + rng.below(u32::from(board.width())) as u8,
    );
    let mut cells: heapless::Vec<Cell, MAX_CELLS> = heapless::Vec::new();
    let mut at = start;
    loop {
        taken[usize::from(at.y)][usize::from(at.x)] = true;
        cells.push(at).ok()?;
        if cells.len() == length {
            return Some(cells);
        }
        let options = free_neighbours(&taken, at);
        if options.is_empty() {
            return None;
        }
        at = if rng.below(4) == 0 {
            options[rng.below(options.len() as u32) as usize]
        } else {
            // The most cramped option; ties broken at random.
            let onward = |cell: Cell| free_neighbours(&taken, cell).len();
            let fewest = options.iter().map(|&cell| onward(cell)).min()?;
            let cramped: heapless::Vec<Cell, 4> = options
                .iter()
                .copied()
                .filter(|&cell| onward(cell) == fewest)
                .collect();
            cramped[rng.below(cramped.len() as u32) as usize]
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designed_boards_are_solved_by_their_stroke_from_its_ends() {
        let mut rng = Rng::new(7);
        for &(width, height) in &SIZES {
            for _ in 0..200 {
                let designed = designed(&mut rng, width, height).expect("a board");
                let cells = designed.stroke.cells();
                let ringed = (usize::from(width) + 2) * (usize::from(height) + 2);
                assert!(
                    cells.len() >= ringed * SHORTEST_PERCENT / 100,
                    "{}",
                    cells.len()
                );
                assert!(cells.len() <= ringed * LONGEST_PERCENT / 100);
                let board = designed.puzzle.board;
                assert!(!board.is_solved());
                assert!(designed.stroke.applied(&board).is_solved());
                assert_eq!(
                    designed.puzzle.hints,
                    Some((cells[0], cells[cells.len() - 1]))
                );
                assert!(board.is_tile(cells[0]) && board.is_tile(cells[cells.len() - 1]));
            }
        }
    }
}
