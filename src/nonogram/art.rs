//! The nonogram's graphics and its colours: the
//! board is drawn pixel by pixel (`raster.rs`), in colours looked up by
//! value in the one palette the icon and the swatch share.

use agb::display::Rgb15;

// One include, so the icon and the swatch of every colour share a palette
// (the desktop loads it into `System::app_palette`).
agb::include_background_gfx!(
    pub mod tiles,
    NONOGRAM => "gfx/icons/nonogram.png",
    SWATCH => "gfx/nonogram-swatch.png",
);

/// The shared palette's colours (gfx/README.md), by their art letter.
mod rgb {
    pub const INK: u16 = 0x1C65;
    pub const PLUM: u16 = 0x3D2B;
    pub const LAVENDER: u16 = 0x5E54;
    pub const WHITE: u16 = 0x7BFF;
    pub const CREAM: u16 = 0x67BF;
    pub const RED: u16 = 0x213C;
    pub const YELLOW: u16 = 0x275F;
    pub const DARK_TEAL: u16 = 0x3563;
    pub const MINT: u16 = 0x5B70;
    pub const BLUE: u16 = 0x6DC8;
}

/// The shared palette's colours as gfx/README.md numbers them: the digits
/// of a picture in colour (`rules::colour_art`), 0 for none.
const SHARED: [u16; 16] = [
    0,
    rgb::INK,
    rgb::PLUM,
    rgb::LAVENDER,
    rgb::WHITE,
    rgb::CREAM,
    0x3EDC, // tan
    0x1DB5, // brown
    0x14ED, // dark brown
    rgb::RED,
    0x4A9F, // pink
    rgb::YELLOW,
    rgb::DARK_TEAL,
    0x4666, // teal
    rgb::MINT,
    rgb::BLUE,
];

/// The palette index of a picture's colour `digit` (see [`SHARED`]).
pub fn art_ink(digit: u8) -> u8 {
    match SHARED.get(usize::from(digit)) {
        Some(&value) if value != 0 => index_of(value),
        _ => 0,
    }
}

/// The colour of palette index `index`.
pub fn colour(index: u8) -> Rgb15 {
    tiles::PALETTES
        .first()
        .map_or(Rgb15(0), |palette| palette.colour(usize::from(index & 15)))
}

/// Palette index of a colour (0, see-through, if the palette lacks it).
fn index_of(value: u16) -> u8 {
    let Some(palette) = tiles::PALETTES.first() else {
        return 0;
    };
    (1..16)
        .find(|&i| palette.colour(i) == Rgb15::new(value))
        .map_or(0, |i| i as u8)
}

/// What each part of the screen is drawn in: palette indices.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Colours {
    pub paper: u8,
    pub edge: u8,
    pub empty: u8,
    pub filled: u8,
    pub grid: u8,
    pub grid_five: u8,
    pub cross: u8,
    pub mistake: u8,
    pub cursor: u8,
    pub clue: u8,
    pub clue_done: u8,
    /// A greyed clue on the cursor's highlight (lavender there would vanish
    /// into mint).
    pub clue_done_lit: u8,
    pub highlight: u8,
    /// Every other column's clues, where the clues are small: two-digit
    /// clues of neighbouring columns are a pixel apart.
    pub stripe: u8,
    pub accent: u8,
}

impl Colours {
    /// `high_contrast`: black on white with darker lines, for bright
    /// sunlight or weak eyes; otherwise the desktop's softer colours.
    pub fn new(high_contrast: bool) -> Self {
        if high_contrast {
            Self {
                paper: index_of(rgb::WHITE),
                edge: index_of(rgb::INK),
                empty: index_of(rgb::WHITE),
                filled: index_of(rgb::INK),
                grid: index_of(rgb::PLUM),
                grid_five: index_of(rgb::INK),
                cross: index_of(rgb::INK),
                mistake: index_of(rgb::RED),
                cursor: index_of(rgb::RED),
                clue: index_of(rgb::INK),
                clue_done: index_of(rgb::LAVENDER),
                clue_done_lit: index_of(rgb::LAVENDER),
                highlight: index_of(rgb::YELLOW),
                stripe: index_of(rgb::CREAM),
                accent: index_of(rgb::BLUE),
            }
        } else {
            Self {
                paper: index_of(rgb::CREAM),
                edge: index_of(rgb::PLUM),
                empty: index_of(rgb::WHITE),
                filled: index_of(rgb::DARK_TEAL),
                grid: index_of(rgb::LAVENDER),
                grid_five: index_of(rgb::PLUM),
                cross: index_of(rgb::PLUM),
                mistake: index_of(rgb::RED),
                cursor: index_of(rgb::BLUE),
                clue: index_of(rgb::INK),
                clue_done: index_of(rgb::LAVENDER),
                clue_done_lit: index_of(rgb::WHITE),
                highlight: index_of(rgb::MINT),
                stripe: index_of(rgb::WHITE),
                accent: index_of(rgb::PLUM),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every colour a picture in colour may use is in the palette the
    /// board is drawn with, each at its own index.
    #[test_case]
    fn every_picture_colour_is_in_the_palette(_gba: &mut agb::Gba) {
        let inks: alloc::vec::Vec<u8> = (1..16).map(art_ink).collect();
        assert!(inks.iter().all(|&ink| ink != 0), "{inks:?}");
        for (i, ink) in inks.iter().enumerate() {
            assert!(!inks[..i].contains(ink), "{inks:?}");
        }
        assert_eq!(art_ink(0), 0);
        assert_eq!(art_ink(16), 0);
    }
}
