//! The line of buttons that do something on the screen shown (Picross S's
//! bottom line is the model): each app says its own (`App::button_hints`),
//! and the desktop shows it in its top bar, in the title's place, while
//! the app's window is open. Settings turns it off; the choice is kept in
//! a section of its own, which Settings' erase resets (hints on).

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

/// Whether the hints are shown.
pub fn shown(storage: &mut Storage) -> bool {
    storage.section::<HintsSave>(OWNER).shown
}

/// Turn the hints on or off (written with the next save); whether they
/// are shown now.
pub fn toggle(storage: &mut Storage) -> bool {
    let save = storage.section::<HintsSave>(OWNER);
    save.shown = !save.shown;
    let shown = save.shown;
    storage.commit_soon();
    shown
}
