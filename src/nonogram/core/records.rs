//! The nonogram's save section: each built-in puzzle's best time, the
//! player's options and their own puzzles.

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::rules::{Grid, MAX_HEIGHT, MAX_WIDTH, builtin};
use desk_core::{capacity, section::Saved, tally::Tally};

/// Slots for the player's own puzzles.
pub const CUSTOM_SLOTS: usize = 24;

/// A puzzle the player drew, kept only once proven to have one solution.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct Custom {
    pub width: u8,
    pub height: u8,
    /// Row by row, bit `x` set for a filled cell: in place, so a copy of
    /// a puzzle (the one playing, a draft) takes the same memory as any.
    pub rows: heapless::Vec<u32, MAX_HEIGHT>,
    /// Best time in seconds plus one (0 = not solved yet), with
    /// [`CLEAN`] once solved clean (see `NonogramSave::bests`).
    pub best: u16,
}

/// In a kept best time: the puzzle was solved at least once clean, without
/// a mistake and without the start hint (as Picross S stamps it). Times
/// are held under 100 minutes, so the top bit is free.
pub const CLEAN: u16 = 0x8000;

/// A kept best (`seconds` plus one, `CLEAN` if clean) after a solve in
/// `seconds`, `clean` or not: the faster time, clean if either was; and
/// whether the time was a new best.
fn kept_best(kept: u16, seconds: u16, clean: bool) -> (u16, bool) {
    let old = (kept & !CLEAN).checked_sub(1);
    let better = old.is_none_or(|best| seconds < best);
    let time = if better {
        seconds.min(CLEAN - 2) + 1
    } else {
        kept & !CLEAN
    };
    let clean = clean || (old.is_some() && kept & CLEAN != 0);
    (time | if clean { CLEAN } else { 0 }, better)
}

impl Custom {
    pub fn new(picture: &Grid) -> Self {
        Self {
            width: picture.width() as u8,
            height: picture.height() as u8,
            rows: (0..picture.height().min(MAX_HEIGHT))
                .map(|y| picture.row(y))
                .collect(),
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
        (self.best & !CLEAN).checked_sub(1)
    }

    /// Solved at least once without a mistake and without the start hint.
    pub fn is_clean(&self) -> bool {
        self.best & CLEAN != 0 && self.best().is_some()
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
    /// Picross S's start hint: a new puzzle opens with a row and a column
    /// solved.
    pub start_hint: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            hint_guide: true,
            auto_cross: false,
            mistakes: false,
            high_contrast: false,
            start_hint: false,
        }
    }
}

/// The options as versions 1 and 2 kept them.
#[derive(Deserialize)]
struct OptionsV2 {
    hint_guide: bool,
    auto_cross: bool,
    mistakes: bool,
    high_contrast: bool,
}

impl From<OptionsV2> for Options {
    fn from(old: OptionsV2) -> Self {
        Self {
            hint_guide: old.hint_guide,
            auto_cross: old.auto_cross,
            mistakes: old.mistakes,
            high_contrast: old.high_contrast,
            start_hint: false,
        }
    }
}

/// The lists are held with room for all they may hold (`capacity`).
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct NonogramSave {
    /// By built-in puzzle index: best time in seconds plus one (0 = not
    /// solved yet); missing entries are unsolved.
    #[serde(deserialize_with = "capacity::read::<_, _, { builtin::COUNT }>")]
    pub bests: Vec<u16>,
    pub options: Options,
    /// By slot: the player's puzzles (missing entries are empty slots).
    #[serde(deserialize_with = "capacity::read::<_, _, CUSTOM_SLOTS>")]
    pub customs: Vec<Option<Custom>>,
    /// The picture of the puzzle being played when it is not built in and
    /// not the player's own (a random one, or one typed in as a code).
    pub playing: Option<Custom>,
    /// The editor's drawing and its slot, kept when the player leaves the
    /// editor (or the window closes on it) without saving.
    pub draft: Option<(u8, Custom)>,
    /// Puzzles played (a first mark) and solved.
    pub tally: Tally,
    /// The clock's seconds over every puzzle solved.
    pub solving_seconds: u32,
}

/// Version 2: before the statistics.
#[derive(Deserialize)]
struct NonogramSaveV2 {
    bests: Vec<u16>,
    options: OptionsV2,
    customs: Vec<Option<Custom>>,
    playing: Option<Custom>,
    draft: Option<(u8, Custom)>,
}

/// Version 1: before the player's own puzzles.
#[derive(Deserialize)]
struct NonogramSaveV1 {
    bests: Vec<u16>,
    options: OptionsV2,
}

impl Default for NonogramSave {
    fn default() -> Self {
        Self {
            bests: capacity::empty::<_, { builtin::COUNT }>(),
            options: Options::default(),
            customs: capacity::empty::<_, CUSTOM_SLOTS>(),
            playing: None,
            draft: None,
            tally: Tally::default(),
            solving_seconds: 0,
        }
    }
}

impl NonogramSave {
    /// Room in its lists for all they may hold (after reading an older
    /// version, whose lists came as long as they were).
    fn hold_capacity(&mut self) {
        capacity::hold::<_, { builtin::COUNT }>(&mut self.bests);
        capacity::hold::<_, CUSTOM_SLOTS>(&mut self.customs);
    }

    /// The editor's drawing kept unsaved for the player's slot `slot`.
    pub fn draft_for(&self, slot: usize) -> Option<Grid> {
        self.draft
            .as_ref()
            .filter(|(draft_slot, _)| usize::from(*draft_slot) == slot)
            .and_then(|(_, draft)| draft.picture())
    }

    /// Puzzle `index`'s best time in seconds, if solved.
    pub fn best(&self, index: usize) -> Option<u16> {
        self.bests
            .get(index)
            .and_then(|&best| (best & !CLEAN).checked_sub(1))
    }

    /// Whether puzzle `index` was solved at least once clean: without a
    /// mistake and without the start hint.
    pub fn is_clean(&self, index: usize) -> bool {
        self.best(index).is_some() && self.bests.get(index).is_some_and(|&best| best & CLEAN != 0)
    }

    /// Count a solve, `clean` or not; true when it is a new best.
    pub fn finish(&mut self, index: usize, seconds: u16, clean: bool) -> bool {
        if index >= builtin::COUNT {
            return false;
        }
        if self.bests.len() <= index {
            self.bests.resize(index + 1, 0);
        }
        let (kept, better) = kept_best(self.bests[index], seconds, clean);
        self.bests[index] = kept;
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

    /// A puzzle is solved, its clock at `seconds`: a nonogram has no
    /// losing, so only a solve counts (one left unfinished waits on the
    /// shelf). Saves from before counted puzzles given up as played.
    pub fn count_solve(&mut self, seconds: u16) {
        self.tally.finish(true);
        self.solving_seconds = self.solving_seconds.saturating_add(u32::from(seconds));
    }

    /// Solved puzzles' statistics as far as version 2 knew them: each
    /// puzzle with a best time was played and solved, in that time at least.
    fn count_old_solves(&mut self) {
        let built_in = self.bests.iter().filter_map(|&best| best.checked_sub(1));
        let mine = self.customs.iter().flatten().filter_map(Custom::best);
        for seconds in built_in.chain(mine) {
            self.tally.played = self.tally.played.saturating_add(1);
            self.tally.won = self.tally.won.saturating_add(1);
            self.solving_seconds = self.solving_seconds.saturating_add(u32::from(seconds));
        }
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
    pub fn finish_custom(&mut self, slot: usize, seconds: u16, clean: bool) -> bool {
        let Some(Some(custom)) = self.customs.get_mut(slot) else {
            return false;
        };
        let (kept, better) = kept_best(custom.best, seconds, clean);
        custom.best = kept;
        better
    }
}

impl Saved for NonogramSave {
    /// Version 4: best times carry `CLEAN`. Version 3's are the same bytes,
    /// none of them clean (their solves are not known to have been).
    const VERSION: u8 = 4;

    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        let mut save = match version {
            3 => {
                let mut save: Self = postcard::from_bytes(bytes).ok()?;
                let unmark = |best: &mut u16| *best &= !CLEAN;
                save.bests.iter_mut().for_each(unmark);
                for custom in save.customs.iter_mut().flatten() {
                    unmark(&mut custom.best);
                }
                save.hold_capacity();
                return Some(save);
            }
            1 => {
                let old: NonogramSaveV1 = postcard::from_bytes(bytes).ok()?;
                Self {
                    bests: old.bests,
                    options: old.options.into(),
                    ..Self::default()
                }
            }
            2 => {
                let old: NonogramSaveV2 = postcard::from_bytes(bytes).ok()?;
                Self {
                    bests: old.bests,
                    options: old.options.into(),
                    customs: old.customs,
                    playing: old.playing,
                    draft: old.draft,
                    ..Self::default()
                }
            }
            _ => return None,
        };
        save.count_old_solves();
        save.hold_capacity();
        Some(save)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bests_keep_the_fastest() {
        let mut save = NonogramSave::default();
        assert_eq!(save.best(4), None);
        assert!(save.finish(4, 90, false));
        assert!(!save.finish(4, 95, false));
        assert!(save.finish(4, 0, false));
        assert_eq!(save.best(4), Some(0));
        assert_eq!(save.best(3), None);
        assert_eq!(save.solved(), 1);
        assert_eq!(save.first_unsolved_from(4), 5);
        assert_eq!(save.first_unsolved_from(0), 0);
    }

    /// A clean solve (no mistake, no start hint) stamps the puzzle for good,
    /// whichever solve keeps the best time; in either order.
    #[test]
    fn a_clean_solve_stays_stamped_beside_the_best_time() {
        for order in [[false, true], [true, false]] {
            let mut save = NonogramSave::default();
            assert!(!save.is_clean(7));
            save.finish(7, 300, order[0]);
            save.finish(7, 200, order[1]);
            assert_eq!(save.best(7), Some(200));
            assert!(save.is_clean(7), "{order:?}");
        }
        let mut save = NonogramSave::default();
        save.finish(7, 100, false);
        assert!(!save.is_clean(7));
        // The slowest time a clock holds still reads back as itself.
        save.finish(8, 5999, true);
        assert_eq!((save.best(8), save.is_clean(8)), (Some(5999), true));
        let picture = Grid::from_rows(2, 2, &[0b01, 0b11]);
        save.keep_custom(0, &picture);
        save.finish_custom(0, 50, true);
        let custom = save.custom(0).expect("kept");
        assert_eq!((custom.best(), custom.is_clean()), (Some(50), true));
        // Version 3 kept the same times, never stamped.
        let mut old = NonogramSave::default();
        old.finish(7, 100, false);
        let bytes = postcard::to_allocvec(&old).expect("encodes");
        let read = NonogramSave::migrate(3, &bytes).expect("reads");
        assert_eq!((read.best(7), read.is_clean(7)), (Some(100), false));
    }

    /// The options as versions 1 and 2 wrote them.
    #[derive(Serialize)]
    struct OldOptions {
        hint_guide: bool,
        auto_cross: bool,
        mistakes: bool,
        high_contrast: bool,
    }

    const OLD_OPTIONS: OldOptions = OldOptions {
        hint_guide: true,
        auto_cross: false,
        mistakes: true,
        high_contrast: true,
    };

    #[test]
    fn lists_keep_the_same_room_fresh_read_and_played() {
        let room = |save: &NonogramSave| (save.bests.capacity(), save.customs.capacity());
        let mut save = NonogramSave::default();
        let fresh = room(&save);
        assert_eq!(fresh, (builtin::COUNT, CUSTOM_SLOTS));
        save.finish(builtin::COUNT - 1, 75, false);
        save.keep_custom(CUSTOM_SLOTS - 1, &Grid::from_rows(3, 2, &[0b101, 0b010]));
        save.delete_custom(CUSTOM_SLOTS - 1);
        assert_eq!(room(&save), fresh);
        // Past the built-ins and the slots: nothing kept, nothing grows.
        assert!(!save.finish(builtin::COUNT, 1, false));
        save.keep_custom(CUSTOM_SLOTS, &Grid::from_rows(1, 1, &[1]));
        assert_eq!(room(&save), fresh);
        let read: NonogramSave =
            postcard::from_bytes(&postcard::to_allocvec(&save).unwrap()).unwrap();
        assert_eq!((&read, room(&read)), (&save, fresh));
    }

    #[test]
    fn version_one_keeps_its_bests_and_options() {
        #[derive(Serialize)]
        struct V1 {
            bests: Vec<u16>,
            options: OldOptions,
        }
        let bytes = postcard::to_allocvec(&V1 {
            bests: alloc::vec![0, 31],
            options: OLD_OPTIONS,
        })
        .unwrap();
        let save = NonogramSave::migrate(1, &bytes).unwrap();
        assert_eq!(save.best(1), Some(30));
        assert_eq!((save.tally.won, save.solving_seconds), (1, 30));
        let options = Options {
            mistakes: true,
            high_contrast: true,
            ..Options::default()
        };
        assert_eq!(save.options, options);
        assert!(save.customs.is_empty());
        assert_eq!(NonogramSave::migrate(0, &bytes), None);
    }

    #[test]
    fn version_two_keeps_everything_and_counts_its_solves() {
        #[derive(Serialize)]
        struct V2 {
            bests: Vec<u16>,
            options: OldOptions,
            customs: Vec<Option<Custom>>,
            playing: Option<Custom>,
            draft: Option<(u8, Custom)>,
        }
        let picture = Grid::from_rows(3, 2, &[0b101, 0b010]);
        let mut solved = Custom::new(&picture);
        solved.best = 41;
        let old = V2 {
            bests: alloc::vec![0, 31, 0, 11],
            options: OLD_OPTIONS,
            customs: alloc::vec![None, Some(solved.clone()), Some(Custom::new(&picture))],
            playing: Some(Custom::new(&picture)),
            draft: Some((2, solved)),
        };
        let bytes = postcard::to_allocvec(&old).unwrap();
        let save = NonogramSave::migrate(2, &bytes).expect("version 2 reads");
        assert_eq!(save.bests, old.bests);
        assert_eq!(save.customs, old.customs);
        assert_eq!((save.playing, save.draft), (old.playing, old.draft));
        assert!(save.options.mistakes && !save.options.start_hint);
        let tally = save.tally;
        assert_eq!((tally.played, tally.won, tally.streak), (3, 3, 0));
        assert_eq!(save.solving_seconds, 30 + 10 + 40);
        assert_eq!(NonogramSave::migrate(2, &bytes[..4]), None);
    }

    #[test]
    fn solves_count_with_their_time() {
        let mut save = NonogramSave::default();
        save.count_solve(100);
        save.count_solve(u16::MAX);
        assert_eq!((save.tally.played, save.tally.won), (2, 2));
        assert_eq!(save.solving_seconds, 100 + u32::from(u16::MAX));
    }

    #[test]
    fn customs_keep_sound_pictures_only() {
        let mut save = NonogramSave::default();
        let picture = Grid::from_rows(3, 2, &[0b101, 0b010]);
        save.keep_custom(5, &picture);
        assert_eq!(save.custom(5).and_then(Custom::picture), Some(picture));
        assert!(save.finish_custom(5, 40, false));
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
