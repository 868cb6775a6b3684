//! A game under way as bytes, to be kept across power-off and carried on
//! later exactly as it would have gone.
//!
//! What is kept is what the game needs to go on: the field, the falling
//! block and how far it has fallen, the next block, the dealer, the level,
//! lines, score and combo. The stroke being drawn is not (the player lets
//! go when the game stops), nor is the hurry (a button held) or the
//! warning (it follows from the stack and the falling block). A game that
//! has ended is not a game under way: it is never kept.

use super::{
    Block, COMBO_FRAMES, Challenge, FIELD_ROWS, FieldStroke, LEVELS, LINES_PER_LEVEL, SUB_ROWS,
    TOTAL_LINES,
    patterns::{BLOCK_MAX_ROWS, FIRST},
};
use shared::random::Rng;

/// Bytes of a kept game.
pub const KEPT_BYTES: usize = 42;

const ROWS: usize = FIELD_ROWS as usize;
const BLOCK_BYTES: usize = BLOCK_MAX_ROWS + 1;

/// Where each part starts.
const STACK: usize = ROWS;
const FALLING: usize = STACK + 1;
const DESCENT: usize = FALLING + BLOCK_BYTES;
const NEXT: usize = DESCENT + 2;
const LAST_PATTERN: usize = NEXT + BLOCK_BYTES;
const RNG: usize = LAST_PATTERN + 2;
const LEVEL: usize = RNG + 4;
const START_LEVEL: usize = LEVEL + 1;
const LINES: usize = START_LEVEL + 1;
const POINTS: usize = LINES + 2;
const COMBO: usize = POINTS + 4;
const COMBO_FRAMES_AT: usize = COMBO + 1;
const BLOCKS_SINCE_EMPTY: usize = COMBO_FRAMES_AT + 1;
const _: () = assert!(BLOCKS_SINCE_EMPTY + 1 == KEPT_BYTES);

impl Challenge {
    /// The game as bytes; `None` once it has ended.
    #[must_use]
    pub fn to_kept(&self) -> Option<[u8; KEPT_BYTES]> {
        if self.ending.is_some() {
            return None;
        }
        let mut bytes = [0; KEPT_BYTES];
        bytes[..ROWS].copy_from_slice(&self.rows);
        bytes[STACK] = self.stack;
        put_block(&mut bytes[FALLING..DESCENT], &self.falling);
        bytes[DESCENT..NEXT].copy_from_slice(&self.descent.to_le_bytes());
        put_block(&mut bytes[NEXT..LAST_PATTERN], &self.next);
        bytes[LAST_PATTERN..RNG].copy_from_slice(&self.last_pattern.to_le_bytes());
        bytes[RNG..LEVEL].copy_from_slice(&self.rng.state().to_le_bytes());
        bytes[LEVEL] = self.level;
        bytes[START_LEVEL] = self.start_level;
        bytes[LINES..POINTS].copy_from_slice(&self.lines.to_le_bytes());
        bytes[POINTS..COMBO].copy_from_slice(&self.points.to_le_bytes());
        bytes[COMBO] = self.combo;
        bytes[COMBO_FRAMES_AT] = self.combo_frames;
        bytes[BLOCKS_SINCE_EMPTY] = self.blocks_since_empty;
        Some(bytes)
    }

    /// The game `to_kept` made `bytes` from, with no stroke and no hurry;
    /// `None` for bytes no game under way could have made (a field with
    /// holes, a block too tall, a level its lines do not reach, a combo
    /// with no window...), so a damaged save never gives a broken game.
    #[must_use]
    pub fn from_kept(bytes: &[u8]) -> Option<Self> {
        let bytes: &[u8; KEPT_BYTES] = bytes.try_into().ok()?;
        let mut rows = [0; ROWS];
        rows.copy_from_slice(&bytes[..ROWS]);
        let stack = bytes[STACK];
        let top = usize::from(FIELD_ROWS.checked_sub(stack)?);
        if rows[..top].iter().any(|&row| row != 0) {
            return None;
        }
        let falling = take_block(&bytes[FALLING..DESCENT])?;
        let next = take_block(&bytes[NEXT..LAST_PATTERN])?;
        let descent = u16::from_le_bytes([bytes[DESCENT], bytes[DESCENT + 1]]);
        if descent > u16::from(FIELD_ROWS - stack) * SUB_ROWS {
            return None;
        }
        let level = bytes[LEVEL];
        let start_level = bytes[START_LEVEL];
        if !(1..=LEVELS).contains(&level) || !(1..=level).contains(&start_level) {
            return None;
        }
        let last_pattern = u16::from_le_bytes([bytes[LAST_PATTERN], bytes[LAST_PATTERN + 1]]);
        let dealt = FIRST[usize::from(level) - 1]..FIRST[usize::from(level)];
        if !dealt.contains(&last_pattern) {
            return None;
        }
        let lines = u16::from_le_bytes([bytes[LINES], bytes[LINES + 1]]);
        let lines_in_level = lines.checked_sub(u16::from(level - 1) * LINES_PER_LEVEL)?;
        if lines >= TOTAL_LINES || (level < LEVELS && lines_in_level >= LINES_PER_LEVEL) {
            return None;
        }
        let combo = bytes[COMBO];
        let combo_frames = bytes[COMBO_FRAMES_AT];
        if combo_frames > COMBO_FRAMES || (combo == 0) != (combo_frames == 0) {
            return None;
        }
        let mut rng_state = [0; 4];
        rng_state.copy_from_slice(&bytes[RNG..LEVEL]);
        let mut points = [0; 4];
        points.copy_from_slice(&bytes[POINTS..COMBO]);
        Some(Self {
            rows,
            stack,
            falling,
            descent,
            next,
            last_pattern,
            stroke: FieldStroke::new(),
            rng: Rng::new(u32::from_le_bytes(rng_state)),
            level,
            start_level,
            lines,
            lines_in_level,
            points: u32::from_le_bytes(points),
            combo,
            combo_frames,
            blocks_since_empty: bytes[BLOCKS_SINCE_EMPTY],
            warning: Self::is_threatened(stack, &falling, &next),
            hurry: false,
            ending: None,
        })
    }
}

fn put_block(bytes: &mut [u8], block: &Block) {
    bytes[..BLOCK_MAX_ROWS].copy_from_slice(&block.rows);
    bytes[BLOCK_MAX_ROWS] = block.height;
}

/// A block of 1 to [`BLOCK_MAX_ROWS`] rows, those past its height empty.
fn take_block(bytes: &[u8]) -> Option<Block> {
    let height = bytes[BLOCK_MAX_ROWS];
    if !(1..=BLOCK_MAX_ROWS as u8).contains(&height)
        || bytes[usize::from(height)..BLOCK_MAX_ROWS]
            .iter()
            .any(|&row| row != 0)
    {
        return None;
    }
    let mut rows = [0; BLOCK_MAX_ROWS];
    rows.copy_from_slice(&bytes[..BLOCK_MAX_ROWS]);
    Some(Block { rows, height })
}
