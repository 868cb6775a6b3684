//! The looks a cell of the board can have (empty, filled, crossed, a
//! mistake; under the cursor or not; pointed out by the editor or not),
//! each drawn once for the board's cell size and colours and then copied:
//! a board of 300 cells is 300 copies, not 300 drawings.

use alloc::boxed::Box;

use super::rules::play::Mark;

/// A pixel row of up to 16 pixels, a nibble each: pixels 0-7, then 8-15
/// (as the raster draws them).
pub type PixelRow = [u32; 2];

/// The colours a cell is drawn in (palette indices).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Inks {
    pub empty: u8,
    pub filled: u8,
    pub cross: u8,
    pub mistake: u8,
    pub cursor: u8,
}

/// Pixels across the inside of the largest cell.
pub const MAX_SIZE: usize = 15;

/// One look of a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Look {
    pub mark: Mark,
    pub cursor: bool,
    /// Pointed out by the editor's check (an ambiguous cell).
    pub marked: bool,
}

impl Look {
    const COUNT: usize = 16;

    const fn index(self) -> usize {
        self.mark as usize | (self.cursor as usize) << 2 | (self.marked as usize) << 3
    }
}

/// The looks drawn so far, for one cell size and set of colours (on the
/// heap: two kilobytes would crowd the stack they are built on).
pub struct CellArt {
    size: usize,
    inks: Option<Inks>,
    looks: Box<[Option<[PixelRow; MAX_SIZE]>]>,
}

impl Default for CellArt {
    fn default() -> Self {
        Self::new()
    }
}

impl CellArt {
    pub fn new() -> Self {
        Self {
            size: 0,
            inks: None,
            // Made on the heap directly, not on the stack and moved.
            looks: alloc::vec![None; Look::COUNT].into_boxed_slice(),
        }
    }

    /// Draw the looks for cells `size` pixels across (inside their grid
    /// lines) in `inks` from now on.
    pub fn prepare(&mut self, size: usize, inks: Inks) {
        let size = size.min(MAX_SIZE);
        if (size, Some(inks)) != (self.size, self.inks) {
            (self.size, self.inks) = (size, Some(inks));
            self.looks.fill(None);
        }
    }

    /// Whether `look` is drawn (for the size and colours prepared).
    pub fn is_drawn(&self, look: Look) -> bool {
        self.looks.get(look.index()).is_some_and(Option::is_some)
    }

    /// Draw `look` (nothing before `prepare`). Out of line: its pixels
    /// would crowd the stack of the drawing that calls it.
    #[inline(never)]
    pub fn draw(&mut self, look: Look) {
        if let (Some(inks), Some(slot)) = (self.inks, self.looks.get_mut(look.index())) {
            *slot = Some(draw(look, self.size, &inks));
        }
    }

    /// The pixel rows of `look`, a nibble a pixel (every pixel of a row is
    /// drawn), once it is drawn.
    pub fn rows(&self, look: Look) -> Option<&[PixelRow]> {
        self.looks
            .get(look.index())?
            .as_ref()
            .map(|rows| &rows[..self.size])
    }
}

/// The mask of a cell's rows: `size` pixels.
#[must_use]
pub const fn row_mask(size: usize) -> PixelRow {
    let nibbles = if size > 16 { 16 } else { size };
    let low = if nibbles >= 8 {
        u32::MAX
    } else {
        (1 << (nibbles * 4)) - 1
    };
    let high = if nibbles <= 8 {
        0
    } else if nibbles == 16 {
        u32::MAX
    } else {
        (1 << ((nibbles - 8) * 4)) - 1
    };
    [low, high]
}

/// `look` in a cell `n` pixels across.
fn draw(look: Look, n: usize, c: &Inks) -> [PixelRow; MAX_SIZE] {
    let background = if look.mark == Mark::Filled {
        c.filled
    } else {
        c.empty
    };
    let mut pixels = [[background; MAX_SIZE]; MAX_SIZE];
    let n = n as i32;
    let mut set = |x: i32, y: i32, colour: u8| {
        if let Some(pixel) = pixels
            .get_mut(y as usize)
            .and_then(|row| row.get_mut(x as usize))
            && x < n
            && y < n
        {
            *pixel = colour;
        }
    };
    if look.marked {
        // A solid diamond in the mistake colour: told apart from a cross
        // or a fill by shape as well as colour.
        let (centre, r) = (n / 2, (n / 3).max(1));
        for dy in -r..=r {
            let half = r - dy.abs();
            for dx in -half..=half {
                set(centre + dx, centre + dy, c.mistake);
            }
        }
    }
    if let Mark::Crossed | Mark::Mistake = look.mark {
        let colour = if look.mark == Mark::Mistake {
            c.mistake
        } else {
            c.cross
        };
        let inset = if n >= 9 { 2 } else { 1 };
        for i in 0..n - 2 * inset {
            set(inset + i, inset + i, colour);
            set(inset + i, n - 1 - inset - i, colour);
        }
    }
    if look.cursor {
        // A frame, two pixels thick in a cell big enough.
        let thickness = if n >= 9 { 2 } else { 1 };
        for ring in 0..thickness {
            let (from, to) = (ring, n - 1 - ring);
            for i in from..=to {
                set(i, from, c.cursor);
                set(i, to, c.cursor);
                set(from, i, c.cursor);
                set(to, i, c.cursor);
            }
        }
    }
    let mut rows = [[0; 2]; MAX_SIZE];
    for (row, pixels) in rows.iter_mut().zip(&pixels) {
        for (x, &colour) in pixels.iter().enumerate().take(n as usize) {
            row[x / 8] |= u32::from(colour & 15) << ((x % 8) * 4);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Five different colours.
    const INKS: Inks = Inks {
        empty: 1,
        filled: 2,
        cross: 3,
        mistake: 4,
        cursor: 5,
    };
    const OTHER_INKS: Inks = Inks { empty: 6, ..INKS };

    fn colour_at(rows: &[PixelRow], x: usize, y: usize) -> u8 {
        (rows[y][x / 8] >> ((x % 8) * 4) & 15) as u8
    }

    #[test]
    fn a_crossed_cell_has_both_diagonals_inside_its_inset() {
        let inks = INKS;
        let mut art = CellArt::new();
        let look = Look {
            mark: Mark::Crossed,
            cursor: false,
            marked: false,
        };
        art.prepare(6, inks);
        art.draw(look);
        let rows = art.rows(look).unwrap().to_vec();
        assert_eq!(rows.len(), 6);
        for i in 1..5 {
            assert_eq!(colour_at(&rows, i, i), inks.cross);
            assert_eq!(colour_at(&rows, i, 5 - i), inks.cross);
        }
        assert_eq!(colour_at(&rows, 0, 0), inks.empty);
        assert_eq!(colour_at(&rows, 5, 5), inks.empty);
    }

    #[test]
    fn the_cursor_frames_the_cell_and_a_big_one_twice() {
        let inks = INKS;
        let mut art = CellArt::new();
        let look = Look {
            mark: Mark::Filled,
            cursor: true,
            marked: false,
        };
        art.prepare(12, inks);
        art.draw(look);
        let rows = art.rows(look).unwrap().to_vec();
        for i in 0..12 {
            assert_eq!(colour_at(&rows, i, 0), inks.cursor);
            assert_eq!(colour_at(&rows, 1, i.clamp(1, 10)), inks.cursor);
        }
        assert_eq!(colour_at(&rows, 2, 2), inks.filled);
        // Past the cell's size nothing is drawn.
        assert_eq!(rows[0][1] >> 16, 0);
    }

    #[test]
    fn new_inks_or_size_draw_the_looks_again() {
        let mut art = CellArt::new();
        let look = Look {
            mark: Mark::Empty,
            cursor: false,
            marked: false,
        };
        art.draw(look);
        assert!(art.rows(look).is_none(), "nothing before prepare");
        art.prepare(6, INKS);
        art.draw(look);
        let plain = art.rows(look).unwrap().to_vec();
        art.prepare(6, INKS);
        assert!(art.is_drawn(look), "the same again keeps the looks");
        art.prepare(6, OTHER_INKS);
        assert!(!art.is_drawn(look));
        art.draw(look);
        assert_ne!(plain, art.rows(look).unwrap());
        art.prepare(8, OTHER_INKS);
        assert!(!art.is_drawn(look));
        art.draw(look);
        assert_eq!(art.rows(look).unwrap().len(), 8);
    }

    #[test]
    fn row_masks_cover_exactly_the_size() {
        assert_eq!(row_mask(6), [0x00FF_FFFF, 0]);
        assert_eq!(row_mask(8), [u32::MAX, 0]);
        assert_eq!(row_mask(15), [u32::MAX, 0x0FFF_FFFF]);
    }
}
