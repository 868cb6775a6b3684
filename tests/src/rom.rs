//! Loading a ROM: a ready `.gba` image, or an ELF that cargo built (turned into
//! a GBA image with agb's own `agb-gbafix`, exactly as `agb-gbafix` the CLI does).
use std::path::Path;

use anyhow::{Context, Result};

pub fn load(path: &Path) -> Result<Vec<u8>> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read ROM {}", path.display()))?;
    if !bytes.starts_with(b"\x7fELF") {
        check_header(&bytes).with_context(|| format!("{}", path.display()))?;
        return Ok(bytes);
    }
    let mut gba = Vec::new();
    agb_gbafix::write_gba_file(
        &bytes,
        Default::default(),
        agb_gbafix::PaddingBehaviour::DoNotPad,
        false,
        &mut gba,
    )
    .with_context(|| format!("cannot convert ELF {} to a GBA image", path.display()))?;
    Ok(gba)
}

/// A real GBA's BIOS refuses a cartridge whose header complement (byte 0xBD) is
/// wrong, so a `.gba` that fails this would not boot on hardware.
pub fn check_header(gba: &[u8]) -> Result<()> {
    let header = gba.get(0xA0..0xBE).context("too short to be a GBA ROM")?;
    let sum = header[..0x1D]
        .iter()
        .fold(0u8, |acc, &b| acc.wrapping_add(b));
    let complement = 0u8.wrapping_sub(sum).wrapping_sub(0x19);
    anyhow::ensure!(
        header[0x1D] == complement,
        "header complement byte 0xBD is {:#04x}, should be {complement:#04x}",
        header[0x1D]
    );
    Ok(())
}
