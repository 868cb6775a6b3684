//! The boot splash: the Pocket Desk logo for a moment, skippable with any button.
//! It also hides a load: the tile writes that build the desktop are done
//! here, behind the still logo (before any music starts), instead of as a
//! stutter on the desktop's first frame.

use agb::display::{
    Graphics, Priority,
    tiled::{RegularBackground, RegularBackgroundSize, TileFormat},
};

use super::{assets::desktop, system::System};

const SPLASH_FRAMES: u32 = 90;

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
    let mut splash = RegularBackground::new(
        Priority::P0,
        RegularBackgroundSize::Background32x32,
        TileFormat::FourBpp,
    );
    splash.fill_with(&desktop::SPLASH);
    crate::event!("splash");
    for frame in 0..SPLASH_FRAMES {
        if frame == BUILD_FRAME {
            build(gfx, system);
        }
        system.input.update();
        // Skip after a short moment, so a held button from reset doesn't skip it.
        if frame > 20 && system.input.other_just_pressed(agb::input::Button::L) {
            break;
        }
        let mut graphics_frame = gfx.frame();
        splash.show(&mut graphics_frame);
        system.sound.frame();
        graphics_frame.commit();
        system.frame = system.frame.wrapping_add(1);
    }
}
