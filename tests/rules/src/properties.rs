//! Property tests (proptest) of the pure modules: random inputs, checked
//! against invariants or a plain model.

use std::collections::BTreeSet;

use proptest::prelude::*;

use crate::damm;
use crate::framework::widgets::numpad::{
    COLUMNS, GRID, Key, Line, MAX_CODE_DIGITS, MAX_DIGITS, NumberPad, PadError, PadEvent, PadInput,
    PagedCode, ROWS,
};
use crate::nonogram::rules::share_code::{self, CodeError, GROUP_DIGITS, PAGE_GROUPS};
use crate::nonogram::rules::{Grid, MAX_HEIGHT, MAX_WIDTH};
use crate::random::Rng;
use crate::sweeper::rules::code::{BoardCode, DIGITS};
use crate::sweeper::rules::{
    Board, Difficulty, GameState, Outcome, Pos, PosSet, SQUARE_COUNT, SquareFlags,
};

/// One player move, as the app makes them.
#[derive(Clone, Copy, Debug)]
enum Move {
    Act(Pos),
    Flag(Pos),
    /// B with question marks on: flag, "?", nothing.
    Mark(Pos),
}

fn any_pos() -> impl Strategy<Value = Pos> {
    (0..SQUARE_COUNT).prop_map(|index| Pos::from_index(index).unwrap_or_default())
}

fn any_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        3 => any_pos().prop_map(Move::Act),
        2 => any_pos().prop_map(Move::Flag),
        1 => any_pos().prop_map(Move::Mark),
    ]
}

fn any_difficulty() -> impl Strategy<Value = Difficulty> {
    prop::sample::select(Difficulty::ALL.to_vec())
}

/// What must hold after any sequence of moves.
fn check_invariants(board: &Board, difficulty: Difficulty) -> Result<(), TestCaseError> {
    let state = board.state();
    let squares = board.squares();
    if state == GameState::Fresh {
        let marks = SquareFlags::FLAGGED | SquareFlags::DETONATED;
        prop_assert!(
            squares
                .iter()
                .all(|s| marks.contains(s.flags()) && s.neighbours() == 0),
            "a fresh board holds nothing but flags and question marks"
        );
        return Ok(());
    }
    prop_assert_eq!(board.mine_count(), difficulty.mines());
    let mut detonated = 0;
    let mut covered_safe = 0;
    for pos in Pos::all() {
        let square = board.square(pos).unwrap_or_default();
        let mines_around = pos
            .neighbours()
            .filter(|&n| board.square(n).is_some_and(|s| s.is_mine()))
            .count() as u8;
        prop_assert_eq!(square.neighbours(), mines_around, "count at {:?}", pos);
        prop_assert!(
            !(square.is_revealed() && square.is_flagged()),
            "{:?} is both revealed and flagged ({:?})",
            pos,
            state
        );
        // The detonated bit: the mines that went off, or "?"s on covered,
        // unflagged squares while the game goes on.
        if state == GameState::Dead {
            prop_assert!(!square.is_detonated() || square.is_mine());
        } else {
            prop_assert!(!square.is_detonated() || square.is_questioned());
        }
        prop_assert!(
            !(square.is_mine() && square.is_revealed()),
            "mines stay covered"
        );
        detonated += u32::from(square.is_detonated());
        if !square.is_mine() && !square.is_revealed() {
            covered_safe += 1;
        }
        // A revealed zero has no covered neighbours (the floodfill opened
        // them), except flags a losing chord put back.
        if state != GameState::Dead && square.is_revealed() && square.neighbours() == 0 {
            for n in pos.neighbours() {
                prop_assert!(board.square(n).is_some_and(|s| s.is_revealed()));
            }
        }
    }
    match state {
        GameState::Playing => {
            prop_assert!(covered_safe > 0, "a cleared board must be won");
        }
        GameState::Dead => prop_assert!(detonated >= 1),
        GameState::Won => {
            prop_assert_eq!(detonated, 0);
            prop_assert_eq!(covered_safe, 0);
            prop_assert_eq!(board.mines_left(), 0);
        }
        GameState::Fresh => {}
    }
    Ok(())
}

/// A fixed seed, so every run checks the same cases (a failure prints its
/// minimal input to paste into a regression test), and no files written.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED_2026),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn board_invariants_hold_after_any_moves(
        seed in any::<u32>(),
        difficulty in any_difficulty(),
        moves in prop::collection::vec(any_move(), 1..80),
    ) {
        let mut rng = Rng::new(seed);
        let mut board = Board::new(difficulty, false);
        for step in moves {
            let before = board.clone();
            let outcome = match step {
                Move::Act(pos) => board.act(pos, &mut rng),
                Move::Flag(pos) => board.toggle_flag(pos),
                Move::Mark(pos) => board.cycle_mark(pos, true),
            };
            if before.state().is_over() {
                prop_assert_eq!(outcome, Outcome::Ignored);
                prop_assert_eq!(&board, &before, "a finished game does not change");
            }
            if outcome == Outcome::Ignored || outcome == Outcome::ChordRefused {
                prop_assert_eq!(board.squares(), before.squares());
            }
            prop_assert_eq!(
                outcome == Outcome::Won,
                board.state() == GameState::Won && before.state() != GameState::Won
            );
            prop_assert_eq!(
                outcome == Outcome::Lost,
                board.state() == GameState::Dead && before.state() != GameState::Dead
            );
            check_invariants(&board, difficulty)?;
        }
    }

    #[test]
    fn board_codes_round_trip(
        difficulty in any_difficulty(),
        no_guess in any::<bool>(),
        deal in 0..10_000u16,
        first in 0..90usize,
    ) {
        // Past the board's 84 squares: a code of a board not yet opened.
        let first = Pos::from_index(first);
        let code = BoardCode { difficulty, no_guess, deal, first };
        let digits = code.digits();
        prop_assert!(digits.iter().all(|&d| d <= 9));
        prop_assert_eq!(BoardCode::parse(&digits), Ok(code));
    }

    #[test]
    fn any_typed_code_parses_only_to_itself(digits in prop::collection::vec(0..12u8, 0..14)) {
        // Garbage never panics, and what parses writes back digit for digit.
        if let Ok(code) = BoardCode::parse(&digits) {
            prop_assert_eq!(digits.len(), DIGITS);
            prop_assert_eq!(&code.digits()[..], &digits[..]);
        }
    }

    #[test]
    fn below_stays_in_range(seed in any::<u32>(), n in any::<u32>()) {
        let mut rng = Rng::new(seed);
        for _ in 0..16 {
            let value = rng.below(n);
            prop_assert!(value < n.max(1));
        }
        let mut same = Rng::new(seed);
        let mut again = Rng::new(seed);
        prop_assert_eq!(same.below(n), again.below(n));
    }

    #[test]
    fn pos_set_behaves_like_a_plain_set(
        ops in prop::collection::vec((0..4u8, 0..=255u8), 0..120),
        other in prop::collection::btree_set(0..SQUARE_COUNT, 0..40),
    ) {
        let mut set = PosSet::EMPTY;
        let mut model: BTreeSet<usize> = BTreeSet::new();
        for (op, bits) in ops {
            let pos = Pos::from_bits(bits);
            match (op, pos.index()) {
                (0 | 1, index) => {
                    prop_assert_eq!(set.insert(pos), index.is_some_and(|i| model.insert(i)));
                }
                (2, index) => {
                    prop_assert_eq!(set.remove(pos), index.is_some_and(|i| model.remove(&i)));
                }
                (_, index) => {
                    prop_assert_eq!(set.contains(pos), index.is_some_and(|i| model.contains(&i)));
                }
            }
        }
        let indexes = |s: PosSet| s.iter().filter_map(Pos::index).collect::<Vec<_>>();
        prop_assert_eq!(indexes(set), model.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(set.len() as usize, model.len());
        prop_assert_eq!(set.is_empty(), model.is_empty());
        prop_assert_eq!(set.first().and_then(Pos::index), model.first().copied());
        let other_set: PosSet = other.iter().filter_map(|&i| Pos::from_index(i)).collect();
        prop_assert_eq!(
            indexes(set.union(other_set)),
            model.union(&other).copied().collect::<Vec<_>>()
        );
        prop_assert_eq!(
            indexes(set.intersection(other_set)),
            model.intersection(&other).copied().collect::<Vec<_>>()
        );
        prop_assert_eq!(
            indexes(set.difference(other_set)),
            model.difference(&other).copied().collect::<Vec<_>>()
        );
        prop_assert_eq!(set.is_subset(other_set), model.is_subset(&other));
        prop_assert_eq!(set.complement().len() as usize, SQUARE_COUNT - model.len());
        prop_assert_eq!(PosSet::from_bits(set.bits()), set);
    }

    #[test]
    fn number_pad_edits_like_a_plain_list(
        length in 1..=MAX_DIGITS,
        group in 1..12usize,
        inputs in prop::collection::vec(0..7u8, 0..200),
    ) {
        fn digit_sum_even(digits: &[u8]) -> Result<(), &'static str> {
            if digits.iter().map(|&d| u32::from(d)).sum::<u32>() % 2 == 0 {
                Ok(())
            } else {
                Err("odd")
            }
        }
        let mut pad = NumberPad::new(length, group, digit_sum_even);
        let mut model: Vec<u8> = Vec::new();
        // The cancel key asked before dropping typed digits.
        let mut asked = false;
        for input in inputs {
            let input = match input {
                0 => PadInput::Move(1, 0),
                1 => PadInput::Move(-1, 0),
                2 => PadInput::Move(0, 1),
                3 => PadInput::Move(0, -1),
                4 | 5 => PadInput::Press,
                _ => PadInput::Delete,
            };
            let key = match input {
                PadInput::Press => pad.key_under_cursor(),
                PadInput::Delete => Some(Key::Backspace),
                _ => None,
            };
            let expected = match key {
                Some(Key::Digit(d)) if model.len() < length => {
                    model.push(d);
                    PadEvent::Typed
                }
                Some(Key::Digit(_)) => PadEvent::Refused,
                Some(Key::Backspace) if model.pop().is_some() => PadEvent::Deleted,
                // B with nothing typed goes back; the ← key just refuses.
                Some(Key::Backspace) if input == PadInput::Delete => PadEvent::Cancelled,
                Some(Key::Backspace) => PadEvent::Refused,
                Some(Key::Cancel) if !asked && !model.is_empty() => PadEvent::Refused,
                Some(Key::Cancel) => PadEvent::Cancelled,
                Some(Key::Ok) if model.len() < length => PadEvent::Rejected,
                Some(Key::Ok) if digit_sum_even(&model).is_ok() => PadEvent::Accepted,
                Some(Key::Ok) => PadEvent::Rejected,
                None => PadEvent::Nothing,
            };
            prop_assert_eq!(pad.handle(input), expected);
            prop_assert_eq!(pad.digits(), &model[..]);
            // Asked now, or still, on the cancel key; anything else drops it.
            let on_cancel = pad.key_under_cursor() == Some(Key::Cancel);
            asked = match input {
                PadInput::Move(..) => asked && on_cancel,
                _ => key == Some(Key::Cancel) && expected == PadEvent::Refused,
            };
            prop_assert_eq!(pad.error() == Some(PadError::DropAsked), asked);
            let (x, y) = pad.cursor();
            prop_assert!(x < COLUMNS && y < ROWS && pad.key_under_cursor().is_some());
        }
        // The lines are the digits then blanks, `group` to a line, spaced.
        let mut joined = String::new();
        let mut line = Line::new();
        for index in 0..pad.line_count() {
            pad.write_line(index, &mut line);
            prop_assert!(line.len() < 2 * group);
            prop_assert!(line.chars().skip(1).step_by(2).all(|c| c == ' '));
            joined.extend(line.chars().step_by(2));
        }
        let mut expected: String = model.iter().map(|&d| char::from(b'0' + d)).collect();
        expected.extend(std::iter::repeat_n('_', length - model.len()));
        prop_assert_eq!(joined, expected);
        prop_assert_eq!(pad.line_count(), length.div_ceil(group));
    }

    /// A paged pad against a plain model of its rules (module doc of
    /// numpad.rs), on share-code-shaped toy codes, with typos, deletes,
    /// confirms and page turns mixed in.
    #[test]
    fn paged_number_pad_keeps_its_rules(
        groups in 1..40usize,
        seed in any::<u32>(),
        steps in prop::collection::vec(0..16u8, 0..400),
    ) {
        let code = toy_code(groups, seed);
        let mut pad = NumberPad::paged(TOY_CODE);
        let mut typed: Vec<u8> = Vec::new();
        let mut bad: Option<usize> = None;
        let mut length: Option<usize> = None;
        let mut shown_page = 0usize;
        let mut line = Line::new();
        let mut asked = false;
        for step in steps {
            // Most steps type the code's next digit (some of them wrong), so
            // long codes get typed to the end.
            let (input, digit) = match step {
                0 => (PadInput::Move(1, 0), None),
                1 => (PadInput::Move(0, -1), None),
                2 => (PadInput::Delete, None),
                3 => (PadInput::Confirm, None),
                4 => (PadInput::Page(-1), None),
                5 => (PadInput::Page(1), None),
                6 => (PadInput::Press, None), // whatever key is under the cursor
                7 => (PadInput::Press, Some((code.get(typed.len()).copied().unwrap_or(3) + 1) % 10)),
                _ => (PadInput::Press, Some(code.get(typed.len()).copied().unwrap_or(7))),
            };
            if let Some(digit) = digit {
                walk_to(&mut pad, Key::Digit(digit));
                // Walking off the cancel key drops its question.
                asked &= pad.key_under_cursor() == Some(Key::Cancel);
            }
            let key = match input {
                PadInput::Press => pad.key_under_cursor(),
                _ => None,
            };
            let cursor_page = |typed: &[u8], bad: Option<usize>, length: Option<usize>| {
                let position = bad.map_or(typed.len(), |group| group * 5);
                (position / 30).min(length.map_or(1, |l| l.div_ceil(30)) - 1)
            };
            let expected = match (input, key) {
                (PadInput::Press, Some(Key::Digit(d))) => {
                    let limit = length.unwrap_or(5);
                    if bad.is_some() || typed.len() >= limit {
                        PadEvent::Refused
                    } else {
                        typed.push(d);
                        let n = typed.len();
                        if n.is_multiple_of(5) || Some(n) == length {
                            let group = (n - 1) / 5;
                            let mut ok = damm::is_valid((group % 10) as u8, &typed[group * 5..]);
                            if ok && group == 0 {
                                let declared = toy_length(&typed).unwrap_or(0);
                                ok = (5..=MAX_CODE_DIGITS).contains(&declared);
                                length = ok.then_some(declared);
                            }
                            if ok { PadEvent::Typed } else { bad = Some(group); PadEvent::Rejected }
                        } else {
                            PadEvent::Typed
                        }
                    }
                }
                (PadInput::Press, Some(Key::Backspace)) | (PadInput::Delete, _) => {
                    if typed.pop().is_some() {
                        bad = None;
                        if typed.len() < 5 {
                            length = None;
                        }
                        PadEvent::Deleted
                    } else if input == PadInput::Delete {
                        // B with nothing typed goes back.
                        PadEvent::Cancelled
                    } else {
                        PadEvent::Refused
                    }
                }
                (PadInput::Press, Some(Key::Cancel)) if !asked && !typed.is_empty() => {
                    PadEvent::Refused
                }
                (PadInput::Press, Some(Key::Cancel)) => PadEvent::Cancelled,
                (PadInput::Press, Some(Key::Ok)) | (PadInput::Confirm, _) => {
                    if bad.is_some() || length != Some(typed.len()) {
                        PadEvent::Rejected
                    } else if toy_validate(&typed).is_ok() {
                        PadEvent::Accepted
                    } else {
                        PadEvent::Rejected
                    }
                }
                (PadInput::Page(step), _) => {
                    let pages = length.map(|l| l.div_ceil(30));
                    let next = shown_page as i32 + i32::from(step);
                    match pages {
                        Some(pages) if next >= 0 && next < pages as i32 => {
                            shown_page = next as usize;
                            PadEvent::Turned
                        }
                        _ => PadEvent::Refused,
                    }
                }
                _ => PadEvent::Nothing,
            };
            let event = pad.handle(input);
            prop_assert_eq!(event, expected, "{:?} on {:?}", input, key);
            let on_cancel = pad.key_under_cursor() == Some(Key::Cancel);
            asked = match input {
                PadInput::Move(..) => asked && on_cancel,
                _ => key == Some(Key::Cancel) && expected == PadEvent::Refused,
            };
            prop_assert_eq!(pad.error() == Some(PadError::DropAsked), asked);
            prop_assert_eq!(pad.digits(), &typed[..]);
            prop_assert_eq!(pad.bad_group(), bad);
            prop_assert_eq!(pad.length(), length);
            if !matches!(input, PadInput::Page(_) | PadInput::Move(..))
                && !(input == PadInput::Press && key.is_none())
                && key != Some(Key::Cancel)
            {
                shown_page = cursor_page(&typed, bad, length);
            }
            prop_assert_eq!(pad.page(), shown_page);
            // A marked group shows in brackets on its page, and nothing else does.
            let mut brackets = 0;
            for index in 0..pad.line_count() {
                pad.write_line(index, &mut line);
                brackets += line.matches('[').count();
            }
            let marked_here = bad.is_some_and(|group| group / 6 == shown_page);
            prop_assert_eq!(brackets, usize::from(marked_here));
            if bad.is_some() {
                prop_assert!(pad.error().is_some());
            }
            if event == PadEvent::Rejected && bad.is_none() && length != Some(typed.len()) {
                prop_assert_eq!(pad.error(), Some(PadError::TooShort));
            }
        }
    }

    /// A real share code typed on a paged pad the way the nonogram wires it:
    /// accepted as typed; a typo in any group is caught the moment that
    /// group is complete, named, and fixed by deleting back into it.
    #[test]
    fn share_codes_type_on_a_paged_pad(
        width in 1..=MAX_WIDTH,
        height in 1..=MAX_HEIGHT,
        rows in prop::collection::vec(any::<u32>(), MAX_HEIGHT),
        typo_at in any::<prop::sample::Index>(),
    ) {
        let picture = Grid::from_rows(width, height, &rows);
        prop_assume!(!picture.is_empty());
        let code = share_code::encode(&picture).unwrap();
        let code = code.digits();
        let mut pad = NumberPad::paged(SHARE_CODE);
        // With a typo first: caught at the end of its group.
        let position = typo_at.index(code.len());
        let group = position / GROUP_DIGITS;
        let group_end = (group + 1) * GROUP_DIGITS;
        for (i, &digit) in code[..group_end].iter().enumerate() {
            let digit = if i == position { (digit + 1) % 10 } else { digit };
            walk_to(&mut pad, Key::Digit(digit));
            let event = pad.handle(PadInput::Press);
            prop_assert_eq!(event, if i + 1 == group_end { PadEvent::Rejected } else { PadEvent::Typed });
        }
        prop_assert_eq!(pad.bad_group(), Some(group));
        prop_assert_eq!(pad.page(), group / PAGE_GROUPS);
        let message = if group == 0 {
            // The first group's check, or its length read failing.
            [CodeError::BadGroup { group: 0 }, CodeError::InvalidGroupCount, CodeError::UnknownVersion]
                .iter()
                .any(|&error| pad.error() == Some(PadError::Code(error)))
        } else {
            pad.error() == Some(PadError::Code(CodeError::BadGroup { group }))
        };
        prop_assert!(message, "{:?} for group {}", pad.error(), group);
        // Fixed, then the rest, page by page.
        while pad.digits().len() > position {
            prop_assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        }
        prop_assert_eq!(pad.bad_group(), None);
        for (i, &digit) in code.iter().enumerate().skip(position) {
            prop_assert_eq!(pad.page(), i / (GROUP_DIGITS * PAGE_GROUPS));
            walk_to(&mut pad, Key::Digit(digit));
            prop_assert_eq!(pad.handle(PadInput::Press), PadEvent::Typed);
        }
        prop_assert_eq!(pad.length(), Some(code.len()));
        prop_assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Accepted);
    }
}

/// Move the pad's cursor onto `key` with the D-pad, as a player would.
fn walk_to<E: Copy>(pad: &mut NumberPad<E>, key: Key) {
    let (x, y) = (0..ROWS)
        .flat_map(|y| (0..COLUMNS).map(move |x| (x, y)))
        .find(|&(x, y)| GRID[y][x] == Some(key))
        .unwrap_or((0, 0));
    // Off the bottom row first: its gaps stop sideways moves.
    if pad.cursor().1 == ROWS - 1 && pad.cursor() != (x, y) {
        pad.handle(PadInput::Move(0, -1));
    }
    while pad.cursor().0 != x {
        let dx = if pad.cursor().0 < x { 1 } else { -1 };
        pad.handle(PadInput::Move(dx, 0));
    }
    while pad.cursor().1 != y {
        let dy = if pad.cursor().1 < y { 1 } else { -1 };
        pad.handle(PadInput::Move(0, dy));
    }
    assert_eq!(pad.key_under_cursor(), Some(key));
}

// ---- a toy paged code: groups of 4 data digits and a Damm digit from the
// group's index, the first group 1, the group count (2 digits), one more ----

fn toy_length(first: &[u8]) -> Result<usize, &'static str> {
    if first.first() != Some(&1) {
        return Err("Unknown version.");
    }
    Ok((usize::from(first[1]) * 10 + usize::from(first[2])) * 5)
}

fn toy_check_group(group: usize, digits: &[u8]) -> Result<(), &'static str> {
    if damm::is_valid((group % 10) as u8, digits) {
        Ok(())
    } else {
        Err("A group has a typo.")
    }
}

/// Accepts codes whose data digits add up to an even number.
fn toy_validate(digits: &[u8]) -> Result<(), &'static str> {
    let sum: u32 = digits
        .chunks(5)
        .flat_map(|group| &group[..group.len().min(4)])
        .map(|&d| u32::from(d))
        .sum();
    if sum.is_multiple_of(2) {
        Ok(())
    } else {
        Err("Odd.")
    }
}

const TOY_CODE: PagedCode = PagedCode {
    group: 5,
    groups_per_page: 6,
    groups_per_line: 2,
    max_digits: MAX_CODE_DIGITS,
    length: toy_length,
    check_group: toy_check_group,
    validate: toy_validate,
};

/// A valid toy code of `groups` groups (more than the pad takes, too: its
/// first group is then refused), data digits from `seed`.
fn toy_code(groups: usize, seed: u32) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut data = vec![1, (groups / 10) as u8, (groups % 10) as u8];
    while data.len() < groups * 4 {
        data.push(rng.below(10) as u8);
    }
    let mut code = Vec::new();
    for (index, group) in data.chunks(4).enumerate() {
        code.extend_from_slice(group);
        code.push(damm::check_digit((index % 10) as u8, group));
    }
    code
}

// ---- share codes, wired as the nonogram app would ----

fn share_validate(digits: &[u8]) -> Result<(), CodeError> {
    share_code::decode(digits).map(|_| ())
}

const SHARE_CODE: PagedCode<CodeError> = PagedCode {
    group: GROUP_DIGITS,
    groups_per_page: PAGE_GROUPS,
    groups_per_line: 2,
    max_digits: share_code::MAX_DIGITS,
    length: share_code::code_length,
    check_group: share_code::check_group,
    validate: share_validate,
};

#[test]
fn out_of_range_lengths_are_refused() {
    // 26 groups: more than the pad takes.
    let code = toy_code(26, 1);
    let mut pad = NumberPad::paged(TOY_CODE);
    for &digit in &code[..5] {
        walk_to(&mut pad, Key::Digit(digit));
        pad.handle(PadInput::Press);
    }
    assert_eq!(pad.error(), Some(PadError::LengthOutOfRange));
    assert_eq!(pad.bad_group(), Some(0));
    assert_eq!(MAX_DIGITS, 30);
}
