//! A square's place on a field.

/// A square's place on a field: column `x`, row `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Place {
    pub x: u8,
    pub y: u8,
}

impl Place {
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Self {
        Self { x, y }
    }

    /// `x` in the low five bits, `y` above: a floodfill stack entry, whose
    /// neighbours are fixed offsets from it.
    pub(super) const fn packed(self) -> u16 {
        (self.y as u16) << 5 | self.x as u16
    }

    pub(super) const fn unpacked(bits: u16) -> Self {
        Self {
            x: (bits & 31) as u8,
            y: (bits >> 5) as u8,
        }
    }
}
