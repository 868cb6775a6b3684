//! The nonogram's small pixel digits (3x5, the clues and the clock), as
//! rows of bits: bit 0 is the leftmost pixel. Two-digit clues join a
//! one-pixel "1" (or a 3-wide "2") to the digit, so "15" fits a 6-pixel
//! column.

/// A glyph: its width and five rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    pub width: i32,
    pub rows: [u8; 5],
}

const fn glyph(art: [&[u8; 3]; 5]) -> Glyph {
    let mut rows = [0; 5];
    let mut y = 0;
    while y < 5 {
        let mut x = 0;
        while x < 3 {
            if art[y][x] == b'#' {
                rows[y] |= 1 << x;
            }
            x += 1;
        }
        y += 1;
    }
    Glyph { width: 3, rows }
}

const DIGITS: [Glyph; 10] = [
    glyph([b"###", b"#.#", b"#.#", b"#.#", b"###"]),
    glyph([b".#.", b"##.", b".#.", b".#.", b"###"]),
    glyph([b"###", b"..#", b"###", b"#..", b"###"]),
    glyph([b"###", b"..#", b".##", b"..#", b"###"]),
    glyph([b"#.#", b"#.#", b"###", b"..#", b"..#"]),
    glyph([b"###", b"#..", b"###", b"..#", b"###"]),
    glyph([b"###", b"#..", b"###", b"#.#", b"###"]),
    glyph([b"###", b"..#", b"..#", b".#.", b".#."]),
    glyph([b"###", b"#.#", b"###", b"#.#", b"###"]),
    glyph([b"###", b"#.#", b"###", b"..#", b"###"]),
];

/// "?": a picture not solved yet.
pub const QUESTION: Glyph = glyph([b"###", b"..#", b".##", b"...", b".#."]);
/// ":" between minutes and seconds (one pixel wide).
pub const COLON: Glyph = Glyph {
    width: 1,
    rows: [0, 1, 0, 1, 0],
};

/// Digit `digit` (0-9; larger wrap).
#[must_use]
pub const fn digit(digit: u8) -> Glyph {
    DIGITS[(digit % 10) as usize]
}

/// A clue number as one glyph: up to 20, two digits joined tight.
#[must_use]
pub const fn clue(number: u8) -> Glyph {
    if number < 10 {
        return digit(number);
    }
    let ones = digit(number % 10);
    let (tens, tens_width) = if number / 10 == 1 {
        ([1, 1, 1, 1, 1], 1)
    } else {
        (digit(number / 10).rows, 3)
    };
    let mut rows = [0; 5];
    let mut y = 0;
    while y < 5 {
        rows[y] = tens[y] | ones.rows[y] << (tens_width + 1);
        y += 1;
    }
    Glyph {
        width: tens_width + 4,
        rows,
    }
}

#[cfg(all(test, not(target_arch = "arm")))]
mod tests {
    use super::*;
    use crate::nonogram::layout::clue_width;

    #[test]
    fn clue_glyphs_are_as_wide_as_the_layout_plans() {
        for number in 0..=20 {
            let glyph = clue(number);
            assert_eq!(glyph.width, clue_width(number), "{number}");
            for row in glyph.rows {
                assert_eq!(u32::from(row) >> glyph.width, 0, "{number} spills");
            }
        }
        // "15": a one-pixel 1, a gap, then the 5.
        assert_eq!(clue(15).rows[0], 0b11101);
    }
}
