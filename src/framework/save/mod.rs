//! Everything kept in battery-backed SRAM, through agb's save slots (serde,
//! CRC-checked, with a ghost slot so a write cut off by power loss falls back
//! to the previous save).
//!
//! Each app owns a **section**: a [`Saved`] type with its own version, kept in
//! its own agb slot, found by the owner named in the slot's metadata. So an
//! app's format changes without touching anyone else's, and a save rewrites
//! only the sections that changed, one per frame. The framework's own section
//! (`desk`) holds the settings and the play time. A section written by an
//! older version is handed to its type's [`Saved::migrate`]: nothing is wiped
//! for being old. [`IDENTIFIER`] and [`SLOTS`] never change (agb formats SRAM
//! when they do); saves of the older single-slot format are read once by
//! [`legacy`] and rewritten as sections.
//!
//! Writes happen on events (a move in a game, a win, a settings change, an
//! app closing), never every frame: `commit_soon` asks, and the frame loop's
//! `flush`, once the frame's update is done, starts agb's write of the first
//! changed section on a [`Fiber`] of its own, which puts it into the
//! [`journal`] a sector a slice, a slice in each frame with room; then the
//! journal goes to SRAM a few hundred bytes a frame. The game runs and the
//! buttons are read in every frame of a save.

mod header;
mod journal;
// The save's pure parts are the framework's pure crate's.
use desk_core::{legacy, notice, section, slot_headers, tally};

use agb::save::Slot;
use alloc::{boxed::Box, rc::Rc, string::String, vec::Vec};
use core::{any::Any, cell::RefCell};

use super::fiber::Fiber;

pub use notice::{Loss, Notice};
pub use section::{DeskSave, IDENTIFIER, SLOTS, Saved, SectionTag, Suspended, bytes};
pub use tally::percent_text;

use header::{HeaderState, SECTOR, sram};
use journal::{Journal, Progress};

/// agb's save slots, over SRAM through the journal.
type SaveSlotManager = agb_save::SaveSlotManager<Journal, SectionTag>;
use section::{DESK, OWNER_BYTES, SectionError, decode, fingerprint};

/// Where a section's value came from at boot (logged for the tests).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Origin {
    Slot,
    Migrated,
    OldFormat,
    #[default]
    New,
    /// Its slot's bytes did not read back: the section starts over.
    Unreadable,
    /// Written by a newer ROM: left as it is unless the app changes it.
    Newer,
}

/// A section's place in SRAM and what it holds there.
#[derive(Default)]
struct Kept {
    slot: Option<usize>,
    /// What SRAM holds for it (or will not be overwritten unless changed).
    written: Option<Written>,
    origin: Origin,
    /// Its type has nothing to keep (an app that saves nothing).
    keeps_nothing: bool,
}

/// Bytes a slot holds, known by their length and a 64-bit hash rather than
/// kept: a section's copy would sit on the heap beside its value for as
/// long as the ROM runs, and grow and shrink with it. Two different
/// encodings of one section with the same length and hash (one chance in
/// 2^64 for a changed one) would skip that write.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Written {
    len: usize,
    hash: u64,
}

impl Written {
    fn of(bytes: &[u8]) -> Self {
        Self {
            len: bytes.len(),
            hash: shared::fnv::hash64_bytes(bytes),
        }
    }
}

/// A section as `load` finds it, with the bytes its slot holds.
struct Loaded {
    slot: Option<usize>,
    written: Option<Vec<u8>>,
    origin: Origin,
}

/// An app's section, held as its own type behind `Any` so one list serves
/// every app.
struct Section {
    owner: &'static str,
    version: u8,
    value: Box<dyn Any>,
    encode: fn(&dyn Any) -> Option<Vec<u8>>,
    reset: fn() -> Box<dyn Any>,
    kept: Kept,
    /// Handed out (`section`) since the last look at whether it changed: a
    /// section nobody could have changed is not encoded again to find out,
    /// which would add every app's records to each save frame.
    touched: bool,
    /// Let go of once nothing of it waits to be written (`release`).
    releasing: bool,
}

impl Section {
    /// Its encoding, if that is not what SRAM holds for it (`None` too for
    /// one that cannot be encoded: there is nothing to write).
    fn changed_encoding(&self) -> Option<Vec<u8>> {
        let bytes = (self.encode)(self.value.as_ref())?;
        (self.kept.written != Some(Written::of(&bytes))).then_some(bytes)
    }
}

fn encode<T: Saved>(value: &dyn Any) -> Option<Vec<u8>> {
    postcard::to_allocvec(value.downcast_ref::<T>()?).ok()
}

fn reset<T: Saved>() -> Box<dyn Any> {
    Box::new(T::default())
}

/// What a slice of a section write takes at most, in display lines (of
/// 1,232 cycles): agb's work between one sector and the next (its
/// checksums, and its encoding before the first), as the `save.queued`
/// events' `slice` shows. A frame with less room left after its update
/// leaves the slice to the next. (A section of many blocks, a custom
/// puzzle kept, has a longer first slice: its checksum is worked out
/// whole.)
const SLICE_LINES: u32 = 24;
/// A large section's first two slices grow with it (see
/// `Storage::next_slice_lines`): starting its write (encoding the sections
/// that may have changed, and the hashes) takes at most `START_LINES` and a
/// line for each `START_BYTES_A_LINE` bytes of the largest of them, and
/// agb's first step (serializing and checksumming it whole) `BEGIN_LINES`
/// and a line for each `BEGIN_BYTES_A_LINE` of it; each at least
/// `SLICE_LINES`, and each a slice of its own.
const START_LINES: u32 = 8;
const START_BYTES_A_LINE: usize = 5;
/// What a section never written yet is taken to encode to: the largest
/// records section's size, near enough.
const UNWRITTEN_BYTES: usize = 128;
const BEGIN_LINES: u32 = 12;
const BEGIN_BYTES_A_LINE: usize = 6;
/// The stack a section write runs on: agb's slot write and its encoding
/// (the `save.queued` events' `stack`), and an interrupt taken while it
/// runs.
const WRITE_STACK_BYTES: usize = 2048;
/// What agb's interrupt handler and the sound's may take of it, at most.
#[cfg(any(debug_assertions, feature = "events"))]
const INTERRUPT_STACK_BYTES: usize = 512;

/// Frames a write waits for frames with room for its slices (a game whose
/// every frame is heavy, as Challenge's): then a slice goes first thing in
/// the frame whatever the room, frames the meter holds to its saving
/// budget. With the suspend check's third of a second before it and the
/// journal's copy after each, a move is in SRAM within a second.
const OVERDUE_FRAMES: u16 = 20;
/// Frames a write leaves the room it waits for to work done ahead of a
/// press (a page painted off screen): then that work waits for the save.
const AHEAD_FIRST_FRAMES: u16 = 8;
/// Frames between one overdue slice and the next, at least.
const OVERDUE_GAP_FRAMES: u16 = 3;
/// Frames after a key goes down that an overdue section still waits: the
/// screen the press asks for comes first. Past `OVERDUE_FRAMES` and this
/// many more, it goes whatever the keys do.
const AFTER_PRESS_FRAMES: u8 = 6;

/// Whether a change that has waited `waited` frames for room goes out
/// whatever the room, `quiet_frames` after a key last went down.
const fn overdue(waited: u16, quiet_frames: u8) -> bool {
    waited >= OVERDUE_FRAMES
        && (quiet_frames >= AFTER_PRESS_FRAMES
            || waited >= OVERDUE_FRAMES + AFTER_PRESS_FRAMES as u16)
}

/// How `start_next_write` goes about it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pace {
    /// As the frames have room: the play time only once a minute.
    Soon,
    /// Now, and the play time too (before a reset or a sleep, at boot).
    Everything,
}

/// agb's slot write of one section, on a fiber of its own: the journal
/// pauses it after each sector it queues, and the frame loop resumes it a
/// slice at a time (`Storage::step_write`).
struct SectionWrite {
    fiber: Fiber,
    /// Filled as the write ends: the manager it had, and whether it went
    /// through.
    ended: Rc<RefCell<Option<(SaveSlotManager, bool)>>>,
    owner: &'static str,
    /// The journal's queue number of its first sector.
    first: u32,
    bytes: usize,
    hash: u32,
    /// Whether agb's write has run at all: its first step serializes and
    /// checksums the whole section.
    begun: bool,
    /// For the `save.queued` event: its slices, their cycles, the longest.
    #[cfg(any(debug_assertions, feature = "events"))]
    slices: (u32, u32, u32),
}

/// Play time gone by before the desk is written for it alone: the clock
/// goes out a minute after it was last written (with the next save, or by
/// itself), and before a reset or a sleep, so a power cut costs at most
/// that.
const PLAY_TIME_SECONDS: u32 = 60;

/// Bytes the journal copies to SRAM a frame: a section of a block or two
/// goes out in a frame or two, at a few thousand cycles a frame, in a
/// frame with `DRAIN_LINES` to spare; a frame without copies
/// `CROWDED_DRAIN_BYTES`, so the copy still goes on.
const DRAIN_BYTES: usize = 512;
const DRAIN_LINES: u32 = 10;
const CROWDED_DRAIN_BYTES: usize = 64;

/// The SRAM marker emulators and flash carts look for to pick the save type
/// (agb's `init_sram` emits the same; the journal stands in for its manager).
#[repr(align(4))]
struct Marker(#[allow(dead_code)] [u8; 12]);
static SRAM_MARKER: Marker = Marker(*b"SRAM_Vnnn\0\0\0");

pub struct Storage {
    /// agb's slot manager: with a section write while one is under way.
    manager: Option<SaveSlotManager>,
    writing: Option<SectionWrite>,
    /// What the manager wrote and SRAM does not hold yet.
    journal: Journal,
    /// The framework's section: settings and play time.
    pub desk: DeskSave,
    desk_kept: Kept,
    /// The desk as last written (or loaded): the play time alone is
    /// written once a minute, not with every save.
    desk_written: DeskSave,
    sections: Vec<Section>,
    /// Slots taken this session (sections not yet written included).
    claimed: Vec<usize>,
    /// An old-format save being migrated: apps take their part as they load.
    legacy: Option<legacy::Legacy>,
    pub notice: Option<Notice>,
    /// Slots agb found damaged at power-on, with the owner their header
    /// still names. Each is rewritten or erased at boot, so the notice is
    /// shown once.
    damaged: Vec<(usize, Option<heapless::String<OWNER_BYTES>>)>,
    /// Some slot's header was unreadable everywhere: it now has an empty one,
    /// and whose it was is unknown.
    headers_lost: bool,
    /// Slots agb may write through another slot's header (see
    /// `slot_headers`): never claimed or erased.
    untouchable: Vec<usize>,
    writes: u32,
    /// `commit_soon` was asked and changed sections may remain.
    pending: bool,
    /// Frames a write (or a change before it starts) has waited for a
    /// frame with room for its next slice.
    waited: u16,
    /// A write under way was asked for by `commit_soon` (the saving mark).
    marked: bool,
    /// `suspend_soon` was asked.
    suspend_asked: bool,
}

impl Storage {
    /// Open SRAM, repairing a lightly damaged header first and reading an
    /// old-format save for migration; never panics.
    pub fn open(_save: &mut agb::save::SaveManager) -> Self {
        core::hint::black_box(&SRAM_MARKER);
        let mut notice = None;
        let mut legacy = None;
        let mut found = [0u8; SECTOR];
        sram::read(0, &mut found);
        let ours = header::expected(SLOTS as u16, &IDENTIFIER);
        let old = header::expected(legacy::SLOTS, &legacy::IDENTIFIER);
        let mut headers_lost = false;
        let mut untouchable = Vec::new();
        match (
            header::compare(&found, &ours),
            header::compare(&found, &old),
        ) {
            (ours_state @ (HeaderState::Matches | HeaderState::Damaged), _) => {
                if ours_state == HeaderState::Damaged {
                    sram::write(0, &ours);
                    notice = Some(Notice::HeaderRepaired);
                }
                for (slot, repaired) in give_headerless_slots_empty_headers() {
                    if repaired {
                        headers_lost = true;
                    } else {
                        untouchable.push(slot);
                    }
                }
            }
            (_, state @ (HeaderState::Matches | HeaderState::Damaged)) => {
                if state == HeaderState::Damaged {
                    sram::write(0, &old);
                }
                legacy = read_legacy();
                notice = Some(if legacy.is_some() {
                    Notice::Updated
                } else {
                    Notice::Damaged(Loss::default())
                });
            }
            _ if header::is_blank(&found) => notice = Some(Notice::NewSave),
            _ => notice = Some(Notice::ForeignSave),
        }

        let journal = Journal::default();
        let manager = match SaveSlotManager::new(journal.clone(), SLOTS, IDENTIFIER) {
            Ok(manager) => Some(manager),
            Err(_) => {
                notice = Some(Notice::Unavailable);
                None
            }
        };
        // A chip agb formatted or recovered is written before anything else.
        journal.finish(&mut |_| {});
        let damaged: Vec<(usize, Option<heapless::String<OWNER_BYTES>>)> =
            manager.as_ref().map_or(Vec::new(), |manager| {
                (0..SLOTS)
                    .filter(|&slot| matches!(manager.slot(slot), Slot::Corrupted))
                    .map(|slot| (slot, manager.metadata(slot).map(|tag| tag.owner.clone())))
                    .collect()
            });
        if !damaged.is_empty() || headers_lost {
            // What it cost is known once every section has loaded (`settle`).
            notice = Some(Notice::Damaged(Loss::default()));
        }
        let mut storage = Self {
            manager,
            journal,
            legacy,
            notice,
            damaged,
            headers_lost,
            untouchable,
            ..Self::detached()
        };
        let (desk, kept) = storage.load::<DeskSave>(DESK);
        storage.desk_written = desk.clone();
        storage.desk = desk;
        storage.desk_kept = kept;
        crate::event!(
            "save.loaded notice={} music={} sfx={} play={}",
            logged(&storage.notice),
            storage.desk.settings.music,
            storage.desk.settings.sound_effects,
            storage.desk.play_seconds
        );
        storage
    }

    /// A store with no save chip behind it (sections live in RAM only).
    pub fn detached() -> Self {
        Self {
            manager: None,
            writing: None,
            journal: Journal::default(),
            desk: DeskSave::default(),
            desk_kept: Kept::default(),
            desk_written: DeskSave::default(),
            sections: Vec::new(),
            claimed: Vec::new(),
            legacy: None,
            notice: Some(Notice::Unavailable),
            damaged: Vec::new(),
            headers_lost: false,
            untouchable: Vec::new(),
            writes: 0,
            pending: false,
            waited: 0,
            marked: false,
            suspend_asked: false,
        }
    }

    /// `owner`'s section, loaded from SRAM (or migrated) the first time it
    /// is asked for, to change: the next flush looks at whether it did.
    /// Apps reach theirs through `System::save`.
    pub fn section<T: Saved>(&mut self, owner: &'static str) -> &mut T {
        let index = self.index_of::<T>(owner);
        let section = &mut self.sections[index];
        section.touched = true;
        match section.value.downcast_mut::<T>() {
            Some(value) => value,
            None => unreachable!("the section was just made a T"),
        }
    }

    /// Read `owner`'s section if SRAM holds one, as a section loaded at boot
    /// is (its `save.section` event, its damage noticed), without keeping
    /// it: for one an app reads only while its window is open (`release`).
    pub fn verify<T: Saved>(&mut self, owner: &'static str) {
        if self.sections.iter().any(|section| section.owner == owner) {
            return;
        }
        // Loaded as any section is: damage is noticed and settled at boot,
        // and one that must be written (damaged, migrated) stays until it
        // is.
        let _ = self.index_of::<T>(owner);
        self.release(owner);
    }

    /// Let go of `owner`'s section in RAM, for one an app needs only while
    /// its window is open: at once if nothing of it waits to be written,
    /// else once its write has ended (the journal's copy then stands for
    /// it). Asked for again, it is read back (the journal's bytes first).
    pub fn release(&mut self, owner: &'static str) {
        if let Some(section) = self
            .sections
            .iter_mut()
            .find(|section| section.owner == owner)
        {
            section.releasing = true;
            if section.touched {
                // A change goes out with the next write; then it goes.
                section.touched = section.changed_encoding().is_some();
                self.pending |= section.touched;
            }
        }
        self.drop_released();
    }

    /// Sections let go of (`release`) with nothing left to write.
    fn drop_released(&mut self) {
        let writing = self.writing.as_ref().map(|write| write.owner);
        // A change not yet looked at waits for the next write's start.
        let goes = |section: &Section| {
            section.releasing && !section.touched && writing != Some(section.owner)
        };
        if !self.sections.iter().any(goes) {
            return;
        }
        // A slot claimed for one never written is free again: loaded anew,
        // the section claims one, and slots must not run out.
        for section in self.sections.iter().filter(|section| goes(section)) {
            let Some(slot) = section.kept.slot else {
                continue;
            };
            let written = self.manager.as_ref().is_some_and(|manager| {
                matches!(manager.slot(slot), Slot::Valid(tag) if tag.owner == section.owner)
            });
            if !written {
                self.claimed.retain(|&claimed| claimed != slot);
            }
        }
        self.sections.retain(|section| !goes(section));
    }

    /// `owner`'s section, to read only: asked for every frame (an app's
    /// `draw` gets it), it adds nothing to the next flush.
    pub fn read<T: Saved>(&mut self, owner: &'static str) -> &T {
        let index = self.index_of::<T>(owner);
        match self.sections[index].value.downcast_ref::<T>() {
            Some(value) => value,
            None => unreachable!("the section was just made a T"),
        }
    }

    /// Where `owner`'s section is, loaded the first time it is asked for
    /// and holding a `T`.
    fn index_of<T: Saved>(&mut self, owner: &'static str) -> usize {
        // Asked every frame: the name's first letter rules out most
        // sections before the names are compared.
        let same =
            |kept: &str| kept.as_bytes().first() == owner.as_bytes().first() && kept == owner;
        let index = match self.sections.iter().position(|kept| same(kept.owner)) {
            Some(index) => index,
            None => {
                let (value, kept) = self.load::<T>(owner);
                self.sections.push(Section {
                    owner,
                    version: T::VERSION,
                    value: Box::new(value),
                    encode: encode::<T>,
                    reset: reset::<T>,
                    kept,
                    touched: true,
                    releasing: false,
                });
                self.sections.len() - 1
            }
        };
        let section = &mut self.sections[index];
        section.releasing = false;
        if !section.value.is::<T>() {
            // Two types under one owner name is a programming error; the
            // latest asker gets a fresh value rather than a crash.
            section.value = reset::<T>();
            section.encode = encode::<T>;
            section.reset = reset::<T>;
            section.version = T::VERSION;
            section.touched = true;
        }
        index
    }

    /// Read `owner`'s section: its own slot, else its part of an old-format
    /// save, else a fresh value in a free slot.
    fn load<T: Saved>(&mut self, owner: &'static str) -> (T, Kept) {
        self.finish_write();
        let Some(manager) = self.manager.as_mut() else {
            return (T::default(), Kept::default());
        };
        let existing = manager
            .slots()
            .enumerate()
            .find_map(|(slot, state)| match state {
                Slot::Valid(tag) if tag.owner == owner => Some((slot, tag.version)),
                _ => None,
            });
        let (value, kept) = if let Some((slot, version)) = existing {
            if !self.claimed.contains(&slot) {
                self.claimed.push(slot);
            }
            let bytes = manager.read::<Vec<u8>>(slot).ok();
            let decoded = bytes.as_deref().map(|bytes| decode::<T>(version, bytes));
            match decoded {
                Some(Ok(value)) if version == T::VERSION => (
                    value,
                    Loaded {
                        slot: Some(slot),
                        written: bytes,
                        origin: Origin::Slot,
                    },
                ),
                Some(Ok(value)) => (
                    value,
                    Loaded {
                        slot: Some(slot),
                        written: None,
                        origin: Origin::Migrated,
                    },
                ),
                Some(Err(SectionError::Newer { .. })) => {
                    self.notice = Some(Notice::Damaged(Loss::default()));
                    let value = T::default();
                    // A newer ROM can still read it: left as it is until
                    // the app changes something.
                    let written = postcard::to_allocvec(&value).ok();
                    let origin = Origin::Newer;
                    (
                        value,
                        Loaded {
                            slot: Some(slot),
                            written,
                            origin,
                        },
                    )
                }
                _ => {
                    self.notice = Some(Notice::Damaged(Loss::default()));
                    // Damaged: the default is written over it at boot, so
                    // the damage is reported once.
                    let origin = Origin::Unreadable;
                    (
                        T::default(),
                        Loaded {
                            slot: Some(slot),
                            written: None,
                            origin,
                        },
                    )
                }
            }
        } else {
            let (slot, damaged) = self.claim_free_slot().unzip();
            let old = self
                .legacy
                .as_ref()
                .and_then(|legacy| legacy.section(owner));
            match old.and_then(|bytes| decode::<T>(0, bytes).ok()) {
                Some(value) => (
                    value,
                    Loaded {
                        slot,
                        written: None,
                        origin: Origin::OldFormat,
                    },
                ),
                None => {
                    let value = T::default();
                    // A damaged slot taken over is written at boot, so its
                    // damage is reported once.
                    let written = match damaged {
                        Some(true) => None,
                        _ => postcard::to_allocvec(&value).ok(),
                    };
                    (
                        value,
                        Loaded {
                            slot,
                            written,
                            origin: Origin::New,
                        },
                    )
                }
            }
        };
        if kept.written.is_none() {
            // Migrated values are written back in today's format right away.
            self.pending = true;
        }
        crate::event!(
            "save.section owner={} slot={:?} version={} from={:?} hash={:08x}",
            owner,
            kept.slot,
            T::VERSION,
            kept.origin,
            // What the slot holds (or will); a migrated value, in today's encoding.
            match &kept.written {
                Some(bytes) => fingerprint(bytes),
                None => postcard::to_allocvec(&value).map_or(0, |bytes| fingerprint(&bytes)),
            }
        );
        let kept = Kept {
            slot: kept.slot,
            written: kept.written.as_deref().map(Written::of),
            origin: kept.origin,
            keeps_nothing: core::mem::size_of::<T>() == 0,
        };
        (value, kept)
    }

    /// Once every app has loaded its section: say what damage cost (whose
    /// sections were lost, whether the rest was kept), and erase the damaged
    /// slots no section took, so the next boot finds nothing to report. The
    /// damaged slots sections took are rewritten by the `commit` after this.
    // Out of line, as `commit`: called once, inlined into the frame loop its
    // locals would stay on the stack under every app.
    #[inline(never)]
    pub fn settle(&mut self) {
        self.finish_write();
        let unreadable = |kept: &Kept| matches!(kept.origin, Origin::Unreadable | Origin::Newer);
        let every = core::iter::once((DESK, &self.desk_kept)).chain(
            self.sections
                .iter()
                .map(|section| (section.owner, &section.kept)),
        );
        let damage = !self.damaged.is_empty()
            || self.headers_lost
            || every.clone().any(|(_, kept)| unreadable(kept));
        if damage && self.manager.is_some() {
            let named = |owner: &str| {
                self.damaged
                    .iter()
                    .any(|(_, named)| named.as_deref() == Some(owner))
            };
            let lost: Vec<&'static str> = every
                .clone()
                .filter(|(owner, kept)| {
                    unreadable(kept) || (kept.origin == Origin::New && named(owner))
                })
                .map(|(owner, _)| owner)
                .collect();
            let unnamed_slot =
                self.headers_lost || self.damaged.iter().any(|(_, owner)| owner.is_none());
            // A section type with no fields (an app that saves nothing)
            // cannot have lost anything.
            let unnamed = unnamed_slot
                && every.clone().any(|(owner, kept)| {
                    kept.origin == Origin::New && !kept.keeps_nothing && !lost.contains(&owner)
                });
            let kept = every.clone().any(|(_, kept)| {
                matches!(
                    kept.origin,
                    Origin::Slot | Origin::Migrated | Origin::OldFormat
                )
            });
            self.notice = Some(if lost.is_empty() && !unnamed {
                Notice::Cleared
            } else {
                Notice::Damaged(Loss {
                    lost,
                    unnamed,
                    kept,
                })
            });
            if let Some(manager) = self.manager.as_mut() {
                for &(slot, _) in &self.damaged {
                    if !self.claimed.contains(&slot) && !self.untouchable.contains(&slot) {
                        let _ = manager.erase(slot);
                    }
                }
            }
        }
        match &self.notice {
            Some(Notice::Damaged(loss)) => crate::event!(
                "save.notice notice=Some(Damaged) lost={} unnamed={} kept={}",
                loss.lost.join(","),
                loss.unnamed,
                loss.kept
            ),
            notice => crate::event!("save.notice notice={}", logged(notice)),
        }
    }

    /// A slot for a new section: an empty one, else a damaged one (true).
    fn claim_free_slot(&mut self) -> Option<(usize, bool)> {
        self.finish_write();
        let manager = self.manager.as_ref()?;
        let free = |wanted: fn(&Slot<'_, SectionTag>) -> bool| {
            manager
                .slots()
                .enumerate()
                .find(|(slot, state)| {
                    wanted(state)
                        && !self.claimed.contains(slot)
                        && !self.untouchable.contains(slot)
                })
                .map(|(slot, _)| slot)
        };
        let claim = free(|state| matches!(state, Slot::Empty))
            .map(|slot| (slot, false))
            .or_else(|| free(|state| matches!(state, Slot::Corrupted)).map(|slot| (slot, true)))?;
        self.claimed.push(claim.0);
        Some(claim)
    }

    /// Write changed sections, one at a time, from this frame's `flush` on,
    /// with the saving mark up until they are in SRAM.
    pub fn commit_soon(&mut self) {
        self.pending = true;
        self.marked = true;
    }

    /// As `commit_soon`, without putting the saving mark up (the periodic
    /// keeping of a game in progress: every move, which the mark would
    /// only flicker over).
    pub fn commit_quietly(&mut self) {
        self.pending = true;
    }

    /// The frame loop's part in saving, every frame after the update: run
    /// the write under way a slice at a time while the frame has room for
    /// one, start the next changed section's once the journal is empty (if
    /// `commit_soon` asked), and copy some of the journal to SRAM once no
    /// write is under way. (Out of line: the write's locals are off the
    /// stack under the frame's update.)
    #[inline(never)]
    pub fn flush(&mut self) {
        // The clock goes out by itself too once a minute has gone by with
        // nothing else to save: time on the desktop, or in an app between
        // its saves, survives a power cut as well.
        if !self.pending && self.clock_due() {
            self.pending = true;
        }
        let mut wants = self.wants_slice();
        // Work nobody waits on: a frame the player waits through has its
        // own work to fill it.
        while wants && super::frame_time::room_ahead(self.next_slice_lines()) {
            self.slice();
            wants = self.wants_slice();
        }
        self.waited = if wants {
            self.waited.saturating_add(1)
        } else {
            0
        };
        if self.writing.is_none() && !self.journal.is_empty() {
            let bytes = if super::frame_time::room_ahead(DRAIN_LINES) {
                DRAIN_BYTES
            } else {
                CROWDED_DRAIN_BYTES
            };
            self.journal.drain(bytes, &mut report);
        }
        if !self.pending && self.writing.is_none() && self.journal.is_empty() {
            self.marked = false;
        }
        self.drop_released();
        super::frame_time::save_waits(wants && self.waited >= AHEAD_FIRST_FRAMES);
    }

    /// Before the frame's update: a write that has waited `OVERDUE_FRAMES`
    /// for room takes its next slice now, first, so the update's drawing
    /// (which takes what the frame has left) waits rather than the save;
    /// but not in the frames just after a key went down (`quiet_frames`,
    /// from `Input`), whose screen the player waits for, unless it has
    /// waited `AFTER_PRESS_FRAMES` more. (Out of line, as `flush`.)
    #[inline(never)]
    pub fn flush_overdue(&mut self, quiet_frames: u8) {
        // Nor while the player waits on a search, which fills the frame.
        if self.wants_slice()
            && overdue(self.waited, quiet_frames)
            && !super::frame_time::last_frame_waited()
        {
            super::frame_time::overdue_save();
            self.slice();
            // The next slice waits a few frames for room before it is
            // overdue in turn: the screen under way gets frames between.
            self.waited = OVERDUE_FRAMES - OVERDUE_GAP_FRAMES;
        }
    }

    /// The display lines the next slice may take: a write under way's next
    /// one, or a new write's start, which encodes the sections that may
    /// have changed until it finds one that did, so it grows with them (by
    /// the largest of them as last written).
    fn next_slice_lines(&self) -> u32 {
        match &self.writing {
            Some(write) if write.begun => SLICE_LINES,
            Some(write) => begin_lines(write.bytes),
            None => {
                let largest = self
                    .sections
                    .iter()
                    .filter(|section| section.touched)
                    .map(|section| {
                        section
                            .kept
                            .written
                            .map_or(UNWRITTEN_BYTES, |written| written.len)
                    })
                    .max()
                    .unwrap_or(0);
                SLICE_LINES.max(START_LINES + (largest / START_BYTES_A_LINE) as u32)
            }
        }
    }

    /// Whether there is a slice to run: a write under way, or a change to
    /// start writing once the journal has gone out.
    fn wants_slice(&self) -> bool {
        self.writing.is_some() || (self.pending && self.journal.is_empty())
    }

    /// One slice: of the write under way, else the first of the next
    /// changed section's write.
    fn slice(&mut self) {
        #[cfg(any(debug_assertions, feature = "events"))]
        let start = super::cycles::now();
        self.run_slice();
        #[cfg(any(debug_assertions, feature = "events"))]
        super::cycles::count_saving_since(start);
    }

    fn run_slice(&mut self) {
        if self.writing.is_some() {
            self.step_write();
        } else {
            self.pending = self.start_next_write(Pace::Soon);
        }
    }

    /// Resume the write under way for a slice; once it ends, the manager
    /// is back and the journal knows the section's sectors.
    fn step_write(&mut self) {
        let Some(write) = self.writing.as_mut() else {
            return;
        };
        #[cfg(any(debug_assertions, feature = "events"))]
        let start = super::cycles::now();
        write.begun = true;
        let ended = write.fiber.resume();
        #[cfg(any(debug_assertions, feature = "events"))]
        {
            let cycles = super::cycles::now().wrapping_sub(start);
            let (slices, total, most) = write.slices;
            write.slices = (slices + 1, total + cycles, most.max(cycles));
        }
        if !ended {
            return;
        }
        let Some(write) = self.writing.take() else {
            return;
        };
        let Some((manager, ok)) = write.ended.borrow_mut().take() else {
            return;
        };
        self.manager = Some(manager);
        #[cfg(any(debug_assertions, feature = "events"))]
        crate::event!(
            "save.queued ok={} owner={} bytes={} cycles={} slices={} slice={} stack={}",
            ok,
            write.owner,
            write.bytes,
            write.slices.1,
            write.slices.0,
            write.slices.2,
            write.fiber.stack_used(),
        );
        // Every save the tests make checks the stack's headroom: an
        // interrupt taken in a slice runs on it too.
        #[cfg(any(debug_assertions, feature = "events"))]
        assert!(
            write.fiber.stack_used() + INTERRUPT_STACK_BYTES <= WRITE_STACK_BYTES,
            "a section write used {} of its {WRITE_STACK_BYTES} stack bytes",
            write.fiber.stack_used()
        );
        if ok {
            self.journal
                .mark(write.owner, write.first, write.bytes, write.hash);
        }
    }

    /// Run the write under way to its end, now (before the manager is
    /// needed for anything else).
    fn finish_write(&mut self) {
        while self.writing.is_some() {
            self.step_write();
        }
    }

    /// Whether no write is under way and the journal is all in SRAM: the
    /// save holds nothing on the heap.
    pub fn is_idle(&self) -> bool {
        self.writing.is_none() && self.journal.is_empty()
    }

    /// Idle, and no write asked for is waiting to start.
    pub fn is_settled(&self) -> bool {
        self.is_idle() && !self.pending
    }

    /// Ask for the open app's game in progress to be kept now (`App::suspend`),
    /// not at its next turn: after a win, a loss, a solve.
    pub fn suspend_soon(&mut self) {
        self.suspend_asked = true;
    }

    /// Whether `suspend_soon` was asked since the last call.
    pub fn take_suspend_request(&mut self) -> bool {
        core::mem::take(&mut self.suspend_asked)
    }

    /// Whether a write asked for by `commit_soon` is not yet all in SRAM
    /// (the status bar's saving mark).
    pub fn is_saving(&self) -> bool {
        self.marked && (self.pending || self.writing.is_some() || !self.journal.is_empty())
    }

    /// Write every changed section now, and the journal out to SRAM (boot-time
    /// migration, before a reset or a sleep, and tests). (Out of line, as
    /// `settle`.)
    #[inline(never)]
    pub fn commit(&mut self) {
        self.finish_write();
        self.journal.finish(&mut report);
        while self.start_next_write(Pace::Everything) {
            self.finish_write();
            self.journal.finish(&mut report);
        }
        self.pending = false;
        self.drop_released();
    }

    /// Settings' "erase all data": every section back to its default (written
    /// over the next frames), and slots of sections no app loaded erased.
    pub fn erase_all(&mut self) {
        self.finish_write();
        self.desk = DeskSave::default();
        for section in &mut self.sections {
            section.value = (section.reset)();
            section.touched = true;
        }
        // Every slot but the loaded sections' (written again from their
        // defaults): those of sections read only while an app is open
        // (`release`) too.
        let loaded: Vec<usize> = core::iter::once(self.desk_kept.slot)
            .chain(self.sections.iter().map(|section| section.kept.slot))
            .flatten()
            .collect();
        if let Some(manager) = self.manager.as_mut() {
            for slot in 0..SLOTS {
                let erasable = match manager.slot(slot) {
                    Slot::Empty => false,
                    Slot::Valid(_) => true,
                    Slot::Corrupted => !self.untouchable.contains(&slot),
                };
                if erasable && !loaded.contains(&slot) {
                    let _ = manager.erase(slot);
                    self.claimed.retain(|&claimed| claimed != slot);
                }
            }
        }
        self.commit_soon();
    }

    /// Whether the play clock has run a minute past what SRAM holds.
    fn clock_due(&self) -> bool {
        self.desk
            .play_seconds
            .wrapping_sub(self.desk_written.play_seconds)
            >= PLAY_TIME_SECONDS
    }

    /// Start writing the first section whose bytes differ from what SRAM
    /// holds, as `pace` allows, and take agb's first step if it is short (a
    /// large section's, which checksums it whole, is a slice of its own);
    /// false when nothing has changed.
    fn start_next_write(&mut self, pace: Pace) -> bool {
        let clock_only = pace != Pace::Everything
            && self.desk_kept.written.is_some()
            && self.desk.settings == self.desk_written.settings
            && !self.clock_due();
        if self.manager.is_none() {
            return false;
        }
        if !clock_only
            && let Ok(bytes) = postcard::to_allocvec(&self.desk)
            && self.desk_kept.written != Some(Written::of(&bytes))
        {
            self.writing = start_write(
                &mut self.manager,
                &self.journal,
                DESK,
                DeskSave::VERSION,
                bytes,
                &mut self.desk_kept,
            );
            self.desk_written = self.desk.clone();
            self.writes += 1;
            return true;
        }
        for section in self.sections.iter_mut().filter(|section| section.touched) {
            section.touched = false;
            let Some(bytes) = section.changed_encoding() else {
                continue;
            };
            self.writing = start_write(
                &mut self.manager,
                &self.journal,
                section.owner,
                section.version,
                bytes,
                &mut section.kept,
            );
            self.writes += 1;
            return true;
        }
        false
    }

    /// Section writes since boot.
    #[cfg(test)]
    pub fn writes(&self) -> u32 {
        self.writes
    }
}

/// The display lines agb's first step of a section of `bytes` may take (see
/// `BEGIN_LINES`).
fn begin_lines(bytes: usize) -> u32 {
    SLICE_LINES.max(BEGIN_LINES + (bytes / BEGIN_BYTES_A_LINE) as u32)
}

/// A notice as the `save.loaded` and `save.notice` events give it.
fn logged(notice: &Option<Notice>) -> String {
    match notice {
        Some(notice) => alloc::format!("Some({})", notice.name()),
        None => String::from("None"),
    }
}

/// Before agb reads SRAM: give each slot whose header is unreadable
/// everywhere an empty header (see `slot_headers`). Returns those slots and
/// the ones to leave alone, each with whether it got a header.
fn give_headerless_slots_empty_headers() -> Vec<(usize, bool)> {
    let mut blocks = alloc::vec![[0u8; SECTOR]; SLOTS + 1];
    for (index, block) in blocks.iter_mut().enumerate() {
        sram::read((index + 1) * SECTOR, block);
    }
    slot_headers::headerless(&blocks, SLOTS)
        .into_iter()
        .map(|(slot, block)| {
            if let Some(index) = block {
                sram::write((index + 1) * SECTOR, &slot_headers::empty_header(slot));
            }
            (slot, block.is_some())
        })
        .collect()
}

/// Read a save of the old single-slot format (its header already checked);
/// `None` if its slot is empty or damaged beyond what agb's ghost slot recovers.
fn read_legacy() -> Option<legacy::Legacy> {
    let mut manager = agb_save::SaveSlotManager::<_, ()>::new(
        header::sram::Raw,
        legacy::SLOTS.into(),
        legacy::IDENTIFIER,
    )
    .ok()?;
    legacy::Legacy::from_v2(manager.read(0).ok()?)
}

/// Start agb's write of `bytes` as `owner`'s section in its slot, on a
/// fiber holding the manager until it ends (`Storage::step_write`; its
/// sectors go into the journal, and a `save.queued` event tells the write
/// once they all have). A failed write is not retried every frame; the
/// next change tries again. None (and nothing written) when the section
/// has no slot, or no manager is there.
fn start_write(
    manager: &mut Option<SaveSlotManager>,
    journal: &Journal,
    owner: &'static str,
    version: u8,
    bytes: Vec<u8>,
    kept: &mut Kept,
) -> Option<SectionWrite> {
    let Some(slot) = kept.slot else {
        // No slot left for it: kept in RAM only (the boot notice said so).
        kept.written = Some(Written::of(&bytes));
        return None;
    };
    let mut manager = manager.take()?;
    kept.written = Some(Written::of(&bytes));
    let ended = Rc::new(RefCell::new(None));
    let result = ended.clone();
    let write = SectionWrite {
        owner,
        first: journal.position(),
        bytes: bytes.len(),
        hash: fingerprint(&bytes),
        ended,
        begun: false,
        #[cfg(any(debug_assertions, feature = "events"))]
        slices: (0, 0, 0),
        fiber: Fiber::new(WRITE_STACK_BYTES, {
            move || {
                let ok = SectionTag::new(owner, version)
                    .is_some_and(|tag| manager.write(slot, &Encoded(&bytes), &tag).is_ok());
                *result.borrow_mut() = Some((manager, ok));
            }
        }),
    };
    Some(write)
}

/// A section's encoding as agb writes it (read back as a `Vec<u8>`).
struct Encoded<'a>(&'a [u8]);

impl serde::Serialize for Encoded<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        bytes(self.0, serializer)
    }
}

/// The save events, as the journal copies a section write to SRAM.
fn report(progress: Progress) {
    match progress {
        Progress::Began(owner) => crate::event!("save.begin owner={}", owner),
        Progress::Ended(mark) => crate::event!(
            "save.end ok=true owner={} bytes={} hash={:08x}",
            mark.owner,
            mark.bytes,
            mark.hash
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    /// Shaped like the puzzle apps' sections at their largest.
    #[derive(Serialize, Deserialize, Default, PartialEq, Debug)]
    struct PuzzleSave {
        best_seconds: Vec<u16>,
        solved: Vec<u8>,
        custom: Vec<Vec<u8>>,
    }

    impl Saved for PuzzleSave {
        const VERSION: u8 = 3;
    }

    fn full(puzzles: usize, customs: usize, custom_bytes: usize) -> PuzzleSave {
        PuzzleSave {
            best_seconds: (0..puzzles).map(|i| 3600 + i as u16).collect(),
            solved: alloc::vec![0xA5; puzzles.div_ceil(8)],
            custom: (0..customs)
                .map(|i| alloc::vec![i as u8; custom_bytes])
                .collect(),
        }
    }

    /// A change overdue for room waits out the frames after a key press
    /// (the screen it asks for comes first), but not for long.
    #[test_case]
    fn an_overdue_save_waits_for_the_screen_a_press_asks_for(_gba: &mut agb::Gba) {
        assert!(!overdue(OVERDUE_FRAMES - 1, u8::MAX), "not overdue yet");
        assert!(overdue(OVERDUE_FRAMES, u8::MAX), "overdue, no key pressed");
        for quiet in 0..AFTER_PRESS_FRAMES {
            assert!(
                !overdue(OVERDUE_FRAMES, quiet),
                "{quiet} frames after a press"
            );
        }
        assert!(overdue(OVERDUE_FRAMES, AFTER_PRESS_FRAMES));
        let most = OVERDUE_FRAMES + u16::from(AFTER_PRESS_FRAMES);
        assert!(!overdue(most - 1, 0));
        assert!(overdue(most, 0), "presses do not hold it back for good");
    }

    /// The one test that opens SRAM (agb allows one save init per run): a
    /// blank chip gets its notice, and sections as big as Polarium's and the
    /// nonogram's are written to their own slots and read back.
    #[test_case]
    fn sections_round_trip_through_their_own_slots(gba: &mut agb::Gba) {
        let mut storage = Storage::open(&mut gba.save);
        assert_eq!(storage.notice, Some(Notice::NewSave));
        assert_eq!(storage.desk, DeskSave::default());
        storage.desk.settings.music = false;
        // Polarium: 100 puzzles, 24 custom puzzles of 12 bytes.
        *storage.section::<PuzzleSave>("polarium") = full(100, 24, 12);
        // Nonogram: 150 puzzles, 24 custom 20x15 pictures (38 bytes).
        *storage.section::<PuzzleSave>("nonogram") = full(150, 24, 38);
        storage.commit();
        assert_eq!(storage.writes(), 3);
        storage.commit();
        assert_eq!(storage.writes(), 3, "nothing changed, nothing written");
        let manager = storage.manager.as_mut().expect("SRAM is there in mGBA");
        for (owner, expected) in [
            ("polarium", full(100, 24, 12)),
            ("nonogram", full(150, 24, 38)),
        ] {
            let slot = manager
                .slots()
                .position(|state| matches!(state, Slot::Valid(tag) if tag.owner == owner))
                .expect("the section has a slot");
            let bytes: Vec<u8> = manager.read(slot).expect("it reads back");
            agb::println!("{owner} section: {} bytes", bytes.len());
            assert_eq!(decode::<PuzzleSave>(3, &bytes), Ok(expected));
        }
        // The biggest section alone, rewritten (one blocking agb slot write;
        // the figure is the debug build's: see docs/PERFORMANCE.md for release).
        storage.section::<PuzzleSave>("nonogram").solved[0] ^= 1;
        #[cfg(any(debug_assertions, feature = "events"))]
        let start = {
            crate::framework::cycles::install(gba.timers.timers());
            crate::framework::cycles::now()
        };
        storage.commit();
        #[cfg(any(debug_assertions, feature = "events"))]
        agb::println!(
            "nonogram-sized section rewritten in {} cycles",
            crate::framework::cycles::now().wrapping_sub(start)
        );
        assert_eq!(storage.writes(), 4);
        // Read every frame (an app's draw gets it): no flush looks at it again.
        let touched = |storage: &Storage| {
            storage
                .sections
                .iter()
                .find(|section| section.owner == "nonogram")
                .expect("the section is loaded")
                .touched
        };
        assert!(!touched(&storage));
        assert_eq!(storage.read::<PuzzleSave>("nonogram").solved[0], 0xA4);
        assert!(!touched(&storage), "reading does not ask for a look");
        let _ = storage.section::<PuzzleSave>("nonogram");
        assert!(touched(&storage), "lending it to change does");
        // Released (an app's section needed only while its window is open):
        // kept while a change waits, let go of once it is written, and read
        // back as written when asked for again.
        let loaded_as = |storage: &Storage, owner: &str| {
            storage
                .sections
                .iter()
                .any(|section| section.owner == owner)
        };
        let loaded = |storage: &Storage| loaded_as(storage, "nonogram");
        storage.section::<PuzzleSave>("nonogram").solved[0] ^= 1;
        storage.release("nonogram");
        assert!(loaded(&storage), "a change waits to be written");
        storage.commit();
        assert!(!loaded(&storage), "let go of once written");
        assert_eq!(storage.writes(), 5);
        assert_eq!(storage.read::<PuzzleSave>("nonogram").solved[0], 0xA5);
        storage.release("nonogram");
        assert!(!loaded(&storage), "unchanged: let go of at once");
        // Read and let go of again and again before it is ever written (an
        // app opened and closed): it never claims another slot.
        let _ = storage.read::<PuzzleSave>("shelf");
        storage.release("shelf");
        let claimed = storage.claimed.len();
        for _ in 0..2 * SLOTS {
            let _ = storage.read::<PuzzleSave>("shelf");
            storage.release("shelf");
        }
        assert_eq!(storage.claimed.len(), claimed);
        // Written and let go of: erasing all data erases it too.
        *storage.section::<PuzzleSave>("shelf") = full(3, 1, 2);
        storage.release("shelf");
        storage.commit();
        assert!(!loaded_as(&storage, "shelf"));
        assert_eq!(storage.read::<PuzzleSave>("shelf"), &full(3, 1, 2));
        storage.release("shelf");
        storage.erase_all();
        storage.commit();
        assert_eq!(storage.read::<PuzzleSave>("shelf"), &PuzzleSave::default());
        let mut found = [0u8; SECTOR];
        sram::read(0, &mut found);
        let ours = header::expected(SLOTS as u16, &IDENTIFIER);
        assert_eq!(header::compare(&found, &ours), HeaderState::Matches);
        // The old format's header is far from ours: never mistaken for damage.
        let old = header::expected(legacy::SLOTS, &legacy::IDENTIFIER);
        assert_eq!(header::compare(&old, &ours), HeaderState::Differs);
    }
}
