//! Poop Sweeper's sprite sheets (gfx/, drawn as indexed PNGs) and the names
//! of their frames: the one place that knows which frame is which.

// One include, so the icon, the mines-counter tile and the full-size
// fields' squares share one palette (the desktop loads it into
// `System::app_palette`, and the drawing plane takes it as the window opens).
agb::include_background_gfx!(
    pub mod icon,
    SWEEPER => "gfx/icons/sweeper.png",
    MINES => "gfx/sweeper-mines.png",
    FIELD => "gfx/sweeper-field.png",
);

agb::include_aseprite!(
    pub mod sprites,
    16x16 "gfx/board.png",
    32x32 "gfx/faces.png",
    16x16 "gfx/sweeper-field-cursor.png",
);

/// How a square looks; the value is its frame in gfx/board.png.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Look {
    Covered = 0,
    Pressed = 1,
    Empty = 2,
    // 3..=10: numbers 1..8
    Flag = 11,
    Mine = 12,
    Detonated = 13,
    WrongFlag = 14,
    // 15, 16: the cursor
    /// A "?" on a keycap.
    Question = 17,
}

pub const CURSOR_FRAME: usize = 15;
/// Frames in gfx/board.png and gfx/faces.png.
pub const BOARD_FRAMES: usize = 18;
pub const FACE_FRAMES: usize = 5;

/// The avatar's faces; the value is the frame in gfx/faces.png.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Face {
    Idle = 0,
    Blink = 1,
    Thinking = 2,
    Dead = 3,
    Won = 4,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn every_named_frame_is_in_its_sheet(_gba: &mut agb::Gba) {
        assert_eq!(sprites::BOARD.sprites().len(), BOARD_FRAMES);
        assert_eq!(sprites::FACES.sprites().len(), FACE_FRAMES);
        assert!(CURSOR_FRAME < BOARD_FRAMES && (Look::Question as usize) < BOARD_FRAMES);
        assert!((Face::Won as usize) < FACE_FRAMES);
    }

    #[test_case]
    fn a_field_has_a_square_for_every_look(_gba: &mut agb::Gba) {
        // Not deduplicated: tile i is the sheet's frame i, board.png's order.
        assert_eq!(icon::FIELD.tile_settings.len(), BOARD_FRAMES);
        assert_eq!(icon::FIELD.width, BOARD_FRAMES);
    }

    #[test_case]
    fn the_mines_share_the_icons_palette(_gba: &mut agb::Gba) {
        // Included with the icon, so drawn with the app's icon palette slot.
        for art in [&icon::MINES, &icon::FIELD] {
            assert!(
                art.tile_settings
                    .iter()
                    .all(|setting| crate::framework::assets::palette_of(setting) == 0)
            );
        }
    }
}
