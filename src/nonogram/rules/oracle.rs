//! Slow, obviously-right references for the tests: every placement of a
//! line's clues is listed and checked one by one.

extern crate std;

use std::vec::Vec;

use super::clues::Clues;
use super::hint_guide::Greying;
use super::line::Line;

/// One placement: where each clue's run starts.
pub type Starts = Vec<u8>;

/// Every placement of `clues` on `len` cells, in no particular order.
pub fn placements(len: usize, clues: &[u8]) -> Vec<Starts> {
    fn place(len: usize, clues: &[u8], from: usize, starts: &mut Starts, out: &mut Vec<Starts>) {
        let Some((&first, rest)) = clues.split_first() else {
            out.push(starts.clone());
            return;
        };
        let first = usize::from(first);
        let mut start = from;
        while start + first <= len {
            starts.push(start as u8);
            place(len, rest, start + first + 1, starts, out);
            starts.pop();
            start += 1;
        }
    }
    let mut out = Vec::new();
    place(len, clues, 0, &mut Vec::new(), &mut out);
    out
}

/// The cells a placement covers.
pub fn covered(starts: &[u8], clues: &[u8]) -> u32 {
    starts
        .iter()
        .zip(clues)
        .map(|(&start, &run)| ((1u32 << run) - 1) << start)
        .fold(0, |cells, run| cells | run)
}

/// Whether a placement covering `cells` agrees with the line's marks.
pub fn agrees(line: Line, cells: u32) -> bool {
    cells & line.filled() == line.filled() && cells & line.crossed() == 0
}

/// The closed blocks of a line, as (first cell, length): runs of filled cells
/// with a cross or an edge on each side. The line is padded with a cross at
/// each end, as the Pico² devlog does, so the edges need no special case.
pub fn closed_blocks(line: Line) -> Vec<(usize, usize)> {
    let mut padded = Vec::from([2u8]);
    padded.extend((0..line.len()).map(|i| match line.cell(i) {
        super::line::Cell::Empty => 0,
        super::line::Cell::Filled => 1,
        super::line::Cell::Crossed => 2,
    }));
    padded.push(2);
    let mut blocks = Vec::new();
    let mut i = 1;
    while i < padded.len() - 1 {
        if padded[i] == 1 {
            let start = i;
            while padded[i] == 1 {
                i += 1;
            }
            if padded[start - 1] == 2 && padded[i] == 2 {
                blocks.push((start - 1, i - start));
            }
        } else {
            i += 1;
        }
    }
    blocks
}

/// The devlog's hint guide applied to the full list of placements.
pub fn grey_by_enumeration(line: Line, clues: &Clues, all: &[Starts]) -> Greying {
    let numbers = clues.as_slice();
    let agreeing: Vec<&Starts> = all
        .iter()
        .filter(|starts| agrees(line, covered(starts, numbers)))
        .collect();
    if agreeing.is_empty() {
        return Greying {
            greyed: 0,
            complete: false,
            contradiction: true,
        };
    }
    if Clues::of_cells(line.filled()) == *clues {
        return Greying {
            greyed: (1 << numbers.len()) - 1,
            complete: true,
            contradiction: false,
        };
    }
    let mut greyed = 0;
    for (start, len) in closed_blocks(line) {
        let mut can_be = 0u16;
        for (j, &run) in numbers.iter().enumerate() {
            if usize::from(run) == len
                && agreeing
                    .iter()
                    .any(|starts| usize::from(starts[j]) == start)
            {
                can_be |= 1 << j;
            }
        }
        if can_be.count_ones() == 1 {
            greyed |= can_be;
        }
    }
    Greying {
        greyed,
        complete: false,
        contradiction: false,
    }
}

/// Cells every agreeing placement covers and cells none covers, or `None`
/// when no placement agrees.
pub fn forced_by_enumeration(line: Line, clues: &[u8], all: &[Starts]) -> Option<(u32, u32)> {
    let mut always = u32::MAX;
    let mut ever = 0;
    let mut any = false;
    for starts in all {
        let cells = covered(starts, clues);
        if agrees(line, cells) {
            any = true;
            always &= cells;
            ever |= cells;
        }
    }
    let all_cells = super::line::cells_mask(line.len());
    any.then_some((always & all_cells, !ever & all_cells))
}
