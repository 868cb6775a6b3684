extern crate std;

use std::collections::BTreeMap;
use std::vec::Vec;
use std::{format, println};

use super::big_number::BigNumber;
use super::picture_data::{Layout, read_cells, write_cells};
use super::{
    CodeError, GROUP_DIGITS, MAX_DIGITS, MAX_GROUPS, PAGE_DIGITS, PAGE_GROUPS, assemble,
    check_groups, check_page, code_length, decode, encode, payload, write_groups,
};
use crate::generator::{Generator, smooth_picture};
use crate::grid::Grid;
use crate::{MAX_HEIGHT, MAX_WIDTH};
use shared::damm;
use shared::random::Rng;

// ---- pictures ----

/// Each cell filled with probability `per_mille` / 1000.
fn noise(rng: &mut Rng, width: usize, height: usize, per_mille: u32) -> Grid {
    let mut picture = Grid::new(width, height);
    for y in 0..height {
        for x in 0..width {
            picture.set(x, y, rng.below(1000) < per_mille);
        }
    }
    picture
}

/// `picture` with its left half copied onto its right half and/or its top
/// half onto its bottom half.
fn mirrored(picture: &Grid, left_right: bool, top_bottom: bool) -> Grid {
    let (width, height) = (picture.width(), picture.height());
    let mut out = *picture;
    for y in 0..height {
        for x in 0..width {
            let sx = if left_right && x >= width.div_ceil(2) {
                width - 1 - x
            } else {
                x
            };
            let sy = if top_bottom && y >= height.div_ceil(2) {
                height - 1 - y
            } else {
                y
            };
            out.set(x, y, picture.contains(sx, sy));
        }
    }
    out
}

/// A picture of random size up to 20x15, by `n`: smooth, noise of random
/// density, or smooth and mirrored (every other time top to bottom too).
fn varied_picture(rng: &mut Rng, n: usize) -> Grid {
    let (width, height) = (1 + rng.below(20) as usize, 1 + rng.below(15) as usize);
    match n % 3 {
        0 => smooth_picture(rng, width, height),
        1 => {
            let density = 50 + rng.below(900);
            noise(rng, width, height, density)
        }
        _ => mirrored(
            &smooth_picture(rng, width, height),
            true,
            n.is_multiple_of(2),
        ),
    }
}

fn from_art(art: &str) -> Grid {
    let rows: Vec<&str> = art
        .lines()
        .map(str::trim)
        .filter(|row| !row.is_empty())
        .collect();
    let mut picture = Grid::new(rows[0].len(), rows.len());
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), picture.width(), "ragged art");
        for (x, c) in row.bytes().enumerate() {
            picture.set(x, y, c == b'#');
        }
    }
    picture
}

/// Hand-drawn pixel art of the kinds players draw.
const ART: [(&str, &str); 8] = [
    (
        "heart",
        "
        .##.##.
        #######
        #######
        .#####.
        ..###..
        ...#...",
    ),
    (
        "note",
        "
        ..###
        ..#.#
        ..#..
        ###..
        ###..",
    ),
    (
        "smiley",
        "
        ..######..
        .#......#.
        #..#..#..#
        #..#..#..#
        #........#
        #.#....#.#
        #..####..#
        .#......#.
        ..######..
        ..........",
    ),
    (
        "key",
        "
        .###......
        #...#.....
        #...######
        #...#..#.#
        .###...#.#
        ..........
        ..........
        ..........
        ..........
        ..........",
    ),
    (
        "house",
        "
        .......#.......
        ......###......
        .....#####.....
        ....#######....
        ...#########...
        ..###########..
        .#############.
        ..#.........#..
        ..#.###.###.#..
        ..#.#.#.#.#.#..
        ..#.###.###.#..
        ..#.........#..
        ..#...###...#..
        ..#...#.#...#..
        ###############",
    ),
    (
        "snowflake",
        "
        .......#.......
        ....#..#..#....
        .....#.#.#.....
        ..#...###...#..
        ...#...#...#...
        ....#.###.#....
        .....#####.....
        ###############
        .....#####.....
        ....#.###.#....
        ...#...#...#...
        ..#...###...#..
        .....#.#.#.....
        ....#..#..#....
        .......#.......",
    ),
    (
        "cat",
        "
        .#.......#..........
        .##.....##..........
        .#########..........
        .##.###.##..........
        .#########.......##.
        .####.####........#.
        ..#######.........#.
        ...#####..........#.
        ..#######........#..
        .#########......#...
        .##########....#....
        .###########..#.....
        .#############......
        .#############......
        ..##.##..##.##......",
    ),
    (
        "face",
        "
        ......########......
        ....##........##....
        ...#............#...
        ..#..............#..
        .#...###....###...#.
        .#..#...#..#...#..#.
        #...#.#.#..#.#.#...#
        #....###....###....#
        #........##........#
        #........##........#
        #..#............#..#
        .#..##........##..#.
        .#....########....#.
        ..##............##..
        ....############....",
    ),
];

/// A line-solvable puzzle's picture from the app's own generator.
fn generated(seed: u32, width: usize, height: usize) -> Grid {
    let mut generator = Generator::new(seed, width, height);
    loop {
        if let Some(puzzle) = generator.step(10_000) {
            return puzzle.picture;
        }
    }
}

// ---- codes ----

fn code_of(picture: &Grid) -> Vec<u8> {
    encode(picture).unwrap().digits().to_vec()
}

fn text(digits: &[u8]) -> std::string::String {
    let groups: Vec<std::string::String> = digits
        .chunks(GROUP_DIGITS)
        .map(|group| group.iter().map(|d| char::from(b'0' + d)).collect())
        .collect();
    groups.join(" ")
}

fn typed(text: &str) -> Vec<u8> {
    text.bytes()
        .filter(u8::is_ascii_digit)
        .map(|c| c - b'0')
        .collect()
}

/// The code for `picture` written in `layout` (which it must fit).
fn code_in_layout(picture: &Grid, layout: Layout) -> Option<Vec<u8>> {
    let bits = write_cells(picture, layout)?;
    assemble(picture.width(), picture.height(), layout, bits).map(|code| code.digits().to_vec())
}

/// A well-formed code (group checks and whole-code check right) around any
/// payload, in any number of groups.
fn forged(width: usize, height: usize, layout: u32, bits: BigNumber, groups: usize) -> Vec<u8> {
    let payload = payload(width, height, Layout::from_index(layout), bits);
    write_groups(&payload, groups).unwrap().digits().to_vec()
}

/// Makes every group's check digit right again after a change.
fn fix_group_checks(digits: &mut [u8]) {
    for (group, chunk) in digits.chunks_mut(GROUP_DIGITS).enumerate() {
        if chunk.len() == GROUP_DIGITS {
            chunk[GROUP_DIGITS - 1] =
                damm::check_digit((group % 10) as u8, &chunk[..GROUP_DIGITS - 1]);
        }
    }
}

/// Makes the whole-code check right again after a change (groups fixed too).
fn fix_checks(digits: &mut [u8]) {
    let groups = digits.len() / GROUP_DIGITS;
    if groups >= 2 {
        let mut data: Vec<u8> = digits
            .chunks_exact(GROUP_DIGITS)
            .flat_map(|g| g[..4].to_vec())
            .collect();
        let len = data.len();
        data[len - 2] = 0;
        data[len - 1] = 0;
        let check = 98 - super::remainder(&data);
        let last = (groups - 1) * GROUP_DIGITS;
        digits[last + 2] = (check / 10) as u8;
        digits[last + 3] = (check % 10) as u8;
    }
    fix_group_checks(digits);
}

/// The plain reading of the format's rule, as the oracle for [`decode`]'s
/// shortcut: a code is accepted only if writing its picture again, in its
/// layout, gives every digit typed.
fn decode_by_rewriting(digits: &[u8]) -> Result<Grid, CodeError> {
    let picture = decode(digits);
    // Everything up to the payload is checked by the same code either way.
    let Ok(length) = code_length(digits) else {
        return picture;
    };
    if check_groups(digits).is_err() || digits.len() != length || digits.iter().any(|&d| d > 9) {
        return picture;
    }
    let data: Vec<u8> = digits
        .chunks_exact(GROUP_DIGITS)
        .flat_map(|group| group[..GROUP_DIGITS - 1].to_vec())
        .collect();
    if super::remainder(&data) != 1 {
        return picture;
    }
    let mut payload = BigNumber::from_decimal(&data[3..data.len() - 2]);
    let width = payload.div_rem(MAX_WIDTH as u32) as usize + 1;
    let height = payload.div_rem(MAX_HEIGHT as u32) as usize + 1;
    let layout = Layout::from_index(payload.div_rem(Layout::COUNT));
    let read = read_cells(width, height, layout, payload);
    let Some(rewritten) = code_in_layout(&read, layout) else {
        return Err(CodeError::DataTooShort);
    };
    match rewritten.len().cmp(&digits.len()) {
        std::cmp::Ordering::Greater => Err(CodeError::DataTooShort),
        std::cmp::Ordering::Less => Err(CodeError::DataTooLong),
        std::cmp::Ordering::Equal if rewritten != digits => Err(CodeError::DataMismatch),
        std::cmp::Ordering::Equal if read.is_empty() => Err(CodeError::EmptyPicture),
        std::cmp::Ordering::Equal => Ok(read),
    }
}

/// Round trip and the shape every code must have.
fn assert_round_trip(picture: &Grid) -> usize {
    let code = encode(picture).unwrap();
    let digits = code.digits();
    assert!(digits.len() <= MAX_DIGITS && digits.len().is_multiple_of(GROUP_DIGITS));
    assert!(digits.iter().all(|&d| d <= 9));
    // The first group alone tells the length.
    assert_eq!(code_length(&digits[..GROUP_DIGITS]), Ok(digits.len()));
    assert_eq!(check_groups(digits), Ok(()));
    for (page, digits) in code.pages().enumerate() {
        assert!(digits.len() <= PAGE_DIGITS);
        assert_eq!(check_page(page, digits), Ok(()));
    }
    assert_eq!(code.groups().count() * GROUP_DIGITS, digits.len());
    assert_eq!(decode(digits), Ok(*picture), "{}", text(digits));
    digits.len()
}

// ---- round trips ----

#[test]
fn the_group_count_table_is_the_largest_payloads_length() {
    let mut largest = BigNumber::default();
    for bit_len in 0..=super::MAX_PICTURE_BITS {
        let payload = payload(MAX_WIDTH, MAX_HEIGHT, Layout::from_index(7), largest);
        let digits = 3 + payload.decimal_len() + 2;
        assert_eq!(
            super::groups_for(&largest),
            digits.div_ceil(4),
            "{bit_len} bits"
        );
        largest.set_bit(bit_len);
    }
    let mut too_long = BigNumber::default();
    too_long.set_bit(super::MAX_PICTURE_BITS);
    assert_eq!(super::groups_for(&too_long), usize::MAX);
}

/// Coding a few cells a call gives what coding all at once does.
#[test]
fn any_budget_gives_the_same_code_and_verdict() {
    let mut rng = Rng::new(0xB0D6);
    for round in 0..400 {
        let picture = varied_picture(&mut rng, round);
        let budget = [1, 7, 20, 60, 100][round % 5];
        let Ok(mut encoding) = super::Encoding::new(&picture) else {
            assert!(picture.is_empty());
            continue;
        };
        let mut calls = 0;
        let code = loop {
            calls += 1;
            if let Some(code) = encoding.step(budget) {
                break code;
            }
        };
        let code = code.unwrap();
        assert_eq!(Ok(code.clone()), encode(&picture));
        assert!(calls > 1 || budget >= picture.width() * picture.height());
        let mut digits = code.digits().to_vec();
        if round % 2 == 1 {
            mutate(&mut rng, &mut digits);
            fix_checks(&mut digits);
        }
        let Ok(mut decoding) = super::Decoding::new(&digits) else {
            assert!(decode(&digits).is_err());
            continue;
        };
        let verdict = loop {
            if let Some(verdict) = decoding.step(budget) {
                break verdict;
            }
        };
        assert_eq!(verdict, decode(&digits));
        assert_eq!(decoding.step(budget), Some(verdict));
    }
}

#[test]
fn golden_codes_stay_the_same() {
    // The format is a promise to players: these must never change.
    let one = from_art("#");
    let heart = from_art(ART[0].1);
    let cat = from_art(ART[6].1);
    for (picture, expected) in [
        (one, "10304 00249 00668"),
        (heart, "10410 41149 95300 06587"),
        (
            cat,
            "11505 00201 98866 57276 84861 55563 65724 11457 26812 10431 11166 56525 98238 79418 99545",
        ),
    ] {
        let code = code_of(&picture);
        println!("{}", text(&code));
        assert_eq!(text(&code), expected);
        assert_eq!(decode(&typed(expected)), Ok(picture));
    }
}

#[test]
fn pictures_of_every_size_round_trip() {
    let mut rng = Rng::new(0x5EED_C0DE);
    for width in 1..=MAX_WIDTH {
        for height in 1..=MAX_HEIGHT {
            for round in 0..12 {
                let smooth = smooth_picture(&mut rng, width, height);
                let density = [500, 100, 900, 20, 980, 300][round % 6];
                let speckled = noise(&mut rng, width, height, density);
                let base = if round % 2 == 0 { smooth } else { speckled };
                for picture in [
                    base,
                    mirrored(&base, true, false),
                    mirrored(&base, false, true),
                    mirrored(&base, true, true),
                ] {
                    if !picture.is_empty() {
                        assert_round_trip(&picture);
                    }
                }
            }
            // One cell, the last cell, everything.
            let mut corner = Grid::new(width, height);
            corner.set(0, 0, true);
            assert_round_trip(&corner);
            let mut last = Grid::new(width, height);
            last.set(width - 1, height - 1, true);
            assert_round_trip(&last);
            let full = Grid::from_rows(width, height, &[u32::MAX; MAX_HEIGHT]);
            assert_round_trip(&full);
        }
    }
}

#[test]
fn every_small_picture_round_trips() {
    // Every picture of up to 12 cells, and every 4x4 one.
    for width in 1..=12 {
        for height in 1..=12 / width {
            let cells = width * height;
            for pattern in 1u32..1 << cells {
                let rows: Vec<u32> = (0..height)
                    .map(|y| (pattern >> (y * width)) & ((1 << width) - 1))
                    .collect();
                assert_round_trip(&Grid::from_rows(width, height, &rows));
            }
        }
    }
    for pattern in 1u32..1 << 16 {
        let rows: Vec<u32> = (0..4).map(|y| (pattern >> (y * 4)) & 0xF).collect();
        assert_round_trip(&Grid::from_rows(4, 4, &rows));
    }
}

#[test]
fn art_and_generated_puzzles_round_trip() {
    for (_, art) in ART {
        assert_round_trip(&from_art(art));
    }
    for seed in 0..5 {
        for (width, height) in [(5, 5), (10, 10), (15, 15), (20, 15)] {
            assert_round_trip(&generated(seed, width, height));
        }
    }
}

#[test]
fn the_shortest_layout_is_chosen_and_any_layout_decodes() {
    let mut rng = Rng::new(99);
    for round in 0..400 {
        let (width, height) = (1 + rng.below(20) as usize, 1 + rng.below(15) as usize);
        let base = if round % 2 == 0 {
            smooth_picture(&mut rng, width, height)
        } else {
            let density = 100 + rng.below(800);
            noise(&mut rng, width, height, density)
        };
        let picture = mirrored(&base, round % 3 == 0, round % 5 == 0);
        if picture.is_empty() {
            continue;
        }
        let chosen = code_of(&picture);
        for index in 0..Layout::COUNT {
            let layout = Layout::from_index(index);
            if !layout.fits(&picture) {
                continue;
            }
            let Some(code) = code_in_layout(&picture, layout) else {
                continue;
            };
            assert!(chosen.len() <= code.len());
            // Not the encoder's choice, but a true description: accepted.
            assert_eq!(decode(&code), Ok(picture));
        }
    }
}

#[test]
fn the_longest_code_is_a_full_noisy_picture() {
    // Plain one bit a cell with the last cell filled is the longest a code
    // gets (the encoder never picks anything longer), and it fills
    // MAX_GROUPS exactly.
    let mut rng = Rng::new(3);
    let mut longest = 0;
    for _ in 0..50 {
        let mut picture = noise(&mut rng, MAX_WIDTH, MAX_HEIGHT, 500);
        picture.set(MAX_WIDTH - 1, MAX_HEIGHT - 1, true);
        longest = longest.max(assert_round_trip(&picture));
        let plain = code_in_layout(&picture, Layout::from_index(0)).unwrap();
        assert_eq!(plain.len(), MAX_DIGITS);
    }
    assert_eq!(longest, MAX_DIGITS);
    assert_eq!(MAX_GROUPS * GROUP_DIGITS, MAX_DIGITS);
}

// That a page is what the number pad holds is tested where both are known,
// in the host crate (tests/rules/src/nonogram/mod.rs).
#[test]
fn a_page_is_whole_groups() {
    assert_eq!(PAGE_DIGITS, PAGE_GROUPS * GROUP_DIGITS);
}

// ---- check digits ----

/// Every group of four data digits, from every start: each single wrong
/// digit and each swap of two different neighbours fails the group check.
#[test]
fn group_checks_catch_every_typo_and_neighbour_swap() {
    let mut caught = 0u32;
    for start in 0..10u8 {
        for value in 0..10_000u32 {
            let mut group = [0u8; GROUP_DIGITS];
            for (i, digit) in group[..4].iter_mut().enumerate() {
                *digit = (value / 10u32.pow(3 - i as u32) % 10) as u8;
            }
            group[4] = damm::check_digit(start, &group[..4]);
            assert!(damm::is_valid(start, &group));
            for position in 0..GROUP_DIGITS {
                for wrong in 0..10 {
                    if wrong != group[position] {
                        let mut typo = group;
                        typo[position] = wrong;
                        assert!(
                            !damm::is_valid(start, &typo),
                            "{start} {group:?} -> {typo:?}"
                        );
                        caught += 1;
                    }
                }
            }
            for position in 0..GROUP_DIGITS - 1 {
                if group[position] != group[position + 1] {
                    let mut swapped = group;
                    swapped.swap(position, position + 1);
                    assert!(
                        !damm::is_valid(start, &swapped),
                        "{start} {group:?} -> {swapped:?}"
                    );
                    caught += 1;
                }
            }
        }
    }
    println!("group check: {caught} typos and swaps, every one caught");
}

#[test]
fn the_bad_group_is_named() {
    let mut rng = Rng::new(11);
    let picture = noise(&mut rng, 20, 15, 500);
    let code = code_of(&picture);
    let groups = code.len() / GROUP_DIGITS;
    for group in 0..groups {
        for position in 0..GROUP_DIGITS {
            let mut typo = code.clone();
            let index = group * GROUP_DIGITS + position;
            typo[index] = (typo[index] + 1 + rng.below(9) as u8) % 10;
            assert_eq!(check_groups(&typo), Err(CodeError::BadGroup { group }));
            let page = group / PAGE_GROUPS;
            let page_digits = &typo[page * PAGE_DIGITS..((page + 1) * PAGE_DIGITS).min(typo.len())];
            assert_eq!(
                check_page(page, page_digits),
                Err(CodeError::BadGroup { group })
            );
            assert_eq!(decode(&typo), Err(CodeError::BadGroup { group }));
        }
    }
    // A page typed where another belongs fails at its first group.
    let second_page = &code[PAGE_DIGITS..2 * PAGE_DIGITS];
    assert_eq!(check_page(1, second_page), Ok(()));
    assert_eq!(
        check_page(0, second_page),
        Err(CodeError::BadGroup { group: 0 })
    );
    assert_eq!(
        check_page(2, second_page),
        Err(CodeError::BadGroup { group: 12 })
    );
    // A group moved to another place (not 10 groups on) fails there.
    let mut moved = code.clone();
    moved.copy_within(GROUP_DIGITS..2 * GROUP_DIGITS, 3 * GROUP_DIGITS);
    if moved != code {
        assert_eq!(check_groups(&moved), Err(CodeError::BadGroup { group: 3 }));
    }
}

#[test]
fn the_whole_code_check_catches_what_groups_cannot() {
    let mut rng = Rng::new(12);
    let picture = noise(&mut rng, 20, 15, 500);
    let code = code_of(&picture);
    // Groups 10 apart share their check start: swapping them passes the
    // group checks, not the whole-code check.
    let mut swapped = code.clone();
    for i in 0..GROUP_DIGITS {
        swapped.swap(2 * GROUP_DIGITS + i, 12 * GROUP_DIGITS + i);
    }
    assert_ne!(swapped, code);
    assert_eq!(check_groups(&swapped), Ok(()));
    assert_eq!(decode(&swapped), Err(CodeError::ChecksumFailed));
    // Two typos in one group: its check digit misses some, the whole-code
    // check most of those (two check digits cannot catch every pair: some
    // pairs change the number by a multiple of 97).
    let (mut past_group, mut past_whole, mut accepted) = (0, 0, 0);
    for group in 0..MAX_GROUPS {
        for a in 0..4 {
            for b in a + 1..4 {
                for (da, db) in (1..10).flat_map(|da| (1..10).map(move |db| (da, db))) {
                    let mut typo = code.clone();
                    let g = group * GROUP_DIGITS;
                    typo[g + a] = (typo[g + a] + da) % 10;
                    typo[g + b] = (typo[g + b] + db) % 10;
                    if check_groups(&typo).is_ok() {
                        past_group += 1;
                        let outcome = decode(&typo);
                        past_whole += u32::from(outcome != Err(CodeError::ChecksumFailed));
                        accepted += u32::from(outcome.is_ok());
                    }
                }
            }
        }
    }
    let pairs = MAX_GROUPS as u32 * 6 * 81;
    println!(
        "two typos in a group: {past_group} of {pairs} pass its check, {past_whole} the whole-code check, {accepted} decode"
    );
    assert!(past_group > 0 && past_whole * 10 < past_group && past_whole * 100 < pairs);
    // Every single digit changed and every neighbour swap, across groups too.
    for i in 0..code.len() {
        for wrong in 0..10 {
            let mut typo = code.clone();
            typo[i] = wrong;
            if typo != code {
                assert!(decode(&typo).is_err());
            }
        }
        if i + 1 < code.len() && code[i] != code[i + 1] {
            let mut swap = code.clone();
            swap.swap(i, i + 1);
            assert!(decode(&swap).is_err());
        }
    }
}

// ---- every error ----

#[test]
fn every_error_class_is_reachable() {
    let mut rng = Rng::new(13);
    let picture = noise(&mut rng, 10, 10, 500);
    let code = code_of(&picture);
    let groups = code.len() / GROUP_DIGITS;

    assert_eq!(decode(&[]), Err(CodeError::Empty));
    assert_eq!(code_length(&[]), Err(CodeError::Empty));

    let mut not_digit = code.clone();
    not_digit[7] = 10;
    assert_eq!(decode(&not_digit), Err(CodeError::NotADigit));
    assert_eq!(check_groups(&not_digit), Err(CodeError::NotADigit));

    assert_eq!(decode(&[1; MAX_DIGITS + 1]), Err(CodeError::TooLong));

    assert_eq!(
        decode(&code[..code.len() - 1]),
        Err(CodeError::IncompleteGroup { group: groups - 1 })
    );
    assert_eq!(
        code_length(&code[..3]),
        Err(CodeError::IncompleteGroup { group: 0 })
    );

    let mut bad_group = code.clone();
    bad_group[GROUP_DIGITS + 1] = (bad_group[GROUP_DIGITS + 1] + 1) % 10;
    assert_eq!(decode(&bad_group), Err(CodeError::BadGroup { group: 1 }));

    for version in [0, 2, 9] {
        let mut newer = code.clone();
        newer[0] = version;
        fix_group_checks(&mut newer);
        assert_eq!(code_length(&newer), Err(CodeError::UnknownVersion));
        assert_eq!(decode(&newer), Err(CodeError::UnknownVersion));
    }

    for count in [0, 1, 26, 99] {
        let mut impossible = code.clone();
        impossible[1] = count / 10;
        impossible[2] = count % 10;
        fix_group_checks(&mut impossible);
        assert_eq!(code_length(&impossible), Err(CodeError::InvalidGroupCount));
        assert_eq!(decode(&impossible), Err(CodeError::InvalidGroupCount));
    }

    assert_eq!(
        decode(&code[..code.len() - GROUP_DIGITS]),
        Err(CodeError::MissingGroups)
    );
    let mut longer = code.clone();
    longer.extend_from_slice(&[1, 2, 3, 4, 0]);
    fix_group_checks(&mut longer);
    assert_eq!(decode(&longer), Err(CodeError::ExtraGroups));

    let mut checksum = code.clone();
    let g = GROUP_DIGITS;
    checksum.swap(g, g + 1);
    checksum.swap(g + 2, g + 3);
    fix_group_checks(&mut checksum);
    assert_ne!(checksum, code);
    assert_eq!(decode(&checksum), Err(CodeError::ChecksumFailed));

    // Extra groups of leading zeros: well-formed, but not how it is written.
    let bits = write_cells(&picture, Layout::from_index(1)).unwrap();
    let padded = forged(10, 10, 1, bits, groups + 1);
    assert_eq!(decode(&padded), Err(CodeError::DataTooLong));

    // Bits above a plain picture's cells are never read.
    let plain = write_cells(&picture, Layout::from_index(0)).unwrap();
    let mut stray = plain;
    stray.set_bit(100);
    let plain_groups = code_in_layout(&picture, Layout::from_index(0))
        .unwrap()
        .len()
        / GROUP_DIGITS;
    assert_eq!(
        decode(&forged(10, 10, 0, stray, plain_groups)),
        Err(CodeError::DataMismatch)
    );

    // A compressed picture cut short: the decoder reads zeros past the end
    // and makes up cells that take more room to write than there was.
    let mut too_short = 0;
    for seed in 0..50 {
        let mut rng = Rng::new(seed);
        let picture = smooth_picture(&mut rng, 20, 15);
        let Some(full) = write_cells(&picture, Layout::from_index(1)) else {
            continue;
        };
        let mut cut = BigNumber::default();
        for bit in 0..full.bit_len() / 2 {
            if full.bit(bit) {
                cut.set_bit(bit);
            }
        }
        let code = forged(20, 15, 1, cut, 10);
        if decode(&code) == Err(CodeError::DataTooShort) {
            too_short += 1;
        }
    }
    assert!(too_short > 0);

    let empty = Grid::new(7, 3);
    assert_eq!(encode(&empty), Err(CodeError::EmptyPicture));
    let empty_code = code_in_layout(&empty, Layout::from_index(0)).unwrap();
    assert_eq!(check_groups(&empty_code), Ok(()));
    assert_eq!(decode(&empty_code), Err(CodeError::EmptyPicture));
}

#[test]
fn messages_are_short_and_distinct() {
    let mut errors = std::vec![
        CodeError::Empty,
        CodeError::NotADigit,
        CodeError::TooLong,
        CodeError::IncompleteGroup { group: 3 },
        CodeError::UnknownVersion,
        CodeError::InvalidGroupCount,
        CodeError::MissingGroups,
        CodeError::ExtraGroups,
        CodeError::ChecksumFailed,
        CodeError::DataTooShort,
        CodeError::DataTooLong,
        CodeError::DataMismatch,
        CodeError::EmptyPicture,
    ];
    errors.extend((0..MAX_GROUPS).map(|group| CodeError::BadGroup { group }));
    let message = |error: &CodeError| format!("{error}");
    for (i, a) in errors.iter().enumerate() {
        assert!(!message(a).is_empty() && message(a).len() <= 40, "{a}");
        for b in &errors[i + 1..] {
            assert_ne!(message(a), message(b));
        }
    }
    assert_eq!(
        message(&CodeError::BadGroup { group: 6 }),
        "Group 7 has a typo."
    );
}

// ---- fuzz ----

/// A million typed codes (random digits of random lengths, valid codes with
/// typos, swaps, cuts and insertions, and such codes with every check made
/// right again so they reach the picture data): nothing panics, every
/// refusal is one of the named errors, and everything accepted is exactly
/// how its picture is written.
#[test]
fn a_million_fuzzed_codes_never_panic() {
    let mut rng = Rng::new(0xF022_0001);
    let mut pool: Vec<Vec<u8>> = Vec::new();
    for i in 0..600 {
        let picture = varied_picture(&mut rng, i);
        if let Ok(code) = encode(&picture) {
            pool.push(code.digits().to_vec());
        }
    }
    let mut outcomes: BTreeMap<std::string::String, u32> = BTreeMap::new();
    let mut input: Vec<u8> = Vec::with_capacity(MAX_DIGITS + 20);
    for round in 0..1_000_000u32 {
        input.clear();
        match round % 4 {
            0 => {
                let len = rng.below(MAX_DIGITS as u32 + 10) as usize;
                input.extend((0..len).map(|_| rng.below(10) as u8));
                if rng.below(4) == 0 && !input.is_empty() {
                    // Start like a real code, so it gets past the first group.
                    input[0] = 1;
                    let groups = input.len().div_ceil(GROUP_DIGITS) as u8;
                    if input.len() > 2 {
                        input[1] = groups / 10;
                        input[2] = groups % 10;
                    }
                    fix_checks(&mut input);
                }
            }
            _ => {
                input.extend_from_slice(&pool[rng.below(pool.len() as u32) as usize]);
                for _ in 0..1 + rng.below(3) {
                    mutate(&mut rng, &mut input);
                }
                if round % 4 == 3 {
                    fix_checks(&mut input);
                }
            }
        }
        if round % 1000 == 0 {
            // Now and then a value that is not a digit.
            if let Some(digit) = input.first_mut() {
                *digit = 10 + rng.below(246) as u8;
            }
        }
        let decoded = decode(&input);
        assert_eq!(decoded, decode_by_rewriting(&input), "{}", text(&input));
        let outcome = match decoded {
            Ok(picture) => {
                assert!(!picture.is_empty());
                assert_eq!(code_length(&input), Ok(input.len()));
                let mut layouts = (0..Layout::COUNT)
                    .filter_map(|i| code_in_layout(&picture, Layout::from_index(i)));
                assert!(layouts.any(|code| code == input), "{}", text(&input));
                assert_eq!(decode(&code_of(&picture)), Ok(picture));
                std::string::String::from("accepted")
            }
            Err(error) => {
                let message = format!("{error}");
                assert!(!message.is_empty() && message.len() <= 40);
                let name = format!("{error:?}");
                name.split([' ', '{']).next().unwrap_or_default().into()
            }
        };
        *outcomes.entry(outcome).or_default() += 1;
    }
    println!("fuzz outcomes: {outcomes:?}");
    for class in [
        "Empty",
        "NotADigit",
        "TooLong",
        "IncompleteGroup",
        "BadGroup",
        "UnknownVersion",
        "InvalidGroupCount",
        "MissingGroups",
        "ExtraGroups",
        "ChecksumFailed",
        "DataTooShort",
        "DataTooLong",
        "DataMismatch",
        "accepted",
    ] {
        assert!(
            outcomes.contains_key(class),
            "fuzzing never reached {class}"
        );
    }
}

fn mutate(rng: &mut Rng, digits: &mut Vec<u8>) {
    let len = digits.len();
    match rng.below(6) {
        0 if len > 0 => {
            let i = rng.below(len as u32) as usize;
            digits[i] = rng.below(10) as u8;
        }
        1 if len > 1 => {
            let i = rng.below(len as u32 - 1) as usize;
            digits.swap(i, i + 1);
        }
        2 if len > 0 => {
            digits.truncate(rng.below(len as u32) as usize);
        }
        3 => {
            let i = rng.below(len as u32 + 1) as usize;
            digits.insert(i, rng.below(10) as u8);
        }
        4 if len > 0 => {
            digits.remove(rng.below(len as u32) as usize);
        }
        _ => {
            // A whole group dropped or repeated.
            let groups = len / GROUP_DIGITS;
            if groups > 0 {
                let g = rng.below(groups as u32) as usize * GROUP_DIGITS;
                if rng.below(2) == 0 {
                    digits.drain(g..g + GROUP_DIGITS);
                } else {
                    let group: Vec<u8> = digits[g..g + GROUP_DIGITS].to_vec();
                    digits.splice(g..g, group);
                }
            }
        }
    }
}

// ---- lengths ----

/// Code lengths in digits for the app's sizes; run with `--nocapture` to see.
#[test]
fn report_code_lengths() {
    println!("share code lengths in digits (pages of {PAGE_DIGITS}):");
    println!("size   generated puzzles        noise              worst");
    println!("       min  mean  max           mean  max");
    for (width, height) in [(5, 5), (10, 10), (15, 15), (20, 15)] {
        let generated_lengths: Vec<usize> = (0..100)
            .map(|seed| code_of(&generated(seed, width, height)).len())
            .collect();
        let mut rng = Rng::new(0xAB5E);
        let noise_lengths: Vec<usize> = (0..200)
            .map(|_| noise(&mut rng, width, height, 500))
            .filter(|picture| !picture.is_empty())
            .map(|picture| code_of(&picture).len())
            .collect();
        let full = Grid::from_rows(width, height, &[u32::MAX; MAX_HEIGHT]);
        let worst = code_in_layout(&full, Layout::from_index(0)).unwrap().len();
        let mean = |lengths: &[usize]| lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
        let min = generated_lengths.iter().min().unwrap();
        let max = generated_lengths.iter().max().unwrap();
        println!(
            "{width:>2}x{height:<2}  {min:>4} {:>5.1} {max:>4}          {:>5.1} {:>4}    {worst:>4}",
            mean(&generated_lengths),
            mean(&noise_lengths),
            noise_lengths.iter().max().unwrap(),
        );
        assert!(noise_lengths.iter().all(|&len| len <= worst));
        assert!(generated_lengths.iter().all(|&len| len <= worst));
    }
    println!("the built-in puzzles:  min  mean  max");
    for (width, height) in crate::builtin::SIZES {
        let lengths: Vec<usize> = (0..crate::builtin::COUNT)
            .filter_map(crate::builtin::picture)
            .filter(|picture| (picture.width(), picture.height()) == (width.into(), height.into()))
            .map(|picture| code_of(&picture).len())
            .collect();
        println!(
            "  {width:>2}x{height:<2} ({:>2})         {:>4} {:>5.1} {:>4}",
            lengths.len(),
            lengths.iter().min().unwrap(),
            lengths.iter().sum::<usize>() as f64 / lengths.len() as f64,
            lengths.iter().max().unwrap()
        );
    }
    println!("pixel art:");
    for (name, art) in ART {
        let picture = from_art(art);
        println!(
            "  {name:<10} {:>2}x{:<2} {:>4}",
            picture.width(),
            picture.height(),
            code_of(&picture).len()
        );
    }
    println!("the heart: {}", text(&code_of(&from_art(ART[0].1))));
}
