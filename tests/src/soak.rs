//! `harness soak`: seeded random input; fails on any panic or Fatal log,
//! or if the save chip it leaves does not load cleanly after a reboot.
use anyhow::{Result, anyhow};

use crate::faults::run_to_desktop;
use crate::keys::{self, ALL};
use crate::machine::Machine;
use crate::rng::Rng;

/// Combos a person mashing the pad might hit, held together on purpose.
const ODD_COMBOS: &[&str] = &[
    "A+B+START+SELECT",
    "START+SELECT",
    "A+B",
    "L+R",
    "L+R+A+B",
    "UP+DOWN",
    "LEFT+RIGHT",
    "UP+DOWN+LEFT+RIGHT",
    "START+A",
    "SELECT+B",
];

/// Runs `frames` frames of random input from `seed`; returns the frames run.
pub fn run(rom: Vec<u8>, seed: u64, frames: u64, verbose: bool) -> Result<u64> {
    let mut m = Machine::new(rom, &[], verbose)?;
    let mut rng = Rng::new(seed);
    let mut done = 0u64;
    while done < frames {
        let keys = pick_keys(&mut rng);
        // Mostly short taps and holds, now and then a long one.
        let hold = if rng.below(10) == 0 {
            20 + rng.below(100)
        } else {
            1 + rng.below(12)
        };
        for _ in 0..hold.min(frames - done) {
            m.frame(keys).map_err(|e| {
                anyhow!(
                    "soak seed {seed}: frame {done} with {} held: {e:#}",
                    keys::format(keys)
                )
            })?;
            done += 1;
        }
    }
    let stack = m
        .check_stack()
        .map_err(|e| anyhow!("soak seed {seed}: {e:#}"))?;
    if let (true, Some(stack)) = (verbose, stack) {
        println!("stack: peak {} of {} bytes", stack.peak, stack.room);
    }
    if verbose {
        println!("soak seed {seed}: {}", opened(&m.events));
    }
    let saved = m.events.iter().any(|e| e.starts_with("save.end ok=true"));
    reboot_loads_cleanly(&mut m, saved).map_err(|e| anyhow!("soak seed {seed}: {e:#}"))?;
    Ok(done)
}

/// How many times each app was opened, from the `app.open` events.
fn opened(events: &[String]) -> String {
    let mut counts: Vec<(&str, u32)> = Vec::new();
    for name in events
        .iter()
        .filter_map(|e| e.strip_prefix("app.open name=")?.split(' ').next())
    {
        match counts.iter_mut().find(|(known, _)| *known == name) {
            Some((_, count)) => *count += 1,
            None => counts.push((name, 1)),
        }
    }
    let listed: Vec<String> = counts
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    format!("apps opened: {}", listed.join(", "))
}

/// After the soak the save chip must load as it was left: every section
/// from its slot (or new), nothing reported damaged. A soak that never
/// saved leaves a blank chip, which loads as a new save.
fn reboot_loads_cleanly(m: &mut Machine, saved: bool) -> Result<()> {
    m.reboot()?;
    let boot = run_to_desktop(m).map_err(|e| anyhow!("after a reboot: {e:#}"))?;
    let expected = if saved { "None" } else { "Some(NewSave)" };
    if boot.notice != expected {
        return Err(anyhow!(
            "after a reboot the notice was {} (expected {expected})",
            boot.notice
        ));
    }
    if let Some((owner, (from, _))) = boot
        .sections
        .iter()
        .find(|(_, (from, _))| from != "Slot" && from != "New")
    {
        return Err(anyhow!("after a reboot {owner}'s section came from={from}"));
    }
    Ok(())
}

fn pick_keys(rng: &mut Rng) -> u16 {
    match rng.below(100) {
        0..15 => 0,
        15..30 => keys::parse(ODD_COMBOS[rng.below(ODD_COMBOS.len() as u64) as usize])
            .expect("valid combo"),
        30..33 => ALL,
        33..70 => 1 << rng.below(10),
        _ => (rng.next() as u16) & ALL,
    }
}
