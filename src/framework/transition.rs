//! An app's window on screen: its layers are masked by hardware window 0, whose
//! rectangle grows from the app's icon to the app's window as it opens (and
//! shrinks back on close), and stays on it while the app runs. Everything outside
//! shows the desktop's layers only, so nothing of the app leaks out and nothing
//! needs redrawing; inside, the desktop's layers are off, so the backdrop colour
//! shows where the app has no tile (it is the windows' fill). The effect costs a
//! few register writes per frame, all latched at VBlank by agb's frame commit.

use agb::{
    display::{GraphicsFrame, MovableWindow, WinIn, tiled::RegularBackgroundId},
    fixnum::{Rect, vec2},
};

/// Length of the open and close animations.
pub const FRAMES: u8 = 16;

/// Screen rectangle (x, y, width, height) in pixels.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Area {
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
}

impl Area {
    pub const fn new(x: i32, y: i32, width: i32, height: i32) -> Self {
        Self {
            x,
            y,
            width,
            height,
        }
    }

    /// The area `by` pixels in from each side.
    pub const fn inset(self, by: i32) -> Self {
        Self::new(
            self.x + by,
            self.y + by,
            self.width - 2 * by,
            self.height - 2 * by,
        )
    }

    /// `from` at step 0, `to` at step `FRAMES`, eased (smoothstep) in between.
    pub fn between(from: Area, to: Area, step: u8) -> Area {
        let t = i32::from(step.min(FRAMES));
        let n = i32::from(FRAMES);
        // smoothstep in fixed point: 3t^2 - 2t^3, scaled by n^3
        let eased = 3 * t * t * n - 2 * t * t * t;
        let denominator = n * n * n;
        let lerp = |a: i32, b: i32| a + (b - a) * eased / denominator;
        Area {
            x: lerp(from.x, to.x),
            y: lerp(from.y, to.y),
            width: lerp(from.width, to.width),
            height: lerp(from.height, to.height),
        }
    }
}

/// Mask the app's layers to `area`, where the desktop's do not show (the
/// backdrop stands in for the window's fill); show only the desktop's
/// layers around it. Once a window smaller than the screen is open
/// (`open`), only its inside (within its border of a tile) is masked, and
/// around it the app's layers and sprites show over the desktop's: the
/// border's see-through corners and shadow show the desktop, as they would
/// without the mask. (A window the size of the screen has no border.)
pub fn mask(
    frame: &mut GraphicsFrame,
    area: Area,
    (app_layers, desktop_layers): (&[RegularBackgroundId], &[RegularBackgroundId]),
    open: bool,
) {
    let area = if open && area != SCREEN {
        area.inset(BORDER)
    } else {
        area
    };
    let windows = frame.windows();
    show_in(windows.win_in(WinIn::Win0), area, app_layers);
    let outside = windows.win_out();
    for &layer in desktop_layers {
        outside.enable_background(layer);
    }
    if open {
        outside.enable_objects();
        for &layer in app_layers {
            outside.enable_background(layer);
        }
    }
}

/// While a window animates, keep `area` (outside it) showing the desktop's
/// layers and sprites: the status bar's saving mark, a sprite, would
/// otherwise be hidden with the app's. Hardware window 1, for this frame.
pub fn keep_shown(frame: &mut GraphicsFrame, area: Area, desktop_layers: &[RegularBackgroundId]) {
    show_in(frame.windows().win_in(WinIn::Win1), area, desktop_layers);
}

/// Put hardware `window` on `area`, showing `layers` and the sprites there.
fn show_in(window: &mut MovableWindow, area: Area, layers: &[RegularBackgroundId]) {
    window.set_pos(Rect::new(
        vec2(area.x, area.y),
        vec2(area.width, area.height),
    ));
    window.enable_objects();
    for &layer in layers {
        window.enable_background(layer);
    }
}

/// A window's border, in pixels: a tile all round.
const BORDER: i32 = 8;
/// The whole screen.
const SCREEN: Area = Area::new(0, 0, 240, 160);

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn transition_starts_at_the_icon_and_ends_at_the_window(_gba: &mut agb::Gba) {
        let icon = Area::new(20, 30, 32, 32);
        let window = Area::new(8, 20, 224, 132);
        assert_eq!(Area::between(icon, window, 0), icon);
        assert_eq!(Area::between(icon, window, FRAMES), window);
        let middle = Area::between(icon, window, FRAMES / 2);
        assert!(middle.width > icon.width && middle.width < window.width);
    }
}
