//! The save loader under random and mutated input, on the host: every app's
//! section decoded at every version (so each migration too), the old
//! single-slot format split into sections, and whole save chips read back
//! through agb's slots. Nothing may panic; every rejection is a named error;
//! whatever decodes is used the way the app uses it, and encodes back to a
//! value that decodes the same.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::rc::Rc;

use serde::Serialize;

use crate::framework::save::legacy::{self, Legacy, SaveDataV2};
use crate::framework::save::{
    DESK, DeskSave, IDENTIFIER, Record, SLOTS, Saved, SectionError, SectionTag, Settings, decode,
};
use crate::nonogram::records::{CUSTOM_SLOTS, Custom, NonogramSave, Options};
use crate::nonogram::rules::Grid;
use crate::nonogram::rules::play::PACKED_BYTES;
use crate::nonogram::shelf::{SHELF_PUZZLES, Shelf, ShelfPuzzle, Shelved};
use crate::polarium::records::{Best, PolariumSave};
use crate::random::Rng;
use crate::sweeper::game::SuspendedGame;
use crate::sweeper::records::{LINES, SweeperSave};
use crate::sweeper::rules::field::{Field, Place, Size};
use crate::sweeper::rules::{Board, Difficulty};

/// Inputs per fuzzed decoder; Miri runs a handful.
const ROUNDS: u32 = if cfg!(miri) { 200 } else { 1_000_000 };
/// Whole save chips read back through agb's slots (each is 32 KiB).
const CHIPS: u32 = if cfg!(miri) { 4 } else { 200_000 };
/// Inputs that decoded, kept as seeds for more mutations.
const CORPUS: usize = 256;

/// A section type as the fuzz sees it: its owner, full-looking values to
/// mutate, and everything its app reads from a loaded value.
trait Fuzzed: Saved + Clone + PartialEq + Debug {
    const OWNER: &'static str;
    fn samples(rng: &mut Rng) -> Vec<Self>;
    /// Reads every part the app reads; the sum only keeps the work from
    /// being optimised away.
    fn use_as_the_app_does(&self) -> u64;
}

impl Fuzzed for DeskSave {
    const OWNER: &'static str = DESK;
    fn samples(rng: &mut Rng) -> Vec<Self> {
        (0..4)
            .map(|i| DeskSave {
                settings: Settings {
                    music: i & 1 == 0,
                    sound_effects: i & 2 == 0,
                },
                play_seconds: rng.next_u32() >> (i * 8),
            })
            .collect()
    }
    fn use_as_the_app_does(&self) -> u64 {
        u64::from(self.play_seconds) + u64::from(self.settings.music)
    }
}

impl Fuzzed for SweeperSave {
    const OWNER: &'static str = "sweeper";
    fn samples(rng: &mut Rng) -> Vec<Self> {
        let mut save = SweeperSave::default();
        let mut samples = vec![save.clone()];
        for _ in 0..3 {
            for difficulty in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
                for no_guess in [false, true] {
                    for _ in 0..rng.below(40) {
                        save.start(difficulty, no_guess);
                        if rng.below(4) > 0 {
                            let won = rng.below(2) == 0;
                            let (hundredths, three_bv) = (rng.below(600_000), rng.below(256));
                            save.finish(difficulty, no_guess, won, hundredths, three_bv as u8);
                        }
                    }
                }
            }
            let custom = Size::custom(12, 10, 25).unwrap_or(Size::EXPERT);
            for size in Size::STANDARD.into_iter().chain([custom]) {
                for no_guess in [false, true] {
                    for _ in 0..rng.below(12) {
                        save.fields_mut().start(size, no_guess);
                        let won = rng.below(2) == 0;
                        let (hundredths, three_bv) = (rng.below(600_000), rng.below(481));
                        save.fields_mut()
                            .finish(size, no_guess, won, hundredths, three_bv as u16);
                    }
                }
            }
            samples.push(save.clone());
        }
        samples
    }
    fn use_as_the_app_does(&self) -> u64 {
        let mut sum = u64::from(self.wins());
        for difficulty in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            for no_guess in [false, true] {
                let line = self.line(difficulty, no_guess);
                sum += u64::from(line.best_hundredths.unwrap_or(0))
                    + u64::from(line.tally.win_percent().unwrap_or(0))
                    + u64::from(line.best_rate);
            }
        }
        sum
    }
}

impl Fuzzed for SuspendedGame {
    const OWNER: &'static str = "sweeper.game";
    fn samples(rng: &mut Rng) -> Vec<Self> {
        let mut samples = vec![SuspendedGame::default()];
        for difficulty in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            let mut board = Board::new(difficulty, rng.below(2) == 0);
            samples.push(SuspendedGame::of(&board, None));
            board.set_deal(rng.below(10_000) as u16);
            let middle = crate::sweeper::rules::Pos::new(7, 3);
            board.act(middle, rng);
            samples.push(SuspendedGame::of(&board, None));
            // A full-size field beside it, fresh and in play.
            for size in Size::STANDARD {
                let mut field = Field::new(size, false);
                field.set_deal(rng.below(65_536) as u16);
                samples.push(SuspendedGame::of(&board, Some(&field)));
                let _ = field.act(field.cursor(), rng);
                let _ = field.toggle_flag(Place::new(0, 0));
                samples.push(SuspendedGame::of(&board, Some(&field)));
            }
        }
        samples
    }
    fn use_as_the_app_does(&self) -> u64 {
        // The app plays on from the board and the field read back.
        let mut rng = Rng::new(9);
        let board = match self.board() {
            Some(mut board) => {
                board.act(crate::sweeper::rules::Pos::new(0, 0), &mut rng);
                u64::from(board.revealed_count()) + u64::from(board.elapsed_seconds())
            }
            None => 0,
        };
        let field = match self.field() {
            Some(mut field) => {
                let _ = field.act(Place::new(1, 1), &mut rng);
                let _ = field.chord(field.cursor());
                u64::from(field.revealed_count()) + u64::from(field.mines_left().unsigned_abs())
            }
            None => 0,
        };
        board + field
    }
}

impl Fuzzed for PolariumSave {
    const OWNER: &'static str = "polarium";
    fn samples(rng: &mut Rng) -> Vec<Self> {
        let full = PolariumSave {
            bests: (0..crate::polarium::rules::builtin::COUNT)
                .map(|_| {
                    Best::new(
                        rng.below(4) as u8,
                        rng.below(7200) as u16,
                        rng.below(2) == 0,
                    )
                })
                .collect(),
            customs: (0..24)
                .map(|_| [rng.next_u32(), rng.next_u32(), rng.next_u32()])
                .collect(),
            tally: crate::framework::save::Tally {
                played: rng.below(60_000) as u16,
                won: rng.below(60_000) as u16,
                streak: rng.below(1_000) as u16,
                best_streak: rng.below(1_000) as u16,
                unfinished: rng.below(2) == 0,
            },
            solved_without_hints: rng.below(60_000) as u16,
            challenge_normal: Vec::new(),
            challenge_practice: Vec::new(),
            opened_before: rng.below(15) as u8,
        };
        let mut full = full;
        for _ in 0..12 {
            let level = 1 + rng.below(10) as u8;
            let score = crate::polarium::rules::challenge::Score {
                points: 1 + rng.next_u32() % 5_000_000,
                level,
                lines: u16::from(level - 1) * 100 + rng.below(100) as u16,
                start_level: 1 + rng.below(u32::from(level)) as u8,
            };
            let mode = if rng.below(2) == 0 {
                crate::polarium::rules::challenge::Mode::Normal
            } else {
                crate::polarium::rules::challenge::Mode::Practice
            };
            full.enter_challenge(mode, score);
        }
        let mut some = PolariumSave::default();
        some.start();
        some.finish(3, 2, 40, false, true);
        some.count_solve(false);
        vec![PolariumSave::default(), some, full]
    }
    fn use_as_the_app_does(&self) -> u64 {
        let mut sum = self.solved() as u64 + self.open_sets(12) as u64;
        sum +=
            u64::from(self.tally.win_percent().unwrap_or(0)) + u64::from(self.solved_without_hints);
        sum += self.first_unsolved(144) as u64 + self.solved_in_set(11) as u64;
        for puzzle in [0, 143, 400] {
            sum += u64::from(self.best(puzzle).seconds());
        }
        let records = self.challenge_records();
        sum += u64::from(records.best_level());
        sum += records
            .normal
            .entries()
            .iter()
            .map(|s| u64::from(s.points))
            .sum::<u64>();
        sum
    }
}

impl Fuzzed for NonogramSave {
    const OWNER: &'static str = "nonogram";
    fn samples(rng: &mut Rng) -> Vec<Self> {
        let mut save = NonogramSave::default();
        let mut samples = vec![save.clone()];
        for puzzle in 0..150 {
            save.finish(puzzle, rng.below(3600) as u16, rng.below(2) == 0);
        }
        for slot in 0..CUSTOM_SLOTS {
            let (width, height) = (1 + rng.below(20) as usize, 1 + rng.below(15) as usize);
            let rows: Vec<u32> = (0..height)
                .map(|_| rng.next_u32() & ((1 << width) - 1) | 1)
                .collect();
            save.keep_custom(slot, &Grid::from_rows(width, height, &rows));
        }
        save.options = Options {
            mistakes: true,
            ..Options::default()
        };
        let picture = Grid::from_rows(5, 5, &[0b10101, 0b01010, 0b11111, 0b00100, 0b10001]);
        save.playing = Some(Custom::new(&picture));
        save.draft = Some((3, Custom::new(&picture)));
        samples.push(save);
        samples
    }
    fn use_as_the_app_does(&self) -> u64 {
        let mut sum = self.solved() as u64 + self.first_unsolved_from(7) as u64;
        sum += u64::from(self.best(0).unwrap_or(0)) + u64::from(self.best(9999).unwrap_or(0));
        let customs = (0..CUSTOM_SLOTS + 2).filter_map(|slot| self.custom(slot));
        let others = self.playing.iter().chain(self.draft.iter().map(|(_, c)| c));
        for custom in customs.chain(others) {
            sum += u64::from(custom.best().unwrap_or(0));
            if let Some(picture) = custom.picture() {
                sum += (picture.width() * picture.height()) as u64;
            }
        }
        sum
    }
}

impl Fuzzed for Shelf {
    const OWNER: &'static str = Shelf::OWNER;
    fn samples(rng: &mut Rng) -> Vec<Self> {
        let mut shelf = Shelf::default();
        let mut samples = vec![shelf.clone()];
        for index in 0..SHELF_PUZZLES as u16 {
            let packed: [u8; PACKED_BYTES] = core::array::from_fn(|_| rng.next_u32() as u8);
            let puzzle = if index % 2 == 0 {
                ShelfPuzzle::Builtin(index * 13)
            } else {
                ShelfPuzzle::Custom {
                    slot: index as u8,
                    picture: rng.next_u32(),
                }
            };
            shelf.put(Shelved {
                puzzle,
                cursor: (index as u8, 1),
                seconds: rng.below(6000) as u16,
                mistakes: rng.below(4) as u8,
                start_hint: index % 3 == 0,
                // Every size from 5x5 to 20x15.
                marks: Shelved::marks_of(&packed, [25, 100, 225, 300][usize::from(index % 4)]),
            });
            samples.push(shelf.clone());
        }
        samples
    }
    fn use_as_the_app_does(&self) -> u64 {
        let mut sum = self.len() as u64;
        for game in self.iter() {
            sum += u64::from(game.seconds) + u64::from(game.mistakes);
            sum += game
                .packed_marks()
                .iter()
                .map(|&byte| u64::from(byte))
                .sum::<u64>();
            sum += u64::from(self.holds(game.puzzle));
        }
        sum
    }
}

/// `seed` damaged one to four ways: bits flipped, bytes changed, put in,
/// taken out, cut off or added.
fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() as u32 + 1) as usize;
        match rng.below(7) {
            0 | 1 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
            2 if at < bytes.len() => bytes[at] = rng.next_u32() as u8,
            3 => bytes.insert(at, rng.next_u32() as u8),
            4 if at < bytes.len() => {
                bytes.remove(at);
            }
            5 => bytes.truncate(at),
            _ => bytes.extend((0..1 + rng.below(8)).map(|_| rng.next_u32() as u8)),
        }
    }
    bytes
}

fn random_bytes(rng: &mut Rng, most: u32) -> Vec<u8> {
    (0..rng.below(most + 1))
        .map(|_| rng.next_u32() as u8)
        .collect()
}

fn outcome(result: &Result<impl Sized, SectionError>) -> &'static str {
    match result {
        Ok(_) => "decoded",
        Err(SectionError::Newer { .. }) => "Newer",
        Err(SectionError::NotMigrated { .. }) => "NotMigrated",
        Err(SectionError::Malformed) => "Malformed",
        Err(SectionError::TrailingBytes) => "TrailingBytes",
    }
}

/// `ROUNDS` inputs for `T`'s section: random bytes, or a real value's
/// encoding (or an input that decoded before) mutated; at today's version
/// mostly, else at any older one (its migration), a newer one or 255.
fn fuzz_section<T: Fuzzed>(seed: u32) -> BTreeMap<&'static str, u32> {
    let mut rng = Rng::new(seed);
    let samples = T::samples(&mut rng);
    let mut corpus: Vec<Vec<u8>> = samples
        .iter()
        .map(|value| postcard::to_allocvec(value).expect("samples encode"))
        .collect();
    let mut outcomes = BTreeMap::new();
    let mut used = 0u64;
    for _ in 0..ROUNDS {
        let bytes = if rng.below(4) == 0 {
            random_bytes(&mut rng, 48)
        } else {
            let pick = rng.below(corpus.len() as u32) as usize;
            mutate(&mut rng, &corpus[pick])
        };
        let version = match rng.below(8) {
            0 => rng.below(u32::from(T::VERSION) + 2) as u8,
            1 => 255,
            _ => T::VERSION,
        };
        let result = decode::<T>(version, &bytes);
        *outcomes.entry(outcome(&result)).or_insert(0) += 1;
        if let Ok(value) = result {
            used = used.wrapping_add(value.use_as_the_app_does());
            let again = postcard::to_allocvec(&value).expect("a decoded value encodes");
            assert_eq!(
                decode::<T>(T::VERSION, &again).as_ref(),
                Ok(&value),
                "{} from {bytes:02x?} at version {version} does not encode back to itself",
                T::OWNER
            );
            if version == T::VERSION && corpus.len() < CORPUS + samples.len() {
                corpus.push(bytes);
            }
        }
    }
    println!(
        "{} section, {ROUNDS} inputs: {outcomes:?} (use {used:x})",
        T::OWNER
    );
    for expected in ["decoded", "Newer", "Malformed", "TrailingBytes"] {
        assert!(
            outcomes.contains_key(expected),
            "{} never {expected}",
            T::OWNER
        );
    }
    if T::VERSION > 0 {
        assert!(
            outcomes.contains_key("NotMigrated"),
            "{} never NotMigrated",
            T::OWNER
        );
    }
    outcomes
}

#[test]
fn desk_section_survives_fuzzing() {
    fuzz_section::<DeskSave>(1);
}

#[test]
fn sweeper_section_survives_fuzzing() {
    let outcomes = fuzz_section::<SweeperSave>(2);
    assert!(outcomes["decoded"] > ROUNDS / 100);
}

#[test]
fn sweeper_game_in_progress_survives_fuzzing() {
    let outcomes = fuzz_section::<SuspendedGame>(5);
    assert!(outcomes["decoded"] > ROUNDS / 100);
}

#[test]
fn polarium_section_survives_fuzzing() {
    fuzz_section::<PolariumSave>(3);
}

#[test]
fn nonogram_section_survives_fuzzing() {
    fuzz_section::<NonogramSave>(4);
}

#[test]
fn nonogram_shelf_survives_fuzzing() {
    let outcomes = fuzz_section::<Shelf>(6);
    assert!(outcomes["decoded"] > ROUNDS / 100);
}

/// The old single-slot save (v2), laid out as that ROM serialised it.
#[derive(Serialize)]
struct V2 {
    settings: Settings,
    play_seconds: u32,
    records: [[Record; 8]; 4],
    solved: [[u32; 4]; 4],
    custom_levels: Vec<(u8, u8, Vec<u8>)>,
}

fn sample_v2(rng: &mut Rng) -> V2 {
    let mut records = [[Record::default(); 8]; 4];
    for line in records.iter_mut().flatten() {
        for _ in 0..rng.below(5) {
            line.finish(rng.below(2) == 0, rng.below(999) as u16);
        }
    }
    V2 {
        settings: Settings {
            music: rng.below(2) == 0,
            sound_effects: rng.below(2) == 0,
        },
        play_seconds: rng.next_u32(),
        records,
        solved: [[0; 4]; 4],
        custom_levels: Vec::new(),
    }
}

/// Migration from the old format: its slot's bytes (damaged, or random)
/// either fail to parse, or split into sections that Sweeper and the desk
/// read at version 0 with exactly the records and settings v2 held.
#[test]
fn old_format_migration_survives_fuzzing() {
    let mut rng = Rng::new(5);
    let mut outcomes: BTreeMap<&str, u32> = BTreeMap::new();
    for _ in 0..ROUNDS {
        let bytes = if rng.below(4) == 0 {
            random_bytes(&mut rng, 160)
        } else {
            let seed = postcard::to_allocvec(&sample_v2(&mut rng)).unwrap();
            mutate(&mut rng, &seed)
        };
        let Ok(data) = postcard::from_bytes::<SaveDataV2>(&bytes) else {
            *outcomes.entry("unparsed").or_insert(0) += 1;
            continue;
        };
        let legacy = Legacy::from_v2(data).expect("a parsed v2 save splits");
        let sweeper = decode::<SweeperSave>(0, legacy.section("sweeper").unwrap());
        let desk = decode::<DeskSave>(0, legacy.section(DESK).unwrap());
        let (Ok(sweeper), Ok(desk)) = (sweeper, desk) else {
            panic!("a parsed v2 save whose sections do not migrate: {bytes:02x?}");
        };
        let v2: [Record; 8] = postcard::take_from_bytes::<(DeskSave, [Record; 8])>(&bytes)
            .expect("parsed above")
            .0
            .1;
        for (line, record) in sweeper.lines.iter().zip(&v2[..LINES]) {
            assert_eq!(
                line.best_hundredths,
                record.best_seconds.map(|seconds| u32::from(seconds) * 100)
            );
            assert_eq!(line.tally.played, record.played);
            assert_eq!(line.tally.won, record.wins.min(record.played));
        }
        assert_eq!(
            Ok(desk),
            postcard::take_from_bytes(&bytes).map(|(desk, _)| desk)
        );
        sweeper.use_as_the_app_does();
        *outcomes.entry("migrated").or_insert(0) += 1;
    }
    println!("old format, {ROUNDS} inputs: {outcomes:?}");
    assert!(outcomes.get("migrated").is_some_and(|&n| n > ROUNDS / 100));
    assert!(outcomes.contains_key("unparsed"));
    assert_eq!(legacy::IDENTIFIER.len(), 32);
}

/// A save chip in memory, byte-addressable like the cartridge's SRAM, that
/// notes every byte written (for cutting the power part-way through).
#[derive(Clone, Default)]
struct Chip {
    bytes: Rc<RefCell<Vec<u8>>>,
    written: Rc<RefCell<Vec<(usize, u8)>>>,
}

impl Chip {
    fn holding(image: Vec<u8>) -> Self {
        Chip {
            bytes: Rc::new(RefCell::new(image)),
            ..Chip::default()
        }
    }
    fn image(&self) -> Vec<u8> {
        self.bytes.borrow().clone()
    }
}

impl agb_save::StorageMedium for Chip {
    type Error = ();
    fn info(&self) -> agb_save::StorageInfo {
        agb_save::StorageInfo {
            size: self.bytes.borrow().len(),
            erase_size: None,
            write_size: core::num::NonZeroUsize::MIN,
        }
    }
    fn read(&mut self, offset: usize, buf: &mut [u8]) -> Result<(), ()> {
        buf.copy_from_slice(
            self.bytes
                .borrow()
                .get(offset..offset + buf.len())
                .ok_or(())?,
        );
        Ok(())
    }
    fn erase(&mut self, _offset: usize, _len: usize) -> Result<(), ()> {
        Ok(())
    }
    fn write(&mut self, offset: usize, data: &[u8]) -> Result<(), ()> {
        let mut bytes = self.bytes.borrow_mut();
        let target = bytes.get_mut(offset..offset + data.len()).ok_or(())?;
        target.copy_from_slice(data);
        let mut written = self.written.borrow_mut();
        written.extend(data.iter().enumerate().map(|(i, &byte)| (offset + i, byte)));
        Ok(())
    }
}

type Manager = agb_save::SaveSlotManager<Chip, SectionTag>;

const CHIP_SIZE: usize = 32 * 1024;

/// Each owner's slot, version and a section value's bytes.
type Sections = BTreeMap<&'static str, (usize, u8, Vec<u8>)>;

fn sample_sections(rng: &mut Rng) -> Sections {
    fn last<T: Fuzzed>(rng: &mut Rng) -> Vec<u8> {
        postcard::to_allocvec(&T::samples(rng).pop().unwrap()).unwrap()
    }
    BTreeMap::from([
        (DESK, (0, DeskSave::VERSION, last::<DeskSave>(rng))),
        (
            "sweeper",
            (1, SweeperSave::VERSION, last::<SweeperSave>(rng)),
        ),
        (
            "polarium",
            (2, PolariumSave::VERSION, last::<PolariumSave>(rng)),
        ),
        (
            "nonogram",
            (3, NonogramSave::VERSION, last::<NonogramSave>(rng)),
        ),
    ])
}

fn write_section(
    manager: &mut Manager,
    owner: &str,
    (slot, version, bytes): &(usize, u8, Vec<u8>),
) {
    let tag = SectionTag::new(owner, *version).expect("an owner name fits");
    manager
        .write(*slot, bytes, &tag)
        .expect("the chip has room");
}

/// A chip as the ROM leaves it: every section written twice, so the ghost
/// copies hold the first; and the sections of each round.
fn full_chip(rng: &mut Rng) -> (Chip, [Sections; 2]) {
    let chip = Chip::holding(vec![0xFF; CHIP_SIZE]);
    let mut manager = Manager::new(chip.clone(), SLOTS, IDENTIFIER).unwrap();
    let rounds = [sample_sections(rng), sample_sections(rng)];
    for sections in &rounds {
        for (owner, section) in sections {
            write_section(&mut manager, owner, section);
        }
    }
    (chip, rounds)
}

/// What the ROM finds on a chip: per owner, its section's bytes if they
/// read and decode, else why not.
fn read_chip(image: Vec<u8>) -> Result<BTreeMap<String, Result<Vec<u8>, String>>, String> {
    let mut manager =
        Manager::new(Chip::holding(image), SLOTS, IDENTIFIER).map_err(|e| format!("{e:?}"))?;
    let mut found = BTreeMap::new();
    let tags: Vec<_> = manager
        .slots()
        .enumerate()
        .map(|(slot, state)| match state {
            agb_save::Slot::Valid(tag) => (slot, Some(tag.clone())),
            agb_save::Slot::Corrupted => (slot, None),
            agb_save::Slot::Empty => (usize::MAX, None),
        })
        .collect();
    for (slot, tag) in tags {
        match tag {
            Some(tag) => {
                let result = manager
                    .read::<Vec<u8>>(slot)
                    .map_err(|e| format!("{e:?}"))
                    .and_then(|bytes| {
                        load(&tag.owner, tag.version, &bytes)
                            .map(|_| bytes)
                            .map_err(|e| format!("{e:?}"))
                    });
                found.insert(tag.owner.as_str().into(), result);
            }
            None if slot != usize::MAX => {
                found.insert(format!("slot {slot}"), Err("Corrupted".into()));
            }
            None => {}
        }
    }
    Ok(found)
}

/// A section as the ROM loads it: its slot's bytes decoded by its owner's type.
fn load(owner: &str, version: u8, bytes: &[u8]) -> Result<u64, SectionError> {
    match owner {
        DESK => decode::<DeskSave>(version, bytes).map(|v| v.use_as_the_app_does()),
        "sweeper" => decode::<SweeperSave>(version, bytes).map(|v| v.use_as_the_app_does()),
        "polarium" => decode::<PolariumSave>(version, bytes).map(|v| v.use_as_the_app_does()),
        "nonogram" => decode::<NonogramSave>(version, bytes).map(|v| v.use_as_the_app_does()),
        _ => Ok(0),
    }
}

fn intact(sections: &Sections) -> BTreeMap<String, Result<Vec<u8>, String>> {
    sections
        .iter()
        .map(|(owner, (_, _, bytes))| (owner.to_string(), Ok(bytes.clone())))
        .collect()
}

/// Power cut after every byte of rewriting each section: the chip then holds
/// the old section or the new one, and every other section as it was.
#[test]
fn a_power_cut_at_any_byte_of_a_section_write_keeps_old_or_new() {
    let mut rng = Rng::new(6);
    let mut cuts = 0;
    for owner in [DESK, "sweeper", "polarium", "nonogram"] {
        let (chip, [_, before]) = full_chip(&mut rng);
        let start = chip.image();
        let mut manager = Manager::new(chip.clone(), SLOTS, IDENTIFIER).unwrap();
        chip.written.borrow_mut().clear();
        let mut after = before.clone();
        let changed = &sample_sections(&mut rng)[owner];
        after.insert(owner, (before[owner].0, changed.1, changed.2.clone()));
        write_section(&mut manager, owner, &after[owner]);
        let journal = chip.written.borrow().clone();
        let (old, new) = (intact(&before), intact(&after));
        let mut image = start;
        for (k, &(at, byte)) in journal.iter().enumerate() {
            let found = read_chip(image.clone());
            assert!(
                found.as_ref() == Ok(&old) || found.as_ref() == Ok(&new),
                "{owner}: cut after {k} of {} bytes: {found:?}",
                journal.len()
            );
            image[at] = byte;
            cuts += 1;
        }
        assert_eq!(read_chip(image), Ok(new), "{owner}: the whole write");
    }
    println!("{cuts} power cuts, each read back whole");
    if !cfg!(miri) {
        assert!(cuts > 1000);
    }
}

/// Damaged chips: bits flipped or bytes overwritten in the part in use, a
/// block wiped, or noise. Nothing panics; each section comes back as last
/// written, or as the ghost slot kept it (the write before), or is reported
/// lost: never silently different (checked for up to three flipped bits,
/// which the CRC always catches).
#[test]
fn damaged_chips_never_give_wrong_sections() {
    let mut rng = Rng::new(7);
    let (chip, [previous, sections]) = full_chip(&mut rng);
    let good = chip.image();
    let used = good.iter().rposition(|&b| b != 0xFF).unwrap() + 1;
    let (expected, ghosts) = (intact(&sections), intact(&previous));
    let mut outcomes: BTreeMap<&str, u32> = BTreeMap::new();
    for _ in 0..CHIPS {
        let mut image = good.clone();
        let (kind, checked) = match rng.below(5) {
            0 | 1 => {
                let flips = 1 + rng.below(3);
                for _ in 0..flips {
                    image[rng.below(used as u32) as usize] ^= 1 << rng.below(8);
                }
                ("bits", true)
            }
            2 => {
                for _ in 0..1 + rng.below(32) {
                    image[rng.below(used as u32) as usize] = rng.next_u32() as u8;
                }
                ("bytes", false)
            }
            3 => {
                let block = rng.below(used.div_ceil(128) as u32) as usize * 128;
                image[block..block + 128].fill([0, 0xFF][rng.below(2) as usize]);
                ("block", false)
            }
            _ => {
                image.iter_mut().for_each(|b| *b = rng.next_u32() as u8);
                ("noise", false)
            }
        };
        let outcome = match read_chip(image) {
            Err(_) => "manager error",
            Ok(found) if found == expected => "all kept",
            Ok(found) if found.is_empty() => "formatted",
            Ok(found) => {
                let is = |sections: &BTreeMap<String, _>, owner: &String, bytes| {
                    sections.get(owner) == Some(bytes)
                };
                if checked {
                    for (owner, bytes) in found.iter().filter(|(_, bytes)| bytes.is_ok()) {
                        assert!(
                            is(&expected, owner, bytes) || is(&ghosts, owner, bytes),
                            "{owner} changed silently by {kind}: {bytes:?}"
                        );
                    }
                }
                // Each section the chip held: as written, as its ghost copy,
                // something else that read back, or lost.
                let states = expected
                    .iter()
                    .map(|(owner, written)| match found.get(owner) {
                        Some(bytes) if bytes == written => 0,
                        Some(bytes) if is(&ghosts, owner, bytes) => 1,
                        Some(Ok(_)) => 2,
                        _ => 3,
                    });
                match states.max() {
                    Some(3) => "some lost",
                    Some(2) => "some changed undetected",
                    Some(1) => "recovered from ghost",
                    _ => "all kept, damaged slots reported",
                }
            }
        };
        *outcomes.entry(outcome).or_insert(0) += 1;
    }
    println!("{CHIPS} damaged chips: {outcomes:?}");
    for seen in ["all kept", "recovered from ghost", "some lost"] {
        assert!(outcomes.contains_key(seen), "never {seen}");
    }
}
