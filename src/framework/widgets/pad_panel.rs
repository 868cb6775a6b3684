//! A number pad on screen, as an app uses one: the model ([`NumberPad`]) and
//! its view ([`NumberPadView`]) held together, with the pad's own sounds and
//! events. The app hears only what it acts on: the code was accepted (read
//! it with [`PadPanel::digits`]) or the player cancelled.
//!
//! Like a screen, it has the frame's steps: [`PadPanel::update`] from the
//! app's `update`, [`PadPanel::draw`] from its `draw`, [`PadPanel::show`]
//! from its `show`. Dropping it takes its sprites away; [`PadPanel::close`]
//! also takes its text off the screen.

use agb::input::Button;
use alloc::boxed::Box;
use core::fmt::Display;

use super::{
    numpad::{NumberPad, PadEvent},
    numpad_view::{self, NumberPadView},
    text::Ink,
};
use crate::framework::{canvas::Canvas, system::System};

/// Where a pad goes in a window: keys, and the text column beside them.
#[derive(Clone, Copy, Debug)]
pub struct PadPlace {
    /// The title over the digits, e.g. "Type a board code:".
    pub title: &'static str,
    pub keys_origin: (i32, i32),
    pub text_origin: (i32, i32),
    /// The text column's width in tiles.
    pub text_columns: i32,
    /// The text's ink (its mark colour shows a bad group).
    pub ink: Ink,
}

/// What a frame of typing came to, for the app.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PadOutcome {
    /// Still typing (keys, deletions, refusals and page turns are the pad's own business).
    Typing,
    /// The validator accepted the code: [`PadPanel::digits`].
    Accepted,
    /// The cancel key, or B with nothing typed.
    Cancelled,
}

/// A pad whose code's errors are `E` (see `NumberPad`).
pub struct PadPanel<E = &'static str> {
    pad: NumberPad<E>,
    view: NumberPadView,
    /// Names the pad in events (`event sweeper.pad rejected ...`).
    owner: &'static str,
    /// A is down: the key under the pointer is drawn pressed.
    a_held: bool,
    /// No `update` yet: the frame that opens the pad has cleared the screen
    /// for it and shows only its keys; its text starts the next frame.
    opening: bool,
}

impl<E: Copy + Display> PadPanel<E> {
    /// The pad's keys and pointer now; its text is drawn from the next `draw`.
    pub fn new(pad: NumberPad<E>, place: PadPlace, owner: &'static str) -> Self {
        let view = NumberPadView::new(
            &pad,
            place.title,
            place.keys_origin,
            place.text_origin,
            place.text_columns,
            place.ink,
        );
        Self {
            pad,
            view,
            owner,
            a_held: false,
            opening: true,
        }
    }

    /// This frame's buttons: the pad's sounds played, a refused code logged.
    pub fn update(&mut self, system: &mut System) -> PadOutcome {
        self.opening = false;
        self.a_held = system.input.pressed(Button::A);
        match numpad_view::run_frame(&mut self.pad, &system.input, &mut system.sound, self.owner) {
            PadEvent::Accepted => PadOutcome::Accepted,
            PadEvent::Cancelled => PadOutcome::Cancelled,
            PadEvent::Nothing
            | PadEvent::Typed
            | PadEvent::Deleted
            | PadEvent::Refused
            | PadEvent::Rejected
            | PadEvent::Turned => PadOutcome::Typing,
        }
    }

    /// The digits typed (the whole code once accepted).
    pub fn digits(&self) -> &[u8] {
        self.pad.digits()
    }

    /// Bring the digits, the error line and the keys up to date.
    pub fn draw(&mut self) {
        if self.opening {
            return;
        }
        self.view.update(&self.pad, self.a_held);
    }

    pub fn show(&self, canvas: &mut Canvas) {
        self.view.show(canvas);
    }

    /// Take the pad off the screen, its text included.
    pub fn close(mut self) {
        self.view.clear();
    }
}

/// The pad of a screen that has gone: its sprites went with the screen,
/// and its text stays on the drawing plane until the view takes it off, in
/// order with the rest of its drawing for the screen that follows.
pub struct RetiredPad<E>(Option<Box<PadPanel<E>>>);

impl<E> Default for RetiredPad<E> {
    fn default() -> Self {
        Self(None)
    }
}

impl<E: Copy + Display> RetiredPad<E> {
    /// `pad`'s screen has gone.
    pub fn hold(&mut self, pad: Box<PadPanel<E>>) {
        self.0 = Some(pad);
    }

    /// Take the held pad's text off the screen, if a pad is held.
    pub fn close(&mut self) {
        if let Some(pad) = self.0.take() {
            pad.close();
        }
    }
}
