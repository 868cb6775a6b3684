//! `harness soak`: seeded random input; fails on any panic or Fatal log.
use anyhow::{Result, anyhow};

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
    Ok(done)
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
