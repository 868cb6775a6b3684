extern crate std;

use std::collections::HashMap;
use std::vec::Vec;

use super::{Greying, grey};
use crate::clues::Clues;
use crate::line::Cell;
use crate::line::Line;
use crate::oracle::{self, Starts};
use shared::random::Rng;

fn clues(numbers: &[u8]) -> Clues {
    Clues::new(numbers).unwrap()
}

fn greyed_list(greying: Greying) -> Vec<usize> {
    (0..16).filter(|&j| greying.is_greyed(j)).collect()
}

/// (line, clues, greyed clues, complete, contradiction)
type Case = (&'static str, &'static [u8], &'static [usize], bool, bool);

const CASES: &[Case] = &[
    // The devlog's examples.
    ("0010", &[1, 1], &[], false, false),
    ("1200000", &[1, 1], &[0], false, false),
    // Block at cell 4: clue 0 would leave 1 2 1 for `011000`, whose `11`
    // must then be the 2 with the 1 jammed against it; so only clue 1.
    ("000212011000", &[1, 1, 2, 1], &[1], false, false),
    // Complete lines grey everything, crosses or not.
    ("0000", &[], &[], true, false),
    ("1111", &[4], &[0], true, false),
    ("0110", &[2], &[0], true, false),
    ("2112", &[2], &[0], true, false),
    ("11211", &[2, 2], &[0, 1], true, false),
    ("12012", &[1, 1], &[0, 1], true, false),
    ("2122", &[1], &[0], true, false),
    (
        "12121212121212121212",
        &[1; 10],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        true,
        false,
    ),
    // Contradictions.
    ("0100", &[], &[], false, true),
    ("1121", &[2, 2], &[], false, true),
    ("111", &[2], &[], false, true),
    ("222", &[1], &[], false, true),
    ("0211200", &[3], &[], false, true),
    ("1010", &[1], &[], false, true),
    ("0000", &[2, 2], &[], false, true),
    // Blocks not closed grey nothing.
    ("1000", &[1, 1], &[], false, false),
    ("0100", &[3], &[], false, false),
    ("01020", &[1, 1], &[], false, false),
    ("0000110000", &[2, 2], &[], false, false),
    // Closed at an edge.
    ("1200", &[1, 1], &[0], false, false),
    ("0021", &[1, 1], &[1], false, false),
    ("2120", &[1, 1], &[0], false, false),
    ("21112000", &[3, 3], &[0], false, false),
    ("00021112", &[3, 3], &[1], false, false),
    ("120100", &[1, 1, 1], &[0], false, false),
    ("1202100", &[1, 1, 1], &[0], false, false),
    // Room on both sides decides.
    ("0002111200", &[3, 3], &[1], false, false),
    ("0212020", &[1, 1], &[], false, false),
    ("00000212000", &[1, 1, 1], &[], false, false),
    ("00000000002111200000", &[3, 3, 3], &[], false, false),
    ("00000000002111200000", &[3, 3, 3, 3], &[2], false, false),
    // Length decides.
    ("0211200", &[2, 1], &[0], false, false),
    ("0211200", &[1, 2], &[1], false, false),
    ("0211200", &[2, 2], &[0], false, false),
    ("0211200", &[1, 2, 1], &[1], false, false),
    // Two closed blocks, each its own clue.
    ("1210000121", &[1, 1, 1, 1, 1], &[0, 4], false, false),
    // Two blocks that could swap roles grey nothing.
    ("0000212000212000", &[1, 1, 1], &[], false, false),
    // Crosses inside the free part count against room.
    ("0202120000", &[1, 1, 1], &[], false, false),
    ("2202120000", &[1, 1, 1], &[], false, false),
    ("2222120000", &[1, 1, 1], &[0], false, false),
];

#[test]
fn hand_written_cases() {
    assert!(CASES.len() >= 30);
    for &(digits, numbers, expected, complete, contradiction) in CASES {
        let line = Line::parse(digits);
        let clues = clues(numbers);
        let greying = grey(line, &clues);
        let label = std::format!("{digits} {numbers:?}");
        assert_eq!(greyed_list(greying), expected, "{label}");
        assert_eq!(greying.complete, complete, "{label}");
        assert_eq!(greying.contradiction, contradiction, "{label}");
        let all = oracle::placements(line.len(), numbers);
        assert_eq!(
            oracle::grey_by_enumeration(line, &clues, &all),
            greying,
            "oracle: {label}"
        );
    }
}

/// The key of a clue list, unique per list: its runs packed with one gap
/// each, under a leading marker bit.
fn clue_key(cells: u32) -> usize {
    let mut key = 0usize;
    let mut at = 0;
    let mut rest = cells;
    while rest != 0 {
        rest >>= rest.trailing_zeros();
        let run = rest.trailing_ones();
        key |= ((1usize << run) - 1) << at;
        at += run + 1;
        rest = rest.checked_shr(run).unwrap_or(0);
    }
    key | 1 << at.saturating_sub(1)
}

/// Every line of `len` cells with every clue list that fits it, against
/// the devlog's rules over the agreeing placements.
///
/// The placements agreeing with a line are exactly its filled cells plus any
/// subset of its empty cells (each set of cells is the one placement of its
/// own clue list), so one walk over those subsets answers every clue list
/// at once; clue lists never reached contradict the line.
fn exhaustive(len: usize) -> u64 {
    // Every clue list that fits is the clue list of some line of `len` cells.
    let mut lists: Vec<Clues> = Vec::new();
    let mut index_of = std::vec![usize::MAX; 1 << (len + 1)];
    for cells in 0..1u32 << len {
        let key = clue_key(cells);
        if index_of[key] == usize::MAX {
            index_of[key] = lists.len();
            lists.push(Clues::of_cells(cells));
        }
    }
    // Per clue list seen for the current line: for each closed block's first
    // cell, the clues some agreeing placement puts on it.
    let mut seen = std::vec![u32::MAX; lists.len()];
    let mut can_be = std::vec![0u16; lists.len() * len];
    let mut checked = 0;
    let mut line_number = 0u32;
    let mut digits = std::vec![0u8; len];
    loop {
        let mut line = Line::new(len);
        for (i, &digit) in digits.iter().enumerate() {
            line.set(
                i,
                [Cell::Empty, Cell::Filled, Cell::Crossed][usize::from(digit)],
            );
        }
        let mut closed_len = [0u8; 32];
        for (start, block) in oracle::closed_blocks(line) {
            closed_len[start] = block as u8;
        }
        let free = line.unmarked();
        let mut subset = 0u32;
        loop {
            let cells = line.filled() | subset;
            let id = index_of[clue_key(cells)];
            if seen[id] != line_number {
                seen[id] = line_number;
                can_be[id * len..(id + 1) * len].fill(0);
            }
            let mut rest = cells;
            let mut j = 0;
            while rest != 0 {
                let start = rest.trailing_zeros();
                let run = (rest >> start).trailing_ones();
                if u32::from(closed_len[start as usize]) == run {
                    can_be[id * len + start as usize] |= 1 << j;
                }
                rest &= !(((1u32 << run) - 1) << start);
                j += 1;
            }
            subset = subset.wrapping_sub(free) & free;
            if subset == 0 {
                break;
            }
        }
        let filled_key = index_of[clue_key(line.filled())];
        for (id, list) in lists.iter().enumerate() {
            let expected = if seen[id] != line_number {
                Greying {
                    greyed: 0,
                    complete: false,
                    contradiction: true,
                }
            } else if id == filled_key {
                Greying {
                    greyed: (1 << list.len()) - 1,
                    complete: true,
                    contradiction: false,
                }
            } else {
                let greyed = can_be[id * len..(id + 1) * len]
                    .iter()
                    .filter(|mask| mask.count_ones() == 1)
                    .fold(0, |all, mask| all | mask);
                Greying {
                    greyed,
                    complete: false,
                    contradiction: false,
                }
            };
            let got = grey(line, list);
            if got != expected {
                panic!(
                    "{digits:?} {:?} (id {id}, seen {} at line {line_number}): got {got:?}, expected {expected:?}",
                    list.as_slice(),
                    seen[id]
                );
            }
            checked += 1;
        }
        line_number += 1;
        // Next line, counting in base 3.
        let mut i = 0;
        while i < len && digits[i] == 2 {
            digits[i] = 0;
            i += 1;
        }
        if i == len {
            return checked;
        }
        digits[i] += 1;
    }
}

#[test]
fn every_line_up_to_11_cells_with_every_clue_list() {
    let checked: u64 = (1..=11).map(exhaustive).sum();
    assert_eq!(checked, 51_984_591);
}

#[test]
fn every_line_of_12_cells_with_every_clue_list() {
    assert_eq!(exhaustive(12), 200_353_257);
}

#[test]
#[ignore = "soak: every line of 13 cells, about 15 s"]
fn every_line_of_13_cells_with_every_clue_list() {
    let start = std::time::Instant::now();
    let checked = exhaustive(13);
    std::println!("13 cells: {checked} pairs in {:?}", start.elapsed());
}

/// A random line and clues: clues from a random picture line (or random
/// numbers that fit), marks from that line with some cells wrong or left out.
fn random_case(rng: &mut Rng) -> (Line, Clues) {
    let len = 1 + rng.below(20) as usize;
    let density = rng.below(100);
    let mut truth = 0u32;
    for i in 0..len {
        if rng.below(100) < density {
            truth |= 1 << i;
        }
    }
    let clues = if rng.below(4) == 0 {
        let mut numbers = Vec::new();
        let mut room = len as u32;
        while room > 0 && numbers.len() < 10 && rng.below(4) != 0 {
            let run = 1 + rng.below(room.min(6));
            numbers.push(run as u8);
            room = room.saturating_sub(run + 1);
        }
        Clues::new(&numbers).unwrap()
    } else {
        Clues::of_cells(truth)
    };
    let keep = rng.below(100);
    let wrong = [0, 0, 2, 10][rng.below(4) as usize];
    let mut line = Line::new(len);
    for i in 0..len {
        if rng.below(100) >= keep {
            continue;
        }
        let mut filled = truth & (1 << i) != 0;
        if rng.below(100) < wrong {
            filled = !filled;
        }
        line.set(i, if filled { Cell::Filled } else { Cell::Crossed });
    }
    (line, clues)
}

#[test]
fn random_lines_up_to_20_cells_match_the_devlog_rules() {
    let mut rng = Rng::new(0x9e1e);
    let mut placements: HashMap<(usize, Vec<u8>), Vec<Starts>> = HashMap::new();
    let mut outcomes = [0u32; 3];
    for _ in 0..150_000 {
        let (line, clues) = random_case(&mut rng);
        let all = placements
            .entry((line.len(), clues.as_slice().to_vec()))
            .or_insert_with(|| oracle::placements(line.len(), clues.as_slice()));
        let expected = oracle::grey_by_enumeration(line, &clues, all);
        assert_eq!(
            grey(line, &clues),
            expected,
            "{line:?} {:?}",
            clues.as_slice()
        );
        let kind = if expected.contradiction {
            0
        } else if expected.greyed != 0 && !expected.complete {
            1
        } else {
            2
        };
        outcomes[kind] += 1;
    }
    // The mix covers every outcome well.
    assert!(outcomes.iter().all(|&count| count > 10_000), "{outcomes:?}");
}

/// Nanoseconds per call of `f`, over enough calls to time.
fn nanos_per_call(mut f: impl FnMut() -> Greying) -> f64 {
    let mut calls = 1u32;
    loop {
        let start = std::time::Instant::now();
        for _ in 0..calls {
            core::hint::black_box(f());
        }
        let elapsed = start.elapsed();
        if elapsed.as_millis() >= 20 {
            return elapsed.as_nanos() as f64 / f64::from(calls);
        }
        calls *= 4;
    }
}

/// Timing on the host: the greying of the slowest 20-cell lines found among
/// many hard ones (many clues, closed blocks, not complete), and the
/// brute-force oracle on the same lines.
#[test]
#[ignore = "timing: run with --ignored --nocapture"]
fn timing_worst_20_cell_lines() {
    let mut rng = Rng::new(0x71e);
    let mut hard: Vec<(Line, Clues)> = Vec::new();
    while hard.len() < 400 {
        // Picture lines of many short runs: the most clues and placements.
        let mut truth = 0u32;
        let mut at = rng.below(2);
        while at < 20 {
            let run = 1 + rng.below(2);
            truth |= ((1 << run) - 1) << at;
            at += run + 1 + rng.below(2);
        }
        truth &= 0xF_FFFF;
        let clues = Clues::of_cells(truth);
        let mut line = Line::new(20);
        for i in 0..20 {
            if rng.below(100) < 40 {
                line.set(
                    i,
                    if truth & (1 << i) != 0 {
                        Cell::Filled
                    } else {
                        Cell::Crossed
                    },
                );
            }
        }
        let greying = grey(line, &clues);
        if clues.len() >= 5 && !greying.complete && !greying.contradiction && {
            let closed = line.filled() & !(line.filled() << 1) & ((line.crossed() << 1) | 1);
            closed != 0
        } {
            hard.push((line, clues));
        }
    }
    let mut timed: Vec<(f64, usize)> = hard
        .iter()
        .enumerate()
        .map(|(i, (line, clues))| (nanos_per_call(|| grey(*line, clues)), i))
        .collect();
    timed.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mean = timed.iter().map(|t| t.0).sum::<f64>() / timed.len() as f64;
    std::println!("fast greying, 400 hard 20-cell lines: mean {mean:.0} ns");
    // The oracle as Pico² runs it (every placement listed, then filtered),
    // and with the list made once beforehand.
    let oracle_mean = hard
        .iter()
        .map(|(line, clues)| {
            nanos_per_call(|| {
                let all = oracle::placements(20, clues.as_slice());
                oracle::grey_by_enumeration(*line, clues, &all)
            })
        })
        .sum::<f64>()
        / hard.len() as f64;
    std::println!(
        "oracle on the same lines: mean {oracle_mean:.0} ns ({:.0}x)",
        oracle_mean / mean
    );
    std::println!("slowest lines for the fast version:");
    for &(nanos, i) in timed.iter().take(3) {
        report(&hard[i].0, &hard[i].1, nanos);
    }
    // The lines with the most placements: the oracle's worst case.
    std::println!("lines with the most placements (oracle's worst):");
    for numbers in [
        &[1u8, 1, 1, 1, 1, 1][..],
        &[1, 1, 1, 1, 1],
        &[2, 1, 1, 1, 1, 1],
    ] {
        let clues = Clues::new(numbers).unwrap();
        let line = Line::parse("00000000212000000000");
        report(&line, &clues, nanos_per_call(|| grey(line, &clues)));
    }
}

/// Prints the fast time and the oracle's for one line.
fn report(line: &Line, clues: &Clues, nanos: f64) {
    let all = oracle::placements(20, clues.as_slice());
    let listed = nanos_per_call(|| oracle::grey_by_enumeration(*line, clues, &all));
    let listing = nanos_per_call(|| {
        let all = oracle::placements(20, clues.as_slice());
        oracle::grey_by_enumeration(*line, clues, &all)
    });
    std::println!(
        "  {} {:?}: fast {nanos:.0} ns; oracle {listing:.0} ns listing its {} placements \
         ({:.0}x), {listed:.0} ns with them listed beforehand ({:.0}x)",
        (0..line.len())
            .map(|c| char::from(b'0' + line.cell(c) as u8))
            .collect::<std::string::String>(),
        clues.as_slice(),
        all.len(),
        listing / nanos,
        listed / nanos
    );
}
