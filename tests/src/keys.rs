//! GBA buttons as the bitmask mGBA's `setKeys` takes (bit n = KEYINPUT bit n, 1 = held).
use anyhow::{Result, bail};

pub const NAMES: [&str; 10] = [
    "A", "B", "SELECT", "START", "RIGHT", "LEFT", "UP", "DOWN", "R", "L",
];
pub const ALL: u16 = 0x3ff;

/// Parses `A`, `START`, `A+B+START+SELECT`, ... (case-insensitive).
pub fn parse(text: &str) -> Result<u16> {
    let mut keys = 0;
    for part in text.split('+') {
        let Some(bit) = NAMES.iter().position(|n| n.eq_ignore_ascii_case(part)) else {
            bail!("unknown key `{part}` (keys: {})", NAMES.join(" "));
        };
        keys |= 1 << bit;
    }
    Ok(keys)
}

pub fn format(keys: u16) -> String {
    let names: Vec<_> = (0..10)
        .filter(|b| keys & (1 << b) != 0)
        .map(|b| NAMES[b])
        .collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join("+")
    }
}
