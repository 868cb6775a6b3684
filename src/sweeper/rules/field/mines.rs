//! Where a field's mines are, before they go into its squares.

use super::place::Place;
use super::size::{MAX_HEIGHT, MAX_SQUARES, Size};
use shared::random::Rng;

/// A mine layout as rows of bits: bit x of row y is square (x, y). A row
/// of the widest field is 30 bits, so a word: a field counts a whole row's
/// neighbours at once from the rows above, on and below it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mines {
    rows: [u32; MAX_HEIGHT as usize],
    /// Drawn by [`Mines::random`]: for which first reveal, from which
    /// random numbers (the generator's state as it began). A field dealt
    /// from its code keeps no mines in its snapshot: they are drawn again.
    drawn: Option<(Place, u32)>,
}

/// Two layouts are equal when their mines are, however they were made.
impl PartialEq for Mines {
    fn eq(&self, other: &Self) -> bool {
        self.rows == other.rows
    }
}

impl Eq for Mines {}

impl Mines {
    /// No mines.
    pub const NONE: Self = Self {
        rows: [0; MAX_HEIGHT as usize],
        drawn: None,
    };

    /// Mines at `places` on a field of `size` (places off it are left out).
    #[must_use]
    pub fn at(size: Size, places: impl IntoIterator<Item = Place>) -> Self {
        let mut mines = Self::NONE;
        for place in places {
            if size.contains(place) {
                mines.rows[usize::from(place.y)] |= 1 << place.x;
            }
        }
        mines
    }

    /// `size.mines()` mines spread uniformly over the squares outside the 3x3
    /// around `first`, so the first reveal always opens an area (a field
    /// always has room: see [`Size::new`]).
    ///
    /// A partial Fisher-Yates shuffle of the allowed squares in board
    /// order, so the work is bounded and the same random numbers give the
    /// same layout as the pocket board's.
    /// Out of line: its kilobyte of candidates is gone from the stack
    /// before the first reveal's floodfill puts its own there.
    #[must_use]
    #[inline(never)]
    pub fn random(size: Size, first: Place, rng: &mut Rng) -> Self {
        let mut candidates = [0u16; MAX_SQUARES];
        let mut count = 0;
        let on = size.contains(first);
        let width = u16::from(size.width());
        // Columns first.x - 1..=first.x + 1 of the rows around it are left out.
        let near = u16::from(first.x).saturating_sub(1)..u16::from(first.x) + 2;
        for y in 0..u16::from(size.height()) {
            let near_row = on && y.abs_diff(u16::from(first.y)) <= 1;
            let row = y << 5;
            for x in 0..width {
                if near_row && near.contains(&x) {
                    continue;
                }
                if let Some(candidate) = candidates.get_mut(count) {
                    *candidate = row | x;
                    count += 1;
                }
            }
        }
        let wanted = usize::from(size.mines()).min(count);
        let mut mines = Self {
            drawn: Some((first, rng.state())),
            ..Self::NONE
        };
        for chosen in 0..wanted {
            let pick = chosen + rng.below((count - chosen) as u32) as usize;
            candidates.swap(chosen, pick);
            let place = Place::unpacked(candidates[chosen]);
            mines.rows[usize::from(place.y)] |= 1 << place.x;
        }
        mines
    }

    /// The first reveal and the generator's state it was drawn for, if
    /// [`Mines::random`] drew it.
    #[must_use]
    pub const fn drawn(&self) -> Option<(Place, u32)> {
        self.drawn
    }

    /// Mines at the set bits of `rows` (bit x of row y), those off a field
    /// of `size` left out.
    #[must_use]
    pub fn at_rows(size: Size, mut rows: [u32; MAX_HEIGHT as usize]) -> Self {
        let columns = (1u32 << size.width()) - 1;
        for (y, row) in rows.iter_mut().enumerate() {
            *row &= if y < usize::from(size.height()) {
                columns
            } else {
                0
            };
        }
        Self { rows, drawn: None }
    }

    #[must_use]
    pub fn contains(&self, place: Place) -> bool {
        self.row(place.y)
            .checked_shr(u32::from(place.x))
            .is_some_and(|bits| bits & 1 != 0)
    }

    /// Row `y`'s bits (none past the last row).
    #[must_use]
    pub fn row(&self, y: u8) -> u32 {
        self.rows.get(usize::from(y)).copied().unwrap_or(0)
    }

    /// Mines in all.
    #[must_use]
    pub fn count(&self) -> u16 {
        self.rows.iter().map(|row| row.count_ones() as u16).sum()
    }

    /// Mines among the eight neighbours of `(x, y)` (the tests' check on
    /// a field's counts).
    #[cfg(test)]
    #[must_use]
    pub fn around(&self, x: u8, y: u8) -> u8 {
        // Rows shifted up a bit, so columns x - 1..=x + 1 are bits x..=x + 2
        // even at x = 0.
        let window = |row: u32, mask: u32| ((row << 1) >> x & mask).count_ones() as u8;
        let above = if y > 0 { self.row(y - 1) } else { 0 };
        window(above, 7) + window(self.row(y), 5) + window(self.row(y + 1), 7)
    }
}

#[cfg(test)]
mod tests {
    use super::{Mines, Place, Size};
    use shared::random::Rng;

    #[test]
    fn random_layouts_avoid_the_first_square_and_have_exact_count() {
        let mut rng = Rng::new(41);
        let sizes = [
            Size::BEGINNER,
            Size::INTERMEDIATE,
            Size::EXPERT,
            Size::custom(30, 16, 435).expect("the densest custom field"),
            Size::custom(8, 8, 49).expect("the smallest, fullest custom field"),
        ];
        for (seed, size) in (0..500u32).zip(sizes.into_iter().cycle()) {
            let first = Place::new(
                (seed * 7 % u32::from(size.width())) as u8,
                (seed * 3 % u32::from(size.height())) as u8,
            );
            let mines = Mines::random(size, first, &mut rng);
            assert_eq!(mines.count(), size.mines(), "{size:?}");
            for y in 0..size.height() {
                for x in 0..size.width() {
                    let near = x.abs_diff(first.x) <= 1 && y.abs_diff(first.y) <= 1;
                    assert!(!(near && mines.contains(Place::new(x, y))));
                }
            }
            // Nothing outside the field.
            for y in 0..16 {
                let outside = mines.row(y) >> size.width();
                assert!(outside == 0 && (y < size.height() || mines.row(y) == 0));
            }
        }
    }

    #[test]
    fn counts_around_a_square_match_a_walk_of_its_neighbours() {
        let mut rng = Rng::new(5);
        for size in Size::STANDARD {
            let mines = Mines::random(size, Place::new(0, 0), &mut rng);
            for y in 0..size.height() {
                for x in 0..size.width() {
                    let mut walked = 0;
                    for dy in -1i32..=1 {
                        for dx in -1i32..=1 {
                            let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
                            if (dx, dy) != (0, 0)
                                && (0..i32::from(size.width())).contains(&nx)
                                && (0..i32::from(size.height())).contains(&ny)
                                && mines.contains(Place::new(nx as u8, ny as u8))
                            {
                                walked += 1;
                            }
                        }
                    }
                    assert_eq!(mines.around(x, y), walked, "({x}, {y}) of {size:?}");
                }
            }
        }
    }
}
