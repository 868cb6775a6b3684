//! The line of buttons that do something on the screen shown (Picross S's
//! bottom line is the model): each app says its own (`App::button_hints`),
//! and the desktop shows it in its top bar, in the title's place, while
//! the app's window is open. Settings turns it off; the choice is kept in
//! a section of its own, which Settings' erase resets (hints on).

use agb::external::portable_atomic::{AtomicBool, Ordering};
use serde::{Deserialize, Serialize};

use super::save::{Saved, Storage};

/// The section's owner name.
pub const OWNER: &str = "hints";

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct HintsSave {
    pub shown: bool,
}

impl Default for HintsSave {
    fn default() -> Self {
        Self { shown: true }
    }
}

impl Saved for HintsSave {
    const VERSION: u8 = 0;
}

/// The section's choice, where the desktop reads it every frame without
/// looking the section up (`load` and `toggle` keep it the same).
static SHOWN: AtomicBool = AtomicBool::new(true);

/// Read the section (at boot, and after an erase): whether the hints are
/// shown.
pub fn load(storage: &mut Storage) -> bool {
    let shown = storage.section::<HintsSave>(OWNER).shown;
    SHOWN.store(shown, Ordering::Relaxed);
    shown
}

/// Whether the hints are shown, as last loaded or toggled.
pub fn shown() -> bool {
    SHOWN.load(Ordering::Relaxed)
}

/// Turn the hints on or off (written with the next save); whether they
/// are shown now.
pub fn toggle(storage: &mut Storage) -> bool {
    let save = storage.section::<HintsSave>(OWNER);
    save.shown = !save.shown;
    let shown = save.shown;
    SHOWN.store(shown, Ordering::Relaxed);
    storage.commit_soon();
    shown
}
