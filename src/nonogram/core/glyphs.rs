//! The nonogram's small pixel digits (3x5, the clues and the clock), as
//! rows of bits: bit 0 is the leftmost pixel. A two-digit clue joins its
//! digits one pixel apart, each "1" in it two pixels wide with no foot, so
//! "15" fits a 7-pixel column and "11" reads as one number, never as "1 1"
//! (two footed ones, further apart) or "l1".

/// A glyph: its width and five rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    pub width: i32,
    pub rows: [u8; 5],
}

/// A glyph from its picture, `W` pixels wide ('#' set).
const fn glyph<const W: usize>(art: [&[u8; W]; 5]) -> Glyph {
    let mut rows = [0; 5];
    let mut y = 0;
    while y < 5 {
        let mut x = 0;
        while x < W {
            if art[y][x] == b'#' {
                rows[y] |= 1 << x;
            }
            x += 1;
        }
        y += 1;
    }
    Glyph {
        width: W as i32,
        rows,
    }
}

/// The markers before the cursor's clues drawn large in the corner: its
/// row's clues (pointing along the row) and its column's (pointing down).
pub const ROW_MARKER: Glyph = glyph([b"..#..", b"...#.", b"#####", b"...#.", b"..#.."]);
pub const COLUMN_MARKER: Glyph = glyph([b"..#..", b"..#..", b"#.#.#", b".###.", b"..#.."]);

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
/// "+": an empty slot of the player's, drawn at a "?"'s place and scale
/// (its blank top and bottom rows centre it where the "?" stands).
pub const PLUS: Glyph = glyph([b"...", b".#.", b"###", b".#.", b"..."]);
/// The stamp beside a time solved clean (no mistake, no start hint).
pub const STAR: Glyph = glyph([b"..#..", b"#####", b".###.", b".#.#.", b"#...#"]);
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

/// A digit as it stands in a two-digit clue: "1" two pixels wide, a bar
/// with a flag and no foot.
const fn paired(digit: u8) -> Glyph {
    if digit == 1 {
        Glyph {
            width: 2,
            rows: [0b11, 0b10, 0b10, 0b10, 0b10],
        }
    } else {
        DIGITS[(digit % 10) as usize]
    }
}

/// A clue number as one glyph: up to 99, two digits joined tight.
#[must_use]
pub const fn clue(number: u8) -> Glyph {
    if number < 10 {
        return digit(number);
    }
    let number = if number > 99 { 99 } else { number };
    let (tens, ones) = (paired(number / 10), paired(number % 10));
    let mut rows = [0; 5];
    let mut y = 0;
    while y < 5 {
        rows[y] = tens.rows[y] | ones.rows[y] << (tens.width + 1);
        y += 1;
    }
    Glyph {
        width: tens.width + 1 + ones.width,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::clue_width;

    #[test]
    fn clue_glyphs_are_as_wide_as_the_layout_plans() {
        for number in 0..=99 {
            let glyph = clue(number);
            assert_eq!(glyph.width, clue_width(number), "{number}");
            for row in glyph.rows {
                assert_eq!(u32::from(row) >> glyph.width, 0, "{number} spills");
            }
        }
        // "15": a flagged 1, a gap, then the 5.
        assert_eq!(clue(15).rows[0], 0b111011);
        // "11": two flagged bars a pixel apart.
        assert_eq!(clue(11).rows, [0b11011, 0b10010, 0b10010, 0b10010, 0b10010]);
    }

    /// The columns of a glyph with ink, a bit each.
    fn inked_columns(glyph: Glyph) -> u32 {
        glyph.rows.iter().fold(0, |all, &row| all | u32::from(row))
    }

    #[test]
    fn the_digits_of_a_clue_are_one_pixel_apart_and_touch_nothing_else() {
        for number in 10..=99 {
            let glyph = clue(number);
            let columns = inked_columns(glyph);
            // Ink from the first column to the last, one blank column inside.
            assert_eq!(columns & 1, 1, "{number}");
            assert_eq!(columns >> (glyph.width - 1), 1, "{number}");
            let blank = (!columns & ((1 << glyph.width) - 1)).count_ones();
            assert_eq!(blank, 1, "{number}: {columns:b}");
        }
        // A lone 1 keeps its foot: never drawn as the 1s inside a clue are.
        assert_eq!(clue(1).rows[4], 0b111);
    }

    #[test]
    fn the_corner_markers_are_as_wide_as_the_layout_plans() {
        use crate::layout::ZOOM_MARKER_WIDTH;
        for marker in [ROW_MARKER, COLUMN_MARKER] {
            assert_eq!(marker.width, ZOOM_MARKER_WIDTH);
            assert_eq!(inked_columns(marker), (1 << ZOOM_MARKER_WIDTH) - 1);
        }
        assert_ne!(ROW_MARKER, COLUMN_MARKER);
    }
}
