//! Buttons with key repeat for the D-pad (menus and the Sweeper cursor move one
//! step on press, then repeat after a short delay while held).

use agb::input::{Button, ButtonController, ButtonState};

/// Frames before a held direction starts repeating, and between repeats.
const REPEAT_DELAY: u8 = 14;
const REPEAT_INTERVAL: u8 = 4;
/// An accelerating repeat (`accelerated_direction`) goes at every other
/// frame from this many frames held, and at every frame from `FULL_SPEED`.
const HALF_SPEED: u8 = 31;
const FULL_SPEED: u8 = 47;

const DIRECTIONS: [Button; 4] = [Button::Up, Button::Down, Button::Left, Button::Right];
const ALL: [Button; 10] = [
    Button::A,
    Button::B,
    Button::L,
    Button::R,
    Button::Start,
    Button::Select,
    Button::Up,
    Button::Down,
    Button::Left,
    Button::Right,
];

pub struct Input {
    buttons: ButtonController,
    held_frames: [u8; 4],
    /// Frames since a key last went down (at most 255).
    quiet_frames: u8,
}

impl Default for Input {
    fn default() -> Self {
        Self::new()
    }
}

impl Input {
    pub fn new() -> Self {
        Self {
            buttons: ButtonController::new(),
            held_frames: [0; 4],
            quiet_frames: u8::MAX,
        }
    }

    /// Read the keypad; call once per frame. (Out of line: inlined into the
    /// frame loop, its locals would stay on the stack under every app.)
    #[inline(never)]
    pub fn update(&mut self) {
        self.buttons.update();
        self.quiet_frames = if self.buttons.is_just_pressed(ButtonState::all()) {
            0
        } else {
            self.quiet_frames.saturating_add(1)
        };
        for (held, direction) in self.held_frames.iter_mut().zip(DIRECTIONS) {
            *held = if self.buttons.is_pressed(direction) {
                // Past 255 frames, step back a whole number of repeats so a
                // long hold keeps repeating at the same pace.
                held.checked_add(1).unwrap_or(u8::MAX - REPEAT_INTERVAL + 1)
            } else {
                0
            };
        }
    }

    pub fn pressed(&self, button: Button) -> bool {
        self.buttons.is_pressed(button)
    }

    /// Frames since a key last went down: 0 in the frame it did.
    #[must_use]
    pub fn quiet_frames(&self) -> u8 {
        self.quiet_frames
    }

    pub fn just_pressed(&self, button: Button) -> bool {
        self.buttons.is_just_pressed(button)
    }

    /// Whether every key of `chord` is held, the last of them going down
    /// this frame: true once per making of the chord, however long held.
    pub fn chord_made(&self, chord: &[Button]) -> bool {
        chord.iter().all(|&button| self.pressed(button))
            && chord.iter().any(|&button| self.just_pressed(button))
    }

    /// A direction press, repeated while held. Returns (dx, dy).
    pub fn repeated_direction(&self) -> (i32, i32) {
        self.direction_firing(repeats)
    }

    /// A direction press, repeated while held, faster the longer it is
    /// held (a cursor crossing a big board): as `repeated_direction` at
    /// first, then every other frame, then every frame.
    pub fn accelerated_direction(&self) -> (i32, i32) {
        self.direction_firing(accelerates)
    }

    fn direction_firing(&self, fires: fn(u8) -> bool) -> (i32, i32) {
        let mut delta = (0, 0);
        for (held, direction) in self.held_frames.iter().zip(DIRECTIONS) {
            if fires(*held) {
                match direction {
                    Button::Up => delta.1 -= 1,
                    Button::Down => delta.1 += 1,
                    Button::Left => delta.0 -= 1,
                    _ => delta.0 += 1,
                }
            }
        }
        delta
    }

    /// A button went down or a held direction repeated this frame: what
    /// the player asks for (a release only ends what a press began).
    pub fn acted(&self) -> bool {
        ALL.into_iter().any(|b| self.buttons.is_just_pressed(b))
            || self.repeated_direction() != (0, 0)
    }

    /// Any button other than `except` went down this frame (one that
    /// cancels a held A, or ends a note).
    pub fn other_just_pressed(&self, except: Button) -> bool {
        ALL.into_iter().any(|b| b != except && self.just_pressed(b))
    }
}

/// Whether a direction held `held` frames (0: up) fires: on the press, then
/// every `REPEAT_INTERVAL` frames after `REPEAT_DELAY`.
const fn repeats(held: u8) -> bool {
    held == 1 || (held > REPEAT_DELAY && (held - REPEAT_DELAY).is_multiple_of(REPEAT_INTERVAL))
}

/// As `repeats`, speeding up: every other frame from `HALF_SPEED` frames
/// held, every frame from `FULL_SPEED`.
const fn accelerates(held: u8) -> bool {
    if held >= FULL_SPEED {
        true
    } else if held >= HALF_SPEED {
        held.is_multiple_of(2)
    } else {
        repeats(held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The frames of the first `frames` of a hold in which `fires` fires.
    fn firing(fires: fn(u8) -> bool, frames: u8) -> usize {
        (1..=frames).filter(|&held| fires(held)).count()
    }

    #[test_case]
    fn a_held_direction_speeds_up_on_a_big_board(_gba: &mut agb::Gba) {
        assert!(!accelerates(0) && !repeats(0), "nothing while up");
        // The same as the plain repeat until it speeds up: a tap is one step.
        for held in 1..HALF_SPEED {
            assert_eq!(accelerates(held), repeats(held), "held {held}");
        }
        // Across Expert's 30 columns (29 steps) in about a second, against
        // over two at the plain pace.
        let frames_for = |fires: fn(u8) -> bool, steps: usize| {
            (1..=u8::MAX).find(|&frames| firing(fires, frames) == steps)
        };
        assert_eq!(frames_for(accelerates, 29), Some(62));
        assert_eq!(frames_for(repeats, 29), Some(126));
        // A long hold keeps going at full speed past the count's wrap.
        assert!((FULL_SPEED..=u8::MAX).all(accelerates));
        let wrapped = u8::MAX - REPEAT_INTERVAL + 1;
        assert!(accelerates(wrapped));
    }
}
