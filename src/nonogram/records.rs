//! The nonogram's save section: each built-in puzzle's best time, the
//! player's options and their own puzzles.

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::rules::{Grid, MAX_HEIGHT, MAX_WIDTH, builtin};
use crate::framework::save::Saved;

/// Slots for the player's own puzzles.
pub const CUSTOM_SLOTS: usize = 24;

/// A puzzle the player drew, kept only once proven to have one solution.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct Custom {
    pub width: u8,
    pub height: u8,
    /// Row by row, bit `x` set for a filled cell.
    pub rows: Vec<u32>,
    /// Best time in seconds plus one (0 = not solved yet).
    pub best: u16,
}

impl Custom {
    pub fn new(picture: &Grid) -> Self {
        Self {
            width: picture.width() as u8,
            height: picture.height() as u8,
            rows: (0..picture.height()).map(|y| picture.row(y)).collect(),
            best: 0,
        }
    }

    /// The picture; `None` for a size out of range or rows that do not
    /// match it (a damaged save), so nothing downstream sees it.
    pub fn picture(&self) -> Option<Grid> {
        let (width, height) = (usize::from(self.width), usize::from(self.height));
        let fits = (1..=MAX_WIDTH).contains(&width)
            && (1..=MAX_HEIGHT).contains(&height)
            && self.rows.len() == height
            && self.rows.iter().all(|&row| row >> width == 0);
        fits.then(|| Grid::from_rows(width, height, &self.rows))
            .filter(|picture| !picture.is_empty())
    }

    pub fn best(&self) -> Option<u16> {
        self.best.checked_sub(1)
    }
}

/// How the game plays and looks; every choice is kept.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Grey the clue numbers the marks account for.
    pub hint_guide: bool,
    /// Cross the rest of a line once its fills match its clues.
    pub auto_cross: bool,
    /// Picross-style mistake checking: a wrong fill is marked and costs
    /// time (2, then 4, then 8 minutes).
    pub mistakes: bool,
    pub high_contrast: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            hint_guide: true,
            auto_cross: false,
            mistakes: false,
            high_contrast: false,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Default, PartialEq, Eq, Debug)]
pub struct NonogramSave {
    /// By built-in puzzle index: best time in seconds plus one (0 = not
    /// solved yet); missing entries are unsolved.
    pub bests: Vec<u16>,
    pub options: Options,
    /// By slot: the player's puzzles (missing entries are empty slots).
    pub customs: Vec<Option<Custom>>,
    /// The picture of the puzzle being played when it is not built in and
    /// not the player's own (a random one, or one typed in as a code).
    pub playing: Option<Custom>,
    /// The editor's drawing and its slot, kept when the player leaves the
    /// editor (or the window closes on it) without saving.
    pub draft: Option<(u8, Custom)>,
}

/// Version 1: before the player's own puzzles.
#[derive(Deserialize)]
struct NonogramSaveV1 {
    bests: Vec<u16>,
    options: Options,
}

impl NonogramSave {
    /// Puzzle `index`'s best time in seconds, if solved.
    pub fn best(&self, index: usize) -> Option<u16> {
        self.bests.get(index).and_then(|&best| best.checked_sub(1))
    }

    /// Count a solve; true when it is a new best.
    pub fn finish(&mut self, index: usize, seconds: u16) -> bool {
        if self.bests.len() <= index {
            self.bests.resize(index + 1, 0);
        }
        let better = self.best(index).is_none_or(|best| seconds < best);
        if better {
            self.bests[index] = seconds.saturating_add(1);
        }
        better
    }

    /// The first built-in puzzle from `start` on (going round to the
    /// start) not solved yet; `start` itself if all are.
    pub fn first_unsolved_from(&self, start: usize) -> usize {
        let count = builtin::COUNT.max(1);
        (0..count)
            .map(|step| (start + step) % count)
            .find(|&index| self.best(index).is_none())
            .unwrap_or(start % count)
    }

    pub fn solved(&self) -> usize {
        self.bests.iter().filter(|&&best| best > 0).count()
    }

    /// The player's puzzle in `slot`, if there is a sound one.
    pub fn custom(&self, slot: usize) -> Option<&Custom> {
        self.customs
            .get(slot)
            .and_then(Option::as_ref)
            .filter(|custom| custom.picture().is_some())
    }

    /// Keep `picture` in `slot` (its best time goes if the picture changed).
    pub fn keep_custom(&mut self, slot: usize, picture: &Grid) {
        if slot >= CUSTOM_SLOTS {
            return;
        }
        if self.customs.len() <= slot {
            self.customs.resize(slot + 1, None);
        }
        let mut custom = Custom::new(picture);
        if let Some(Some(old)) = self.customs.get(slot)
            && old.picture().as_ref() == Some(picture)
        {
            custom.best = old.best;
        }
        self.customs[slot] = Some(custom);
    }

    pub fn delete_custom(&mut self, slot: usize) {
        if let Some(entry) = self.customs.get_mut(slot) {
            *entry = None;
        }
        while self.customs.last() == Some(&None) {
            self.customs.pop();
        }
    }

    /// Count a solve of the player's puzzle in `slot`; true for a new best.
    pub fn finish_custom(&mut self, slot: usize, seconds: u16) -> bool {
        let Some(Some(custom)) = self.customs.get_mut(slot) else {
            return false;
        };
        let better = custom.best().is_none_or(|best| seconds < best);
        if better {
            custom.best = seconds.saturating_add(1);
        }
        better
    }
}

impl Saved for NonogramSave {
    const VERSION: u8 = 2;

    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        if version != 1 {
            return None;
        }
        let old: NonogramSaveV1 = postcard::from_bytes(bytes).ok()?;
        Some(Self {
            bests: old.bests,
            options: old.options,
            ..Self::default()
        })
    }
}

#[cfg(all(test, not(target_arch = "arm")))]
mod tests {
    use super::*;

    #[test]
    fn bests_keep_the_fastest() {
        let mut save = NonogramSave::default();
        assert_eq!(save.best(4), None);
        assert!(save.finish(4, 90));
        assert!(!save.finish(4, 95));
        assert!(save.finish(4, 0));
        assert_eq!(save.best(4), Some(0));
        assert_eq!(save.best(3), None);
        assert_eq!(save.solved(), 1);
        assert_eq!(save.first_unsolved_from(4), 5);
        assert_eq!(save.first_unsolved_from(0), 0);
    }

    #[test]
    fn version_one_keeps_its_bests_and_options() {
        #[derive(Serialize)]
        struct V1 {
            bests: Vec<u16>,
            options: Options,
        }
        let options = Options {
            high_contrast: true,
            ..Options::default()
        };
        let bytes = postcard::to_allocvec(&V1 {
            bests: alloc::vec![0, 31],
            options,
        })
        .unwrap();
        let save = NonogramSave::migrate(1, &bytes).unwrap();
        assert_eq!(save.best(1), Some(30));
        assert_eq!(save.options, options);
        assert!(save.customs.is_empty());
        assert_eq!(NonogramSave::migrate(0, &bytes), None);
    }

    #[test]
    fn customs_keep_sound_pictures_only() {
        let mut save = NonogramSave::default();
        let picture = Grid::from_rows(3, 2, &[0b101, 0b010]);
        save.keep_custom(5, &picture);
        assert_eq!(save.custom(5).and_then(Custom::picture), Some(picture));
        assert!(save.finish_custom(5, 40));
        save.keep_custom(5, &picture);
        assert_eq!(save.custom(5).and_then(Custom::best), Some(40));
        // A damaged entry (a row wider than its width) counts as empty.
        save.customs[5].as_mut().unwrap().rows[0] = 0b1000;
        assert!(save.custom(5).is_none());
        save.keep_custom(CUSTOM_SLOTS, &picture);
        assert_eq!(save.customs.len(), 6);
        save.delete_custom(5);
        assert!(save.customs.is_empty());
    }
}
