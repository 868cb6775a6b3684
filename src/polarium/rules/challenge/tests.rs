use std::println;
use std::vec::Vec;

use proptest::prelude::*;

use super::kept::KEPT_BYTES;
use super::*;

// ---------------------------------------------------------------------------
// A stroke search: the proof that patterns clear, and the bot's eyes.

/// Cells across a search region: the ringed grid's width.
const W: usize = RING_WIDTH as usize;

/// A single stroke that turns over exactly the tiles `targets` marks
/// (bit `x` = column `x`) in the `targets.len()` field rows whose top one is
/// at ringed row `top_y`, using besides them only the ring beside those rows
/// and the row just above them (an empty row or the top ring): never the
/// rows below, which hold other tiles in play. Ringed cells, start first.
/// Free cells at either end of a stroke do nothing, so strokes start and end
/// on targets. `budget` bounds the nodes searched.
fn stroke_for(top_y: u8, targets: &[u8], budget: &mut u32) -> Option<Vec<Cell>> {
    search(top_y, targets, true, budget)
}

/// [`stroke_for`], with the row above the targets allowed or not.
fn search(top_y: u8, targets: &[u8], above: bool, budget: &mut u32) -> Option<Vec<Cell>> {
    let k = targets.len();
    assert!((1..=BLOCK_MAX_ROWS).contains(&k) && top_y >= 1);
    let side = 1u64 | 1 << (W - 1);
    let mut free = if above { (1u64 << W) - 1 } else { 0 };
    let mut wanted = 0u64;
    for (r, &row) in targets.iter().enumerate() {
        free |= side << ((r + 1) * W);
        wanted |= u64::from(row) << ((r + 1) * W + 1);
    }
    let region = Region {
        rows: k + 1,
        allowed: free | wanted,
    };
    let mut path = Vec::new();
    for start in 0..region.rows * W {
        if wanted >> start & 1 == 1 {
            path.clear();
            path.push(start);
            if region.walk(&mut path, 1 << start, wanted & !(1 << start), budget) {
                return Some(
                    path.iter()
                        .map(|&i| Cell::new(top_y - 1 + (i / W) as u8, (i % W) as u8))
                        .collect(),
                );
            }
            if *budget == 0 {
                return None;
            }
        }
    }
    None
}

struct Region {
    rows: usize,
    allowed: u64,
}

impl Region {
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (r, x) = (i / W, i % W);
        let rows = self.rows;
        [
            (r > 0).then(|| i - W),
            (r + 1 < rows).then_some(i + W),
            (x > 0).then(|| i - 1),
            (x + 1 < W).then_some(i + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Cells reachable from `from` through open cells.
    fn reach(&self, from: usize, open: u64) -> u64 {
        let not_left = !(0..self.rows).fold(0u64, |m, r| m | 1 << (r * W));
        let not_right = not_left << (W - 1);
        let mut seen = 1u64 << from;
        loop {
            let grown =
                seen | (seen << 1 & not_left) | (seen >> 1 & not_right) | seen << W | seen >> W;
            let grown = (grown & open) | seen;
            if grown == seen {
                return seen;
            }
            seen = grown;
        }
    }

    fn walk(&self, path: &mut Vec<usize>, visited: u64, left: u64, budget: &mut u32) -> bool {
        if left == 0 {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let end = *path.last().unwrap();
        let open = self.allowed & !visited;
        if self.reach(end, open) & left != left {
            return false;
        }
        let steps: Vec<usize> = self
            .neighbours(end)
            .filter(|&n| open >> n & 1 == 1)
            .collect();
        for next in steps {
            path.push(next);
            if self.walk(path, visited | 1 << next, left & !(1 << next), budget) {
                return true;
            }
            path.pop();
        }
        false
    }
}

/// The bot's move: a stroke that clears the most of the stack's top rows
/// (up to four), found by [`search`] over each way those rows can end up
/// one colour; one that keeps out of the row above, where the next block
/// may land while it is drawn, if there is one. `None` when none is found
/// within the budget.
fn best_stroke(game: &Challenge) -> Option<Vec<Cell>> {
    let stack = game.stack_height();
    let top_y = FIELD_ROWS - stack + 1;
    let rows: Vec<u8> = (0..stack.min(BLOCK_MAX_ROWS as u8))
        .map(|r| game.field_row(top_y - 1 + r).unwrap())
        .collect();
    for k in (1..=rows.len()).rev() {
        let mut choices: Vec<Vec<u8>> = (0..1u32 << k)
            .map(|c| {
                (0..k)
                    .map(|r| if c >> r & 1 == 1 { !rows[r] } else { rows[r] })
                    .collect()
            })
            .collect();
        choices.sort_by_key(|t: &Vec<u8>| t.iter().map(|row| row.count_ones()).sum::<u32>());
        for above in [false, true] {
            for targets in &choices {
                let mut budget = 4_000;
                if let Some(stroke) = search(top_y, targets, above, &mut budget) {
                    return Some(stroke);
                }
            }
        }
    }
    None
}

/// Draws the bot's stroke for the top rows.
fn clear_top(game: &mut Challenge) -> Events {
    let stroke = best_stroke(game).expect("a stroke clears the top rows");
    draw(game, &stroke)
}

fn draw(game: &mut Challenge, cells: &[Cell]) -> Events {
    for &cell in cells {
        assert_eq!(game.step(cell), Step::Drawn, "{cell:?}");
    }
    game.release()
}

/// A game whose stack is `rows` (top first), nothing else changed.
fn with_stack(level: u8, seed: u32, rows: &[u8]) -> Challenge {
    let mut game = Challenge::new(level, seed);
    let top = FIELD_ROWS as usize - rows.len();
    game.rows[top..].copy_from_slice(rows);
    game.stack = rows.len() as u8;
    game
}

// ---------------------------------------------------------------------------
// The patterns.

#[test]
fn every_level_deals_several_distinct_patterns() {
    for level in 1..=LEVELS {
        let range = patterns::FIRST[level as usize - 1]..patterns::FIRST[level as usize];
        assert!(
            range.len() >= 5,
            "level {level} has {} patterns",
            range.len()
        );
        for i in range {
            assert_eq!(PATTERNS[i as usize].level, level);
        }
    }
    // No pattern repeats another, mirrored or not.
    for (i, a) in PATTERNS.iter().enumerate() {
        for b in &PATTERNS[..i] {
            let mirrored = a.marks.map(u8::reverse_bits);
            assert!(
                a.marks != b.marks && mirrored != b.marks,
                "{a:?} repeats {b:?}"
            );
        }
        assert!((2..=BLOCK_MAX_ROWS as u8).contains(&a.height));
    }
}

#[test]
fn every_pattern_is_cleared_by_one_stroke_above_the_rows_below() {
    let mut rng = shared::random::Rng::new(26);
    for pattern in &PATTERNS {
        let h = pattern.height as usize;
        let mut budget = u32::MAX;
        let top_y = 3;
        let stroke = stroke_for(top_y, &pattern.marks[..h], &mut budget)
            .unwrap_or_else(|| panic!("no single stroke clears {pattern:?}"));
        let mirrored: Vec<Cell> = stroke
            .iter()
            .map(|c| Cell::new(c.y, RING_WIDTH - 1 - c.x))
            .collect();
        // In play: dealt in any colours, mirrored or not, over mixed rows
        // that the stroke must leave alone.
        for deal in 0..8u8 {
            let colours = rng.next_u32() as u8;
            let block = Block::dealt(pattern, colours, deal & 1 == 1);
            let below: Vec<u8> = (0..(FIELD_ROWS as usize - 2 - h))
                .map(|r| 0x5A ^ r as u8)
                .collect();
            let mut rows = block.rows[..h].to_vec();
            rows.extend(&below);
            let mut game = with_stack(pattern.level, 1, &rows);
            assert_eq!(game.stack_height(), FIELD_ROWS - 2);
            let cells = if deal & 1 == 1 { &mirrored } else { &stroke };
            let events = draw(&mut game, cells);
            let clear = events.cleared.expect("the block clears");
            assert_eq!(clear.count as usize, h, "{pattern:?}");
            let left: Vec<u8> = (0..FIELD_ROWS).filter_map(|r| game.field_row(r)).collect();
            assert_eq!(left, below, "the rows below stay as they were");
        }
    }
}

/// Whether some self-avoiding walk over the region's allowed cells covers
/// exactly `wanted`, tried every way: what [`stroke_for`] must agree with.
fn brute_force(rows: usize, allowed: u64, wanted: u64) -> bool {
    fn extend(region: &Region, end: usize, visited: u64, wanted: u64) -> bool {
        if visited & wanted == wanted {
            return true;
        }
        let open = region.allowed & !visited;
        let steps: Vec<usize> = region
            .neighbours(end)
            .filter(|&n| open >> n & 1 == 1)
            .collect();
        steps
            .into_iter()
            .any(|n| extend(region, n, visited | 1 << n, wanted))
    }
    let region = Region { rows, allowed };
    (0..rows * W)
        .any(|start| wanted >> start & 1 == 1 && extend(&region, start, 1 << start, wanted))
}

#[test]
fn the_search_agrees_with_trying_every_walk() {
    let side = 1u64 | 1 << (W - 1);
    let check = |targets: &[u8]| {
        let rows = targets.len() + 1;
        let mut allowed = (1u64 << W) - 1;
        let mut wanted = 0;
        for (r, &row) in targets.iter().enumerate() {
            allowed |= side << ((r + 1) * W) | u64::from(row) << ((r + 1) * W + 1);
            wanted |= u64::from(row) << ((r + 1) * W + 1);
        }
        let mut budget = u32::MAX;
        let found = stroke_for(3, targets, &mut budget);
        assert_eq!(
            found.is_some(),
            brute_force(rows, allowed, wanted),
            "{targets:?}"
        );
        if let Some(cells) = found {
            // A walk of touching cells, each once, on the targets, the ring
            // beside them or the row above, covering every target.
            let mut stroke = FieldStroke::new();
            for &cell in &cells {
                assert_eq!(stroke.step(cell), Step::Drawn);
                assert!((2..3 + targets.len() as u8).contains(&cell.y));
                let row = cell.y.checked_sub(3).map(|r| targets[r as usize]);
                let is_target = row
                    .is_some_and(|row| (1..=8).contains(&cell.x) && row >> (cell.x - 1) & 1 == 1);
                assert!(
                    cell.y == 2 || cell.x == 0 || cell.x == 9 || is_target,
                    "{cell:?}"
                );
            }
            let covered: u32 = cells
                .iter()
                .filter(|c| c.y >= 3 && (1..=8).contains(&c.x))
                .count() as u32;
            assert_eq!(covered, targets.iter().map(|r| r.count_ones()).sum::<u32>());
        }
    };
    for row in 1..=255u8 {
        check(&[row]);
    }
    let mut rng = shared::random::Rng::new(3);
    let sparse = |rng: &mut shared::random::Rng| {
        (rng.next_u32() & rng.next_u32() & rng.next_u32()) as u8 | 1 << rng.below(8)
    };
    for _ in 0..300 {
        check(&[sparse(&mut rng), sparse(&mut rng)]);
    }
    // A tile only the bottom ring could reach: no stroke here.
    let mut budget = u32::MAX;
    assert!(stroke_for(3, &[0b0010_0000, 0b0000_1000], &mut budget).is_none());
}

// ---------------------------------------------------------------------------
// The stroke.

#[test]
fn field_strokes_touch_never_revisit_and_step_back() {
    // In the bottom right corner of the ringed grid.
    let (bottom, right) = (RING_ROWS - 1, RING_WIDTH - 1);
    let mut stroke = FieldStroke::new();
    assert_eq!(stroke.step(Cell::new(bottom, right)), Step::Drawn);
    assert_eq!(stroke.step(Cell::new(bottom + 1, right)), Step::Refused);
    assert_eq!(stroke.step(Cell::new(bottom, right + 1)), Step::Refused);
    assert_eq!(stroke.step(Cell::new(bottom - 1, right - 1)), Step::Refused);
    assert_eq!(stroke.step(Cell::new(bottom - 1, right)), Step::Drawn);
    assert_eq!(stroke.step(Cell::new(bottom - 1, right - 1)), Step::Drawn);
    assert_eq!(stroke.step(Cell::new(bottom, right - 1)), Step::Drawn);
    assert_eq!(stroke.step(Cell::new(bottom, right)), Step::Refused);
    assert_eq!(stroke.links(1), 4 | 8);
    assert_eq!(
        stroke.step(Cell::new(bottom - 1, right - 1)),
        Step::Retracted
    );
    assert!(!stroke.contains(Cell::new(bottom, right - 1)));
    assert_eq!(stroke.len(), 3);
    // Every cell of the grid fits in one stroke.
    let mut snake = FieldStroke::new();
    for y in 0..RING_ROWS {
        for i in 0..RING_WIDTH {
            let x = if y & 1 == 0 { i } else { RING_WIDTH - 1 - i };
            assert_eq!(snake.step(Cell::new(y, x)), Step::Drawn);
        }
    }
    assert_eq!(snake.len(), RING_ROWS as usize * RING_WIDTH as usize);
}

// ---------------------------------------------------------------------------
// Falling, landing and the end.

/// Frames a block takes to fall `rows` rows at `speed`.
fn frames_to_fall(rows: u8, speed: u16) -> u32 {
    (u32::from(rows) * u32::from(SUB_ROWS)).div_ceil(u32::from(speed))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Untouched, blocks land exactly when they reach the stack, pile up,
    /// and the game tops out with the warning on first; then nothing moves.
    #[test]
    fn blocks_fall_land_and_top_out(seed: u32, level in 1u8..=LEVELS, hurry: bool) {
        let mut game = Challenge::new(level, seed);
        game.set_hurry(hurry);
        let speed = FALL_SPEED[level as usize - 1] << if hurry { HURRY_SHIFT } else { 0 };
        let mut warned_at = None;
        let mut frame = 0u32;
        let mut last_landing = 0;
        loop {
            let (stack, falling, next) = (game.stack_height(), *game.falling(), *game.next());
            let expected = frames_to_fall(FIELD_ROWS - stack, speed);
            let mut ticks = 0;
            let events = loop {
                let before = game.descent();
                let events = game.tick();
                frame += 1;
                ticks += 1;
                if events.warning == Some(true) {
                    warned_at = Some(frame);
                }
                if events.landed {
                    last_landing = frame;
                }
                if events.landed || events.game_over.is_some() {
                    break events;
                }
                prop_assert!(game.descent() > before);
                prop_assert!(ticks < 10_000);
            };
            prop_assert_eq!(ticks, expected.max(1));
            if let Some(ending) = events.game_over {
                prop_assert_eq!(ending, Ending::ToppedOut);
                prop_assert!(stack + falling.height > FIELD_ROWS);
                // The warning came on a landing before at the latest.
                prop_assert!(warned_at.is_some_and(|at| at <= last_landing));
                break;
            }
            prop_assert!(stack + falling.height <= FIELD_ROWS);
            prop_assert_eq!(game.stack_height(), stack + falling.height);
            let top = FIELD_ROWS - game.stack_height();
            for r in 0..falling.height {
                prop_assert_eq!(game.field_row(top + r), Some(falling.rows[r as usize]));
            }
            prop_assert_eq!(*game.falling(), next);
            prop_assert_eq!(game.descent(), 0);
            prop_assert_eq!(
                game.warning(),
                game.stack_height() + next.height + game.next().height > FIELD_ROWS
            );
            prop_assert_eq!(game.fits(), game.stack_height() + next.height <= FIELD_ROWS);
        }
        let frozen = game.clone();
        prop_assert_eq!(game.tick(), Events::default());
        prop_assert_eq!(game.step(Cell::new(5, 5)), Step::Refused);
        prop_assert_eq!(game.release(), Events::default());
        prop_assert_eq!(game.rows, frozen.rows);
        prop_assert!(!game.warning());
    }

    /// A release flips exactly the stack's tiles under the stroke, takes out
    /// the rows that end up one colour, keeps the rest in order at the
    /// bottom, and scores them.
    #[test]
    fn releases_flip_clear_and_score(
        seed: u32,
        level in 1u8..=LEVELS,
        stack in proptest::collection::vec(1u8..=254, 0..=FIELD_ROWS as usize),
        start in (0u8..RING_ROWS, 0u8..RING_WIDTH),
        moves in proptest::collection::vec(0u8..4, 0..60),
    ) {
        let mut game = with_stack(level, seed, &stack);
        let mut stroke = FieldStroke::new();
        let mut cell = Cell::new(start.0, start.1);
        stroke.step(cell);
        for m in moves {
            let next = match m {
                0 => Cell::new(cell.y.wrapping_sub(1), cell.x),
                1 => Cell::new(cell.y, cell.x + 1),
                2 => Cell::new(cell.y + 1, cell.x),
                _ => Cell::new(cell.y, cell.x.wrapping_sub(1)),
            };
            if !stroke.contains(next) && stroke.step(next) == Step::Drawn {
                cell = next;
            }
        }
        // The expected field, worked out cell by cell.
        let top = FIELD_ROWS - stack.len() as u8;
        let mut flipped = stack.clone();
        let mut flips = 0;
        for c in stroke.cells() {
            if matches!(game.square(*c), Square::Black | Square::White) {
                flipped[(c.y - 1 - top) as usize] ^= 1 << (c.x - 1);
                flips += 1;
            }
        }
        let kept: Vec<u8> = flipped.iter().copied().filter(|&r| r != 0 && r != 0xFF).collect();
        let gone = stack.len() - kept.len();
        let events = draw(&mut game, stroke.cells());
        prop_assert!(game.stroke().is_empty());
        prop_assert_eq!(events.flipped, flips);
        let now: Vec<u8> = (0..FIELD_ROWS).filter_map(|r| game.field_row(r)).collect();
        prop_assert_eq!(&now, &kept);
        prop_assert!(game.rows[..FIELD_ROWS as usize - kept.len()].iter().all(|&r| r == 0));
        match events.cleared {
            None => {
                prop_assert_eq!(gone, 0);
                prop_assert_eq!(game.points(), 0);
            }
            Some(clear) => {
                prop_assert_eq!(clear.count as usize, gone);
                prop_assert_eq!(clear.rows.count_ones() as usize, gone);
                for (i, row) in flipped.iter().enumerate() {
                    let mono = *row == 0 || *row == 0xFF;
                    prop_assert_eq!(clear.rows >> (top as usize + i) & 1 == 1, mono);
                }
                prop_assert_eq!(clear.combo, 1);
                // No block has landed: never a Clear Screen.
                prop_assert!(!clear.clear_screen);
                prop_assert_eq!(clear.points, LINE_POINTS[gone] * u32::from(level));
                prop_assert_eq!(game.points(), clear.points);
                prop_assert_eq!(game.lines(), (u16::from(level) - 1) * LINES_PER_LEVEL + gone as u16);
                prop_assert_eq!(game.combo_frames(), COMBO_FRAMES);
            }
        }
    }

    /// Clears `gaps[i]` frames apart: the combo rises while each comes
    /// inside the window of the one before, and starts again at 1 after.
    #[test]
    fn the_combo_window_is_three_seconds(seed: u32, gaps in proptest::collection::vec(0u32..400, 1..12)) {
        let mut game = Challenge::new(1, seed);
        let mut expected_combo = 0u8;
        let mut total = 0u32;
        let mut ended = 0;
        for (i, &gap) in core::iter::once(&0).chain(&gaps).enumerate() {
            for _ in 0..gap {
                // Blocks are held up: only the combo clock matters here.
                game.descent = 0;
                let events = game.tick();
                ended += u32::from(events.combo_ended);
                prop_assert!(events.game_over.is_none());
            }
            expected_combo = if i > 0 && gap < u32::from(COMBO_FRAMES) { expected_combo + 1 } else { 1 };
            // One row with one odd tile at the bottom: a tap clears it.
            if game.stack == 0 {
                game.stack = 1;
            }
            game.rows[FIELD_ROWS as usize - 1] = 0b1111_1110;
            game.blocks_since_empty = 0;
            let clear = draw(&mut game, &[Cell::new(FIELD_ROWS, 1)]).cleared.unwrap();
            prop_assert_eq!(clear.combo, expected_combo);
            prop_assert_eq!(clear.points, LINE_POINTS[1] * u32::from(expected_combo));
            total += clear.points;
            prop_assert_eq!(game.combo(), expected_combo);
        }
        prop_assert_eq!(game.points(), total);
        let restarts = gaps.iter().filter(|&&g| g >= u32::from(COMBO_FRAMES)).count();
        prop_assert_eq!(ended as usize, restarts);
        // The last window runs out after exactly its length.
        for frame in 1..=COMBO_FRAMES {
            game.descent = 0;
            let events = game.tick();
            prop_assert_eq!(events.combo_ended, frame == COMBO_FRAMES);
        }
        prop_assert_eq!(game.combo(), 0);
    }

    /// Lines add up across levels: a level up at each hundred, the new
    /// level's multiplier from the next clear, the end at a thousand.
    #[test]
    fn levels_rise_every_hundred_lines_and_end_at_a_thousand(
        start in 1u8..=LEVELS,
        clears in proptest::collection::vec(1usize..=4, 1..400),
    ) {
        let mut game = Challenge::new(start, 9);
        let mut lines = u32::from(start - 1) * 100;
        for &count in &clears {
            let level = game.level();
            let stack: Vec<u8> = (0..count).map(|_| 0b0000_0001).collect();
            game.rows = [0; FIELD_ROWS as usize];
            let top = FIELD_ROWS as usize - count;
            game.rows[top..].copy_from_slice(&stack);
            game.stack = count as u8;
            let cells: Vec<Cell> = (top as u8 + 1..=FIELD_ROWS).map(|y| Cell::new(y, 1)).collect();
            let events = draw(&mut game, &cells);
            let clear = events.cleared.unwrap();
            prop_assert_eq!(clear.count as usize, count);
            prop_assert_eq!(clear.points % (u32::from(level) * LINE_POINTS[count]), 0);
            lines += count as u32;
            let expected_level = (lines / 100 + 1).min(u32::from(LEVELS)) as u8;
            prop_assert_eq!(game.lines() as u32, lines.min(1000));
            if lines >= 1000 {
                prop_assert_eq!(events.game_over, Some(Ending::Completed));
                prop_assert_eq!(game.level(), LEVELS);
                prop_assert_eq!(game.tick(), Events::default());
                break;
            }
            prop_assert_eq!(game.level(), expected_level);
            prop_assert_eq!(events.level_up, (expected_level != level).then_some(expected_level));
            prop_assert!(events.game_over.is_none());
            // Keep the combo from growing without bound: let it lapse.
            game.combo = 0;
            game.combo_frames = 0;
        }
        let score = game.score();
        prop_assert_eq!(score.start_level, start);
        prop_assert_eq!(score.level, game.level());
        prop_assert_eq!(score.points, game.points());
    }
}

#[test]
fn frames_to_fall_rounds_up() {
    assert_eq!(frames_to_fall(1, 32), 32);
    assert_eq!(frames_to_fall(1, 30), 35);
    assert_eq!(frames_to_fall(0, 7), 0);
}

#[test]
fn practice_starts_at_its_level_and_levels_are_clamped() {
    let game = Challenge::new(4, 1);
    assert_eq!(
        (game.level(), game.start_level(), game.lines()),
        (4, 4, 300)
    );
    assert!((patterns::FIRST[3]..patterns::FIRST[4]).contains(&game.last_pattern));
    assert_eq!(Challenge::new(0, 1).level(), 1);
    assert_eq!(Challenge::new(99, 1).level(), LEVELS);
}

#[test]
fn the_same_seed_deals_the_same_blocks_and_never_one_twice_running() {
    let deals = |seed| {
        let mut game = Challenge::new(3, seed);
        let mut dealt = Vec::new();
        for _ in 0..200 {
            game.deal();
            dealt.push(game.last_pattern);
        }
        dealt
    };
    assert_eq!(deals(5), deals(5));
    assert_ne!(deals(5), deals(6));
    let dealt = deals(7);
    assert!(dealt.windows(2).all(|w| w[0] != w[1]));
    let range = patterns::FIRST[2]..patterns::FIRST[3];
    assert!(
        range.clone().all(|i| dealt.contains(&i)),
        "every pattern comes up"
    );
}

#[test]
fn squares_show_ring_empty_and_tiles() {
    let game = with_stack(1, 1, &[0b0000_0011]);
    let (bottom, right) = (RING_ROWS - 1, RING_WIDTH - 1);
    assert_eq!(game.square(Cell::new(0, 4)), Square::Ring);
    assert_eq!(game.square(Cell::new(5, 0)), Square::Ring);
    assert_eq!(game.square(Cell::new(bottom, 4)), Square::Ring);
    assert_eq!(game.square(Cell::new(5, right)), Square::Ring);
    assert_eq!(game.square(Cell::new(bottom - 2, 1)), Square::Empty);
    assert_eq!(game.square(Cell::new(bottom - 1, 1)), Square::Black);
    assert_eq!(game.square(Cell::new(bottom - 1, 2)), Square::Black);
    assert_eq!(game.square(Cell::new(bottom - 1, 3)), Square::White);
    assert_eq!(game.square(Cell::new(bottom + 1, 3)), Square::Outside);
    assert_eq!(game.square(Cell::new(3, right + 1)), Square::Outside);
    assert_eq!(game.field_row(FIELD_ROWS - 1), Some(3));
    assert_eq!(game.field_row(FIELD_ROWS - 2), None);
    assert_eq!(game.field_row(FIELD_ROWS), None);
}

#[test]
fn the_warning_goes_off_when_rows_clear_in_time() {
    // All but one row full, each with one odd tile in column 0: a stroke
    // down the column clears them all; until then any block is lethal.
    let rows = [0b0000_0001; FIELD_ROWS as usize - 1];
    let mut game = with_stack(1, 3, &rows);
    let events = game.tick();
    assert_eq!(events.warning, Some(true));
    assert!(game.warning());
    let cells: Vec<Cell> = (2..=FIELD_ROWS).map(|y| Cell::new(y, 1)).collect();
    let events = draw(&mut game, &cells);
    assert_eq!(events.warning, Some(false));
    assert_eq!(events.cleared.unwrap().count, FIELD_ROWS - 1);
    assert_eq!(game.stack_height(), 0);
}

/// Two blocks landed, cleared one after the other inside the combo window:
/// a combo of two and a Clear Screen.
#[test]
fn clearing_two_blocks_quickly_is_a_combo_and_a_clear_screen() {
    let mut game = Challenge::new(2, 11);
    game.set_hurry(true);
    let mut landed = 0;
    while landed < 2 {
        landed += u32::from(game.tick().landed);
    }
    let first = clear_top(&mut game).cleared.unwrap();
    assert_eq!((first.combo, first.clear_screen), (1, false));
    let second = clear_top(&mut game).cleared.unwrap();
    assert_eq!(game.stack_height(), 0);
    assert_eq!((second.combo, second.clear_screen), (2, true));
    let lines = LINE_POINTS[second.count as usize] * 2 * 2;
    assert_eq!(second.points, lines + CLEAR_SCREEN_POINTS * 2);
    assert_eq!(game.points(), first.points + second.points);
    // One block alone cleared is no Clear Screen.
    while !game.tick().landed {}
    let alone = clear_top(&mut game).cleared.unwrap();
    assert_eq!(game.stack_height(), 0);
    assert!(!alone.clear_screen);
}

// ---------------------------------------------------------------------------
// The bot.

/// Frames the bot waits before acting on a new block.
const REACTION_FRAMES: u32 = 30;
/// Frames the bot takes per cell, moving the cursor or drawing (the D-pad
/// tapped ten times a second; held, it repeats faster).
const STEP_FRAMES: u32 = 6;

/// What a bot game came to.
#[derive(Debug)]
struct BotRun {
    /// Lines cleared at the level it started at.
    lines: u16,
    ending: Option<Ending>,
    frames: u32,
}

/// Plays `level` at a human pace until its hundred lines are cleared or the
/// game ends: whenever it has no stroke in hand it takes [`best_stroke`],
/// waits [`REACTION_FRAMES`], moves the cursor to its start and draws it,
/// [`STEP_FRAMES`] a cell.
fn bot_plays(level: u8, seed: u32) -> BotRun {
    let mut game = Challenge::new(level, seed);
    let start_lines = game.lines();
    let mut cursor = Cell::new(RING_ROWS / 2, RING_WIDTH / 2);
    let mut plan: Vec<Cell> = Vec::new();
    let mut drawn = 0;
    let mut wait = 0;
    let mut stuck = false;
    let mut frames = 0;
    while game.ending().is_none() && game.level() == level && frames < 200_000 {
        if plan.is_empty() && !stuck && game.stack_height() > 0 {
            match best_stroke(&game) {
                Some(stroke) => {
                    let start = stroke[0];
                    let travel = u32::from(cursor.y.abs_diff(start.y) + cursor.x.abs_diff(start.x));
                    wait = REACTION_FRAMES + travel * STEP_FRAMES;
                    plan = stroke;
                    drawn = 0;
                }
                None => stuck = true,
            }
        }
        if !plan.is_empty() {
            if wait > 0 {
                wait -= 1;
            } else {
                assert_eq!(game.step(plan[drawn]), Step::Drawn);
                cursor = plan[drawn];
                drawn += 1;
                wait = STEP_FRAMES;
                if drawn == plan.len() {
                    game.release();
                    plan.clear();
                }
            }
        }
        let stack_before = game.stack_height();
        let events = game.tick();
        frames += 1;
        if events.landed {
            stuck = false;
            // A block that landed on the planned path (where the row above
            // the old top was) spoils it: start again on the new top rows.
            let new_top = FIELD_ROWS - game.stack_height() + 1;
            let old_top = FIELD_ROWS - stack_before + 1;
            if plan.iter().any(|c| (new_top..old_top).contains(&c.y)) {
                game.cancel_stroke();
                plan.clear();
            }
        }
    }
    BotRun {
        lines: game.lines() - start_lines,
        ending: game.ending(),
        frames,
    }
}

#[test]
fn a_greedy_bot_clears_level_one_at_its_speed() {
    for seed in [1, 2] {
        let run = bot_plays(1, seed);
        assert!(run.lines >= LINES_PER_LEVEL, "seed {seed}: {run:?}");
    }
}

/// How far the bot gets at each level (not a requirement past level 1):
/// `cargo test --release -p polarium-rules bot_report -- --ignored --nocapture`.
#[test]
#[ignore]
fn bot_report() {
    for level in 1..=LEVELS {
        let runs: Vec<BotRun> = (1..=4).map(|seed| bot_plays(level, seed)).collect();
        let lines: Vec<u16> = runs.iter().map(|r| r.lines).collect();
        let seconds: Vec<u32> = runs.iter().map(|r| r.frames / 60).collect();
        let topped = runs
            .iter()
            .filter(|r| r.ending == Some(Ending::ToppedOut))
            .count();
        println!("level {level:2}: lines {lines:?} in {seconds:?} s, topped out {topped} of 4");
    }
}

// ---------------------------------------------------------------------------
// The end-to-end script's game.

/// The key presses that move a cursor from `from` to `to`, a cell each.
fn travel(from: Cell, to: Cell) -> Vec<&'static str> {
    let mut keys = Vec::new();
    let (mut x, mut y) = (from.x, from.y);
    while x != to.x {
        keys.push(if to.x > x { "RIGHT" } else { "LEFT" });
        x = if to.x > x { x + 1 } else { x - 1 };
    }
    while y != to.y {
        keys.push(if to.y > y { "DOWN" } else { "UP" });
        y = if to.y > y { y + 1 } else { y - 1 };
    }
    keys
}

/// Prints the strokes tests/e2e/polarium_challenge.play draws on the game
/// dealt from seed 1 (what the events ROM deals when L is held at the
/// start): each block cleared as it lands, so every stroke is on the
/// bottom rows; the cursor starts on the bottom ring's middle.
/// `cargo test --release -p polarium-rules e2e_strokes -- --ignored --nocapture`.
#[test]
#[ignore]
fn e2e_strokes() {
    let mut game = Challenge::new(1, 1);
    let mut cursor = Cell::new(RING_ROWS - 1, RING_WIDTH / 2);
    for block in 0..4 {
        while !game.tick().landed {}
        println!("# block {block}: stack {}", game.stack_height());
        if block == 2 {
            // Blocks 2 and 3 are cleared together: a Clear Screen.
            continue;
        }
        while game.stack_height() > 0 {
            let stroke = best_stroke(&game).expect("a stroke");
            for key in travel(cursor, stroke[0]) {
                println!("press {key}");
            }
            println!("down A");
            for pair in stroke.windows(2) {
                for key in travel(pair[0], pair[1]) {
                    println!("press {key}");
                }
            }
            println!("up A");
            cursor = *stroke.last().unwrap();
            let events = draw(&mut game, &stroke);
            println!("# {:?}", events.cleared);
        }
    }
}

// ---------------------------------------------------------------------------
// Keeping a game under way.

/// `game` played on: each action ticks it `frames` times (hurried or not),
/// then clears its top rows if `clears` and a stroke can.
fn play_on(game: &mut Challenge, actions: &[(u16, bool, bool)]) {
    for &(frames, hurry, clears) in actions {
        game.set_hurry(hurry);
        for _ in 0..frames {
            game.tick();
        }
        if clears
            && game.ending().is_none()
            && game.stack_height() > 0
            && let Some(stroke) = best_stroke(game)
        {
            draw(game, &stroke);
        }
    }
}

fn actions() -> impl Strategy<Value = Vec<(u16, bool, bool)>> {
    proptest::collection::vec((0u16..400, any::<bool>(), any::<bool>()), 0..12)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A game kept at any point comes back as it was (without the stroke
    /// being drawn and the hurry), and then goes on exactly as it would
    /// have; a game that has ended is not kept.
    #[test]
    fn a_kept_game_goes_on_as_it_would_have(
        seed: u32,
        level in 1u8..=LEVELS,
        before in actions(),
        after in actions(),
        stroke in proptest::collection::vec(0u8..4, 0..8),
    ) {
        let mut game = Challenge::new(level, seed);
        play_on(&mut game, &before);
        let mut cell = start_cell();
        for step in stroke {
            cell = neighbour(cell, step);
            let _ = game.step(cell);
        }
        let Some(bytes) = game.to_kept() else {
            prop_assert!(game.ending().is_some());
            return Ok(());
        };
        let mut back = Challenge::from_kept(&bytes).expect("a kept game comes back");
        game.cancel_stroke();
        game.set_hurry(false);
        prop_assert_eq!(&back, &game);
        play_on(&mut game, &after);
        play_on(&mut back, &after);
        prop_assert_eq!(back, game);
    }

    /// Bytes a game could not have made are refused, whatever they are;
    /// bytes that are taken make that same game again.
    #[test]
    fn damaged_kept_bytes_are_refused_or_a_game_again(
        seed: u32,
        before in actions(),
        damage in proptest::collection::vec((0..KEPT_BYTES, any::<u8>()), 1..4),
    ) {
        let mut game = Challenge::new(1, seed);
        play_on(&mut game, &before);
        let Some(mut bytes) = game.to_kept() else {
            return Ok(());
        };
        for (at, value) in damage {
            bytes[at] = value;
        }
        if let Some(back) = Challenge::from_kept(&bytes) {
            prop_assert_eq!(back.to_kept(), Some(bytes));
        }
    }
}

fn start_cell() -> Cell {
    Cell::new(RING_ROWS - 1, RING_WIDTH / 2)
}

fn neighbour(cell: Cell, step: u8) -> Cell {
    match step {
        0 => Cell::new(cell.y.saturating_sub(1), cell.x),
        1 => Cell::new(cell.y, (cell.x + 1).min(RING_WIDTH - 1)),
        2 => Cell::new((cell.y + 1).min(RING_ROWS - 1), cell.x),
        _ => Cell::new(cell.y, cell.x.saturating_sub(1)),
    }
}

#[test]
fn kept_bytes_no_game_could_make_are_refused() {
    let mut game = with_stack(3, 7, &[0x0F, 0xF0]);
    for _ in 0..50 {
        game.tick();
    }
    let good = game.to_kept().unwrap();
    assert_eq!(Challenge::from_kept(&good), Some(game.clone()));
    let refused = |change: &dyn Fn(&mut [u8; KEPT_BYTES])| {
        let mut bytes = good;
        change(&mut bytes);
        Challenge::from_kept(&bytes)
    };
    // A tile above the stack, a stack taller than the field.
    assert_eq!(refused(&|b| b[0] = 1), None);
    assert_eq!(refused(&|b| b[12] = FIELD_ROWS + 1), None);
    // Blocks of no rows, too many, or with tiles past their height.
    assert_eq!(refused(&|b| b[17] = 0), None);
    assert_eq!(refused(&|b| b[17] = BLOCK_MAX_ROWS as u8 + 1), None);
    // Fallen past the stack.
    assert_eq!(
        refused(&|b| b[18..20].copy_from_slice(&u16::MAX.to_le_bytes())),
        None
    );
    // Levels out of range, practice from above the level, a pattern not of
    // the level.
    assert_eq!(refused(&|b| b[31] = 0), None);
    assert_eq!(refused(&|b| b[31] = LEVELS + 1), None);
    assert_eq!(refused(&|b| b[32] = 4), None);
    assert_eq!(
        refused(&|b| b[25..27].copy_from_slice(&0u16.to_le_bytes())),
        None
    );
    // Lines short of the level, or past its hundred, or all of them.
    assert_eq!(
        refused(&|b| b[33..35].copy_from_slice(&199u16.to_le_bytes())),
        None
    );
    assert_eq!(
        refused(&|b| b[33..35].copy_from_slice(&300u16.to_le_bytes())),
        None
    );
    // A combo without its window, a window without a combo, a long window.
    assert_eq!(refused(&|b| b[39] = 2), None);
    assert_eq!(refused(&|b| b[40] = 10), None);
    assert_eq!(refused(&|b| (b[39], b[40]) = (1, COMBO_FRAMES + 1)), None);
    // Short or long.
    assert_eq!(Challenge::from_kept(&good[..KEPT_BYTES - 1]), None);
    assert_eq!(Challenge::from_kept(&[0; KEPT_BYTES + 1]), None);
    // The score and its parts as they come.
    assert!(refused(&|b| b[35..39].copy_from_slice(&u32::MAX.to_le_bytes())).is_some());
}

#[test]
fn an_ended_game_is_not_kept() {
    let mut game = Challenge::new(1, 3);
    while game.ending().is_none() {
        game.tick();
    }
    assert_eq!(game.to_kept(), None);
}
