//! Polarium's save section: per built-in puzzle, the fewest tries and the
//! best time it was solved in; the puzzles made in the editor; and
//! Challenge's high scores.
//!
//! Saves before version 5 number their records by the earlier built-in
//! list (`builtin::EARLIER_TO_NOW`). Read, a record moves to the puzzle
//! with the same password in today's list, and the records of puzzles no
//! longer built in are dropped; the sets the player had opened stay open,
//! so nobody is locked out of sets they had reached. Everything else (the
//! statistics, the custom puzzles, Challenge's tables) is kept as it was.

use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::rules::{
    builtin,
    challenge::{HighScores, Mode, Records, Score},
};
use desk_core::{capacity, section::Saved, tally::Tally};

/// A solved puzzle's bests, in three bytes: the built-ins' table is held
/// on the desktop, so its size counts against EWRAM at rest. The seconds
/// take 15 bits and the star the 16th; saved, a best is [`BestFields`].
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(from = "BestFields", into = "BestFields")]
pub struct Best {
    tries: u8,
    seconds_and_star: [u8; 2],
}

/// A best as the save holds it (the same bytes since version 4).
#[derive(Serialize, Deserialize, Clone, Copy)]
struct BestFields {
    tries: u8,
    seconds: u16,
    no_hints: bool,
}

impl From<BestFields> for Best {
    fn from(saved: BestFields) -> Self {
        Self::new(saved.tries, saved.seconds, saved.no_hints)
    }
}

impl From<Best> for BestFields {
    fn from(best: Best) -> Self {
        Self {
            tries: best.tries,
            seconds: best.seconds(),
            no_hints: best.no_hints(),
        }
    }
}

impl core::fmt::Debug for Best {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Best")
            .field("tries", &self.tries)
            .field("seconds", &self.seconds())
            .field("no_hints", &self.no_hints())
            .finish()
    }
}

/// A best as versions 1 to 3 kept it: before solves without a hint were.
#[derive(Deserialize, Clone, Copy)]
struct BestV3 {
    tries: u8,
    seconds: u16,
}

impl From<BestV3> for Best {
    fn from(old: BestV3) -> Self {
        Self::new(old.tries, old.seconds, false)
    }
}

/// Version 3's bests as today's: none known to be without a hint.
fn bests_of(old: Vec<BestV3>) -> Vec<Best> {
    old.into_iter().map(Best::from).collect()
}

/// Version 4: records numbered by the earlier built-in list.
#[derive(Deserialize)]
struct PolariumSaveV4 {
    bests: Vec<Best>,
    customs: Vec<[u32; 3]>,
    tally: Tally,
    solved_without_hints: u16,
    challenge_normal: Vec<SavedScore>,
    challenge_practice: Vec<SavedScore>,
}

/// Version 3: before solves without a hint were kept by puzzle.
#[derive(Deserialize)]
struct PolariumSaveV3 {
    bests: Vec<BestV3>,
    customs: Vec<[u32; 3]>,
    tally: Tally,
    solved_without_hints: u16,
    challenge_normal: Vec<SavedScore>,
    challenge_practice: Vec<SavedScore>,
}

impl Best {
    /// `tries` of a puzzle solved only with a hint that showed the
    /// solution: solved (its set counts it), but no best to beat.
    pub const HINTED: u8 = u8::MAX;
    /// The longest time kept: nine hours, past any the list shows.
    pub const MOST_SECONDS: u16 = 0x7fff;
    const STAR: u16 = 0x8000;

    /// `tries` (0 = not solved yet, [`Best::HINTED`] = solved only with
    /// the solution shown), `seconds` (longer ones kept as
    /// [`Best::MOST_SECONDS`]), and whether it was solved without any hint
    /// (the list's star).
    pub const fn new(tries: u8, seconds: u16, no_hints: bool) -> Self {
        let seconds = if seconds > Self::MOST_SECONDS {
            Self::MOST_SECONDS
        } else {
            seconds
        };
        let star = if no_hints { Self::STAR } else { 0 };
        Self {
            tries,
            seconds_and_star: (seconds | star).to_le_bytes(),
        }
    }

    /// Fewest tries (strokes flipped) it took.
    pub const fn tries(self) -> u8 {
        self.tries
    }

    pub const fn seconds(self) -> u16 {
        u16::from_le_bytes(self.seconds_and_star) & Self::MOST_SECONDS
    }

    /// Solved at least once without any hint: the list's star.
    pub const fn no_hints(self) -> bool {
        u16::from_le_bytes(self.seconds_and_star) & Self::STAR != 0
    }

    pub const fn is_solved(self) -> bool {
        self.tries > 0
    }

    /// Solved without the solution shown: a best to show and beat.
    pub const fn is_clean(self) -> bool {
        self.is_solved() && self.tries != Self::HINTED
    }
}

/// The lists are held with room for all they may hold (`capacity`).
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct PolariumSave {
    /// By built-in puzzle index; missing entries are unsolved.
    #[serde(deserialize_with = "capacity::read::<_, _, { builtin::COUNT }>")]
    pub bests: Vec<Best>,
    /// Puzzles made in the editor (proved by solving), as password lines.
    #[serde(deserialize_with = "capacity::read::<_, _, CUSTOM_SLOTS>")]
    pub customs: Vec<[u32; 3]>,
    /// Puzzles played (built-in, typed in, endless) and solved.
    pub tally: Tally,
    /// Solves with no hint asked for.
    pub solved_without_hints: u16,
    /// Challenge's high scores, from level 1 and from practice, best first
    /// (read with room for twice a table, as `challenge_records` reads them).
    #[serde(deserialize_with = "capacity::read::<_, _, { 2 * TABLE }>")]
    pub challenge_normal: Vec<SavedScore>,
    #[serde(deserialize_with = "capacity::read::<_, _, { 2 * TABLE }>")]
    pub challenge_practice: Vec<SavedScore>,
    /// Sets the player had open in an earlier built-in list: they stay
    /// open whatever is solved of today's.
    pub opened_before: u8,
}

impl Default for PolariumSave {
    fn default() -> Self {
        Self {
            bests: capacity::empty::<_, { builtin::COUNT }>(),
            customs: capacity::empty::<_, CUSTOM_SLOTS>(),
            tally: Tally::default(),
            solved_without_hints: 0,
            challenge_normal: capacity::empty::<_, { 2 * TABLE }>(),
            challenge_practice: capacity::empty::<_, { 2 * TABLE }>(),
            opened_before: 0,
        }
    }
}

/// A Challenge score as kept: the rules' [`Score`] in serde's terms.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct SavedScore {
    pub points: u32,
    pub level: u8,
    pub lines: u16,
    pub start_level: u8,
}

impl From<Score> for SavedScore {
    fn from(score: Score) -> Self {
        Self {
            points: score.points,
            level: score.level,
            lines: score.lines,
            start_level: score.start_level,
        }
    }
}

impl From<SavedScore> for Score {
    fn from(saved: SavedScore) -> Self {
        Self {
            points: saved.points,
            level: saved.level,
            lines: saved.lines,
            start_level: saved.start_level,
        }
    }
}

/// Version 4 as today's, its records still numbered by the earlier list
/// (see [`PolariumSave::renumber`]).
impl From<PolariumSaveV4> for PolariumSave {
    fn from(old: PolariumSaveV4) -> Self {
        Self {
            bests: old.bests,
            customs: old.customs,
            tally: old.tally,
            solved_without_hints: old.solved_without_hints,
            challenge_normal: old.challenge_normal,
            challenge_practice: old.challenge_practice,
            opened_before: 0,
        }
    }
}

/// Version 3 as version 4: no puzzle known to be solved without a hint.
impl From<PolariumSaveV3> for PolariumSaveV4 {
    fn from(old: PolariumSaveV3) -> Self {
        Self {
            bests: bests_of(old.bests),
            customs: old.customs,
            tally: old.tally,
            solved_without_hints: old.solved_without_hints,
            challenge_normal: old.challenge_normal,
            challenge_practice: old.challenge_practice,
        }
    }
}

/// Version 2 as version 3: Challenge's tables empty.
impl From<PolariumSaveV2> for PolariumSaveV3 {
    fn from(old: PolariumSaveV2) -> Self {
        Self {
            bests: old.bests,
            customs: old.customs,
            tally: old.tally,
            solved_without_hints: old.solved_without_hints,
            challenge_normal: capacity::empty::<_, { 2 * TABLE }>(),
            challenge_practice: capacity::empty::<_, { 2 * TABLE }>(),
        }
    }
}

/// Version 2: before Challenge.
#[derive(Deserialize)]
struct PolariumSaveV2 {
    bests: Vec<BestV3>,
    customs: Vec<[u32; 3]>,
    tally: Tally,
    solved_without_hints: u16,
}

/// Version 1: before the statistics.
#[derive(Deserialize)]
struct PolariumSaveV1 {
    bests: Vec<BestV3>,
    customs: Vec<[u32; 3]>,
}

/// Challenge scores a table keeps.
const TABLE: usize = super::rules::challenge::TOP_SCORES;

/// Custom puzzles kept (Polarium Advance kept 100 on the cartridge,
/// Picolarium 20).
pub const CUSTOM_SLOTS: usize = 24;

/// Puzzles per set: a set opens when enough of the one before is solved.
pub const SET: usize = 10;
/// Solved puzzles of a set that open the next.
pub const TO_OPEN_NEXT: usize = 7;

impl PolariumSave {
    /// Room in its lists for all they may hold (after reading an older
    /// version, whose lists came as long as they were).
    fn hold_capacity(&mut self) {
        capacity::hold::<_, { builtin::COUNT }>(&mut self.bests);
        capacity::hold::<_, CUSTOM_SLOTS>(&mut self.customs);
        capacity::hold::<_, { 2 * TABLE }>(&mut self.challenge_normal);
        capacity::hold::<_, { 2 * TABLE }>(&mut self.challenge_practice);
    }

    pub fn best(&self, puzzle: usize) -> Best {
        self.bests.get(puzzle).copied().unwrap_or_default()
    }

    /// Count a solve; true when it set a new best (fewer tries, or as few
    /// and faster). One with the solution shown (`hinted`) marks the puzzle
    /// solved, as hinted, and is never a best. One with no hint at all
    /// (`no_hints`) stars the puzzle for good.
    pub fn finish(
        &mut self,
        puzzle: usize,
        tries: u8,
        seconds: u16,
        hinted: bool,
        no_hints: bool,
    ) -> bool {
        if puzzle >= builtin::COUNT {
            return false;
        }
        if self.bests.len() <= puzzle {
            self.bests.resize(puzzle + 1, Best::default());
        }
        let best = &mut self.bests[puzzle];
        let no_hints = (no_hints && !hinted) || best.no_hints();
        if hinted {
            if !best.is_solved() {
                *best = Best::new(Best::HINTED, seconds, no_hints);
            }
            return false;
        }
        let tries = tries.min(Best::HINTED - 1);
        let seconds = seconds.min(Best::MOST_SECONDS);
        let better = !best.is_clean()
            || tries < best.tries()
            || (tries == best.tries() && seconds < best.seconds());
        *best = if better {
            Best::new(tries, seconds, no_hints)
        } else {
            Best::new(best.tries(), best.seconds(), no_hints)
        };
        better
    }

    /// The first of `count` built-in puzzles not solved yet (the first if
    /// all are).
    pub fn first_unsolved(&self, count: usize) -> usize {
        (0..count).find(|&i| !self.best(i).is_solved()).unwrap_or(0)
    }

    /// A puzzle's first try: one left unsolved counts as given up.
    pub fn start(&mut self) {
        self.tally.start();
    }

    /// The puzzle under way is solved, with or without hints.
    pub fn count_solve(&mut self, with_hints: bool) {
        self.tally.finish(true);
        if !with_hints {
            self.solved_without_hints = self.solved_without_hints.saturating_add(1);
        }
    }

    /// Challenge's tables as the rules know them: a damaged or foreign
    /// entry is dropped and the rest ranked.
    pub fn challenge_records(&self) -> Records {
        let table = |saved: &[SavedScore]| {
            let scores: heapless::Vec<Score, { 2 * TABLE }> =
                saved.iter().take(2 * TABLE).map(|&s| s.into()).collect();
            HighScores::from_entries(&scores)
        };
        Records {
            normal: table(&self.challenge_normal),
            practice: table(&self.challenge_practice),
        }
    }

    /// Enters a finished Challenge game in its mode's table: its rank
    /// (0 = best), `None` when it did not make the table.
    pub fn enter_challenge(&mut self, mode: Mode, score: Score) -> Option<usize> {
        let mut records = self.challenge_records();
        let rank = records.insert(mode, score);
        if rank.is_some() {
            let normal = records.normal.entries().iter().map(|&s| s.into());
            capacity::refill::<_, { 2 * TABLE }>(&mut self.challenge_normal, normal);
            let practice = records.practice.entries().iter().map(|&s| s.into());
            capacity::refill::<_, { 2 * TABLE }>(&mut self.challenge_practice, practice);
        }
        rank
    }

    pub fn solved(&self) -> usize {
        self.bests.iter().filter(|best| best.is_solved()).count()
    }

    /// Solved puzzles in set `set`.
    pub fn solved_in_set(&self, set: usize) -> usize {
        (set * SET..(set + 1) * SET)
            .filter(|&i| self.best(i).is_solved())
            .count()
    }

    /// Sets open: as many as were open in an earlier list (the first
    /// always), then each next once the one before has [`TO_OPEN_NEXT`]
    /// solved: the last set carried over opens the next as any set does.
    pub fn open_sets(&self, total_sets: usize) -> usize {
        let total_sets = total_sets.max(1);
        let mut open = usize::from(self.opened_before).clamp(1, total_sets);
        while open < total_sets && self.solved_in_set(open - 1) >= TO_OPEN_NEXT {
            open += 1;
        }
        open
    }

    /// Records numbered by the earlier built-in list moved to today's: each
    /// to the puzzle with the same password, those of puzzles no longer
    /// built in dropped; the sets open then stay open.
    fn renumber(&mut self) {
        let earlier_sets = builtin::EARLIER_COUNT.div_ceil(SET);
        let opened = self.open_sets(earlier_sets);
        let mut bests = capacity::empty::<_, { builtin::COUNT }>();
        for (old, &best) in self.bests.iter().enumerate() {
            let Some(&now) = builtin::EARLIER_TO_NOW.get(old) else {
                continue;
            };
            if now == builtin::GONE || !best.is_solved() {
                continue;
            }
            let now = usize::from(now);
            if bests.len() <= now {
                bests.resize(now + 1, Best::default());
            }
            bests[now] = best;
        }
        self.bests = bests;
        self.opened_before = u8::try_from(opened).unwrap_or(u8::MAX);
    }
}

impl Saved for PolariumSave {
    const VERSION: u8 = 5;

    /// Before version 5 records were numbered by the earlier built-in list
    /// (see the module). Before version 4 no puzzle was known to be solved
    /// without a hint. Version 2 had no Challenge: its tables start empty.
    /// Version 1 kept no statistics either: the built-in puzzles solved
    /// count as played and solved, with no streak.
    fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
        let mut save = match version {
            4 => Self::from(postcard::from_bytes::<PolariumSaveV4>(bytes).ok()?),
            3 => Self::from(PolariumSaveV4::from(
                postcard::from_bytes::<PolariumSaveV3>(bytes).ok()?,
            )),
            2 => Self::from(PolariumSaveV4::from(PolariumSaveV3::from(
                postcard::from_bytes::<PolariumSaveV2>(bytes).ok()?,
            ))),
            1 => {
                let old: PolariumSaveV1 = postcard::from_bytes(bytes).ok()?;
                let mut save = Self {
                    bests: bests_of(old.bests),
                    customs: old.customs,
                    ..Self::default()
                };
                let solved = u16::try_from(save.solved()).unwrap_or(u16::MAX);
                save.tally.played = solved;
                save.tally.won = solved;
                save
            }
            _ => return None,
        };
        save.renumber();
        save.hold_capacity();
        Some(save)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bests_keep_fewest_tries_then_time_and_sets_open() {
        let mut save = PolariumSave::default();
        assert_eq!(save.open_sets(12), 1);
        assert!(save.finish(3, 4, 90, false, false));
        assert!(!save.finish(3, 5, 10, false, false));
        assert!(save.finish(3, 4, 80, false, false));
        assert!(save.finish(3, 2, 200, false, false));
        // A solve with the solution shown: never a best, never over one.
        assert!(!save.finish(3, 1, 5, true, false));
        assert_eq!(save.best(3), Best::new(2, 200, false));
        assert!(!save.finish(4, 1, 5, true, false));
        assert!(save.best(4).is_solved() && !save.best(4).is_clean());
        // Solved cleanly later: that is its best.
        assert!(save.finish(4, 3, 60, false, false));
        assert_eq!(save.best(4), Best::new(3, 60, false));
        assert_eq!(save.best(3), Best::new(2, 200, false));
        assert!(!save.best(2).is_solved());
        for i in 0..7 {
            save.finish(i, 1, 1, false, false);
        }
        assert_eq!(save.open_sets(12), 2);
        assert_eq!(save.open_sets(1), 1);
    }

    #[test]
    fn solves_count_with_and_without_hints() {
        let mut save = PolariumSave::default();
        save.start();
        save.count_solve(false);
        save.start();
        save.count_solve(true);
        // Tried and left for another.
        save.start();
        save.start();
        save.count_solve(false);
        assert_eq!((save.tally.played, save.tally.won), (4, 3));
        assert_eq!((save.tally.streak, save.tally.best_streak), (1, 2));
        assert_eq!(save.solved_without_hints, 2);
    }

    #[test]
    fn challenge_scores_rank_per_mode_and_drop_impossible_ones() {
        let score = |points, level| Score {
            points,
            level,
            lines: u16::from(level - 1) * 100 + 5,
            start_level: 1,
        };
        let mut save = PolariumSave::default();
        assert_eq!(save.enter_challenge(Mode::Normal, score(500, 1)), Some(0));
        assert_eq!(save.enter_challenge(Mode::Normal, score(900, 2)), Some(0));
        assert_eq!(save.enter_challenge(Mode::Normal, score(0, 1)), None);
        assert_eq!(save.enter_challenge(Mode::Practice, score(100, 1)), Some(0));
        assert_eq!(save.challenge_normal.len(), 2);
        assert_eq!(save.challenge_normal[0].points, 900);
        assert_eq!(save.challenge_records().best_level(), 2);
        // A damaged entry (level 40) is dropped on reading.
        save.challenge_practice.push(SavedScore {
            points: 5,
            level: 40,
            lines: 3,
            start_level: 1,
        });
        assert_eq!(save.challenge_records().practice.entries().len(), 1);
    }

    #[test]
    fn lists_keep_the_same_room_fresh_read_and_played() {
        let room = |save: &PolariumSave| {
            [
                save.bests.capacity(),
                save.customs.capacity(),
                save.challenge_normal.capacity(),
                save.challenge_practice.capacity(),
            ]
        };
        let mut save = PolariumSave::default();
        let fresh = room(&save);
        assert_eq!(fresh, [builtin::COUNT, CUSTOM_SLOTS, 2 * TABLE, 2 * TABLE]);
        save.finish(builtin::COUNT - 1, 4, 90, false, false);
        assert!(!save.finish(builtin::COUNT, 1, 1, false, false));
        save.customs.push([1, 2, 3]);
        for points in 1..=2 * TABLE as u32 {
            save.enter_challenge(
                Mode::Normal,
                Score {
                    points,
                    level: 1,
                    lines: 5,
                    start_level: 1,
                },
            );
        }
        assert_eq!(save.challenge_normal.len(), TABLE);
        assert_eq!(room(&save), fresh);
        let read: PolariumSave =
            postcard::from_bytes(&postcard::to_allocvec(&save).unwrap()).unwrap();
        assert_eq!((&read, room(&read)), (&save, fresh));
    }

    /// A best as versions 1 to 3 wrote it.
    #[derive(Serialize, Clone, Copy)]
    struct OldBest {
        tries: u8,
        seconds: u16,
    }

    /// `old` as today's bests: none known to be without a hint, each moved
    /// to its puzzle's place in today's list (see [`moved`]).
    fn today(old: &[OldBest]) -> Vec<Best> {
        let old: Vec<Best> = old
            .iter()
            .map(|old| Best::new(old.tries, old.seconds, false))
            .collect();
        moved(&old)
    }

    /// Bests numbered by the earlier list, each at the place of the
    /// puzzle with its password in today's list, unsolved elsewhere.
    fn moved(old: &[Best]) -> Vec<Best> {
        let mut bests = Vec::new();
        for (index, best) in old.iter().enumerate() {
            let now = builtin::EARLIER_TO_NOW[index];
            if now != builtin::GONE && best.is_solved() {
                let now = usize::from(now);
                if bests.len() <= now {
                    bests.resize(now + 1, Best::default());
                }
                bests[now] = *best;
            }
        }
        bests
    }

    /// An earlier puzzle still built in, and one no longer built in.
    fn kept_and_gone() -> (Option<usize>, usize) {
        let kept = builtin::EARLIER_TO_NOW
            .iter()
            .position(|&now| now != builtin::GONE);
        let gone = builtin::EARLIER_TO_NOW
            .iter()
            .position(|&now| now == builtin::GONE)
            .expect("the list changed");
        (kept, gone)
    }

    /// Version 4's bytes, written by version 4's own `PolariumSave` (built
    /// from the commit before version 5 and printed): earlier puzzles 1 (3
    /// tries, 40 seconds, starred), 2 to 8 (1 try, 9 seconds) and 13 (with
    /// the solution shown) solved, so sets 1 and 2 open; custom puzzle
    /// [1, 2, 3]; 12 played, 9 won, a streak of 2, best 4; 5 without
    /// hints; one normal Challenge score of 700 points at level 2.
    const VERSION_4: [u8; 57] = [
        13, 3, 40, 1, 1, 9, 0, 1, 9, 0, 1, 9, 0, 1, 9, 0, 1, 9, 0, 1, 9, 0, 1, 9, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 255, 100, 0, 1, 1, 2, 3, 12, 9, 2, 4, 0, 5, 1, 188, 5, 2, 105, 1, 0,
    ];

    /// Versions 3 and 4 as they were written, with their kind of best.
    #[derive(Serialize)]
    struct OldLayout<B> {
        bests: Vec<B>,
        customs: Vec<[u32; 3]>,
        tally: Tally,
        solved_without_hints: u16,
        challenge_normal: Vec<SavedScore>,
        challenge_practice: Vec<SavedScore>,
    }

    /// Old records move to the same puzzles (by password) or are dropped,
    /// and the sets the player had open stay open.
    #[test]
    fn version_four_records_move_to_their_puzzles_and_sets_stay_open() {
        type V4 = OldLayout<Best>;
        let once = Best::new(1, 9, false);
        let mut bests = alloc::vec![Best::default(); 13];
        bests[0] = Best::new(3, 40, true);
        bests[1..8].fill(once);
        bests[12] = Best::new(Best::HINTED, 100, false);
        let old = V4 {
            bests: bests.clone(),
            customs: alloc::vec![[1, 2, 3]],
            tally: Tally {
                played: 12,
                won: 9,
                streak: 2,
                best_streak: 4,
                unfinished: false,
            },
            solved_without_hints: 5,
            challenge_normal: alloc::vec![SavedScore {
                points: 700,
                level: 2,
                lines: 105,
                start_level: 1,
            }],
            challenge_practice: Vec::new(),
        };
        let bytes = postcard::to_allocvec(&old).unwrap();
        assert_eq!(bytes, VERSION_4, "version 4's layout");
        let save = PolariumSave::migrate(4, &VERSION_4).expect("version 4 reads");
        assert_eq!(save.bests, moved(&bests));
        for (index, best) in bests.iter().enumerate() {
            let now = builtin::EARLIER_TO_NOW[index];
            if now != builtin::GONE {
                assert_eq!(save.best(usize::from(now)), *best, "earlier {index}");
            }
        }
        assert_eq!(save.opened_before, 2);
        assert!(save.open_sets(builtin::COUNT.div_ceil(SET)) >= 2);
        assert_eq!(save.customs, old.customs);
        assert_eq!(save.tally, old.tally);
        assert_eq!(save.solved_without_hints, 5);
        assert_eq!(save.challenge_normal, old.challenge_normal);
        assert_eq!(save.bests.capacity(), builtin::COUNT);
        // Written again and read as today's version: the same.
        let again: PolariumSave =
            postcard::from_bytes(&postcard::to_allocvec(&save).unwrap()).unwrap();
        assert_eq!(again, save);
    }

    /// A record of a puzzle no longer built in goes; one still built in
    /// moves to its new place.
    #[test]
    fn records_of_gone_puzzles_are_dropped() {
        let (kept, gone) = kept_and_gone();
        let solved = Best::new(2, 5, true);
        let mut old = PolariumSave::default();
        old.bests.resize(builtin::EARLIER_COUNT, Best::default());
        old.bests[gone] = solved;
        if let Some(kept) = kept {
            old.bests[kept] = solved;
        }
        old.renumber();
        assert_eq!(old.solved(), usize::from(kept.is_some()));
        if let Some(kept) = kept {
            let now = usize::from(builtin::EARLIER_TO_NOW[kept]);
            assert_eq!(old.best(now), solved);
        }
        assert_eq!(old.opened_before, 1);
    }

    /// Sets carried over from an earlier list stay open with few of their
    /// puzzles solved, and the last of them opens the next once it has
    /// enough solved, as any set does.
    #[test]
    fn the_last_set_carried_over_opens_the_next() {
        let total = builtin::COUNT.div_ceil(SET);
        let mut save = PolariumSave {
            opened_before: 6,
            ..PolariumSave::default()
        };
        assert_eq!(save.open_sets(total), 6);
        let solved = Best::new(1, 9, true);
        for index in 5 * SET..5 * SET + TO_OPEN_NEXT - 1 {
            save.finish(index, solved.tries(), solved.seconds(), false, true);
        }
        assert_eq!(save.open_sets(total), 6, "one short");
        save.finish(5 * SET + TO_OPEN_NEXT, 1, 9, false, true);
        assert_eq!(save.open_sets(total), 7, "set 6 opens set 7");
        assert_eq!(PolariumSave::default().open_sets(total), 1);
        let all = PolariumSave {
            opened_before: u8::MAX,
            ..PolariumSave::default()
        };
        assert_eq!(all.open_sets(total), total);
    }

    /// A best packs into three bytes yet saves as its three fields did;
    /// a time past nine hours is kept as nine hours, never as a star.
    #[test]
    fn a_best_is_three_bytes_and_saves_as_its_fields() {
        assert_eq!(core::mem::size_of::<Best>(), 3);
        for (tries, seconds, no_hints) in [
            (1, 0, false),
            (Best::HINTED, 9, true),
            (7, Best::MOST_SECONDS, true),
            (254, 5999, false),
        ] {
            let best = Best::new(tries, seconds, no_hints);
            assert_eq!(
                (best.tries(), best.seconds(), best.no_hints()),
                (tries, seconds, no_hints)
            );
            let fields = BestFields {
                tries,
                seconds,
                no_hints,
            };
            let bytes = postcard::to_allocvec(&best).unwrap();
            assert_eq!(bytes, postcard::to_allocvec(&fields).unwrap());
            assert_eq!(postcard::from_bytes::<Best>(&bytes).unwrap(), best);
        }
        let long = BestFields {
            tries: 2,
            seconds: u16::MAX,
            no_hints: false,
        };
        let read: Best = postcard::from_bytes(&postcard::to_allocvec(&long).unwrap()).unwrap();
        assert_eq!(
            (read.seconds(), read.no_hints()),
            (Best::MOST_SECONDS, false)
        );
        let mut save = PolariumSave::default();
        save.finish(0, 3, u16::MAX, false, false);
        assert_eq!(save.best(0).seconds(), Best::MOST_SECONDS);
        assert!(!save.best(0).no_hints());
    }

    /// A solve with no hint stars the puzzle for good, whichever solve
    /// keeps the best; version 3's bests read back unstarred.
    #[test]
    fn a_solve_without_a_hint_stars_the_puzzle() {
        let mut save = PolariumSave::default();
        save.finish(5, 3, 40, false, true);
        save.finish(5, 2, 90, false, false);
        let best = save.best(5);
        assert_eq!((best.tries(), best.no_hints()), (2, true));
        save.finish(6, 1, 10, true, true);
        assert!(!save.best(6).no_hints(), "the solution shown is a hint");
        type V3 = OldLayout<OldBest>;
        let old = V3 {
            bests: alloc::vec![OldBest {
                tries: 4,
                seconds: 7
            }],
            customs: alloc::vec![[1, 2, 3]],
            tally: Tally::default(),
            solved_without_hints: 2,
            challenge_normal: alloc::vec![SavedScore::default()],
            challenge_practice: Vec::new(),
        };
        let bytes = postcard::to_allocvec(&old).unwrap();
        let read = PolariumSave::migrate(3, &bytes).expect("version 3 reads");
        assert_eq!(read.bests, today(&old.bests));
        assert_eq!(read.customs, old.customs);
        assert_eq!(read.solved_without_hints, 2);
        assert_eq!(read.challenge_normal, old.challenge_normal);
    }

    #[test]
    fn version_two_keeps_everything_and_starts_challenge_empty() {
        #[derive(Serialize)]
        struct V2 {
            bests: Vec<OldBest>,
            customs: Vec<[u32; 3]>,
            tally: Tally,
            solved_without_hints: u16,
        }
        let old = V2 {
            bests: alloc::vec![OldBest {
                tries: 3,
                seconds: 61,
            }],
            customs: alloc::vec![[7, 8, 9]],
            tally: Tally {
                played: 5,
                won: 4,
                streak: 2,
                best_streak: 3,
                unfinished: false,
            },
            solved_without_hints: 1,
        };
        let bytes = postcard::to_allocvec(&old).unwrap();
        let save = PolariumSave::migrate(2, &bytes).expect("version 2 reads");
        assert_eq!(save.bests, today(&old.bests));
        assert_eq!(save.customs, old.customs);
        assert_eq!(save.tally, old.tally);
        assert_eq!(save.solved_without_hints, 1);
        assert!(save.challenge_normal.is_empty() && save.challenge_practice.is_empty());
        assert_eq!(PolariumSave::migrate(2, &bytes[..2]), None);
    }

    #[test]
    fn version_one_keeps_its_bests_and_customs() {
        #[derive(Serialize)]
        struct V1 {
            bests: Vec<OldBest>,
            customs: Vec<[u32; 3]>,
        }
        let solved = OldBest {
            tries: 2,
            seconds: 30,
        };
        let unsolved = OldBest {
            tries: 0,
            seconds: 0,
        };
        let old = V1 {
            bests: alloc::vec![solved, unsolved, solved],
            customs: alloc::vec![[1, 2, 3]],
        };
        let bytes = postcard::to_allocvec(&old).unwrap();
        let save = PolariumSave::migrate(1, &bytes).expect("version 1 reads");
        assert_eq!(save.bests, today(&old.bests));
        assert_eq!(save.customs, old.customs);
        assert_eq!(
            (save.tally.played, save.tally.won, save.tally.streak),
            (2, 2, 0)
        );
        assert_eq!(PolariumSave::migrate(0, &bytes), None);
        assert_eq!(PolariumSave::migrate(1, &bytes[..3]), None);
    }
}
