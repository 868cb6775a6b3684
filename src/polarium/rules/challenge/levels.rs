//! How long Challenge's levels are and how fast their blocks fall.

pub const LEVELS: u8 = 10;
pub const LINES_PER_LEVEL: u16 = 100;
pub const TOTAL_LINES: u16 = LEVELS as u16 * LINES_PER_LEVEL;

/// How far the falling block moves each frame, level by level, in
/// 1/`SUB_ROWS` of a row (so a row takes `SUB_ROWS / speed` frames). The
/// strokes grow longer with the levels too, so the fall speeds up gently.
pub const FALL_SPEED: [u16; LEVELS as usize] = [32, 34, 36, 38, 40, 42, 44, 47, 50, 54];
