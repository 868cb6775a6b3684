//! Save chips that went wrong: a power cut at every point of a save
//! (`cut-every`) and random bit flips (`flip-bits`). Each damaged chip is
//! booted in an emulator of its own, on worker threads, and what the boot
//! loaded is compared with what the chip held before the damage.
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Result, anyhow, bail};

use crate::log;
use crate::machine::Machine;
use crate::rng::Rng;

/// agb's save blocks, in bytes.
const BLOCK: usize = 128;
/// Frames a boot may take to load the save and show the desktop.
const LOAD_FRAMES: u32 = 600;

/// What one boot loaded: the one-line notice, and each section's origin and
/// fingerprint (from the ROM's `save.loaded` and `save.section` events).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boot {
    /// `None`, or the notice shown, e.g. `Some(Damaged)`.
    pub notice: String,
    /// Owner -> (from, hash), e.g. `sweeper` -> (`Slot`, `1a2b3c4d`).
    pub sections: BTreeMap<String, (String, String)>,
}

impl Boot {
    /// Reads a boot's events; fails unless the save loaded once and the
    /// desktop came up.
    pub fn from_events(events: &[String]) -> Result<Boot> {
        let loaded: Vec<&String> = events
            .iter()
            .filter(|e| e.starts_with("save.loaded "))
            .collect();
        let [loaded] = loaded[..] else {
            bail!("the save loaded {} times, not once", loaded.len());
        };
        if !events.iter().any(|e| e.starts_with("desktop.ready")) {
            bail!("the desktop never came up (`{loaded}`)");
        }
        // The notice as settled once every section loaded, if the ROM said.
        let settled = events.iter().rev().find(|e| e.starts_with("save.notice "));
        let notice = log::field(settled.unwrap_or(loaded), "notice")
            .unwrap_or_default()
            .to_string();
        let sections = events
            .iter()
            .filter(|e| e.starts_with("save.section "))
            .map(|e| {
                let field = |name| log::field(e, name).unwrap_or_default().to_string();
                (field("owner"), (field("from"), field("hash")))
            })
            .collect();
        Ok(Boot { notice, sections })
    }

    fn hash(&self, owner: &str) -> Option<&str> {
        self.sections.get(owner).map(|(_, hash)| hash.as_str())
    }
}

/// Boots `rom` with `sram` as its save chip and reads what it loaded. Only
/// on a thread with no other emulator (the logger is one per thread).
fn boot(rom: &[u8], sram: &[u8]) -> Result<Boot> {
    let mut m = Machine::new(rom.to_vec(), sram, false)?;
    run_to_desktop(&mut m)
}

/// Boots `sram`, then powers off and boots the chip that boot left: damage
/// is reported once, so the second boot must show no notice and load every
/// section as the first did. Returns the first boot.
fn boot_twice(rom: &[u8], sram: &[u8]) -> Result<Boot> {
    let mut m = Machine::new(rom.to_vec(), sram, false)?;
    let first = run_to_desktop(&mut m)?;
    m.reboot()?;
    let second = run_to_desktop(&mut m).map_err(|e| anyhow!("on the boot after: {e:#}"))?;
    if second.notice != "None" {
        bail!(
            "the boot after said {} again (first {})",
            second.notice,
            first.notice
        );
    }
    for (owner, (from, hash)) in &first.sections {
        if second.hash(owner) != Some(hash) {
            bail!(
                "on the boot after, {owner} loaded {:?}, not as the first boot (from={from} hash={hash})",
                second.sections.get(owner)
            );
        }
    }
    Ok(first)
}

/// Runs a machine just powered on until the desktop is up (at most
/// [`LOAD_FRAMES`] frames) and reads what its boot loaded.
pub fn run_to_desktop(m: &mut Machine) -> Result<Boot> {
    let from = m.events.len();
    for _ in 0..LOAD_FRAMES {
        m.frame(0)?;
        if m.events[from..]
            .iter()
            .any(|e| e.starts_with("desktop.ready"))
        {
            break;
        }
    }
    Boot::from_events(&m.events[from..])
}

/// Boots every image with `boot` (once, or [`boot_twice`]), two at a time,
/// each on a worker thread with an emulator of its own (so the caller's may
/// stay alive); results in order.
fn boot_all(
    rom: &[u8],
    images: &[Vec<u8>],
    boot: fn(&[u8], &[u8]) -> Result<Boot>,
) -> Vec<Result<Boot>> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(image) = images.get(i) else { break };
                    let result = boot(rom, image);
                    results.lock().expect("no worker panics").insert(i, result);
                }
            });
        }
    });
    let results = results.into_inner().expect("no worker panics");
    results.into_values().collect()
}

/// Boots every chip once (`cut-random-check`), two at a time.
pub fn boot_chips(rom: &[u8], chips: &[Vec<u8>]) -> Vec<Result<Boot>> {
    boot_all(rom, chips, boot)
}

/// `cut-every`: `images` are the chip before `owner`'s save, after each
/// byte it changed, and after the save. Every one must boot and load each
/// section as before the save, except `owner`'s, which may also be as after
/// it: a cut loses at most the change being written. Returns a report line.
pub fn check_cuts(rom: &[u8], owner: &str, images: &[Vec<u8>]) -> Result<String> {
    let boots = boot_all(rom, images, boot);
    let last = images.len() - 1;
    let at = |k: usize| -> Result<&Boot> {
        boots[k]
            .as_ref()
            .map_err(|e| anyhow!("cut after {k} of {last} bytes of {owner}'s save: {e:#}"))
    };
    let (before, after) = (at(0)?, at(last)?);
    for (other, loaded) in &before.sections {
        if other != owner && after.sections.get(other) != Some(loaded) {
            bail!("{owner}'s save also changed {other}'s section");
        }
    }
    let (mut old, mut new) = (0, 0);
    for k in 0..=last {
        let boot = at(k)?;
        if boot.notice != "None" {
            bail!(
                "cut after {k} of {last} bytes of {owner}'s save: notice {}",
                boot.notice
            );
        }
        for (name, (from, hash)) in &boot.sections {
            let was = before.hash(name) == Some(hash);
            let is = name == owner && after.hash(name) == Some(hash);
            if !(was || is) {
                bail!(
                    "cut after {k} of {last} bytes of {owner}'s save: {name} loaded from={from} \
                     hash={hash}, neither before ({:?}) nor after ({:?}) the save",
                    before.hash(name),
                    after.hash(name)
                );
            }
            if name == owner {
                if was { old += 1 } else { new += 1 }
            }
        }
    }
    Ok(format!(
        "cut-every: {owner}'s save changed {last} bytes; all {} cut points boot, {old} with the \
         section before the save and {new} with it after",
        last + 1
    ))
}

/// How one flipped image loaded, against the undamaged chip's boot.
fn verdict(good: &Boot, boot: &Boot) -> Result<&'static str> {
    let mut verdict = match boot.notice.as_str() {
        "None" => "all kept",
        "Some(HeaderRepaired)" => "header repaired, all kept",
        "Some(Cleared)" => "damaged unused slots cleared, all kept",
        _ => "nothing lost, damage reported",
    };
    for (owner, loaded) in &good.sections {
        match boot.sections.get(owner) {
            Some(found) if found == loaded => {}
            Some((from, _)) if from == "Slot" => verdict = "an earlier copy (ghost slot) used",
            lost if boot.notice == "None" => {
                bail!("{owner}'s section was lost ({lost:?}) and the boot said nothing")
            }
            _ => verdict = "some lost, with a notice",
        }
    }
    Ok(verdict)
}

/// `flip-bits`: `count` copies of `sram`, each with 1 to 4 random bits
/// flipped in the part in use, each booted twice. Every one must boot; a
/// section either loads as it was, or as the ghost slot's earlier copy, or
/// is lost with a one-line notice; the boot after says nothing and loads
/// the same. Returns a report line.
pub fn check_flips(rom: &[u8], sram: &[u8], seed: u64, count: u32) -> Result<String> {
    // The blocks in use (agb's are 128 bytes); a never-written one reads 0xFF.
    let used: Vec<usize> = sram
        .chunks(BLOCK)
        .enumerate()
        .filter(|(_, block)| block.iter().any(|&b| b != 0xFF))
        .flat_map(|(i, _)| i * BLOCK..(i + 1) * BLOCK)
        .collect();
    if used.is_empty() {
        bail!("flip-bits: the save chip is blank");
    }
    let mut rng = Rng::new(seed);
    let images: Vec<Vec<u8>> = std::iter::once(sram.to_vec())
        .chain((0..count).map(|_| {
            let mut image = sram.to_vec();
            for _ in 0..1 + rng.below(4) {
                image[used[rng.below(used.len() as u64) as usize]] ^= 1 << rng.below(8);
            }
            image
        }))
        .collect();
    let mut boots = boot_all(rom, &images, boot_twice).into_iter();
    let good = boots.next().expect("the undamaged chip was booted")?;
    let mut tally: BTreeMap<&str, u32> = BTreeMap::new();
    for (i, boot) in boots.enumerate() {
        let outcome = boot
            .and_then(|boot| verdict(&good, &boot))
            .map_err(|e| anyhow!("flip-bits image {i} (seed {seed}): {e:#}"))?;
        *tally.entry(outcome).or_default() += 1;
    }
    let counts: Vec<String> = tally
        .iter()
        .map(|(what, n)| format!("{n} {what}"))
        .collect();
    Ok(format!(
        "flip-bits: {count} images with 1-4 bits flipped in the {} blocks in use all boot: {}",
        used.len() / BLOCK,
        counts.join(", ")
    ))
}

/// `damage-section`: flips one bit of the first data block of `owner`'s
/// section, found through agb's slot headers (the valid one naming `owner`
/// with the highest generation), so that slot fails its checksums.
pub fn damage_section(sram: &mut [u8], owner: &str) -> Result<()> {
    /// Slot header blocks follow the global header; a valid one has block
    /// type 2 and state 1, its first data block at bytes 10-11, its
    /// generation at 16-19 and its metadata (a postcard `SectionTag`:
    /// the owner's length, the owner, the version) from byte 36.
    const HEADERS: std::ops::RangeInclusive<usize> = 1..=17;
    let word = |block: &[u8], at: usize| u16::from_le_bytes([block[at], block[at + 1]]);
    let found = HEADERS
        .filter_map(|index| sram.get(index * BLOCK..(index + 1) * BLOCK))
        .filter(|block| word(block, 2) == 2 && block[8] == 1)
        .filter(|block| {
            let name = owner.as_bytes();
            usize::from(block[36]) == name.len() && block.get(37..37 + name.len()) == Some(name)
        })
        .max_by_key(|block| u32::from_le_bytes([block[16], block[17], block[18], block[19]]))
        .map(|block| usize::from(word(block, 10)));
    let Some(first) = found.filter(|&first| first != 0) else {
        bail!("damage-section: no slot header on the chip holds {owner}'s section");
    };
    let byte = first * BLOCK + 8;
    let Some(target) = sram.get_mut(byte) else {
        bail!("damage-section: {owner}'s data block {first} is off the chip");
    };
    *target ^= 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_boot_is_read_from_its_events() {
        let boot = Boot::from_events(&events(&[
            "save.loaded notice=None music=true sfx=true play=0",
            "save.section owner=desk slot=Some(0) version=0 from=Slot hash=0000abcd",
            "save.section owner=sweeper slot=Some(1) version=1 from=New hash=12345678",
            "desktop.ready apps=4",
        ]))
        .unwrap();
        assert_eq!(boot.notice, "None");
        assert_eq!(boot.hash("sweeper"), Some("12345678"));
        assert!(Boot::from_events(&events(&["save.loaded notice=None"])).is_err());
        assert!(Boot::from_events(&events(&["desktop.ready apps=4"])).is_err());
    }

    #[test]
    fn damage_section_flips_the_owners_newest_data() {
        let mut chip = vec![0xFF; 32 * 1024];
        let header = |chip: &mut [u8], index: usize, owner: &str, generation: u8, data: u8| {
            let block = &mut chip[index * BLOCK..(index + 1) * BLOCK];
            block.fill(0);
            block[2] = 2;
            block[8] = 1;
            block[10] = data;
            block[16] = generation;
            block[36] = owner.len() as u8;
            block[37..37 + owner.len()].copy_from_slice(owner.as_bytes());
        };
        header(&mut chip, 1, "desk", 1, 200);
        header(&mut chip, 2, "sweeper", 1, 201);
        header(&mut chip, 3, "sweeper", 2, 202);
        let before = chip.clone();
        damage_section(&mut chip, "sweeper").unwrap();
        let changed: Vec<usize> = (0..chip.len()).filter(|&i| chip[i] != before[i]).collect();
        assert_eq!(changed, [202 * BLOCK + 8]);
        assert!(damage_section(&mut chip, "polarium").is_err());
    }

    #[test]
    fn a_lost_section_needs_a_notice() {
        let good = Boot::from_events(&events(&[
            "save.loaded notice=None",
            "save.section owner=sweeper from=Slot hash=1",
            "desktop.ready",
        ]))
        .unwrap();
        let with = |notice: &str, section: &str| {
            let loaded = format!("save.loaded notice={notice}");
            Boot::from_events(&events(&[&loaded, section, "desktop.ready"])).unwrap()
        };
        let slot = "save.section owner=sweeper from=Slot hash=1";
        let ghost = "save.section owner=sweeper from=Slot hash=2";
        let lost = "save.section owner=sweeper from=Unreadable hash=3";
        assert_eq!(verdict(&good, &with("None", slot)).unwrap(), "all kept");
        assert_eq!(
            verdict(&good, &with("None", ghost)).unwrap(),
            "an earlier copy (ghost slot) used"
        );
        assert!(verdict(&good, &with("None", lost)).is_err());
        assert_eq!(
            verdict(&good, &with("Some(Damaged)", lost)).unwrap(),
            "some lost, with a notice"
        );
    }
}
