//! How big a field is and how many mines it hides: the standard boards
//! every Minesweeper since Windows 3.1 plays, and the player's own.

use super::place::Place;

/// The widest field: 30 squares of 8 pixels fill the GBA's 240-pixel screen.
pub const MAX_WIDTH: u8 = 30;
/// The tallest field: 16 squares of 8 pixels leave 32 pixels for the
/// counter, the face and the clock.
pub const MAX_HEIGHT: u8 = 16;
/// Squares on the largest field.
pub const MAX_SQUARES: usize = MAX_WIDTH as usize * MAX_HEIGHT as usize;

/// The smallest custom field's sides, and its fewest mines (Windows' limits).
pub const MIN_CUSTOM_SIDE: u8 = 8;
pub const MIN_CUSTOM_MINES: u16 = 10;

/// A field's width and height in squares and its mine count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
    mines: u16,
}

impl Size {
    /// 9x9 with 10 mines.
    pub const BEGINNER: Self = Self {
        width: 9,
        height: 9,
        mines: 10,
    };
    /// 16x16 with 40 mines.
    pub const INTERMEDIATE: Self = Self {
        width: 16,
        height: 16,
        mines: 40,
    };
    /// 30x16 with 99 mines.
    pub const EXPERT: Self = Self {
        width: 30,
        height: 16,
        mines: 99,
    };
    /// The three standard fields, in menu order.
    pub const STANDARD: [Self; 3] = [Self::BEGINNER, Self::INTERMEDIATE, Self::EXPERT];

    /// Any field the rules can play: 3 to 30 squares wide, 3 to 16 tall,
    /// with room for the first reveal's 3x3 to be free of mines. `None`
    /// otherwise. (The pocket board's 14x6 is one: the tests play it both
    /// ways and compare.)
    #[must_use]
    pub const fn new(width: u8, height: u8, mines: u16) -> Option<Self> {
        if width < 3 || width > MAX_WIDTH || height < 3 || height > MAX_HEIGHT {
            return None;
        }
        if mines as usize + 9 > width as usize * height as usize {
            return None;
        }
        Some(Self {
            width,
            height,
            mines,
        })
    }

    /// A custom field as the menu offers it: 8 to 30 wide, 8 to 16 tall,
    /// 10 mines up to [`Size::most_mines`]. `None` outside those limits.
    #[must_use]
    pub const fn custom(width: u8, height: u8, mines: u16) -> Option<Self> {
        if width < MIN_CUSTOM_SIDE || height < MIN_CUSTOM_SIDE {
            return None;
        }
        if mines < MIN_CUSTOM_MINES || mines > Self::most_mines(width, height) {
            return None;
        }
        Self::new(width, height, mines)
    }

    /// The most mines a custom field of `width` x `height` may hide:
    /// (width - 1) x (height - 1), as Windows allows.
    #[must_use]
    pub const fn most_mines(width: u8, height: u8) -> u16 {
        (width.saturating_sub(1) as u16) * (height.saturating_sub(1) as u16)
    }

    #[must_use]
    pub const fn width(self) -> u8 {
        self.width
    }

    #[must_use]
    pub const fn height(self) -> u8 {
        self.height
    }

    #[must_use]
    pub const fn mines(self) -> u16 {
        self.mines
    }

    /// Squares on the field.
    #[must_use]
    pub const fn squares(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `place` is on the field.
    #[must_use]
    pub const fn contains(self, place: Place) -> bool {
        place.x < self.width && place.y < self.height
    }

    /// The most mines a no-guess field of this size may hide: one square in
    /// four. Denser, a search for a layout a player can clear without
    /// guessing needs many fresh layouts and can take seconds.
    #[must_use]
    pub const fn most_no_guess_mines(self) -> u16 {
        (self.squares() / 4) as u16
    }

    /// Whether a no-guess field of this size is made (see
    /// [`Size::most_no_guess_mines`]).
    #[must_use]
    pub const fn allows_no_guess(self) -> bool {
        self.mines <= self.most_no_guess_mines()
    }

    /// Which standard field this is, if any.
    #[must_use]
    pub const fn standard(self) -> Option<usize> {
        let mut index = 0;
        while index < Self::STANDARD.len() {
            let standard = Self::STANDARD[index];
            if standard.width == self.width
                && standard.height == self.height
                && standard.mines == self.mines
            {
                return Some(index);
            }
            index += 1;
        }
        None
    }
}

/// Which of a custom field's numbers a chooser changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dimension {
    Width,
    Height,
    Mines,
}

impl Size {
    /// This size with `dimension` moved by `by`, held within a custom
    /// field's limits: width 8 to 30, height 8 to 16, mines from 10 to what
    /// the width and height allow (a smaller field takes fewer).
    #[must_use]
    pub fn stepped(self, dimension: Dimension, by: i16) -> Self {
        let step = |value: i16, low: i16, high: i16| value.saturating_add(by).clamp(low, high);
        let side = |value: u8, high: u8| {
            step(
                i16::from(value),
                i16::from(MIN_CUSTOM_SIDE),
                i16::from(high),
            ) as u8
        };
        let (mut width, mut height, mut mines) = (self.width, self.height, self.mines);
        match dimension {
            Dimension::Width => width = side(width, MAX_WIDTH),
            Dimension::Height => height = side(height, MAX_HEIGHT),
            Dimension::Mines => {
                let most = Self::most_mines(width, height) as i16;
                mines = step(mines as i16, MIN_CUSTOM_MINES as i16, most) as u16;
            }
        }
        let mines = mines.clamp(MIN_CUSTOM_MINES, Self::most_mines(width, height));
        Self::custom(width, height, mines).unwrap_or(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chooser_stays_within_a_custom_fields_limits() {
        let mut size = Size::custom(20, 10, 40).expect("a custom size");
        // Every value reachable, and nothing past the ends.
        for _ in 0..40 {
            size = size.stepped(Dimension::Width, -1);
        }
        assert_eq!(size.width(), MIN_CUSTOM_SIDE);
        for _ in 0..40 {
            size = size.stepped(Dimension::Width, 1);
        }
        assert_eq!(size.width(), MAX_WIDTH);
        size = size.stepped(Dimension::Height, 100);
        assert_eq!(size.height(), MAX_HEIGHT);
        size = size.stepped(Dimension::Mines, i16::MAX);
        assert_eq!(size.mines(), Size::most_mines(MAX_WIDTH, MAX_HEIGHT));
        // A smaller field takes fewer mines: they follow it down.
        size = size.stepped(Dimension::Height, -100);
        assert_eq!(size.height(), MIN_CUSTOM_SIDE);
        assert_eq!(size.mines(), Size::most_mines(MAX_WIDTH, MIN_CUSTOM_SIDE));
        size = size.stepped(Dimension::Mines, -1000);
        assert_eq!(size.mines(), MIN_CUSTOM_MINES);
        // Every step gives a size the menu makes.
        let mut rng = shared::random::Rng::new(5);
        for _ in 0..2_000 {
            let dimension =
                [Dimension::Width, Dimension::Height, Dimension::Mines][rng.below(3) as usize];
            size = size.stepped(dimension, rng.below(41) as i16 - 20);
            assert_eq!(
                Size::custom(size.width(), size.height(), size.mines()),
                Some(size)
            );
        }
    }
    use super::{MAX_SQUARES, Size};

    #[test]
    fn the_standard_fields_are_windows_own() {
        let sizes = Size::STANDARD.map(|size| (size.width(), size.height(), size.mines()));
        assert_eq!(sizes, [(9, 9, 10), (16, 16, 40), (30, 16, 99)]);
        assert_eq!(Size::EXPERT.squares(), MAX_SQUARES);
        for (index, size) in Size::STANDARD.into_iter().enumerate() {
            assert_eq!(size.standard(), Some(index));
            assert_eq!(
                Size::custom(size.width(), size.height(), size.mines()),
                Some(size)
            );
        }
        assert_eq!(Size::custom(9, 9, 11).and_then(Size::standard), None);
        // Every standard field has no-guess layouts; the densest customs not.
        assert!(Size::STANDARD.iter().all(|size| size.allows_no_guess()));
        let custom = |w, h, m| Size::custom(w, h, m).expect("a custom size");
        assert!(custom(30, 16, 120).allows_no_guess());
        assert!(!custom(30, 16, 121).allows_no_guess());
        assert!(!custom(8, 8, 17).allows_no_guess());
    }

    #[test]
    fn custom_fields_keep_to_the_menus_limits() {
        assert_eq!(Size::most_mines(30, 16), 435);
        assert_eq!(Size::most_mines(8, 8), 49);
        for (width, height, mines) in [
            (7, 8, 10),
            (8, 7, 10),
            (31, 16, 10),
            (30, 17, 10),
            (8, 8, 9),
            (8, 8, 50),
            (30, 16, 436),
            (0, 0, 0),
            (255, 255, u16::MAX),
        ] {
            assert_eq!(
                Size::custom(width, height, mines),
                None,
                "{width}x{height}/{mines}"
            );
        }
        for (width, height, mines) in [(8, 8, 10), (8, 8, 49), (30, 16, 435), (12, 9, 88)] {
            let size = Size::custom(width, height, mines).expect("within the limits");
            assert_eq!(
                (size.width(), size.height(), size.mines()),
                (width, height, mines)
            );
        }
    }

    #[test]
    fn every_playable_field_leaves_the_first_reveal_room() {
        for width in 0..=40u8 {
            for height in 0..=20u8 {
                for mines in [0u16, 1, 10, 99, 400, 500] {
                    if let Some(size) = Size::new(width, height, mines) {
                        assert!(size.squares() <= MAX_SQUARES);
                        assert!(usize::from(size.mines()) + 9 <= size.squares());
                    }
                }
            }
        }
        assert!(
            Size::new(14, 6, 20).is_some(),
            "the pocket board's own size"
        );
    }
}
