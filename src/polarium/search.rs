//! The solver at work on the cartridge, spread over frames: its memory is
//! cleared a slice at a time, then it expands states and reads its solution
//! back the same way. While the player waits for the answer (a check, a
//! hint) it fills each frame up to a line of the display; in the background
//! (rating, recalling a hint while the player plays) it takes a small slice.

use alloc::boxed::Box;
use core::{alloc::Layout, ptr::NonNull};

use super::rules::{
    Puzzle,
    solver::{Progress, RomSpace, Solver},
};
use crate::framework::frame_time::FrameFiller;

/// Solver states expanded per frame in the background: few enough to leave
/// the frame to the game (`just bench` measures `polarium.solve.per_frame`).
pub const STATES_PER_FRAME: u32 = 64;
/// States between looks at the clock while the player waits.
const STATES_PER_SLICE: u32 = 64;
/// Bytes of the solver's memory cleared per frame in the background (EWRAM is
/// slow to write, so clearing is paced like the search), and per look at the
/// clock while the player waits.
const ZERO_BYTES_PER_FRAME: usize = 24 * 1024;
const ZERO_BYTES_PER_SLICE: usize = 8 * 1024;

/// What a search is after, which decides the solver it runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// One stroke, found fast (depth first).
    Stroke,
    /// The puzzle's difficulty (the layered scan's states).
    Rating,
}

/// How much of each frame a search may take.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pace {
    /// The player waits for the answer: fill the frame (see [`FrameFiller`]).
    Waiting,
    /// The answer shows on screen while the player plays on (an endless
    /// puzzle's tier): fill the frame too, with nothing said about it.
    Eager,
    /// The player plays on: a small slice a frame.
    Background,
}

/// A solve in progress. The solver is boxed so that a frame's step moves
/// pointers, not the solver, through the small IWRAM stack.
pub enum Search {
    /// Its memory being cleared.
    Clearing {
        memory: Zeroing,
        puzzle: Puzzle,
        goal: Goal,
    },
    Solving {
        solver: Box<Solver>,
        space: Box<RomSpace>,
    },
}

/// What a frame of searching came to (a stroke when done: the large variant,
/// made once).
#[allow(clippy::large_enum_variant)]
pub enum Searched {
    /// Still at it: percent done.
    Working(u32),
    /// The answer, and the states it took (the solver's effort).
    Done(Progress, u32),
}

impl Search {
    /// `None` if the heap has no room for the solver now.
    pub fn start(puzzle: &Puzzle, goal: Goal) -> Option<Self> {
        Some(Self::Clearing {
            memory: Zeroing::start()?,
            puzzle: *puzzle,
            goal,
        })
    }

    /// One frame's work at `pace`. Waiting, the frame the memory is clear in
    /// ends there, as the solver's first steps (its rule tables) are its
    /// longest.
    pub fn step(mut self, pace: Pace) -> (Option<Self>, Searched) {
        if pace == Pace::Background {
            return self.slice(STATES_PER_FRAME, ZERO_BYTES_PER_FRAME);
        }
        let mut frame = FrameFiller::start();
        // The board and the panel draw after the search, as the frame has room.
        crate::framework::frame_time::draw_after_work();
        loop {
            let clearing = matches!(self, Self::Clearing { .. });
            let (next, searched) =
                frame.slice(|| self.slice(STATES_PER_SLICE, ZERO_BYTES_PER_SLICE));
            let cleared_now = clearing && matches!(next, Some(Self::Solving { .. }));
            match next {
                Some(next) if !cleared_now && frame.has_room() => self = next,
                next => return (next, searched),
            }
        }
    }

    /// Up to `states` states of solving, or `bytes` of clearing.
    fn slice(self, states: u32, bytes: usize) -> (Option<Self>, Searched) {
        match self {
            Self::Clearing {
                memory,
                puzzle,
                goal,
            } => match memory.step(bytes) {
                Err(memory) => (
                    Some(Self::Clearing {
                        memory,
                        puzzle,
                        goal,
                    }),
                    Searched::Working(0),
                ),
                Ok(mut space) => {
                    let solver = boxed_solver(&puzzle, goal, &mut space);
                    (Some(Self::Solving { solver, space }), Searched::Working(0))
                }
            },
            Self::Solving {
                mut solver,
                mut space,
            } => match solver.step(&mut space, states) {
                Progress::Working { scanned, total } => {
                    let percent = u32::from(scanned) * 100 / u32::from(total.max(1));
                    (
                        Some(Self::Solving { solver, space }),
                        Searched::Working(percent),
                    )
                }
                done => {
                    crate::event!(
                        "polarium.solver result={} states={}",
                        outcome(&done),
                        solver.states()
                    );
                    (None, Searched::Done(done, solver.states()))
                }
            },
        }
    }
}

/// The cartridge's solver for `goal` (see [`Solver::start`] and
/// [`Solver::new`]) built straight into its box, in a stack frame of its own.
#[inline(never)]
pub fn boxed_solver(puzzle: &Puzzle, goal: Goal, space: &mut RomSpace) -> Box<Solver> {
    match goal {
        Goal::Stroke => Box::new(Solver::start(puzzle, space)),
        Goal::Rating => Box::new(Solver::new(puzzle, space)),
    }
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

    /// Clear the next `bytes`; the memory once all of it is clear.
    fn step(mut self, bytes: usize) -> Result<Box<RomSpace>, Self> {
        let size = Self::LAYOUT.size();
        let count = bytes.min(size - self.done);
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
