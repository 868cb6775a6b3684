//! Loading a ROM: a ready `.gba` image, or an ELF that cargo built (turned into
//! a GBA image with agb's own `agb-gbafix`, exactly as `agb-gbafix` the CLI does).
use std::path::Path;

use anyhow::{Context, Result};

pub fn load(path: &Path) -> Result<Vec<u8>> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read ROM {}", path.display()))?;
    if !bytes.starts_with(b"\x7fELF") {
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
