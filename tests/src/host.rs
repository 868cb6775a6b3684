//! `suite --host NAME=FILE`: the results of host `cargo test` runs (libtest's
//! default "pretty" output, saved to FILE) counted into the suite's summary.
//! Each test becomes `test host::NAME::<path> ... ok`, with any output it
//! printed (libtest's `--show-output`) or its failure message indented below.
//! A file with no `test result:` line (the build failed, the run crashed)
//! counts as one failure, showing its last lines.
use std::io::Write;
use std::path::Path;

use crate::testrom::Counts;

/// One test as libtest reported it.
#[derive(Debug, PartialEq, Eq)]
pub struct HostTest {
    pub name: String,
    pub outcome: HostOutcome,
    /// What it printed (successes with `--show-output`, failures always).
    pub output: Vec<String>,
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum HostOutcome {
    Ok,
    Failed,
    Ignored,
}

#[derive(Debug)]
pub struct Parsed {
    pub tests: Vec<HostTest>,
    /// `test result:` lines seen (one per test binary that finished).
    pub results: usize,
}

/// Reads libtest's output: `test NAME ... ok|FAILED|ignored` lines, the
/// `---- NAME stdout ----` sections and the `test result:` lines.
pub fn parse(text: &str) -> Parsed {
    let mut parsed = Parsed {
        tests: Vec::new(),
        results: 0,
    };
    let mut section: Option<(String, Vec<String>)> = None;
    let mut outputs: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line
            .strip_prefix("---- ")
            .and_then(|rest| rest.strip_suffix(" stdout ----"))
        {
            outputs.extend(section.take());
            section = Some((name.to_string(), Vec::new()));
            continue;
        }
        if let Some((_, lines)) = &mut section {
            if line == "successes:" || line == "failures:" {
                outputs.extend(section.take());
            } else {
                lines.push(line.to_string());
            }
            continue;
        }
        if line.starts_with("test result: ") {
            parsed.results += 1;
            continue;
        }
        let Some((name, verdict)) = line
            .strip_prefix("test ")
            .and_then(|rest| rest.rsplit_once(" ... "))
        else {
            continue;
        };
        let outcome = match verdict {
            "ok" => HostOutcome::Ok,
            "FAILED" => HostOutcome::Failed,
            v if v.starts_with("ignored") => HostOutcome::Ignored,
            _ => continue,
        };
        parsed.tests.push(HostTest {
            name: name.to_string(),
            outcome,
            output: Vec::new(),
        });
    }
    outputs.extend(section.take());
    for (name, mut lines) in outputs {
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        if let Some(test) = parsed.tests.iter_mut().find(|t| t.name == name) {
            test.output = lines;
        }
    }
    parsed
}

/// Writes the `test host::NAME::...` lines for one results file to `out`
/// and counts them.
pub fn report(name: &str, file: &Path, out: &mut impl Write) -> std::io::Result<Counts> {
    let mut counts = Counts::default();
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            writeln!(
                out,
                "test host::{name} ... FAILED\n    cannot read {}: {e}",
                file.display()
            )?;
            counts.failed += 1;
            return Ok(counts);
        }
    };
    let parsed = parse(&text);
    for test in &parsed.tests {
        let verdict = match test.outcome {
            HostOutcome::Ok => "ok",
            HostOutcome::Failed => "FAILED",
            HostOutcome::Ignored => "ignored",
        };
        writeln!(out, "test host::{name}::{} ... {verdict}", test.name)?;
        for line in &test.output {
            writeln!(out, "    {line}")?;
        }
        match test.outcome {
            HostOutcome::Ok => counts.passed += 1,
            HostOutcome::Failed => counts.failed += 1,
            HostOutcome::Ignored => {}
        }
    }
    if parsed.results == 0 {
        writeln!(
            out,
            "test host::{name} ... FAILED\n    no `test result:` line in {} (did it build?); its last lines:",
            file.display()
        )?;
        let lines: Vec<&str> = text.lines().collect();
        for line in &lines[lines.len().saturating_sub(15)..] {
            writeln!(out, "    {line}")?;
        }
        counts.failed += 1;
    } else {
        writeln!(
            out,
            "host {name}: {} passed, {} failed",
            counts.passed, counts.failed
        )?;
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "\
   Compiling rules-host v0.1.0
     Running unittests src/lib.rs (target/release/deps/rules_host-1)

running 3 tests
test a::b::passes ... ok
test a::b::breaks ... FAILED
test a::slow ... ignored, takes a minute

successes:

---- a::b::passes stdout ----
100000 games

successes:
    a::b::passes

failures:

---- a::b::breaks stdout ----

thread 'a::b::breaks' panicked at src/a.rs:3:5:
assertion failed


failures:
    a::b::breaks

test result: FAILED. 1 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out; finished in 1.25s
";

    #[test]
    fn reads_verdicts_outputs_and_the_result_line() {
        let parsed = parse(SAMPLE);
        assert_eq!(parsed.results, 1);
        let verdicts: Vec<_> = parsed
            .tests
            .iter()
            .map(|t| (t.name.as_str(), t.outcome))
            .collect();
        assert_eq!(
            verdicts,
            [
                ("a::b::passes", HostOutcome::Ok),
                ("a::b::breaks", HostOutcome::Failed),
                ("a::slow", HostOutcome::Ignored),
            ]
        );
        assert_eq!(parsed.tests[0].output, ["100000 games"]);
        assert_eq!(
            parsed.tests[1].output,
            [
                "",
                "thread 'a::b::breaks' panicked at src/a.rs:3:5:",
                "assertion failed"
            ]
        );
    }

    #[test]
    fn a_run_that_never_finished_counts_as_a_failure() {
        let dir = std::env::temp_dir().join(format!("harness-host-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("broken.txt");
        std::fs::write(
            &file,
            "error[E0425]: cannot find value `x`\nerror: could not compile\n",
        )
        .unwrap();
        let mut shown = Vec::new();
        let counts = report("broken", &file, &mut shown).unwrap();
        assert_eq!((counts.passed, counts.failed), (0, 1));
        let shown = String::from_utf8(shown).unwrap();
        assert!(shown.starts_with("test host::broken ... FAILED\n"));
        assert!(shown.contains("    error: could not compile"));
        std::fs::write(&file, SAMPLE).unwrap();
        let mut shown = Vec::new();
        let counts = report("sample", &file, &mut shown).unwrap();
        assert_eq!((counts.passed, counts.failed), (1, 1));
        let shown = String::from_utf8(shown).unwrap();
        assert!(shown.contains("test host::sample::a::b::passes ... ok\n    100000 games\n"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
