//! The boot splash: the Pocket Desk logo for a moment, skippable with any button.
//! It also hides a load: the tile writes that build the desktop are done
//! here, behind the still logo (before any music starts), instead of as a
//! stutter on the desktop's first frame. The logo is copied onto the
//! drawing plane, so it takes no tiles of its own.

use agb::display::Graphics;

use super::{assets::desktop, plane, system::System};

const SPLASH_FRAMES: u32 = 90;

/// The palette of `desktop::PALETTES` the logo's tiles use (a test checks).
const SPLASH_PALETTE: usize = 0;

/// Frame of the splash at which `build` runs (before the player can skip).
const BUILD_FRAME: u32 = 2;

// Out of line: what it holds is off the stack for the rest of the run.
#[inline(never)]
pub fn show(
    gfx: &mut Graphics,
    system: &mut System,
    build: &mut dyn FnMut(&mut Graphics, &mut System),
) {
    // The backdrop (colour 0 of palette 0: the art's see-through colour)
    // shows alone in the frame before the splash's tiles are on screen:
    // black, as the screen was, not the see-through magenta, and set with
    // its palette (set after it, a line of the frame being drawn could
    // catch the magenta).
    for (slot, palette) in (0u8..).zip(desktop::PALETTES) {
        let mut palette = palette.clone();
        if slot == 0 {
            palette.update_colour(0, agb::display::Rgb15::BLACK);
        }
        gfx.set_background_palette(slot, &palette);
    }
    let logo_colours = || {
        if let Some(palette) = desktop::PALETTES.get(SPLASH_PALETTE) {
            plane::set_palette(palette);
        }
    };
    logo_colours();
    for (index, setting) in desktop::SPLASH
        .tile_settings
        .iter()
        .enumerate()
        .take(plane::TILES)
    {
        let (column, row) = (
            (index % plane::COLUMNS) as i32,
            (index / plane::COLUMNS) as i32,
        );
        plane::put(
            column,
            row,
            desktop::SPLASH.tiles.get_tile_data(setting.tile_id()),
        );
    }
    crate::event!("splash");
    for frame in 0..SPLASH_FRAMES {
        if frame == BUILD_FRAME {
            build(gfx, system);
            // The desktop loads every palette slot it uses, the plane's too.
            logo_colours();
        }
        system.input.update();
        // Skip after a short moment, so a held button from reset doesn't skip it.
        if frame > 20 && system.input.other_just_pressed(agb::input::Button::L) {
            break;
        }
        let mut graphics_frame = gfx.frame();
        plane::show(&mut graphics_frame);
        system.sound.frame();
        graphics_frame.commit();
        system.frame = system.frame.wrapping_add(1);
    }
    // The logo stays on the plane, out of sight behind the desktop, until
    // the desktop's first frame has replaced it on screen (`Desktop::update`
    // clears it then, or `Desktop::open` if a window opens sooner).
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framework::assets::palette_of;

    #[test_case]
    fn the_logo_is_in_one_palette(_gba: &mut agb::Gba) {
        for setting in desktop::SPLASH.tile_settings {
            assert_eq!(usize::from(palette_of(setting)), SPLASH_PALETTE);
        }
    }
}
