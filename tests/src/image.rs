//! Screens as PNGs: writing screenshots, comparing against golden images.
//!
//! Comparison is done in the GBA's own 15-bit colour space (5 bits a channel),
//! so a golden written by any tool that expands 5-bit colour differently still
//! matches. Goldens are written as 8-bit RGB with the usual `v<<3 | v>>2` expansion.
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::core::{HEIGHT, WIDTH};

/// mGBA pixel (`0x00BBGGRR`) -> 15-bit BGR555.
fn pixel15(p: u32) -> u16 {
    let [r, g, b, _] = p.to_le_bytes();
    rgb15(r, g, b)
}

fn rgb15(r: u8, g: u8, b: u8) -> u16 {
    (r as u16 >> 3) | ((g as u16 >> 3) << 5) | ((b as u16 >> 3) << 10)
}

fn expand(v5: u16) -> u8 {
    let v = (v5 & 31) as u8;
    (v << 3) | (v >> 2)
}

pub fn write_png(path: &Path, screen: &[u32]) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let file = File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    let mut enc = png::Encoder::new(BufWriter::new(file), WIDTH as u32, HEIGHT as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut data = Vec::with_capacity(WIDTH * HEIGHT * 3);
    for &p in screen {
        let c = pixel15(p);
        data.extend([expand(c), expand(c >> 5), expand(c >> 10)]);
    }
    let mut w = enc.write_header()?;
    w.write_image_data(&data)?;
    w.finish()?;
    Ok(())
}

/// Reads a PNG as 15-bit colours plus its size.
fn read_png(path: &Path) -> Result<(u32, u32, Vec<u16>)> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut dec = png::Decoder::new(std::io::BufReader::new(file));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec
        .read_info()
        .with_context(|| format!("{} is not a PNG", path.display()))?;
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader
        .next_frame(&mut buf)
        .with_context(|| format!("cannot decode {}", path.display()))?;
    let buf = &buf[..info.buffer_size()];
    let channels = info.color_type.samples();
    let px = buf
        .chunks_exact(channels)
        .map(|c| match channels {
            1 | 2 => rgb15(c[0], c[0], c[0]),
            _ => rgb15(c[0], c[1], c[2]),
        })
        .collect();
    Ok((info.width, info.height, px))
}

/// The screen as 15-bit colours.
pub fn screen15(screen: &[u32]) -> Vec<u16> {
    screen.iter().map(|&p| pixel15(p)).collect()
}

/// A screen-sized PNG (a screenshot, or art such as the wallpaper) as 15-bit colours.
pub fn read_screen_png(path: &Path) -> Result<Vec<u16>> {
    let (w, h, px) = read_png(path)?;
    if (w as usize, h as usize) != (WIDTH, HEIGHT) {
        bail!("{} is {w}x{h}, not {WIDTH}x{HEIGHT}", path.display());
    }
    Ok(px)
}

/// Bounding box `[x0, y0, x1, y1]` (inclusive) of the pixels inside
/// `[x, y, width, height]` where two screens differ; None if none do.
pub fn diff_box(a: &[u16], b: &[u16], [x, y, w, h]: [usize; 4]) -> Option<[usize; 4]> {
    let mut found: Option<[usize; 4]> = None;
    for py in y..(y + h).min(HEIGHT) {
        for px in x..(x + w).min(WIDTH) {
            let i = py * WIDTH + px;
            if a[i] == b[i] {
                continue;
            }
            let [x0, y0, x1, y1] = found.get_or_insert([px, py, px, py]);
            *x0 = (*x0).min(px);
            *y0 = (*y0).min(py);
            *x1 = (*x1).max(px);
            *y1 = (*y1).max(py);
        }
    }
    found
}

/// Whether any pixel of `screen` is the colour `r`, `g`, `b` (at 5 bits a
/// channel, as the GBA shows it).
pub fn shows_colour(screen: &[u32], r: u8, g: u8, b: u8) -> bool {
    let wanted = rgb15(r, g, b);
    screen.iter().any(|&p| pixel15(p) == wanted)
}

/// The pixels of `screen` inside `[x, y, width, height]` (clipped to the
/// screen), row by row, at 5 bits a channel.
pub fn crop(screen: &[u32], [x, y, w, h]: [usize; 4]) -> Vec<u16> {
    (y..(y + h).min(HEIGHT))
        .flat_map(|py| (x..(x + w).min(WIDTH)).map(move |px| pixel15(screen[py * WIDTH + px])))
        .collect()
}

pub fn is_single_colour(screen: &[u32]) -> bool {
    let first = pixel15(screen[0]);
    screen.iter().all(|&p| pixel15(p) == first)
}

/// How a golden comparison went.
pub enum Golden {
    Match,
    /// Written because goldens are being updated (`unrequested: false`) or
    /// because it was missing (`unrequested: true`, which fails the check).
    Written {
        unrequested: bool,
    },
    Mismatch {
        differing: usize,
        actual: PathBuf,
    },
}

pub fn update_requested(flag: bool) -> bool {
    flag || std::env::var("UPDATE_GOLDENS").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Compares `screen` with the golden PNG at `path`. Writes it when missing or
/// when `update`; on a mismatch writes `<name>.actual.png` beside it.
/// Compare the screen with a golden PNG; with `region` ([x, y, width, height])
/// only pixels inside it count.
pub fn check_golden(
    path: &Path,
    screen: &[u32],
    update: bool,
    region: Option<[usize; 4]>,
) -> Result<Golden> {
    if update || !path.exists() {
        write_png(path, screen)?;
        let _ = std::fs::remove_file(actual_path(path));
        return Ok(Golden::Written {
            unrequested: !update,
        });
    }
    let (w, h, expected) = read_png(path)?;
    let actual = actual_path(path);
    let differing = if (w as usize, h as usize) != (WIDTH, HEIGHT) {
        WIDTH * HEIGHT
    } else {
        let inside = |i: usize| {
            region.is_none_or(|[x, y, w, h]| {
                let (px, py) = (i % WIDTH, i / WIDTH);
                (x..x + w).contains(&px) && (y..y + h).contains(&py)
            })
        };
        expected
            .iter()
            .zip(screen)
            .enumerate()
            .filter(|(i, (e, a))| inside(*i) && **e != pixel15(**a))
            .count()
    };
    if differing == 0 {
        // A stale .actual.png from an earlier failure would only confuse.
        let _ = std::fs::remove_file(&actual);
        return Ok(Golden::Match);
    }
    write_png(&actual, screen)?;
    Ok(Golden::Mismatch { differing, actual })
}

/// Turns a comparison into pass/fail with a readable reason.
pub fn golden_verdict(path: &Path, result: Golden) -> Result<()> {
    match result {
        Golden::Match | Golden::Written { unrequested: false } => Ok(()),
        Golden::Written { unrequested: true } => bail!(
            "golden {} did not exist; wrote the current screen there. Check it and commit it \
             (or run with --update-goldens / UPDATE_GOLDENS=1 to accept new goldens)",
            path.display()
        ),
        Golden::Mismatch { differing, actual } => bail!(
            "screen differs from golden {} in {differing} of {} pixels; actual screen written to {}",
            path.display(),
            WIDTH * HEIGHT,
            actual.display()
        ),
    }
}

pub fn actual_path(golden: &Path) -> PathBuf {
    let stem = golden
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    golden.with_file_name(format!("{stem}.actual.png"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_box_bounds_the_differences_inside_the_region() {
        let a = vec![0u16; WIDTH * HEIGHT];
        let mut b = a.clone();
        for (x, y) in [(10, 20), (14, 22), (12, 25), (100, 100)] {
            b[y * WIDTH + x] = 1;
        }
        assert_eq!(diff_box(&a, &b, [0, 0, 50, 50]), Some([10, 20, 14, 25]));
        assert_eq!(diff_box(&a, &b, [11, 0, 50, 50]), Some([12, 22, 14, 25]));
        assert_eq!(diff_box(&a, &b, [200, 0, 100, 50]), None);
        assert_eq!(diff_box(&a, &a, [0, 0, WIDTH, HEIGHT]), None);
    }
}
