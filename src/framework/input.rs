//! Buttons with key repeat for the D-pad (menus and the Sweeper cursor move one
//! step on press, then repeat after a short delay while held).

use agb::input::{Button, ButtonController, ButtonState};

/// Frames before a held direction starts repeating, and between repeats.
const REPEAT_DELAY: u8 = 14;
const REPEAT_INTERVAL: u8 = 4;

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
        let mut delta = (0, 0);
        for (held, direction) in self.held_frames.iter().zip(DIRECTIONS) {
            let fires = *held == 1
                || (*held > REPEAT_DELAY && (*held - REPEAT_DELAY).is_multiple_of(REPEAT_INTERVAL));
            if fires {
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

    /// Any button other than `except` went down this frame (used to cancel a held A).
    pub fn other_just_pressed(&self, except: Button) -> bool {
        ALL.into_iter().any(|b| b != except && self.just_pressed(b))
    }
}
