//! `harness table LOG`: the one performance table, made from what `just
//! bench` logged: every budget (`event bench name=...`), the worst frame of
//! each phase of the bench session and of each end-to-end script (`event
//! perf phase=...`, after a `script NAME` line), and the footprints the ROM
//! reports (`app.open` persistent and working bytes, `memory` RAM in use at
//! rest and with each app open, `save.end` and `save.largest` bytes per
//! owner) with the harness's `stack:` peaks, as Markdown tables.
use std::fmt::Write;

use crate::log::field;

/// A frame, in cycles.
const FRAME: f64 = 280_896.0;

struct Row {
    name: String,
    mean: u64,
    worst: u64,
    goal: String,
    ok: bool,
}

/// An app's (or the desktop's, `desk`) bytes: the largest seen of each.
struct Footprint {
    name: String,
    persistent: u64,
    working_heap: u64,
    /// EWRAM in use with the app open (the desk: on the desktop).
    ewram: u64,
    save_section: u64,
    /// The section at its largest: bytes, and blocks of the chip.
    largest: Option<(u64, u64)>,
}

/// One script's slowest press to settle (`settle: worst frames=...`).
struct Settled {
    script: String,
    presses: u64,
    frames: u64,
    /// The script line and its text.
    press: String,
}

/// Frames a screen may take to be complete after a key press.
const SETTLE_BUDGET: u64 = 6;

/// Parses `settle: worst frames=N line=L `text` ... of K presses`.
fn settled(script: &str, words: &str) -> Option<Settled> {
    let frames = field(words, "frames")?.parse().ok()?;
    let line = field(words, "line")?;
    let text = words.split('`').nth(1)?;
    let presses = words
        .rsplit_once(" of ")?
        .1
        .strip_suffix(" presses")?
        .parse()
        .ok()?;
    Some(Settled {
        script: script.to_string(),
        presses,
        frames,
        press: format!("line {line}: `{text}`"),
    })
}

/// The goals drawing is heading for: every press's screen complete within
/// `GOAL_SETTLE` frames (a new board within `GOAL_SETTLE_BOARD`), and no
/// frame of the scripts over `GOAL_SHARE` of a frame (those the player
/// waits through aside).
const GOAL_SETTLE: u64 = 2;
const GOAL_SETTLE_BOARD: u64 = 3;
const GOAL_SHARE: f64 = 0.4;

/// One press's settle (`settle.press frames=N [new_board=true] ...`), in
/// the script it was made in.
struct PressSettle {
    script: String,
    frames: u64,
    board: bool,
}

impl PressSettle {
    fn within_goal(&self) -> bool {
        self.frames
            <= if self.board {
                GOAL_SETTLE_BOARD
            } else {
                GOAL_SETTLE
            }
    }
}

/// How far the scripts are from those goals.
fn goals(presses: &[PressSettle], frames: &[Row]) -> String {
    let within = presses.iter().filter(|p| p.within_goal()).count();
    let mut scripts: Vec<(&str, bool)> = Vec::new();
    for press in presses {
        match scripts.last_mut() {
            Some((script, whole)) if *script == press.script => *whole &= press.within_goal(),
            _ => scripts.push((&press.script, press.within_goal())),
        }
    }
    let whole = scripts.iter().filter(|(_, whole)| *whole).count();
    let plain: Vec<&Row> = frames
        .iter()
        .filter(|row| !row.name.ends_with(", waiting"))
        .collect();
    let over = plain
        .iter()
        .filter(|row| row.worst as f64 > FRAME * GOAL_SHARE)
        .count();
    let mut out = String::from("\n| goal | how many meet it |\n| --- | --- |\n");
    let _ = writeln!(
        out,
        "| presses complete within {GOAL_SETTLE} frames (a new board {GOAL_SETTLE_BOARD}) | {within} of {} |",
        presses.len()
    );
    let _ = writeln!(
        out,
        "| scripts with every press within its goal | {whole} of {} |",
        scripts.len()
    );
    let _ = writeln!(
        out,
        "| frame phases (waiting aside) whose worst is within {}% of a frame | {} of {} |",
        (GOAL_SHARE * 100.0) as u32,
        plain.len() - over,
        plain.len()
    );
    out
}

/// SRAM's size and agb's block, in bytes.
const SRAM: u64 = 32 * 1024;
const BLOCK: u64 = 128;
/// IWRAM the ROM may use (the BIOS keeps the last 256 bytes).
const IWRAM: u64 = 32 * 1024 - 256;

/// The table for the log `text` (and the ROM's size in bytes, if known).
pub fn make(text: &str, rom_bytes: Option<u64>) -> String {
    let mut rows: Vec<Row> = Vec::new();
    let mut frames: Vec<Row> = Vec::new();
    let mut apps: Vec<Footprint> = Vec::new();
    let mut script = String::from("bench session");
    let mut iwram = 0;
    let mut stack: Option<(u64, u64)> = None;
    let mut settles: Vec<Settled> = Vec::new();
    // Every press's settle time, for the goals' summary.
    let mut presses: Vec<PressSettle> = Vec::new();
    for line in text.lines() {
        if let Some(words) = line.strip_prefix("settle.press ") {
            presses.extend(
                field(words, "frames")
                    .and_then(|v| v.parse::<u64>().ok())
                    .map(|frames| PressSettle {
                        script: script.clone(),
                        frames,
                        board: field(words, "new_board") == Some("true"),
                    }),
            );
            continue;
        }
        if let Some(words) = line.strip_prefix("settle: worst ") {
            settles.extend(settled(&script, words));
            continue;
        }
        if let Some(name) = line.strip_prefix("script ") {
            script = name.trim().to_string();
            continue;
        }
        // `stack: peak N of M bytes`, from every run.
        if let Some(words) = line.strip_prefix("stack: peak ") {
            let numbers: Vec<u64> = words.split(' ').filter_map(|w| w.parse().ok()).collect();
            if let [peak, room] = numbers[..] {
                stack = Some(stack.map_or((peak, room), |(p, r)| (p.max(peak), r)));
            }
            continue;
        }
        let Some(event) = line.strip_prefix("event ") else {
            continue;
        };
        let number = |key: &str| field(event, key).and_then(|v| v.parse::<u64>().ok());
        if event.starts_with("bench name=") {
            let (Some(name), Some(mean), Some(worst), Some(budget)) = (
                field(event, "name"),
                number("mean"),
                number("worst"),
                number("budget"),
            ) else {
                continue;
            };
            rows.push(Row {
                name: name.to_string(),
                mean,
                worst,
                goal: thousands(budget),
                ok: worst <= budget,
            });
        } else if event.starts_with("perf phase=") || event.starts_with("perf.over phase=") {
            // A frame over budget is reported at once; the meter's summary of
            // its phase comes only back on the desktop or every 600 frames, so
            // a script that ends in an app may have the first and not the other.
            let over = event.starts_with("perf.over");
            let (Some(phase), Some(mean), Some(worst)) = (
                field(event, "phase"),
                number(if over { "cycles" } else { "mean" }),
                number(if over { "cycles" } else { "worst" }),
            ) else {
                continue;
            };
            let name = format!("frame: {script}, {phase}");
            // Frames the player waits through may fill nine tenths of a
            // frame.
            let (goal, share) = match phase {
                "waiting" => ("90% of a frame", 0.9),
                _ => ("40% of a frame", GOAL_SHARE),
            };
            // The meter reports as it goes: the last report of a phase counts.
            let row = named(
                &mut frames,
                &name,
                |row| &row.name,
                || Row {
                    name: name.clone(),
                    mean: 0,
                    worst: 0,
                    goal: goal.into(),
                    ok: true,
                },
            );
            let (mean, worst) = if over {
                // Until the summary: no mean but this frame's, the worst so far.
                let worst = row.worst.max(worst);
                (if row.mean == 0 { mean } else { row.mean }, worst)
            } else {
                (mean, worst.max(row.worst))
            };
            (row.mean, row.worst, row.ok) = (mean, worst, worst as f64 <= FRAME * share);
        } else if event.starts_with("app.open name=")
            && let Some(name) = field(event, "name")
        {
            let app = footprint(&mut apps, name);
            app.persistent = app.persistent.max(number("persistent").unwrap_or(0));
            app.working_heap = app.working_heap.max(number("working_heap").unwrap_or(0));
        } else if event.starts_with("memory at=")
            && let (Some(at), Some(ewram)) = (field(event, "at"), number("ewram"))
        {
            let app = footprint(&mut apps, if at == "rest" { "desk" } else { at });
            app.ewram = app.ewram.max(ewram);
            iwram = iwram.max(number("iwram").unwrap_or(0));
        } else if event.starts_with("save.largest owner=")
            && let (Some(owner), Some(bytes), Some(blocks)) =
                (field(event, "owner"), number("bytes"), number("blocks"))
        {
            footprint(&mut apps, owner).largest = Some((bytes, blocks));
        } else if event.starts_with("save.end ok=true")
            && let (Some(owner), Some(bytes)) = (field(event, "owner"), number("bytes"))
        {
            let app = footprint(&mut apps, owner);
            app.save_section = app.save_section.max(bytes);
        }
    }
    let mut out = String::from(
        "| budget | mean | worst | goal | worst, of a frame | |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    for row in rows.iter().chain(&frames) {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            row.name,
            thousands(row.mean),
            thousands(row.worst),
            row.goal,
            share(row.worst),
            if row.ok { "ok" } else { "**over**" }
        );
    }
    if !settles.is_empty() {
        out.push_str(
            "\n| settle: frames from a key press to a complete screen | presses | worst | the slowest press | goal | |\n| --- | --- | --- | --- | --- | --- |\n",
        );
        for settle in &settles {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {SETTLE_BUDGET} frames | {} |",
                settle.script,
                settle.presses,
                settle.frames,
                settle.press,
                if settle.frames <= SETTLE_BUDGET {
                    "ok"
                } else {
                    "**over**"
                }
            );
        }
    }
    out.push_str(&goals(&presses, &frames));
    out.push_str(
        "\n| footprint | persistent bytes | working heap, bytes | EWRAM in use, bytes | SRAM section, bytes: largest written | at its largest (chip blocks) |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    // agb's fixed blocks: the global header, a header per slot, the ghost.
    let mut sram_blocks = 1 + 16 + 1;
    for app in &apps {
        let name = if app.name == "desk" {
            "desk (the desktop, at rest)"
        } else {
            &app.name
        };
        let largest = app.largest.map_or("-".into(), |(bytes, blocks)| {
            // The slot's header block is among the fixed ones.
            sram_blocks += blocks - 1;
            format!("{} ({blocks})", thousands(bytes))
        });
        let _ = writeln!(
            out,
            "| {name} | {} | {} | {} | {} | {largest} |",
            thousands(app.persistent),
            thousands(app.working_heap),
            thousands(app.ewram),
            thousands(app.save_section),
        );
    }
    if iwram > 0 {
        let _ = write!(
            out,
            "\nIWRAM: {} of {} bytes of code, data and agb's buffers, the same with every app open",
            thousands(iwram),
            thousands(IWRAM)
        );
        match stack {
            Some((peak, room)) => {
                let _ = writeln!(
                    out,
                    "; the stack's deepest: {} of its {} bytes.",
                    thousands(peak),
                    thousands(room)
                );
            }
            None => out.push_str(".\n"),
        }
    }
    if apps.iter().any(|app| app.largest.is_some()) {
        let _ = writeln!(
            out,
            "\nSRAM with every section at its largest: {} of {} bytes ({sram_blocks} blocks).",
            thousands(sram_blocks * BLOCK),
            thousands(SRAM)
        );
    }
    if let Some(bytes) = rom_bytes {
        let _ = writeln!(out, "\nROM: {} bytes.", thousands(bytes));
    }
    out
}

/// The item of `list` called `name`, added (by `make`) if there is none;
/// the list keeps the order names were first seen.
fn named<'a, T>(
    list: &'a mut Vec<T>,
    name: &str,
    name_of: impl Fn(&T) -> &String,
    make: impl FnOnce() -> T,
) -> &'a mut T {
    let i = match list.iter().position(|item| name_of(item) == name) {
        Some(i) => i,
        None => {
            list.push(make());
            list.len() - 1
        }
    };
    &mut list[i]
}

fn footprint<'a>(apps: &'a mut Vec<Footprint>, name: &str) -> &'a mut Footprint {
    named(
        apps,
        name,
        |app| &app.name,
        || Footprint {
            name: name.to_string(),
            persistent: 0,
            working_heap: 0,
            ewram: 0,
            save_section: 0,
            largest: None,
        },
    )
}

/// Cycles as a share of a frame, or as frames when more than one.
fn share(cycles: u64) -> String {
    let frames = cycles as f64 / FRAME;
    if frames >= 1.0 {
        format!("{frames:.1} frames")
    } else {
        format!("{:.1}%", frames * 100.0)
    }
}

/// 1234567 as "1,234,567".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_frames_and_footprints_become_rows() {
        let log = "\
event bench name=polarium.solve mean=1115297 worst=15462527 budget=16780000 ok=true
event bench name=nonogram.hint mean=692 worst=3000 budget=2808 ok=false
event perf phase=desktop worst=90000 pct=32.0 mean=20000 frames=10
event perf phase=desktop worst=97843 pct=34.8 mean=26846 frames=294
script sweeper_win.play
event perf phase=app:sweeper worst=150000 pct=53.4 mean=70000 frames=30
event app.open name=polarium persistent=64 working_heap=6056
event app.open name=polarium persistent=64 working_heap=7000
event save.end ok=true owner=polarium bytes=4 cycles=55595
event save.end ok=false owner=desk bytes=900 cycles=1
event memory at=rest iwram=26044 ewram=65520 heap=64952
event memory at=polarium iwram=26044 ewram=77368 heap=76800
event save.largest owner=polarium bytes=1165 blocks=11
stack: peak 4312 of 6468 bytes
stack: peak 4404 of 6468 bytes
settle.press frames=1 line=10 `press B` last_change=1,2,3,4
settle.press frames=124 line=12 `press A` last_change=1,2,3,4
settle: worst frames=124 line=12 `press A` last_change=1,2,3,4 of 30 presses
script polarium_big_board.play
settle.press frames=3 new_board=true line=23 `press RIGHT` last_change=1,2,3,4
settle.press frames=1 line=24 `press A` last_change=1,2,3,4
settle: worst frames=3 new_board=true line=23 `press RIGHT` last_change=1,2,3,4 of 2 presses
script sweeper_menu.play
event perf.over phase=app:sweeper cycles=154053 pct=54.8 update=112883 show=13642 sound=27528 frame=177
event perf phase=saving worst=130000 pct=46.3 mean=90000 frames=2
event perf phase=waiting worst=200000 pct=71.2 mean=150000 frames=5
";
        let table = make(log, Some(696_728));
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(
            lines[2],
            "| polarium.solve | 1,115,297 | 15,462,527 | 16,780,000 | 55.0 frames | ok |"
        );
        assert_eq!(
            lines[3],
            "| nonogram.hint | 692 | 3,000 | 2,808 | 1.1% | **over** |"
        );
        assert_eq!(
            lines[4],
            "| frame: bench session, desktop | 26,846 | 97,843 | 40% of a frame | 34.8% | ok |"
        );
        assert_eq!(
            lines[5],
            "| frame: sweeper_win.play, app:sweeper | 70,000 | 150,000 | 40% of a frame | 53.4% | **over** |"
        );
        // A frame over budget with no summary of its phase after it.
        assert_eq!(
            lines[6],
            "| frame: sweeper_menu.play, app:sweeper | 154,053 | 154,053 | 40% of a frame | 54.8% | **over** |"
        );
        assert!(
            table.contains("| polarium | 64 | 7,000 | 77,368 | 4 | 1,165 (11) |"),
            "{table}"
        );
        assert!(
            table.contains("| desk (the desktop, at rest) | 0 | 0 | 65,520 | 0 | - |"),
            "{table}"
        );
        assert!(table.contains(
            "IWRAM: 26,044 of 32,512 bytes of code, data and agb's buffers, the same with every \
             app open; the stack's deepest: 4,404 of its 6,468 bytes."
        ));
        assert!(table.contains(
            "SRAM with every section at its largest: 3,584 of 32,768 bytes (28 blocks)."
        ));
        assert!(
            table.contains(
                "| sweeper_win.play | 30 | 124 | line 12: `press A` | 6 frames | **over** |"
            ),
            "{table}"
        );
        // The goals: three presses of four within 2 frames, or 3 for the
        // one that brought a new board; one script of two whole; of the
        // frame phases but waiting, the desktop's (34.8%) within 40%, a
        // slice of a save (46.3%) not.
        assert!(
            table.contains("| presses complete within 2 frames (a new board 3) | 3 of 4 |"),
            "{table}"
        );
        assert!(
            table.contains("| scripts with every press within its goal | 1 of 2 |"),
            "{table}"
        );
        assert!(
            table.contains(
                "| frame phases (waiting aside) whose worst is within 40% of a frame | 1 of 4 |"
            ),
            "{table}"
        );
        assert!(table.ends_with("ROM: 696,728 bytes.\n"), "{table}");
    }
}
