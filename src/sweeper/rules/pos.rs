//! Board coordinates packed into one byte.

use super::{HEIGHT, SQUARE_COUNT, WIDTH};

/// A square's coordinates: x in the low nibble, y in the high nibble.
///
/// A `Pos` can hold coordinates off the 14x6 board (each nibble goes to 15),
/// because positions come from input and saved state; every rule ignores
/// off-board positions instead of panicking. `index()` is `None` for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pos(u8);

impl Pos {
    /// Packs `x`, `y`. Values above 15 saturate to 15, which is off the board,
    /// so a wild coordinate never wraps onto a real square.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Self {
        let x = if x > 15 { 15 } else { x };
        let y = if y > 15 { 15 } else { y };
        Self(x | (y << 4))
    }

    #[cfg(test)]
    /// `Some` only for coordinates on the board.
    #[must_use]
    pub const fn on_board(x: u8, y: u8) -> Option<Self> {
        if x < WIDTH && y < HEIGHT {
            Some(Self::new(x, y))
        } else {
            None
        }
    }

    /// The position of board index `index` (row-major), if there is one.
    ///
    /// A table lookup: Thumb code on the GBA has no long multiply, so a
    /// division by 14 becomes a slow library call, and the solvers and
    /// generators convert indexes constantly.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Self> {
        if index < SQUARE_COUNT {
            Some(POS_OF_INDEX[index])
        } else {
            None
        }
    }

    /// Rebuilds a position from its packed byte (for saved state).
    #[must_use]
    pub const fn from_bits(bits: u8) -> Self {
        Self(bits)
    }

    /// The packed byte.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    #[must_use]
    pub const fn x(self) -> u8 {
        self.0 & 0x0F
    }

    #[must_use]
    pub const fn y(self) -> u8 {
        self.0 >> 4
    }

    #[must_use]
    pub const fn is_on_board(self) -> bool {
        self.x() < WIDTH && self.y() < HEIGHT
    }

    /// Row-major index into the board's squares; `None` off the board.
    #[must_use]
    pub const fn index(self) -> Option<usize> {
        if self.is_on_board() {
            Some(self.y() as usize * WIDTH as usize + self.x() as usize)
        } else {
            None
        }
    }

    /// Whether `other` is this square or one of its eight neighbours.
    #[must_use]
    pub const fn is_within_one(self, other: Self) -> bool {
        self.x().abs_diff(other.x()) <= 1 && self.y().abs_diff(other.y()) <= 1
    }

    /// The up-to-eight neighbours on the board (none for an off-board position).
    #[must_use]
    pub fn neighbours(self) -> Neighbours {
        let list: &'static [Pos] = match self.index() {
            Some(index) => match NEIGHBOUR_LISTS.get(index) {
                Some((list, len)) => list.get(..usize::from(*len)).unwrap_or(&[]),
                None => &[],
            },
            None => &[],
        };
        Neighbours(list.iter())
    }

    /// Every position on the board in index order.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..SQUARE_COUNT).filter_map(Self::from_index)
    }
}

/// Iterator over a square's neighbours, clipped to the board.
///
/// Walks a table built at compile time: the hot loops of the floodfill and
/// solver then avoid per-step bounds arithmetic on the GBA.
#[derive(Clone, Debug)]
pub struct Neighbours(core::slice::Iter<'static, Pos>);

impl Iterator for Neighbours {
    type Item = Pos;

    fn next(&mut self) -> Option<Pos> {
        self.0.next().copied()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

/// The position of every board index (see [`Pos::from_index`]).
static POS_OF_INDEX: [Pos; SQUARE_COUNT] = {
    let mut table = [Pos(0); SQUARE_COUNT];
    let mut index = 0;
    while index < SQUARE_COUNT {
        table[index] = Pos::new(
            (index % WIDTH as usize) as u8,
            (index / WIDTH as usize) as u8,
        );
        index += 1;
    }
    table
};

/// Every square's on-board neighbours (row-major order) and how many there are.
static NEIGHBOUR_LISTS: [([Pos; 8], u8); SQUARE_COUNT] = {
    let mut table = [([Pos(0); 8], 0u8); SQUARE_COUNT];
    let mut index = 0;
    while index < SQUARE_COUNT {
        let x = (index % WIDTH as usize) as i32;
        let y = (index / WIDTH as usize) as i32;
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx != 0 || dy != 0)
                    && nx >= 0
                    && ny >= 0
                    && nx < WIDTH as i32
                    && ny < HEIGHT as i32
                {
                    let (list, len) = &mut table[index];
                    list[*len as usize] = Pos::new(nx as u8, ny as u8);
                    *len += 1;
                }
                dx += 1;
            }
            dy += 1;
        }
        index += 1;
    }
    table
};

const _: () = assert!(core::mem::size_of::<Pos>() == 1);

#[cfg(test)]
mod tests {
    use super::Pos;

    #[test]
    fn packs_and_indexes() {
        let pos = Pos::new(13, 5);
        assert_eq!((pos.x(), pos.y()), (13, 5));
        assert_eq!(pos.index(), Some(83));
        assert_eq!(Pos::from_index(83), Some(pos));
        assert_eq!(Pos::from_bits(pos.bits()), pos);
        assert_eq!(Pos::all().count(), 84);
    }

    #[test]
    fn off_board_positions_have_no_index_or_neighbours() {
        for pos in [
            Pos::new(14, 0),
            Pos::new(0, 6),
            Pos::new(200, 200),
            Pos::from_bits(0xFF),
        ] {
            assert!(!pos.is_on_board());
            assert_eq!(pos.index(), None);
            assert_eq!(pos.neighbours().count(), 0);
        }
        // Saturation keeps x = 16 from wrapping round to column 0.
        assert_eq!(Pos::new(16, 0).index(), None);
        assert_eq!(Pos::on_board(14, 0), None);
        assert_eq!(Pos::from_index(84), None);
    }

    #[test]
    fn neighbours_are_clipped() {
        assert_eq!(Pos::new(0, 0).neighbours().count(), 3);
        assert_eq!(Pos::new(5, 0).neighbours().count(), 5);
        assert_eq!(Pos::new(5, 3).neighbours().count(), 8);
        assert_eq!(Pos::new(13, 5).neighbours().count(), 3);
        for pos in Pos::all() {
            for n in pos.neighbours() {
                assert!(pos.is_within_one(n) && n != pos);
            }
        }
    }
}
