//! Every graphic, tune and sound effect in the ROM, imported at compile time.
//! Sources and the scripts that make them: gfx/README.md, sfx/README.md.

use agb::display::{
    Palette16, Rgb15,
    tiled::{RegularBackground, TileEffect},
};

agb::include_background_gfx!(
    pub mod desktop,
    WALLPAPER => deduplicate "gfx/desktop.png",
    SPLASH => deduplicate "gfx/splash.png",
    UI => "gfx/window.png",
    ICONS => "gfx/icons.png",
);

agb::include_aseprite!(
    pub mod sprites,
    32x32 "gfx/icons.png",
    16x16 "gfx/pointer.png",
    16x16 "gfx/numpad.png",
    16x16 "gfx/widgets.png",
);

/// The desktop's tune; an app without its own keeps it playing.
pub static DESKTOP_TUNE: super::sound::Tune = super::sound::Tune {
    name: "desktop",
    track: agb_tracker::include_xm!("sfx/desktop.xm"),
};

/// Sounds of the shared interface (menus, windows, the number pad); apps
/// include their own game sounds.
pub mod sfx {
    use agb::{include_wav, sound::mixer::SoundData};

    pub static CURSOR: SoundData = include_wav!("sfx/cursor.wav");
    pub static OPEN: SoundData = include_wav!("sfx/open.wav");
    pub static CLOSE: SoundData = include_wav!("sfx/close.wav");
    pub static CONFIRM: SoundData = include_wav!("sfx/confirm.wav");
    pub static ERROR: SoundData = include_wav!("sfx/error.wav");
}

/// Background palette slots: the art's palettes come first (from
/// `desktop::PALETTES`), the top two are reserved for text: dark ink for
/// cream windows, light ink for dark wells and bars.
pub const TEXT_PALETTE: u8 = 15;
pub const LIGHT_TEXT_PALETTE: u8 = 14;

/// Text colours (index 1 is what the font draws with): dark ink in slot 15,
/// cream ink in slot 14, both taken from the art palette (gfx/palette.png).
pub fn set_text_palettes(gfx: &mut agb::display::Graphics) {
    let mut dark = [Rgb15::BLACK; 16];
    dark[1] = Rgb15::new(0x1C65);
    let mut light = [Rgb15::BLACK; 16];
    light[1] = Rgb15::new(0x67BF);
    gfx.set_background_palette(TEXT_PALETTE, &Palette16::new(dark));
    gfx.set_background_palette(LIGHT_TEXT_PALETTE, &Palette16::new(light));
}

/// The selection ring's frame in gfx/icons.png (after the app icons).
pub const SELECTION_FRAME: usize = 2;

/// Put app icon `index` (32x32, from gfx/icons.png) at tile `(x, y)` of `layer`.
pub fn draw_icon(layer: &mut RegularBackground, index: usize, (x, y): (i32, i32)) {
    const SHEET_COLUMNS: usize = 16;
    for row in 0..4 {
        for column in 0..4 {
            let tile = row * SHEET_COLUMNS + index * 4 + column;
            if let Some(setting) = desktop::ICONS.tile_settings.get(tile) {
                layer.set_tile(
                    (x + column as i32, y + row as i32),
                    &desktop::ICONS.tiles,
                    *setting,
                );
            }
        }
    }
    let _ = TileEffect::default();
}
