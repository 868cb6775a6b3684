//! The `.play` script format: one command per line, `#` starts a comment.
//! The parser is strict: unknown commands, bad keys and bad numbers are errors
//! that name the line.
use anyhow::{Context, Result, anyhow, bail};

use crate::keys;

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Run N frames with only the `down` keys held.
    Wait(u32),
    /// Hold keys 2 frames, release 2 frames.
    Press(u16),
    /// Hold keys N frames, release 1 frame.
    Hold(u16, u32),
    Down(u16),
    Up(u16),
    Screenshot(String),
    Golden(String),
    /// Golden compared only inside x, y, width, height (e.g. a window, leaving
    /// out the play-time clock).
    GoldenRegion(String, [usize; 4]),
    NotBlank,
    /// Run this many frames with the keys held; fail if the region
    /// (x, y, width, height) shows a picture for one frame only, unlike the
    /// frames either side of it: a piece drawn while the display showed it.
    ExpectSteady([usize; 4], u32),
    /// Run this many frames, none of which may show this colour (RRGGBB,
    /// compared at the GBA's 5 bits a channel) anywhere.
    ExpectNoColour(u32, u32),
    /// The ROM's game code (4 characters) and maker code (2).
    ExpectHeader(String, String),
    /// Event text prefixes (one, or more logged in any order), frame limit.
    WaitEvent(Vec<String>, u32),
    /// Event text prefix, and whether only events after the one the last
    /// `wait-event` matched count.
    ExpectNoEvent(String, bool),
    SramSave(String),
    SramLoad(String),
    Reboot,
    SramCut(String),
    /// At the next save of this owner's section, boot the chip as cut after
    /// every byte the save changes.
    CutEvery(String),
    /// `cut-random CHANCE SEED`: keep the chip at random frames from here.
    CutRandom(u32, u64),
    /// `cut-random-check COUNT`: boot COUNT of the chips kept.
    CutRandomCheck(u32),
    /// Boot this many copies of the chip with random bits flipped: count, seed.
    FlipBits(u32, u64),
    /// Output path, seed, number of bytes to damage.
    Corrupt(String, u64, u32),
    /// Keep this many bytes of the chip; the rest reads as never written.
    SramTruncate(usize),
    /// Flip a bit in this owner's save section on the chip.
    DamageSection(String),
    Log(String),
    /// Name a box: the bounding box ([x0, y0, x1, y1], inclusive) of the
    /// pixels inside x, y, width, height where two images differ. Each image
    /// is a screenshot path or `screen`.
    DiffBox(String, String, String, [usize; 4]),
    /// A screenshot taken earlier (a path in the output folder, or `repo:`):
    /// the screen must be exactly it, inside the region (x, y, width,
    /// height).
    SameAs(String, [usize; 4]),
    /// Two named boxes have centres at most this many pixels apart in x and in y.
    ExpectConcentric(String, String, f64),
    /// Output path, event text prefix, frame limit: the cycles spent at
    /// each instruction address until the event.
    Profile(String, String, u32),
    /// Start keeping the audio (left channel).
    RecordAudio,
    /// The recording's strongest frequency in `lo..hi` Hz is within
    /// `percent` of `hz`: hz, percent, lo, hi.
    ExpectPitch(f64, f64, f64, f64),
}

#[derive(Debug, Clone)]
pub struct Line {
    pub number: usize,
    pub text: String,
    pub command: Command,
}

pub const DEFAULT_WAIT_EVENT_FRAMES: u32 = 600;

pub fn parse(source: &str) -> Result<Vec<Line>> {
    let mut lines = Vec::new();
    for (i, raw) in source.lines().enumerate() {
        let number = i + 1;
        let text = strip_comment(raw).trim();
        if text.is_empty() {
            continue;
        }
        let command = parse_command(text).with_context(|| format!("line {number}: `{text}`"))?;
        lines.push(Line {
            number,
            text: text.to_string(),
            command,
        });
    }
    Ok(lines)
}

/// `#` at the start of a line, or after whitespace, starts a comment.
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()) {
            return &line[..i];
        }
    }
    line
}

fn parse_command(text: &str) -> Result<Command> {
    let (name, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    let args: Vec<&str> = rest.split_whitespace().collect();
    let want = |n: usize| -> Result<()> {
        if args.len() != n {
            bail!(
                "`{name}` takes {n} argument{}, got {}",
                if n == 1 { "" } else { "s" },
                args.len()
            );
        }
        Ok(())
    };
    let path = |ext: Option<&str>| -> Result<String> {
        want(1)?;
        if let Some(ext) = ext.filter(|e| !args[0].ends_with(e)) {
            bail!("`{name}` needs a {ext} path, got `{}`", args[0]);
        }
        Ok(args[0].to_string())
    };
    Ok(match name {
        "wait" => {
            want(1)?;
            Command::Wait(number(args[0])?)
        }
        "press" => {
            want(1)?;
            Command::Press(keys::parse(args[0])?)
        }
        "hold" => {
            want(2)?;
            Command::Hold(keys::parse(args[0])?, number(args[1])?)
        }
        "down" => {
            want(1)?;
            Command::Down(keys::parse(args[0])?)
        }
        "up" => {
            want(1)?;
            Command::Up(keys::parse(args[0])?)
        }
        "screenshot" => Command::Screenshot(path(Some(".png"))?),
        "golden" => Command::Golden(path(Some(".png"))?),
        "golden-region" => {
            want(5)?;
            let name = args[0];
            if !name.ends_with(".png") {
                bail!("`golden-region` needs a .png path first");
            }
            let mut region = [0usize; 4];
            for (slot, arg) in region.iter_mut().zip(&args[1..]) {
                *slot = number::<usize>(arg)?;
            }
            Command::GoldenRegion(name.to_string(), region)
        }
        "diff-box" => {
            want(7)?;
            for image in &args[1..3] {
                if *image != "screen" && !image.ends_with(".png") {
                    bail!("`diff-box` images are .png paths or `screen`, got `{image}`");
                }
            }
            let mut region = [0usize; 4];
            for (slot, arg) in region.iter_mut().zip(&args[3..]) {
                *slot = number::<usize>(arg)?;
            }
            Command::DiffBox(
                args[0].to_string(),
                args[1].to_string(),
                args[2].to_string(),
                region,
            )
        }
        "same-as" => {
            if args.len() != 1 && args.len() != 5 {
                bail!("`same-as` takes a .png path, and a region (X Y W H) or none");
            }
            if !args[0].ends_with(".png") {
                bail!("`same-as` takes a .png path, got `{}`", args[0]);
            }
            let mut region = [0, 0, 240, 160];
            for (slot, arg) in region.iter_mut().zip(&args[1..]) {
                *slot = number::<usize>(arg)?;
            }
            let [x, y, w, h] = region;
            if w == 0 || h == 0 || x.saturating_add(w) > 240 || y.saturating_add(h) > 160 {
                bail!("`same-as` region {region:?} is empty or off the 240x160 screen");
            }
            Command::SameAs(args[0].to_string(), region)
        }
        "expect-concentric" => {
            want(3)?;
            let pixels = args[2]
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| anyhow!("`{}` is not a number of pixels", args[2]))?;
            Command::ExpectConcentric(args[0].to_string(), args[1].to_string(), pixels)
        }
        "not-blank" => {
            want(0)?;
            Command::NotBlank
        }
        "expect-steady" => {
            want(5)?;
            let mut region = [0usize; 4];
            for (slot, arg) in region.iter_mut().zip(&args[..4]) {
                *slot = number::<usize>(arg)?;
            }
            Command::ExpectSteady(region, number(args[4])?)
        }
        "expect-no-colour" => {
            want(2)?;
            let colour = u32::from_str_radix(args[0], 16)
                .ok()
                .filter(|_| args[0].len() == 6)
                .context("`expect-no-colour` needs a colour as RRGGBB")?;
            Command::ExpectNoColour(colour, number(args[1])?)
        }
        "expect-header" => {
            want(2)?;
            if args[0].len() != 4 || args[1].len() != 2 {
                bail!("`expect-header` takes a 4-character game code and a 2-character maker code");
            }
            Command::ExpectHeader(args[0].to_string(), args[1].to_string())
        }
        "record-audio" => {
            want(0)?;
            Command::RecordAudio
        }
        "expect-pitch" => {
            // HZ PERCENT, optionally the band LO HI to search (default 60 6000).
            if args.len() != 2 && args.len() != 4 {
                bail!(
                    "`expect-pitch` takes HZ PERCENT [LO HI], got {} arguments",
                    args.len()
                );
            }
            let value = |arg: &str| -> Result<f64> {
                arg.parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v > 0.0)
                    .ok_or_else(|| anyhow!("`{arg}` is not a positive number"))
            };
            let (lo, hi) = match args.as_slice() {
                [_, _, lo, hi] => (value(lo)?, value(hi)?),
                _ => (60.0, 6000.0),
            };
            if lo >= hi {
                bail!("`expect-pitch` band {lo}..{hi} is empty");
            }
            Command::ExpectPitch(value(args[0])?, value(args[1])?, lo, hi)
        }
        "wait-event" | "wait-events" => {
            // A trailing number is the frame limit; everything before it is
            // the text (`wait-events`: two or more, separated by `;`).
            let (text, frames) = match args.as_slice() {
                [] => bail!("`{name}` needs the event text"),
                [.., last] if args.len() > 1 && last.chars().all(|c| c.is_ascii_digit()) => {
                    (args[..args.len() - 1].join(" "), number(last)?)
                }
                _ => (args.join(" "), DEFAULT_WAIT_EVENT_FRAMES),
            };
            if name == "wait-event" {
                Command::WaitEvent(vec![text], frames)
            } else {
                let texts: Vec<String> = text
                    .split(';')
                    .map(|text| text.trim().to_string())
                    .collect();
                if texts.len() < 2 || texts.iter().any(String::is_empty) {
                    bail!("`wait-events` needs two or more event texts, separated by `;`");
                }
                Command::WaitEvent(texts, frames)
            }
        }
        "profile" => match args.as_slice() {
            [path, .., last] if args.len() > 2 && last.chars().all(|c| c.is_ascii_digit()) => {
                Command::Profile(
                    path.to_string(),
                    args[1..args.len() - 1].join(" "),
                    number(last)?,
                )
            }
            [path, rest @ ..] if !rest.is_empty() => {
                Command::Profile(path.to_string(), rest.join(" "), DEFAULT_WAIT_EVENT_FRAMES)
            }
            _ => bail!("`profile` needs an output path and the event text"),
        },
        "expect-no-event" | "expect-no-new-event" => {
            if args.is_empty() {
                bail!("`{name}` needs the event text");
            }
            Command::ExpectNoEvent(args.join(" "), name == "expect-no-new-event")
        }
        "sram-save" => Command::SramSave(path(None)?),
        "sram-load" => Command::SramLoad(path(None)?),
        "sram-cut" => Command::SramCut(path(None)?),
        "cut-every" => {
            want(1)?;
            Command::CutEvery(args[0].to_string())
        }
        "cut-random" => {
            want(2)?;
            Command::CutRandom(number(args[0])?, number(args[1])?)
        }
        "cut-random-check" => {
            want(1)?;
            Command::CutRandomCheck(number(args[0])?)
        }
        "flip-bits" => {
            want(2)?;
            Command::FlipBits(number(args[0])?, number(args[1])?)
        }
        "reboot" => {
            want(0)?;
            Command::Reboot
        }
        "damage-section" => {
            want(1)?;
            Command::DamageSection(args[0].to_string())
        }
        "sram-truncate" => {
            want(1)?;
            Command::SramTruncate(number(args[0])?)
        }
        "corrupt" => {
            want(3)?;
            Command::Corrupt(args[0].to_string(), number(args[1])?, number(args[2])?)
        }
        "log" => Command::Log(rest.to_string()),
        _ => bail!(
            "unknown command `{name}` (commands: wait press hold down up screenshot golden \
             golden-region not-blank expect-no-colour diff-box same-as expect-concentric wait-event profile expect-no-event \
             expect-no-new-event sram-save sram-load sram-truncate sram-cut cut-every flip-bits damage-section corrupt reboot record-audio expect-pitch log)"
        ),
    })
}

fn number<T: std::str::FromStr>(s: &str) -> Result<T> {
    // Plain decimal only: "+5", "1e3" or "0x10" are mistakes in a script.
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
        bail!("`{s}` is not a number");
    }
    s.parse().map_err(|_| anyhow!("`{s}` is out of range"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_command() {
        let src = "# a comment\n\nwait 10\npress A+B\nhold START 30 # trailing\ndown L\nup L\n\
                   screenshot a.png\ngolden tests/golden/x.png\nnot-blank\n\
                   wait-event app.open name=sweeper 120\nwait-event boot\nexpect-no-event save.fail\n\
                   sram-save s.sav\nsram-load s.sav\nsram-cut t.sav\ncorrupt c.sav 7 20\nreboot\nlog hello there\n\
                   diff-box ring a.png screen 1 2 3 4\nexpect-concentric icon ring 0.5\n\
                   profile p.txt bench.done 900\nprofile p.txt solver done\nsram-truncate 1024\n\
                   damage-section sweeper\n";
        let lines = parse(src).unwrap();
        assert_eq!(lines.len(), 23);
        assert_eq!(lines[21].command, Command::SramTruncate(1024));
        assert_eq!(lines[22].command, Command::DamageSection("sweeper".into()));
        assert_eq!(lines[0].number, 3);
        assert_eq!(lines[1].command, Command::Press(0b11));
        assert_eq!(lines[2].command, Command::Hold(0b1000, 30));
        assert_eq!(
            lines[8].command,
            Command::WaitEvent(vec!["app.open name=sweeper".into()], 120)
        );
        assert_eq!(
            lines[9].command,
            Command::WaitEvent(vec!["boot".into()], DEFAULT_WAIT_EVENT_FRAMES)
        );
        assert_eq!(lines[14].command, Command::Corrupt("c.sav".into(), 7, 20));
        assert_eq!(
            parse("same-as paused.png\n").unwrap()[0].command,
            Command::SameAs("paused.png".into(), [0, 0, 240, 160])
        );
        assert_eq!(
            parse("same-as a.png 0 16 240 144\n").unwrap()[0].command,
            Command::SameAs("a.png".into(), [0, 16, 240, 144])
        );
        assert!(parse("same-as a.png 0 16\n").is_err());
        assert!(parse("same-as a.png 0 16 240 0\n").is_err());
        assert!(parse("same-as a.png 200 0 41 10\n").is_err());
        assert!(parse("same-as screen\n").is_err());
        assert_eq!(
            lines[10].command,
            Command::ExpectNoEvent("save.fail".into(), false)
        );
        assert_eq!(
            parse("expect-no-new-event app.open name=a\n").unwrap()[0].command,
            Command::ExpectNoEvent("app.open name=a".into(), true)
        );
        assert_eq!(
            parse("wait-events save.end owner=a ; app.closed name=b 30\n").unwrap()[0].command,
            Command::WaitEvent(
                vec!["save.end owner=a".into(), "app.closed name=b".into()],
                30
            )
        );
        assert!(
            parse("wait-events save.end\n").is_err(),
            "one text is `wait-event`"
        );
        assert_eq!(lines[16].command, Command::Log("hello there".into()));
        assert_eq!(
            lines[17].command,
            Command::DiffBox("ring".into(), "a.png".into(), "screen".into(), [1, 2, 3, 4])
        );
        assert_eq!(
            lines[18].command,
            Command::ExpectConcentric("icon".into(), "ring".into(), 0.5)
        );
        assert_eq!(
            lines[19].command,
            Command::Profile("p.txt".into(), "bench.done".into(), 900)
        );
        assert_eq!(
            lines[20].command,
            Command::Profile(
                "p.txt".into(),
                "solver done".into(),
                DEFAULT_WAIT_EVENT_FRAMES
            )
        );
    }

    #[test]
    fn rejects_mistakes_with_line_numbers() {
        for (src, needle) in [
            ("wait 1\njump 3", "line 2"),
            ("wait x", "not a number"),
            ("wait -1", "not a number"),
            ("wait", "takes 1 argument"),
            ("press A+Q", "unknown key"),
            ("hold A", "takes 2 arguments"),
            ("screenshot a.bmp", ".png"),
            ("not-blank now", "takes 0"),
            ("corrupt a 1", "takes 3"),
            ("diff-box b a.bmp screen 0 0 1 1", ".png paths or `screen`"),
            ("diff-box b a.png screen 0 0 1", "takes 7"),
            ("expect-concentric a b -1", "not a number of pixels"),
        ] {
            let err = format!("{:#}", parse(src).unwrap_err());
            assert!(err.contains(needle), "{src:?}: {err}");
        }
    }
}
