//! What a save section is, apart from the chip it is kept on: the [`Saved`]
//! contract every app's section type meets, the framework's own section, the
//! names agb's slots are found by, and reading a section's bytes back. Pure
//! (serde and postcard only), so the host tests fuzz it with every app's
//! section type.

use serde::{Deserialize, Serialize, de::DeserializeOwned};

/// Names our save among other games' in agb's global header.
pub const IDENTIFIER: [u8; 32] = *b"POCKET DESK: ONE SLOT PER APP 16";
/// agb slots: the desk's section plus one per app, with room to grow.
pub const SLOTS: usize = 16;

/// What a type must be to live in a save section.
///
/// Bump `VERSION` when the layout changes and teach `migrate` to read the
/// older ones, so players keep their records across ROM updates.
pub trait Saved: Serialize + DeserializeOwned + Default + 'static {
    const VERSION: u8;

    /// Today's value from a section written at an older `version` (0 is the
    /// ROM's old single-slot format, see `legacy`); `None` if unreadable.
    fn migrate(_version: u8, _bytes: &[u8]) -> Option<Self> {
        None
    }
}

/// Serialize a byte string as one (`#[serde(serialize_with = ...)]` on a
/// `Vec<u8>` field): postcard writes it exactly as the `Vec<u8>` it is read
/// back as, but in one copy where a sequence costs a call a byte, which
/// counts in a game kept every few frames.
pub fn bytes<S: serde::Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_bytes(bytes)
}

/// Apps that keep nothing in SRAM.
impl Saved for () {
    const VERSION: u8 = 0;
}

/// What a type must be to keep an app's game in progress across power-off
/// (`App::Suspend`): a section of its own, under the owner name `OWNER`
/// (the app's id and `.game`, by convention), whose default means "nothing
/// in progress".
pub trait Suspended: Saved + Clone + PartialEq {
    const OWNER: &'static str;
}

/// Apps that keep no game in progress.
impl Suspended for () {
    const OWNER: &'static str = "";
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    pub music: bool,
    pub sound_effects: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            music: true,
            sound_effects: true,
        }
    }
}

/// Owner name of the framework's own section.
pub const DESK: &str = "desk";

/// The framework's section.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug, Default)]
pub struct DeskSave {
    pub settings: Settings,
    /// Total play time in seconds, shown in the status bar.
    pub play_seconds: u32,
}

impl Saved for DeskSave {
    /// The same layout as the front of the old single-slot save.
    const VERSION: u8 = 0;
}

/// The longest owner name a slot's metadata holds.
pub const OWNER_BYTES: usize = 24;

/// Metadata of each agb slot: whose section it is, in which version. The
/// owner is of a fixed size (encoded as the string it always was), so agb's
/// slot list never allocates as sections are first written.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct SectionTag {
    pub owner: heapless::String<OWNER_BYTES>,
    pub version: u8,
}

impl SectionTag {
    /// `owner`'s tag; none for a name longer than [`OWNER_BYTES`].
    pub fn new(owner: &str, version: u8) -> Option<Self> {
        Some(Self {
            owner: heapless::String::try_from(owner).ok()?,
            version,
        })
    }
}

/// Why a section's bytes were not read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SectionError {
    /// Written by a newer ROM, in a layout this one does not know.
    Newer { version: u8 },
    /// An older layout that the type's `migrate` could not read.
    NotMigrated { version: u8 },
    /// Today's layout, but the bytes do not decode to it.
    Malformed,
    /// A whole value, followed by bytes that belong to nothing.
    TrailingBytes,
}

/// A section's value from its bytes, written at `version`.
pub fn decode<T: Saved>(version: u8, bytes: &[u8]) -> Result<T, SectionError> {
    match version.cmp(&T::VERSION) {
        core::cmp::Ordering::Equal => match postcard::take_from_bytes(bytes) {
            Ok((value, [])) => Ok(value),
            Ok(_) => Err(SectionError::TrailingBytes),
            Err(_) => Err(SectionError::Malformed),
        },
        core::cmp::Ordering::Less => {
            T::migrate(version, bytes).ok_or(SectionError::NotMigrated { version })
        }
        core::cmp::Ordering::Greater => Err(SectionError::Newer { version }),
    }
}

/// A short fingerprint of a section's bytes, logged so the tests can tell
/// whether a section came back exactly as it was written.
pub fn fingerprint(bytes: &[u8]) -> u32 {
    shared::fnv::hash(bytes.iter().map(|&byte| u32::from(byte)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// A slot's metadata reads and writes as it did when its owner was a
    /// `String`; a name too long for it is refused, not cut.
    #[test]
    fn a_slot_tag_is_encoded_as_before() {
        #[derive(Serialize, Deserialize)]
        struct Before {
            owner: alloc::string::String,
            version: u8,
        }
        for owner in ["desk", "polarium.game", "a name of twenty-four ch"] {
            let tag = SectionTag::new(owner, 3).unwrap();
            let before = Before {
                owner: owner.into(),
                version: 3,
            };
            let bytes = postcard::to_allocvec(&before).unwrap();
            assert_eq!(postcard::to_allocvec(&tag).unwrap(), bytes);
            assert_eq!(postcard::from_bytes::<SectionTag>(&bytes).unwrap(), tag);
        }
        assert_eq!(SectionTag::new("a name of twenty-five cha", 3), None);
    }

    /// Shaped like a puzzle app's section.
    #[derive(Serialize, Deserialize, Default, PartialEq, Debug)]
    struct PuzzleSave {
        best_seconds: Vec<u16>,
        solved: Vec<u8>,
    }

    impl Saved for PuzzleSave {
        const VERSION: u8 = 3;

        fn migrate(version: u8, bytes: &[u8]) -> Option<Self> {
            (version == 2).then(|| PuzzleSave {
                solved: bytes.to_vec(),
                ..Default::default()
            })
        }
    }

    #[test]
    fn sections_decode_migrate_or_refuse_by_version() {
        let value = PuzzleSave {
            best_seconds: alloc::vec![3600, 12],
            solved: alloc::vec![0xA5],
        };
        let bytes = postcard::to_allocvec(&value).unwrap();
        assert_eq!(decode::<PuzzleSave>(3, &bytes), Ok(value));
        assert_eq!(
            decode::<PuzzleSave>(2, &[7]).map(|v| v.solved),
            Ok(alloc::vec![7])
        );
        assert_eq!(
            decode::<PuzzleSave>(1, &bytes),
            Err(SectionError::NotMigrated { version: 1 })
        );
        assert_eq!(
            decode::<PuzzleSave>(4, &bytes),
            Err(SectionError::Newer { version: 4 })
        );
        assert_eq!(
            decode::<PuzzleSave>(3, &bytes[..bytes.len() - 1]),
            Err(SectionError::Malformed)
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            decode::<PuzzleSave>(3, &longer),
            Err(SectionError::TrailingBytes)
        );
    }

    #[test]
    fn fingerprints_tell_sections_apart() {
        assert_ne!(fingerprint(&[1, 0]), fingerprint(&[0, 1]));
        assert_eq!(fingerprint(&[]), shared::fnv::hash([]));
    }
}
