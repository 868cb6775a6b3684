//! `harness table LOG`: the one performance table, made from what `just
//! bench` logged: every budget (`event bench name=...`), the worst frame of
//! each phase of the bench session and of each end-to-end script (`event
//! perf phase=...`, after a `script NAME` line), and the footprints the ROM
//! reports (`app.open` persistent and working bytes, `save.end` bytes per
//! owner), as a Markdown table.
use std::fmt::Write;

/// A frame, in cycles.
const FRAME: f64 = 280_896.0;

#[derive(Default)]
struct Row {
    name: String,
    mean: u64,
    worst: u64,
    goal: String,
    ok: bool,
}

/// The table for the log `text` (and the ROM's size in bytes, if known).
pub fn make(text: &str, rom_bytes: Option<u64>) -> String {
    let mut rows: Vec<Row> = Vec::new();
    let mut frames: Vec<Row> = Vec::new();
    // Per app: persistent bytes, largest working heap, largest save section.
    let mut apps: Vec<(String, u64, u64, u64)> = Vec::new();
    let mut script = String::from("bench session");
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("script ") {
            script = name.trim().to_string();
            continue;
        }
        let Some(event) = line.strip_prefix("event ") else {
            continue;
        };
        let field = |key: &str| -> Option<&str> {
            event
                .split(' ')
                .find_map(|part| part.strip_prefix(key)?.strip_prefix('='))
        };
        let number = |key: &str| field(key).and_then(|v| v.parse::<u64>().ok());
        if event.starts_with("bench name=") {
            let (Some(name), Some(mean), Some(worst), Some(budget)) = (
                field("name"),
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
                (field("phase"), number("mean"), number("worst"))
            else {
                continue;
            };
            let name = format!("frame: {script}, {phase}");
            // The meter reports as it goes: the last report of a phase counts.
            frames.retain(|row| row.name != name);
            frames.push(Row {
                name,
                mean,
                worst,
                goal: "50% of a frame".into(),
                ok: worst as f64 <= FRAME / 2.0,
            });
        } else if let Some(rest) = event.strip_prefix("app.open name=") {
            let name = rest.split(' ').next().unwrap_or("").to_string();
            let (persistent, heap) = (number("persistent"), number("working_heap"));
            let app = entry(&mut apps, name);
            app.1 = app.1.max(persistent.unwrap_or(0));
            app.2 = app.2.max(heap.unwrap_or(0));
        } else if event.starts_with("save.end ok=true")
            && let (Some(owner), Some(bytes)) = (field("owner"), number("bytes"))
        {
            let app = entry(&mut apps, owner.to_string());
            app.3 = app.3.max(bytes);
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
    for (name, persistent, heap, sram) in &apps {
        let _ = writeln!(
            out,
            "| {name} | {} | {} | {} |",
            thousands(*persistent),
            thousands(*heap),
            thousands(*sram)
        );
    }
    if let Some(bytes) = rom_bytes {
        let _ = writeln!(out, "\nROM: {} bytes.", thousands(bytes));
    }
    out
}

fn entry(apps: &mut Vec<(String, u64, u64, u64)>, name: String) -> &mut (String, u64, u64, u64) {
    let i = match apps.iter().position(|app| app.0 == name) {
        Some(i) => i,
        None => {
            apps.push((name, 0, 0, 0));
            apps.len() - 1
        }
    };
    &mut apps[i]
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
