//! Every graphic, tune and sound effect in the ROM, imported at compile time.
//! Sources and the scripts that make them: gfx/README.md, sfx/README.md.

use agb::display::{Palette16, Rgb15, tile_data::TileData, tiled::RegularBackground};

agb::include_background_gfx!(
    pub mod desktop,
    WALLPAPER => deduplicate "gfx/desktop.png",
    // Every tile in order, unflipped: the splash is copied onto the
    // drawing plane tile by tile.
    SPLASH => "gfx/splash.png",
    UI => "gfx/window.png",
);

agb::include_aseprite!(
    pub mod sprites,
    32x32 "gfx/selection.png",
    16x16 "gfx/pointer.png",
    16x16 "gfx/numpad.png",
    16x16 "gfx/widgets.png",
    8x8 "gfx/saving.png",
);

/// A 32x32 desktop icon from the app's own
/// `include_background_gfx!(mod icon, NAME => "gfx/icons/<app>.png")`: its
/// 16 tiles and the palette they use (the desktop gives each app a slot).
pub struct Icon {
    pub tiles: &'static TileData,
    pub palettes: &'static &'static [Palette16],
}

/// The desktop's tune; an app without its own keeps it playing.
pub static DESKTOP_TUNE: super::sound::Tune = super::sound::Tune {
    name: "desktop",
    track: agb_tracker::include_xm!("sfx/desktop.xm"),
    voices: &super::sound::BELL_BAND,
};

/// Sounds of the shared interface (menus, windows, the number pad); apps
/// include their own game sounds.
pub mod sfx {
    use crate::framework::sound::Effect;

    pub static CURSOR: Effect = crate::effect!("sfx/cursor.wav");
    pub static OPEN: Effect = crate::effect!("sfx/open.wav");
    pub static CLOSE: Effect = crate::effect!("sfx/close.wav");
    pub static CONFIRM: Effect = crate::effect!("sfx/confirm.wav");
    pub static ERROR: Effect = crate::effect!("sfx/error.wav");
}

/// Background palette slots: the art's palettes come first (from
/// `desktop::PALETTES`), then the apps' icons'; the top two are the
/// desktop's text's and the drawing plane's (`framework::plane`).
pub const DESK_TEXT_PALETTE: u8 = 14;
pub const PLANE_PALETTE: u8 = 15;

/// The colours text is drawn in, from the shared palette (gfx/palette.png).
pub mod text_colours {
    use agb::display::Rgb15;

    /// Dark ink, for cream windows, and its red for a part marked wrong.
    pub const INK: Rgb15 = Rgb15(0x1C65);
    pub const MARK: Rgb15 = Rgb15(0x213C);
    /// Cream ink, for dark wells and bars, and its pink.
    pub const LIGHT: Rgb15 = Rgb15(0x67BF);
    pub const LIGHT_MARK: Rgb15 = Rgb15(0x4A9F);
    /// All of them.
    pub const ALL: [Rgb15; 4] = [INK, MARK, LIGHT, LIGHT_MARK];
}

/// The desktop's text palette: the text colours, from index 1.
pub fn set_text_palettes(gfx: &mut agb::display::Graphics) {
    let mut colours = [Rgb15::BLACK; 16];
    for (slot, colour) in colours.iter_mut().skip(1).zip(text_colours::ALL) {
        *slot = colour;
    }
    gfx.set_background_palette(DESK_TEXT_PALETTE, &Palette16::new(colours));
}

/// Frames of gfx/selection.png: the ring around the selected icon pulses
/// between them.
pub const RING: usize = 0;
pub const RING_BRIGHT: usize = 1;

/// Background palette slots for app icons, one per app from here up to the
/// text slots (each app's icon brings its own palette).
pub const FIRST_ICON_PALETTE: u8 = 4;
const _: () = assert!(FIRST_ICON_PALETTE < DESK_TEXT_PALETTE && DESK_TEXT_PALETTE < PLANE_PALETTE);

/// Put an app's icon at tile `(x, y)` of `layer`, in palette slot `palette`
/// (which `load_icon_palette` filled). An icon that is not 32x32 is skipped.
pub fn draw_icon(layer: &mut RegularBackground, icon: &Icon, palette: u8, (x, y): (i32, i32)) {
    const SIDE: usize = 4;
    if icon.tiles.tile_settings.len() != SIDE * SIDE {
        return;
    }
    for (i, setting) in icon.tiles.tile_settings.iter().enumerate() {
        let (column, row) = ((i % SIDE) as i32, (i / SIDE) as i32);
        layer.set_tile(
            (x + column, y + row),
            &icon.tiles.tiles,
            setting.palette(palette),
        );
    }
}

/// The background palette slot holding app `index`'s icon colours.
pub fn icon_palette_slot(index: usize) -> u8 {
    (usize::from(FIRST_ICON_PALETTE) + index).min(usize::from(DESK_TEXT_PALETTE) - 1) as u8
}

/// Put the icon of app `index`'s colours in its slot; returns the slot.
pub fn load_icon_palette(gfx: &mut agb::display::Graphics, icon: &Icon, index: usize) -> u8 {
    let slot = icon_palette_slot(index);
    if let Some(palette) = icon.palettes.first() {
        gfx.set_background_palette(slot, palette);
    }
    slot
}

/// The background palettes' memory: 16 slots of 16 colours.
pub const BACKGROUND_PALETTE_RAM: *mut u16 = 0x0500_0000 as *mut u16;

/// Load `palette` into background palette slot `slot` at once (palette
/// memory written directly: agb's way from a frame copies all sixteen
/// palettes through the stack, whose room is small). Out of range: ignored.
pub fn load_background_palette(slot: u8, palette: &Palette16) {
    if slot >= 16 {
        return;
    }
    for index in 0..16 {
        // Safety: background palette memory, slot and index in range.
        unsafe {
            BACKGROUND_PALETTE_RAM
                .add(usize::from(slot) * 16 + index)
                .write_volatile(palette.colour(index).0);
        }
    }
}

/// Every background palette as it was read: a game's, put back when the
/// pause menu that used them goes.
pub struct BackgroundPalettes(alloc::boxed::Box<[u16; 256]>);

impl BackgroundPalettes {
    #[must_use]
    pub fn read() -> Self {
        let mut colours = alloc::boxed::Box::new([0u16; 256]);
        for (index, colour) in colours.iter_mut().enumerate() {
            // SAFETY: background palette memory, 256 entries.
            *colour = unsafe { BACKGROUND_PALETTE_RAM.add(index).read_volatile() };
        }
        Self(colours)
    }

    pub fn write(&self) {
        for (index, &colour) in self.0.iter().enumerate() {
            // SAFETY: as in `read`.
            unsafe { BACKGROUND_PALETTE_RAM.add(index).write_volatile(colour) };
        }
    }
}

/// The palette a background tile uses. agb keeps it private; its Debug
/// output shows the screen entry, whose top four bits are the palette.
#[cfg(test)]
pub fn palette_of(setting: &agb::display::tiled::TileSetting) -> u8 {
    let text = alloc::format!("{setting:?}");
    let bits: u16 = text
        .rsplit("TileEffect(")
        .next()
        .and_then(|rest| rest.split(')').next())
        .and_then(|number| number.parse().ok())
        .expect("TileSetting's Debug shows its effect bits");
    (bits >> 12) as u8
}

/// Checks an app's icon: 32x32 in one palette, the first, the one
/// `load_icon_palette` loads (lib.rs runs it for every app).
#[cfg(test)]
pub fn check_icon(id: &str, icon: &Icon) {
    assert_eq!(icon.tiles.tile_settings.len(), 16, "{id}");
    assert!(
        icon.tiles
            .tile_settings
            .iter()
            .all(|setting| palette_of(setting) == 0),
        "{id}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn the_desktop_art_leaves_the_icon_slots_free(_gba: &mut agb::Gba) {
        let used = [&desktop::WALLPAPER, &desktop::SPLASH, &desktop::UI]
            .iter()
            .flat_map(|data| data.tile_settings.iter())
            .map(palette_of)
            .max()
            .unwrap_or(0);
        assert!(
            used < FIRST_ICON_PALETTE,
            "the desktop art uses palette {used}"
        );
        assert_eq!(sprites::SELECTION.sprites().len(), RING_BRIGHT + 1);
    }
}
