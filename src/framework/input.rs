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
    /// Keys seen up on frames the keypad was not read for the apps (see
    /// [`Input::watch`]), as bits of [`Button`].
    released_unseen: u16,
    /// Keys down this frame that went up and down again since the last
    /// read: pressed anew, though the last read also saw them down.
    pressed_again: u16,
    /// Keys seen down on frames the keypad was not read for the apps, as
    /// bits of [`Button`]: one pressed and let go within them (a tap during
    /// two saves' frames) is still a press at the next read.
    down_unseen: u16,
    /// Keys tapped within unread frames, up again at this read: pressed
    /// this frame, though not held.
    tapped_unseen: u16,
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
            released_unseen: 0,
            pressed_again: 0,
            down_unseen: 0,
            tapped_unseen: 0,
        }
    }

    /// On a frame whose keys are left for a later one (a save's), note the
    /// keys that are up: a key let go and pressed again before the next
    /// [`Input::update`] is still a press then, not one long hold.
    pub fn watch(&mut self) {
        let now = ButtonState::current();
        for button in ALL {
            if now.is_pressed(button) {
                self.down_unseen |= button as u16;
            } else {
                self.released_unseen |= button as u16;
            }
        }
    }

    /// Read the keypad; call once per frame.
    pub fn update(&mut self) {
        let seen_down = self.pressed_bits();
        self.buttons.update();
        self.pressed_again = 0;
        self.tapped_unseen = 0;
        for button in ALL {
            let bit = button as u16;
            if self.released_unseen & bit != 0 && self.buttons.is_pressed(button) {
                self.pressed_again |= bit;
            }
            // Went down and up again unread: a press all the same.
            if self.down_unseen & bit != 0
                && seen_down & bit == 0
                && !self.buttons.is_pressed(button)
            {
                self.tapped_unseen |= bit;
            }
        }
        self.released_unseen = 0;
        self.down_unseen = 0;
        for (held, direction) in self.held_frames.iter_mut().zip(DIRECTIONS) {
            if self.pressed_again & direction as u16 != 0 {
                *held = 0;
            }
            *held = if self.buttons.is_pressed(direction) {
                // Past 255 frames, step back a whole number of repeats so a
                // long hold keeps repeating at the same pace.
                held.checked_add(1).unwrap_or(u8::MAX - REPEAT_INTERVAL + 1)
            } else if self.tapped_unseen & direction as u16 != 0 {
                // Tapped unread: one step, as a tap moves.
                1
            } else {
                0
            };
        }
    }

    pub fn pressed(&self, button: Button) -> bool {
        self.buttons.is_pressed(button)
    }

    pub fn just_pressed(&self, button: Button) -> bool {
        self.buttons.is_just_pressed(button)
            || (self.pressed_again | self.tapped_unseen) & button as u16 != 0
    }

    /// Whether every key of `chord` is held, the last of them going down
    /// this frame: true once per making of the chord, however long held.
    pub fn chord_made(&self, chord: &[Button]) -> bool {
        chord.iter().all(|&button| self.pressed(button))
            && chord.iter().any(|&button| self.just_pressed(button))
    }

    /// The keys the last read saw down, as bits of [`Button`].
    fn pressed_bits(&self) -> u16 {
        ALL.into_iter()
            .filter(|&button| self.buttons.is_pressed(button))
            .fold(0, |bits, button| bits | button as u16)
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

    /// Any button other than `except` went down this frame (used to cancel a held A).
    pub fn other_just_pressed(&self, except: Button) -> bool {
        ALL.into_iter().any(|b| b != except && self.just_pressed(b))
    }
}
