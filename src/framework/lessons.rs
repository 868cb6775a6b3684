//! Whether each game's lesson (its "How to play") was done or skipped: it
//! comes up by itself the first time the game opens, and after that only
//! from the game's menu. One small section holds every app's answer, by the
//! app's id; Settings' erase brings the lessons back. A skipped lesson's
//! note ([`SkippedNote`]) says where it is found again.

use serde::{Deserialize, Serialize};

use agb::input::Button;

use super::{
    input::Input,
    save::{Saved, Storage},
};

/// The section's owner name.
pub const OWNER: &str = "lessons";

/// Room for every app's id and its space: of a fixed size, so marking a
/// lesson seen never grows the heap.
const SEEN_BYTES: usize = 96;

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct LessonsSave {
    /// The ids of the apps whose lesson was done or skipped, each followed
    /// by a space (encoded as a string, as it always was).
    seen: heapless::String<SEEN_BYTES>,
}

impl Saved for LessonsSave {
    const VERSION: u8 = 0;
}

impl LessonsSave {
    fn has(&self, id: &str) -> bool {
        self.seen
            .split(' ')
            .any(|seen| !seen.is_empty() && seen == id)
    }

    /// False if there is no room left (the lesson then comes up again).
    fn add(&mut self, id: &str) -> bool {
        // Both or neither: an id without its space would read as another.
        if self.seen.len() + id.len() + 1 > SEEN_BYTES {
            return false;
        }
        self.seen.push_str(id).is_ok() && self.seen.push(' ').is_ok()
    }
}

/// Read the section (at power-on).
pub fn load(storage: &mut Storage) {
    let _ = storage.section::<LessonsSave>(OWNER);
}

/// Whether app `id`'s lesson was done or skipped.
pub fn seen(storage: &mut Storage, id: &str) -> bool {
    storage.section::<LessonsSave>(OWNER).has(id)
}

/// App `id`'s lesson was done or skipped: not shown by itself again
/// (written with the next save).
pub fn mark_seen(storage: &mut Storage, id: &str) {
    let save = storage.section::<LessonsSave>(OWNER);
    if !save.has(id) && save.add(id) {
        storage.commit_soon();
        crate::event!("lesson.seen app={}", id);
    }
}

/// After a skipped lesson, a game says where it is found again (a line of
/// its own) until the player's first move: A or B.
#[derive(Default)]
pub struct SkippedNote {
    up: bool,
}

impl SkippedNote {
    /// The lesson was skipped: the note goes up.
    pub fn skipped(&mut self) {
        self.up = true;
    }

    /// Whether the note is up.
    #[must_use]
    pub fn is_up(&self) -> bool {
        self.up
    }

    /// This frame's keys: A or B is the first move, which takes the note
    /// down. Whether it came down now.
    pub fn first_move(&mut self, input: &Input) -> bool {
        let moved = input.just_pressed(Button::A) || input.just_pressed(Button::B);
        moved && core::mem::take(&mut self.up)
    }
}

/// `just bench`: the section at its largest, every app's lesson seen.
#[cfg(feature = "bench")]
pub fn bench_largest(ids: &[&str]) {
    let mut save = LessonsSave::default();
    for id in ids {
        assert!(save.add(id), "every app's id fits");
    }
    super::bench::largest_save(OWNER, &save);
}

#[cfg(test)]
mod tests {
    use super::{LessonsSave, mark_seen, seen};
    use crate::framework::save::Storage;

    #[test_case]
    fn a_lesson_seen_is_kept_by_id(_gba: &mut agb::Gba) {
        let mut storage = Storage::detached();
        assert!(!seen(&mut storage, "sweeper"));
        mark_seen(&mut storage, "sweeper");
        mark_seen(&mut storage, "sweeper");
        assert!(seen(&mut storage, "sweeper"));
        assert!(!seen(&mut storage, "sweep"), "a prefix is another id");
        assert!(!seen(&mut storage, "polarium"));
        mark_seen(&mut storage, "polarium");
        let save = storage.section::<LessonsSave>(super::OWNER).clone();
        assert_eq!(save.seen, "sweeper polarium ");
        // Encoded as the string it was before it had a fixed size.
        #[derive(serde::Serialize)]
        struct Before {
            seen: alloc::string::String,
        }
        let before = Before {
            seen: "sweeper polarium ".into(),
        };
        assert_eq!(
            postcard::to_allocvec(&save).unwrap(),
            postcard::to_allocvec(&before).unwrap()
        );
    }

    #[test_case]
    fn every_app_s_id_fits_and_no_more(_gba: &mut agb::Gba) {
        let mut save = LessonsSave::default();
        for id in ["sweeper", "polarium", "nonogram", "settings", "hello"] {
            assert!(save.add(id), "{id}");
        }
        let long = "x".repeat(super::SEEN_BYTES);
        let before = save.clone();
        assert!(!save.add(&long));
        assert_eq!(save, before, "a refused id changes nothing");
    }
}
