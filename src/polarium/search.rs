//! The solver at work on the cartridge, spread over frames: its memory is
//! cleared a slice a frame, then it expands a few dozen states a frame and
//! reads its solution back the same way, so no frame runs long.

use alloc::boxed::Box;
use core::{alloc::Layout, ptr::NonNull};

use super::rules::{
    Puzzle,
    solver::{Progress, RomSpace, Solver},
};

/// Solver states expanded per frame (each a few hundred cycles).
pub const STATES_PER_FRAME: u32 = 64;
/// Bytes of the solver's memory cleared per frame (EWRAM: ~1.5 cycles a byte).
const ZERO_BYTES_PER_FRAME: usize = 24 * 1024;

/// A solve in progress. The solver is boxed so that a frame's step moves
/// pointers, not the solver, through the small IWRAM stack.
pub enum Search {
    /// Its memory being cleared.
    Clearing { memory: Zeroing, puzzle: Puzzle },
    Solving {
        solver: Box<Solver>,
        space: Box<RomSpace>,
    },
}

/// What a frame of searching came to (a stroke when done: a few hundred
/// bytes, once).
#[allow(clippy::large_enum_variant)]
pub enum Searched {
    /// Still at it: percent done.
    Working(u32),
    /// The answer, and the states it took (the solver's effort).
    Done(Progress, u32),
}

impl Search {
    /// `None` if the heap has no room for the solver now.
    pub fn start(puzzle: &Puzzle) -> Option<Self> {
        Some(Self::Clearing {
            memory: Zeroing::start()?,
            puzzle: *puzzle,
        })
    }

    /// One frame's work.
    pub fn step(self) -> (Option<Self>, Searched) {
        match self {
            Self::Clearing { memory, puzzle } => match memory.step() {
                Err(memory) => (Some(Self::Clearing { memory, puzzle }), Searched::Working(0)),
                Ok(mut space) => {
                    let solver = boxed_solver(&puzzle, &mut space);
                    (Some(Self::Solving { solver, space }), Searched::Working(0))
                }
            },
            Self::Solving {
                mut solver,
                mut space,
            } => match solver.step(&mut space, STATES_PER_FRAME) {
                Progress::Working { scanned, total } => {
                    let percent = u32::from(scanned) * 100 / u32::from(total.max(1));
                    (Some(Self::Solving { solver, space }), Searched::Working(percent))
                }
                done => {
                    crate::event!("polarium.solver states={} result={}", solver.states(), outcome(&done));
                    (None, Searched::Done(done, solver.states()))
                }
            },
        }
    }
}

/// The cartridge's solver (see [`Solver::start`]) built straight into its
/// box, in a stack frame of its own.
#[inline(never)]
pub fn boxed_solver(puzzle: &Puzzle, space: &mut RomSpace) -> Box<Solver> {
    Box::new(Solver::start(puzzle, space))
}

/// A word for the event log.
fn outcome(progress: &Progress) -> &'static str {
    match progress {
        Progress::Working { .. } => "working",
        Progress::Solved(_) => "solved",
        Progress::Solvable { .. } => "solvable",
        Progress::Unsolvable => "unsolvable",
        Progress::OutOfSpace => "out_of_space",
    }
}

/// The solver's memory on the heap, zeroed a slice at a time (zeroed bytes
/// are a valid empty `Space`).
pub struct Zeroing {
    block: NonNull<u8>,
    done: usize,
}

impl Zeroing {
    const LAYOUT: Layout = Layout::new::<RomSpace>();

    /// `None` if the heap has no room.
    fn start() -> Option<Self> {
        // SAFETY: the layout's size is not zero.
        let block = unsafe { alloc::alloc::alloc(Self::LAYOUT) };
        NonNull::new(block).map(|block| Self { block, done: 0 })
    }

    /// Clear the next slice; the memory once all of it is clear.
    fn step(mut self) -> Result<Box<RomSpace>, Self> {
        let size = Self::LAYOUT.size();
        let count = ZERO_BYTES_PER_FRAME.min(size - self.done);
        // SAFETY: `done + count <= size`, inside the block we allocated.
        unsafe { self.block.as_ptr().add(self.done).write_bytes(0, count) };
        self.done += count;
        if self.done < size {
            return Err(self);
        }
        let block = self.block.cast::<RomSpace>();
        core::mem::forget(self);
        // SAFETY: allocated with `RomSpace`'s layout and every byte is now
        // zero, which is a valid `RomSpace` (integer arrays only); the Box
        // takes over the block (`forget` above skips our own free).
        Ok(unsafe { Box::from_raw(block.as_ptr()) })
    }
}

impl Drop for Zeroing {
    fn drop(&mut self) {
        // SAFETY: allocated in `start` with this layout, not yet handed on.
        unsafe { alloc::alloc::dealloc(self.block.as_ptr(), Self::LAYOUT) };
    }
}
