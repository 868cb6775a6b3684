//! The art check: every PNG in gfx/ is an indexed image whose colours all
//! come from the shared palette (gfx/palette.png), with index 0 the only
//! see-through one. A colour from outside it, or a file saved as true
//! colour, fails here rather than somewhere on the GBA.
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// An indexed PNG: its palette (RGB, alpha) and the indices its pixels use.
struct Indexed {
    palette: Vec<([u8; 3], u8)>,
    used: Vec<bool>,
}

fn read(path: &Path) -> Result<Indexed> {
    let file = std::fs::File::open(path).with_context(|| format!("{}", path.display()))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    // Indices as stored, not expanded to colours.
    decoder.set_transformations(png::Transformations::IDENTITY);
    let mut reader = decoder.read_info()?;
    let info = reader.info();
    if info.color_type != png::ColorType::Indexed {
        bail!(
            "{} is {:?}, not an indexed PNG",
            path.display(),
            info.color_type
        );
    }
    let depth = info.bit_depth as usize;
    let rgb = info.palette.as_deref().unwrap_or_default().to_vec();
    let alpha = info.trns.as_deref().unwrap_or_default().to_vec();
    let palette = rgb
        .chunks(3)
        .enumerate()
        .map(|(i, c)| ([c[0], c[1], c[2]], alpha.get(i).copied().unwrap_or(255)))
        .collect::<Vec<_>>();
    let mut data = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let frame = reader.next_frame(&mut data)?;
    let mut used = vec![false; palette.len().max(1 << depth)];
    for row in data[..frame.buffer_size()].chunks(frame.line_size) {
        for x in 0..frame.width as usize {
            let bit = x * depth;
            let index = (row[bit / 8] >> (8 - depth - bit % 8)) & ((1 << depth) - 1) as u8;
            used[usize::from(index)] = true;
        }
    }
    Ok(Indexed { palette, used })
}

fn pngs(dir: &Path, found: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            pngs(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "png") {
            found.push(path);
        }
    }
    Ok(())
}

/// What is wrong with `image` against the shared `palette`, if anything.
fn check(image: &Indexed, palette: &Indexed) -> Option<String> {
    for (index, &used) in image.used.iter().enumerate() {
        let Some(&(rgb, alpha)) = image.palette.get(index) else {
            if used {
                return Some(format!("index {index} is past its palette"));
            }
            continue;
        };
        if !used {
            continue;
        }
        let known = match alpha {
            0 => index == 0,
            255 => palette.palette[1..].iter().any(|&(c, _)| c == rgb),
            _ => false,
        };
        if !known {
            return Some(format!(
                "index {index} is #{:02x}{:02x}{:02x} (alpha {alpha}), not in gfx/palette.png \
                 (see-through is index 0 only)",
                rgb[0], rgb[1], rgb[2]
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_is_indexed_and_uses_only_the_shared_palette() {
        let gfx = crate::paths::in_repo("gfx");
        let palette = read(&gfx.join("palette.png")).unwrap();
        assert_eq!(palette.palette.len(), 16, "gfx/palette.png has 16 colours");
        assert_eq!(palette.palette[0].1, 0, "index 0 is see-through");
        let mut files = Vec::new();
        pngs(&gfx, &mut files).unwrap();
        assert!(files.len() > 10, "the art is in gfx/");
        let problems: Vec<String> = files
            .iter()
            .filter_map(|file| match read(file) {
                Ok(image) => check(&image, &palette).map(|p| format!("{}: {p}", file.display())),
                Err(e) => Some(format!("{e:#}")),
            })
            .collect();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// The desktop puts the wallpaper's tile at column 0, row 2 behind its
    /// text (`PLAIN_WALLPAPER_TILE` in src/framework/desktop.rs): it must
    /// stay one colour, with no dot or sparkle of the pattern.
    #[test]
    fn the_wallpapers_plain_tile_is_one_colour() {
        let path = crate::paths::in_repo("gfx").join("desktop.png");
        let file = std::fs::File::open(&path).unwrap();
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let mut reader = decoder.read_info().unwrap();
        let depth = reader.info().bit_depth as usize;
        let mut data = vec![0; reader.output_buffer_size().unwrap_or(0)];
        let frame = reader.next_frame(&mut data).unwrap();
        let index = |x: usize, y: usize| {
            let bit = x * depth;
            let byte = data[y * frame.line_size + bit / 8];
            (byte >> (8 - depth - bit % 8)) & ((1 << depth) - 1) as u8
        };
        let (left, top) = (0, 2 * 8);
        let first = index(left, top);
        for y in top..top + 8 {
            for x in left..left + 8 {
                assert_eq!(index(x, y), first, "pixel ({x}, {y}) of the plain tile");
            }
        }
    }

    #[test]
    fn a_colour_outside_the_palette_is_caught() {
        let palette = Indexed {
            palette: vec![([0; 3], 0), ([40, 24, 56], 255)],
            used: vec![true, true],
        };
        let stray = Indexed {
            palette: vec![([0; 3], 0), ([40, 24, 57], 255)],
            used: vec![false, true],
        };
        assert!(check(&stray, &palette).unwrap().contains("#281839"));
        let unused_stray = Indexed {
            used: vec![true, false],
            ..stray
        };
        assert_eq!(check(&unused_stray, &palette), None);
        let half_clear = Indexed {
            palette: vec![([0; 3], 0), ([40, 24, 56], 128)],
            used: vec![false, true],
        };
        assert!(check(&half_clear, &palette).is_some());
    }
}
