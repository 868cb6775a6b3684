//! Makes `src/polarium/puzzles.txt`, the built-in puzzle list:
//! `cargo test --release --manifest-path <repo>/Cargo.toml -p rules-host make_polarium_puzzles -- --ignored`
//! (from /, away from the ROM's .cargo/config.toml).
//!
//! Candidates come from fixed seeds (see `candidates.rs`): for every size,
//! strokes of every length the board holds, each kept only when the solver
//! finds it the one solution from its hints in the cartridge's space. Then
//! [`plan`] lays out fifteen sets of ten: what each slot teaches (the ideas
//! its stroke must and must not show), its sizes and its stroke length.
//! Slot by slot, the candidate is taken whose effort (see
//! `rules::rating`) sits at the slot's place between the easiest and the
//! hardest that fit, never a stroke shape taken before (where nothing
//! fits, the ideas it must not show are let in, then any length; the run
//! says where). An earlier built-in that fits as well is preferred, so a
//! save's record for it carries over. The first three sets keep the plan's
//! order (one idea after another); later sets go from least effort to
//! most. Each set's label is the tier of its median effort, never below
//! the set before.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::string::String;
use std::vec::Vec;
use std::{format, println};

use super::candidates::{self, Candidate, Walk};
use super::rules::difficulty::tier_name;
use super::rules::password;
use super::rules::rating::{self, Moves};
use super::rules::{Board, Puzzle};
use shared::random::Rng;

/// Ideas a stroke can show, as bits.
pub const BEND: u8 = 1 << 0;
pub const TWO_ROWS: u8 = 1 << 1;
pub const LEFT_ALONE: u8 = 1 << 2;
pub const BORDER: u8 = 1 << 3;
pub const STEP_BACK: u8 = 1 << 4;
/// The hints rule out a shorter stroke that would solve the board.
pub const PINNED: u8 = 1 << 5;

/// The ideas a candidate's stroke shows.
pub fn ideas(candidate: &Candidate) -> u8 {
    let mut ideas = 0;
    if candidate.effort.turns > 0 {
        ideas |= BEND;
    }
    if candidate.runs >= 2 {
        ideas |= TWO_ROWS;
    }
    if candidate.rows_left_alone > 0 {
        ideas |= LEFT_ALONE;
    }
    if candidate.ring {
        ideas |= BORDER;
    }
    if candidate.steps_back {
        ideas |= STEP_BACK;
    }
    if candidate.short_cut {
        ideas |= PINNED;
    }
    ideas
}

/// Words for a set of ideas, for the list's comments.
fn idea_words(ideas: u8) -> String {
    let names = [
        (BEND, "bend"),
        (TWO_ROWS, "two-rows"),
        (LEFT_ALONE, "row-left-alone"),
        (BORDER, "border"),
        (STEP_BACK, "step-back"),
        (PINNED, "pinned-ends"),
    ];
    let words: Vec<&str> = names
        .iter()
        .filter(|(bit, _)| ideas & bit != 0)
        .map(|(_, name)| *name)
        .collect();
    if words.is_empty() {
        "line".into()
    } else {
        words.join(" ")
    }
}

/// What one place in the list asks for.
#[derive(Clone, Debug)]
struct Slot {
    sizes: &'static [(u8, u8)],
    /// Stroke cells, at least and at most.
    cells: (u32, u32),
    needs: u8,
    /// Ideas it must not show (to teach one at a time).
    excludes: u8,
}

/// A set of ten: its heading and its slots.
struct SetPlan {
    idea: &'static str,
    slots: Vec<Slot>,
    /// Keep the slots' order (a set teaching one idea after another)
    /// rather than sorting by effort.
    in_order: bool,
}

const TINY: &[(u8, u8)] = &[(3, 3)];
const SMALL: &[(u8, u8)] = &[(3, 3), (4, 3), (3, 4), (4, 4), (5, 4), (4, 5)];
const FOURS: &[(u8, u8)] = &[(4, 4), (5, 4), (4, 5)];
const FIVES: &[(u8, u8)] = &[(5, 4), (4, 5), (5, 5)];
const SIXES: &[(u8, u8)] = &[(5, 5), (6, 5), (5, 6), (6, 6)];
const SEVENS: &[(u8, u8)] = &[(6, 6), (7, 6), (6, 7), (7, 7)];
const LARGE: &[(u8, u8)] = &[(7, 7), (8, 6), (6, 8), (8, 7), (7, 8)];
const EIGHT: &[(u8, u8)] = &[(8, 8)];

/// Every size the plan uses.
const SIZES: [(u8, u8); 17] = [
    (3, 3),
    (4, 3),
    (3, 4),
    (4, 4),
    (5, 4),
    (4, 5),
    (5, 5),
    (6, 5),
    (5, 6),
    (6, 6),
    (7, 6),
    (6, 7),
    (7, 7),
    (8, 6),
    (6, 8),
    (8, 7),
    (7, 8),
];

const ALL_IDEAS: u8 = BEND | TWO_ROWS | LEFT_ALONE | BORDER | STEP_BACK;

fn slot(sizes: &'static [(u8, u8)], cells: (u32, u32), needs: u8, excludes: u8) -> Slot {
    Slot {
        sizes,
        cells,
        needs,
        excludes,
    }
}

/// The fifteen sets.
fn plan() -> Vec<SetPlan> {
    let mut sets = Vec::new();
    // One new idea a puzzle, each on its own, then the first pairs.
    sets.push(SetPlan {
        idea: "one idea at a time: a line, a bend, a row left alone, two rows at \
               once, the border, stepping back, hints that pin the ends",
        in_order: true,
        slots: std::vec![
            slot(TINY, (3, 3), 0, ALL_IDEAS | PINNED),
            slot(SMALL, (3, 5), BEND, (ALL_IDEAS & !BEND) | PINNED),
            slot(
                SMALL,
                (3, 6),
                LEFT_ALONE,
                TWO_ROWS | BORDER | STEP_BACK | PINNED
            ),
            slot(SMALL, (4, 6), TWO_ROWS, BORDER | STEP_BACK | PINNED),
            slot(SMALL, (4, 7), BORDER, STEP_BACK | PINNED),
            slot(SMALL, (4, 7), STEP_BACK, BORDER | PINNED),
            slot(SMALL, (8, 14), PINNED, 0),
            slot(SMALL, (5, 9), BORDER | STEP_BACK, 0),
            slot(SMALL, (5, 9), LEFT_ALONE | BORDER, 0),
            slot(FOURS, (6, 10), TWO_ROWS | STEP_BACK | PINNED, 0),
        ],
    });
    sets.push(SetPlan {
        idea: "the ideas again, two or three at a time, on boards of four and five",
        in_order: true,
        slots: std::vec![
            slot(
                FOURS,
                (5, 9),
                BEND | TWO_ROWS,
                BORDER | STEP_BACK | LEFT_ALONE
            ),
            slot(FOURS, (5, 10), LEFT_ALONE, BORDER | STEP_BACK),
            slot(FOURS, (6, 10), BORDER, STEP_BACK | LEFT_ALONE),
            slot(FOURS, (6, 11), STEP_BACK, BORDER | LEFT_ALONE),
            slot(FOURS, (6, 12), PINNED, BORDER),
            slot(FIVES, (7, 12), BORDER | STEP_BACK, LEFT_ALONE),
            slot(FIVES, (7, 12), LEFT_ALONE | STEP_BACK, BORDER),
            slot(FIVES, (8, 14), LEFT_ALONE | BORDER, 0),
            slot(FIVES, (8, 14), BORDER | STEP_BACK | PINNED, 0),
            slot(FIVES, (9, 16), LEFT_ALONE | BORDER | STEP_BACK, 0),
        ],
    });
    sets.push(SetPlan {
        idea: "more of the ideas at once on boards of five and six",
        in_order: true,
        slots: std::vec![
            slot(SIXES, (10, 16), TWO_ROWS | STEP_BACK, BORDER),
            slot(SIXES, (10, 16), BORDER | LEFT_ALONE, 0),
            slot(SIXES, (10, 18), BORDER | STEP_BACK, LEFT_ALONE),
            slot(SIXES, (10, 18), LEFT_ALONE | STEP_BACK, BORDER),
            slot(SIXES, (12, 20), BORDER | STEP_BACK, 0),
            slot(SIXES, (12, 20), LEFT_ALONE | BORDER | STEP_BACK, 0),
            slot(SIXES, (14, 22), STEP_BACK, BORDER),
            slot(SIXES, (14, 22), BORDER | STEP_BACK, 0),
            slot(SIXES, (14, 24), BORDER | STEP_BACK, 0),
            slot(SIXES, (16, 26), BORDER | STEP_BACK, 0),
        ],
    });
    // From here every idea may turn up anywhere; the boards and strokes grow.
    let mixed = |idea, big: usize, small: &'static [(u8, u8)], short, long, eight_short| {
        let mut slots = Vec::new();
        for i in 0..10 {
            if i < big {
                slots.push(slot(EIGHT, (eight_short, 64), 0, 0));
            } else {
                slots.push(slot(small, (short, long), 0, 0));
            }
        }
        SetPlan {
            idea,
            slots,
            in_order: false,
        }
    };
    sets.push(mixed(
        "every idea together on boards of six and seven; the first 8x8s",
        2,
        SEVENS,
        16,
        34,
        24,
    ));
    sets.push(mixed("longer strokes; three 8x8s", 3, SEVENS, 20, 38, 28));
    sets.push(mixed(
        "boards of seven and eight; three 8x8s",
        3,
        LARGE,
        24,
        44,
        32,
    ));
    sets.push(mixed(
        "strokes of thirty cells and more; four 8x8s",
        4,
        LARGE,
        28,
        48,
        34,
    ));
    sets.push(mixed(
        "strokes of thirty cells and more; four 8x8s",
        4,
        LARGE,
        32,
        50,
        38,
    ));
    for _ in 0..7 {
        sets.push(mixed(
            "long winding strokes, forty cells and more on the six 8x8s",
            6,
            LARGE,
            36,
            56,
            44,
        ));
    }
    sets
}

/// Where [`gather`] keeps a size's candidates between runs (they take
/// minutes to find): delete them after changing how they are found.
fn kept_candidates(width: u8, height: u8) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("polarium-candidates-5-{width}x{height}.txt"))
}

/// The candidates of every size, from the last run's files where there are
/// some.
fn candidates() -> BTreeMap<(u8, u8), Vec<Candidate>> {
    let mut space = candidates::rom_space();
    let mut boards: HashSet<Board> = HashSet::new();
    let mut pools = BTreeMap::new();
    let mut sizes = SIZES.to_vec();
    sizes.push((8, 8));
    for (width, height) in sizes {
        let pool = if let Ok(text) = std::fs::read_to_string(kept_candidates(width, height)) {
            text.lines()
                .map(|line| Candidate::from_line(line).expect("a kept candidate"))
                .collect()
        } else {
            let pool = gather(width, height, &mut space, &mut boards);
            let lines: Vec<String> = pool.iter().map(Candidate::to_line).collect();
            std::fs::write(kept_candidates(width, height), lines.join("\n")).unwrap();
            pool
        };
        println!("{width}x{height}: {} candidates", pool.len());
        pools.insert((width, height), pool);
    }
    pools
}

/// Candidates of one size, from fixed seeds: for each stroke length band
/// the board holds, walks until enough are kept or the tries run out. Small
/// boards take walks that may touch themselves (else they hold few shapes).
fn gather(
    width: u8,
    height: u8,
    space: &mut candidates::RomSpace,
    boards: &mut HashSet<Board>,
) -> Vec<Candidate> {
    let ringed = (usize::from(width) + 2) * (usize::from(height) + 2);
    let area = usize::from(width) * usize::from(height);
    let small = area <= 25;
    let mut pool = Vec::new();
    let bands: Vec<(usize, usize)> = if small {
        (3..=14).map(|length| (length, length)).collect()
    } else {
        (0..)
            .map(|i| (3 + 4 * i, 6 + 4 * i))
            .take_while(|&(short, _)| short <= ringed * 7 / 10)
            .collect()
    };
    for (band, &(short, long)) in bands.iter().enumerate() {
        let long_stroke = short >= 36;
        let wanted = if long_stroke { 40 } else { 25 };
        let tries = if long_stroke { 150_000 } else { 8_000 };
        // The low byte tells the walks that may touch themselves apart.
        let walks = if small { 2 } else { 1 };
        let mut rng =
            Rng::new(u32::from(width) << 24 | u32::from(height) << 16 | (band as u32) << 8 | walks);
        let mut kept = 0;
        for _ in 0..tries {
            if kept == wanted {
                break;
            }
            let walk = Walk {
                width,
                height,
                length: short + rng.below((long - short + 1) as u32) as usize,
                ring_weight: 1 + rng.below(3),
                turn_quarters: 4 + rng.below(6),
                may_touch: small && rng.below(2) == 0,
            };
            let Some(cells) = candidates::draw(&mut rng, &walk) else {
                continue;
            };
            if !(short..=long).contains(&cells.len()) {
                continue;
            }
            let Some(puzzle) = candidates::puzzle_of(&mut rng, width, height, &cells) else {
                continue;
            };
            if boards.contains(&puzzle.board) {
                continue;
            }
            let Some(candidate) = candidates::candidate(puzzle, space) else {
                continue;
            };
            boards.insert(puzzle.board);
            pool.push(candidate);
            kept += 1;
        }
    }
    pool
}

/// The earlier built-in list's puzzles, as candidates: where one fits a
/// slot as well as a new one, it is taken, so a save's record for it
/// carries over.
fn add_earlier(pools: &mut BTreeMap<(u8, u8), Vec<Candidate>>) {
    let mut space = candidates::rom_space();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../src/polarium/earlier_puzzles.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let lines = password::lines_from_text(line.trim().as_bytes());
        let puzzle = password::from_lines(lines).unwrap();
        let board = puzzle.board;
        let pool = pools.entry((board.width(), board.height())).or_default();
        pool.retain(|c| c.puzzle.board != board);
        let mut candidate =
            candidates::candidate(puzzle, &mut space).expect("an earlier puzzle is a keeper");
        candidate.earlier = true;
        pool.push(candidate);
    }
}

/// A chosen puzzle with the ideas it shows.
pub struct Chosen {
    pub candidate: Candidate,
    pub ideas: u8,
}

/// Fill the plan from the pools: see the module.
fn choose(plan: &[SetPlan], pools: &BTreeMap<(u8, u8), Vec<Candidate>>) -> Vec<Vec<Chosen>> {
    let total: usize = plan.iter().map(|set| set.slots.len()).sum();
    let mut shapes: HashSet<Moves> = HashSet::new();
    let mut place = 0;
    let mut sets = Vec::new();
    for (number, set) in plan.iter().enumerate() {
        let mut chosen = Vec::new();
        for slot in &set.slots {
            let fitting = |slot: &Slot| -> Vec<&Candidate> {
                slot.sizes
                    .iter()
                    .flat_map(|size| pools.get(size).into_iter().flatten())
                    .filter(|c| {
                        let ideas = ideas(c);
                        (slot.cells.0..=slot.cells.1).contains(&(c.stroke.len() as u32))
                            && ideas & slot.needs == slot.needs
                            && ideas & slot.excludes == 0
                            && !shapes.contains(&c.shape)
                    })
                    .collect()
            };
            let mut fits = fitting(slot);
            if fits.is_empty() {
                // Nothing new to teach it with: the ideas it may also show
                // are let in, then any length.
                let mut relaxed = slot.clone();
                relaxed.excludes = 0;
                fits = fitting(&relaxed);
                if fits.is_empty() {
                    relaxed.cells = (0, 99);
                    fits = fitting(&relaxed);
                }
                println!(
                    "set {} slot {}: relaxed to {relaxed:?}",
                    number + 1,
                    chosen.len() + 1
                );
            }
            assert!(
                !fits.is_empty(),
                "set {} slot {}: nothing fits {slot:?}",
                number + 1,
                chosen.len() + 1
            );
            fits.sort_by_key(|c| (c.score(), c.states));
            // Teaching sets take the plainest; later, each place a little
            // further up the efforts that fit.
            let at = if set.in_order {
                0.0
            } else {
                0.25 + 0.65 * place as f64 / total as f64
            };
            let target = ((fits.len() - 1) as f64 * at).round() as usize;
            // An earlier puzzle near the target is as good a fit.
            let near = (fits.len() / 20).max(1);
            let window = target.saturating_sub(near)..(target + near + 1).min(fits.len());
            let earlier = window
                .filter(|&i| fits[i].earlier)
                .min_by_key(|&i| i.abs_diff(target));
            let pick = fits[earlier.unwrap_or(target)];
            shapes.insert(pick.shape.clone());
            chosen.push(Chosen {
                candidate: pick.clone(),
                ideas: ideas(pick),
            });
            place += 1;
        }
        if !set.in_order {
            chosen.sort_by_key(|c| (c.candidate.score(), c.candidate.states));
        }
        sets.push(chosen);
    }
    sets
}

fn password_text(puzzle: &Puzzle) -> String {
    let digits = password::encode(puzzle);
    let group = |i: usize| -> String {
        digits[i * 10..i * 10 + 10]
            .iter()
            .map(|&d| char::from(b'0' + d))
            .collect()
    };
    format!("{} {} {}", group(0), group(1), group(2))
}

/// Each set's tier: that of its median effort, never below the set before.
pub fn set_tiers(sets: &[Vec<u32>]) -> Vec<u8> {
    let mut last = 1;
    sets.iter()
        .map(|scores| {
            let mut scores = scores.clone();
            scores.sort_unstable();
            let tier = rating::tier(scores[scores.len() / 2]).max(last);
            last = tier;
            tier
        })
        .collect()
}

#[test]
#[ignore]
fn make_polarium_puzzles() {
    let mut pools = candidates();
    add_earlier(&mut pools);
    let plan = plan();
    let sets = choose(&plan, &pools);
    let scores: Vec<Vec<u32>> = sets
        .iter()
        .map(|set| set.iter().map(|c| c.candidate.score()).collect())
        .collect();
    let tiers = set_tiers(&scores);

    let mut text = String::from(
        "# Pocket Desk's built-in Polarium puzzles in sets of ten, made by\n\
         # tests/rules/src/polarium/make_puzzles.rs from fixed seeds: strokes drawn\n\
         # first, boards made round them, each the only solution from its hints as\n\
         # the solver finds it in the cartridge's space, no stroke shape used twice.\n\
         # Regenerate (from /):\n\
         # cargo test --release --manifest-path <repo>/Cargo.toml -p rules-host make_polarium_puzzles -- --ignored\n\
         # One puzzle a line: its Polarium DS password in three groups of ten, then\n\
         # size, its set's tier (1-5), effort score (rules/rating.rs), stroke cells,\n\
         # solver states and the ideas its stroke shows.\n",
    );
    for (number, (set, plan)) in sets.iter().zip(&plan).enumerate() {
        let tier = tiers[number];
        writeln!(
            text,
            "\n# Set {}: {} - {}",
            number + 1,
            tier_name(tier),
            plan.idea
        )
        .unwrap();
        for chosen in set {
            let c = &chosen.candidate;
            let board = c.puzzle.board;
            writeln!(
                text,
                "{}  # {}x{} tier {tier} effort {} cells {} states {} {}",
                password_text(&c.puzzle),
                board.width(),
                board.height(),
                c.score(),
                c.stroke.len(),
                c.states,
                idea_words(chosen.ideas)
            )
            .unwrap();
        }
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../src/polarium/puzzles.txt"
    );
    std::fs::write(path, text).unwrap();
    for (number, set) in sets.iter().enumerate() {
        let sizes: Vec<String> = set
            .iter()
            .map(|c| {
                format!(
                    "{}x{}:{}",
                    c.candidate.puzzle.board.width(),
                    c.candidate.puzzle.board.height(),
                    c.candidate.stroke.len()
                )
            })
            .collect();
        println!(
            "set {} {}: {}",
            number + 1,
            tier_name(tiers[number]),
            sizes.join(" ")
        );
    }
}
