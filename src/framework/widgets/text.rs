//! Text on a background layer, in our pixel font ("Pocket Sans", gfx/font/).
//!
//! A [`TextBox`] owns a rectangle of tiles on a 4bpp background. Setting new
//! text blanks the rectangle and renders the string with agb's layout engine;
//! the dynamic tiles holding the pixels are freed when the box is dropped or
//! redrawn, so a closed app leaves no text tiles behind.

use agb::{
    display::{
        font::{AlignmentKind, Font, Layout, LayoutSettings, RegularBackgroundTextRenderer},
        tiled::{RegularBackground, TileSetting},
    },
    include_font,
};

use crate::framework::assets;

pub static FONT: Font = include_font!("gfx/font/pocket-sans.ttf", 10);

/// Background palette slots reserved for text (see `assets::set_text_palettes`):
/// dark ink for cream windows, light ink for dark wells and bars.
pub const TEXT_PALETTE: u8 = 15;
pub const LIGHT_TEXT_PALETTE: u8 = 14;
/// Line height of the font in pixels.
pub const LINE_HEIGHT: i32 = 11;

pub struct TextBox {
    /// Top-left corner in pixels on the background.
    origin: (i32, i32),
    /// Size in whole tiles.
    columns: i32,
    rows: i32,
    palette: u8,
    renderer: Option<RegularBackgroundTextRenderer>,
}

impl TextBox {
    pub fn new(origin: (i32, i32), columns: i32, rows: i32) -> Self {
        Self {
            origin,
            columns,
            rows,
            palette: TEXT_PALETTE,
            renderer: None,
        }
    }

    pub fn with_palette(mut self, palette: u8) -> Self {
        self.palette = palette;
        self
    }

    pub fn set(&mut self, background: &mut RegularBackground, text: &str) {
        self.draw(background, text, AlignmentKind::Left);
    }

    pub fn set_centred(&mut self, background: &mut RegularBackground, text: &str) {
        self.draw(background, text, AlignmentKind::Centre);
    }

    pub fn set_right(&mut self, background: &mut RegularBackground, text: &str) {
        self.draw(background, text, AlignmentKind::Right);
    }

    pub fn clear(&mut self, background: &mut RegularBackground) {
        let (left, top) = (self.origin.0 / 8, self.origin.1 / 8);
        // One extra column/row: text not aligned to 8 pixels spills into it.
        for y in top..=top + self.rows {
            for x in left..=left + self.columns {
                // BLANK never reads tile data, so any tile set will do.
                background.set_tile((x, y), &assets::desktop::WALLPAPER.tiles, TileSetting::BLANK);
            }
        }
        self.renderer = None;
    }

    fn draw(&mut self, background: &mut RegularBackground, text: &str, alignment: AlignmentKind) {
        self.clear(background);
        let width = self.columns * 8;
        let layout = Layout::new(
            text,
            &FONT,
            &LayoutSettings::new()
                .with_alignment(alignment)
                .with_max_line_length(width)
                .with_max_group_width(32),
        );
        let mut renderer = RegularBackgroundTextRenderer::new(self.origin, self.palette);
        let max_y = self.rows * 8;
        for group in layout {
            if group.position().y + LINE_HEIGHT > max_y + 3 {
                break;
            }
            renderer.show(background, &group);
        }
        self.renderer = Some(renderer);
    }
}
