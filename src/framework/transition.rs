//! Window open/close animation: the app's layers are masked by hardware window 0,
//! whose rectangle grows from the app's icon to the app's window (and shrinks back
//! on close). Everything outside shows the desktop's layers only, so nothing of the
//! app leaks out and nothing needs redrawing: the effect costs a few register
//! writes per frame, all latched at VBlank by agb's frame commit.

use agb::{
    display::{GraphicsFrame, WinIn, tiled::RegularBackgroundId},
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

/// Mask the app's layers to `area`; show only the desktop's layers around it.
pub fn mask(
    frame: &mut GraphicsFrame,
    area: Area,
    app_layers: &[RegularBackgroundId],
    desktop_layers: &[RegularBackgroundId],
) {
    let windows = frame.windows();
    let inside = windows.win_in(WinIn::Win0);
    inside.set_pos(Rect::new(
        vec2(area.x, area.y),
        vec2(area.width, area.height),
    ));
    inside.enable_objects();
    for &layer in app_layers.iter().chain(desktop_layers) {
        inside.enable_background(layer);
    }
    let outside = windows.win_out();
    for &layer in desktop_layers {
        outside.enable_background(layer);
    }
}

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
