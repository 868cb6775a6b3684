use std::collections::HashSet;

use super::*;
use shared::random::Rng;

fn typed(text: &str) -> heapless::Vec<u8, 16> {
    text.bytes()
        .filter(u8::is_ascii_digit)
        .map(|c| c - b'0')
        .collect()
}

fn random_code(rng: &mut Rng) -> EndlessCode {
    let side = |rng: &mut Rng| MIN_SIDE + rng.below(u32::from(MAX_SIDE - MIN_SIDE) + 1) as u8;
    EndlessCode::new(side(rng), side(rng), rng.below(NUMBERS)).unwrap()
}

#[test]
fn codes_read_as_size_number_and_check() {
    let code = EndlessCode::new(8, 6, 12345).unwrap();
    let digits = code.digits();
    assert_eq!(&digits[..7], &typed("8612345")[..]);
    assert_eq!(damm(&digits), 0);
    assert_eq!(EndlessCode::parse(&digits), Ok(code));
    // The textbook Damm example: 572 gets check digit 4.
    assert_eq!(damm(&[5, 7, 2]), 4);
    assert_eq!(damm(&[5, 7, 2, 4]), 0);
}

#[test]
fn every_size_and_edge_number_round_trips() {
    for width in MIN_SIDE..=MAX_SIDE {
        for height in MIN_SIDE..=MAX_SIDE {
            for seed in [0, 1, 9, 10, 12_345, 50_000, 99_998, NUMBERS - 1] {
                let code = EndlessCode::new(width, height, seed).unwrap();
                assert_eq!(EndlessCode::parse(&code.digits()), Ok(code));
            }
        }
    }
    let mut rng = Rng::new(0x0E2D_1E55);
    for _ in 0..100_000 {
        let code = random_code(&mut rng);
        assert_eq!(EndlessCode::parse(&code.digits()), Ok(code));
    }
}

#[test]
fn sizes_and_numbers_out_of_range_are_refused() {
    for (width, height) in [(2, 5), (9, 5), (5, 2), (5, 9), (0, 0)] {
        assert_eq!(EndlessCode::new(width, height, 0), None);
    }
    assert_eq!(EndlessCode::new(5, 5, NUMBERS), None);
}

/// Digits with the check digit recomputed, so only the field is wrong.
fn with_check(body: &str) -> heapless::Vec<u8, 16> {
    let mut digits = typed(body);
    let check = damm(&digits);
    digits.push(check).unwrap();
    digits
}

#[test]
fn every_error_is_named() {
    let good = EndlessCode::new(5, 4, 777).unwrap().digits();
    assert_eq!(EndlessCode::parse(&good[..7]), Err(CodeError::WrongLength));
    assert_eq!(EndlessCode::parse(&[]), Err(CodeError::WrongLength));
    let mut long = heapless::Vec::<u8, 16>::from_slice(&good).unwrap();
    long.push(0).unwrap();
    assert_eq!(EndlessCode::parse(&long), Err(CodeError::WrongLength));
    let mut letter = good;
    letter[3] = 10;
    assert_eq!(EndlessCode::parse(&letter), Err(CodeError::NotADigit));
    let mut typo = good;
    typo[4] = (typo[4] + 1) % 10;
    assert_eq!(EndlessCode::parse(&typo), Err(CodeError::WrongCheckDigit));
    for width in [0, 1, 2, 9] {
        let code = with_check(&std::format!("{width}500001"));
        assert_eq!(EndlessCode::parse(&code), Err(CodeError::BadWidth));
    }
    for height in [0, 1, 2, 9] {
        let code = with_check(&std::format!("5{height}00001"));
        assert_eq!(EndlessCode::parse(&code), Err(CodeError::BadHeight));
    }
}

#[test]
fn every_message_is_distinct_and_short() {
    let errors = [
        CodeError::WrongLength,
        CodeError::NotADigit,
        CodeError::WrongCheckDigit,
        CodeError::BadWidth,
        CodeError::BadHeight,
    ];
    let messages: HashSet<_> = errors.iter().map(|e| std::format!("{e}")).collect();
    assert_eq!(messages.len(), errors.len());
    for message in messages {
        assert!(message.len() <= 40, "{message}");
    }
}

/// Every single-digit change and every swap of different neighbours is
/// refused, check digit included, over many codes.
#[test]
fn every_typo_and_neighbour_swap_is_caught() {
    let mut rng = Rng::new(0xDA33);
    for round in 0..100_000 {
        let code = if round < 36 {
            let (w, h) = (MIN_SIDE + round as u8 / 6, MIN_SIDE + round as u8 % 6);
            EndlessCode::new(w, h, round * 2777).unwrap()
        } else {
            random_code(&mut rng)
        };
        let digits = code.digits();
        for i in 0..DIGITS {
            for d in 0..10 {
                if d != digits[i] {
                    let mut typo = digits;
                    typo[i] = d;
                    assert!(EndlessCode::parse(&typo).is_err(), "{typo:?}");
                }
            }
            if i + 1 < DIGITS && digits[i] != digits[i + 1] {
                let mut swapped = digits;
                swapped.swap(i, i + 1);
                assert!(EndlessCode::parse(&swapped).is_err(), "{swapped:?}");
            }
        }
    }
}

/// A million random inputs: no panic, and every accepted one is a code
/// that prints back as the same digits.
#[test]
fn a_million_random_inputs_never_panic() {
    let mut rng = Rng::new(0xC0DE_0001);
    let mut accepted = 0u32;
    for round in 0..1_000_000u32 {
        let mut input = heapless::Vec::<u8, 12>::new();
        if round % 2 == 0 {
            let len = if round % 10 == 0 {
                rng.below(13) as usize
            } else {
                DIGITS
            };
            for _ in 0..len {
                let value = if rng.below(50) == 0 {
                    rng.next_u32() as u8
                } else {
                    rng.below(10) as u8
                };
                input.push(value).unwrap();
            }
        } else {
            input
                .extend_from_slice(&random_code(&mut rng).digits())
                .unwrap();
            for _ in 0..rng.below(3) {
                input[rng.below(DIGITS as u32) as usize] = rng.below(10) as u8;
            }
        }
        if let Ok(code) = EndlessCode::parse(&input) {
            accepted += 1;
            assert_eq!(&code.digits()[..], &input[..]);
            assert_eq!(
                EndlessCode::new(code.width, code.height, code.seed),
                Some(code)
            );
        }
    }
    assert!(accepted > 100_000, "{accepted}");
}

#[test]
fn codes_name_distinct_reproducible_puzzles() {
    let mut seeds = HashSet::new();
    let mut puzzles = HashSet::new();
    for width in MIN_SIDE..=MAX_SIDE {
        for height in MIN_SIDE..=MAX_SIDE {
            for number in 0..20 {
                let code = EndlessCode::new(width, height, number).unwrap();
                assert!(seeds.insert(code.generator_seed()));
                let first = code.generator().unwrap().generate();
                let again = code.generator().unwrap().generate();
                assert_eq!(first, again);
                assert_eq!(first.puzzle.board.width(), width);
                assert_eq!(first.puzzle.board.height(), height);
                puzzles.insert(first.puzzle);
            }
        }
    }
    // Small boards repeat now and then; most codes give their own puzzle.
    assert!(puzzles.len() > 36 * 20 * 9 / 10, "{}", puzzles.len());
}
