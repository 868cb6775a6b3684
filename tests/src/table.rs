//! `harness table LOG`: the one performance table, made from what `just
//! bench` logged: every budget (`event bench name=...`), the worst frame of
//! each phase of the bench session and of each end-to-end script (`event
//! perf phase=...`, after a `script NAME` line), and the footprints the ROM
//! reports (`app.open` persistent and working bytes, `save.end` bytes per
//! owner), as a Markdown table.
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

/// An app's (or the desktop's) bytes: the largest seen of each.
struct Footprint {
    name: String,
    persistent: u64,
    working_heap: u64,
    save_section: u64,
}

/// The table for the log `text` (and the ROM's size in bytes, if known).
pub fn make(text: &str, rom_bytes: Option<u64>) -> String {
    let mut rows: Vec<Row> = Vec::new();
    let mut frames: Vec<Row> = Vec::new();
    let mut apps: Vec<Footprint> = Vec::new();
    let mut script = String::from("bench session");
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("script ") {
            script = name.trim().to_string();
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
        } else if event.starts_with("perf phase=") {
            let (Some(phase), Some(mean), Some(worst)) =
                (field(event, "phase"), number("mean"), number("worst"))
            else {
                continue;
            };
            let name = format!("frame: {script}, {phase}");
            // The meter reports as it goes: the last report of a phase counts.
            let row = named(
                &mut frames,
                &name,
                |row| &row.name,
                || Row {
                    name: name.clone(),
                    mean: 0,
                    worst: 0,
                    goal: "50% of a frame".into(),
                    ok: true,
                },
            );
            (row.mean, row.worst, row.ok) = (mean, worst, worst as f64 <= FRAME / 2.0);
        } else if event.starts_with("app.open name=")
            && let Some(name) = field(event, "name")
        {
            let app = footprint(&mut apps, name);
            app.persistent = app.persistent.max(number("persistent").unwrap_or(0));
            app.working_heap = app.working_heap.max(number("working_heap").unwrap_or(0));
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
    out.push_str(
        "\n| footprint | persistent bytes | working heap, bytes (largest seen) | SRAM section, bytes (largest written) |\n| --- | --- | --- | --- |\n",
    );
    for app in &apps {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            app.name,
            thousands(app.persistent),
            thousands(app.working_heap),
            thousands(app.save_section)
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
            save_section: 0,
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
            "| frame: bench session, desktop | 26,846 | 97,843 | 50% of a frame | 34.8% | ok |"
        );
        assert_eq!(
            lines[5],
            "| frame: sweeper_win.play, app:sweeper | 70,000 | 150,000 | 50% of a frame | 53.4% | **over** |"
        );
        assert!(table.contains("| polarium | 64 | 7,000 | 4 |"), "{table}");
        assert!(!table.contains("| desk |"), "{table}");
        assert!(table.ends_with("ROM: 696,728 bytes.\n"), "{table}");
    }
}
