# Pocket Desk: every developer task. Start with `.ci/just run` or `.ci/just test`
# (README): that wrapper installs `just` itself, then each recipe installs what it
# needs through `setup-*` and is quick the second time.

set shell := ["bash", "-euo", "pipefail", "-c"]

project := "pocket-desk"
root := justfile_directory()
toolchain := `sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml`
target_dir := root / "target/thumbv4t-none-eabi"
rom_elf := target_dir / "release" / project
gba_file := root / "target" / (project + ".gba")
# The game that pauses into the desk (src/host_demo/): built with events, by
# the same `cargo build --features events` as the ROM the scripts play.
demo_elf := target_dir / "release/host-demo"
demo_gba := root / "target/host-demo.gba"
# One workspace (Cargo.toml): the ROM, and the host crates, whose cargo runs go
# through `manifest` from outside the repo (`cd /`). Cargo reads
# .cargo/config.toml by the working directory, and its GBA target and
# build-std cannot be switched off from the command line or the environment
# (config arrays merge), so from inside the repo even `--target <host>` would
# compile core, alloc and std from source for every host crate.
manifest := root / "Cargo.toml"
# The harness: a host program in the workspace, so in its target directory.
harness := root / "target/release/harness"
# The pure crates and the host crate of the ROM's other pure files, all tested on the host.
host_crates := "-p shared -p desk-core -p sweeper-rules -p polarium-rules -p nonogram-rules -p sweeper-core -p polarium-core -p nonogram-core -p rules-host"
# Miri runs on the first nightly after the pinned one that ships it (the
# pinned nightly has no Miri build); only the pure crates are built with it.
miri_toolchain := "nightly-2026-05-20"
# What Miri runs: everything that reaches the floodfill's unchecked indexing
# (reveals, chords, wins, its bitmap, off-board input, a short differential
# run) and the position types, in sweeper-rules and (the differential test)
# rules-host. Miri is far slower than native code, hence a subset.
miri_crates := "-p sweeper-rules -p rules-host"
miri_tests := "field::tests::floods field::tests::places_off field::tests::a_losing_chord board::tests::flood board::tests::chord board::tests::losing_chord board::tests::revealing board::tests::off_board differential pos_set::tests pos::tests"
# `just bench` builds in its own target directory: its ROM spends ~35 000 frames
# benchmarking at boot, so it must never stand in for the `events` ROM above.
bench_elf := root / "target/bench/thumbv4t-none-eabi/release" / project

# Build the release ROM and open it in mGBA (prints the ROM path when there is no display).
run: setup-rom gba
    #!/usr/bin/env bash
    set -euo pipefail
    if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        echo "no display here: open {{gba_file}} in mGBA (or flash it to a cartridge)"
        exit 0
    fi
    "{{just_executable()}}" --justfile "{{justfile()}}" setup-frontend
    if command -v mgba-qt >/dev/null; then
        exec mgba-qt "{{gba_file}}"
    else
        exec mgba-sdl "{{gba_file}}"
    fi

# Everything: host tests (the pure rules natively and under Miri, the harness's
# own), in-ROM unit tests, end-to-end scripts and a seeded soak, one summary line.
test: setup-rom setup-harness setup-miri gba
    #!/usr/bin/env bash
    set -euo pipefail
    # Host tests first, their output saved for the summary (a build failure
    # shows there as a failed test, with the compiler's last lines).
    host="{{root}}/tests/out/host"
    mkdir -p "$host"
    start=$SECONDS
    (cd / && cargo +{{toolchain}} test --release --manifest-path "{{manifest}}" -p harness \
        -- --show-output) >"$host/harness.txt" 2>&1 || true
    (cd / && cargo +{{toolchain}} test --manifest-path "{{manifest}}" {{host_crates}} \
        -- --show-output) >"$host/rules.txt" 2>&1 || true
    rules=$SECONDS
    (cd / && cargo +{{miri_toolchain}} miri test --manifest-path "{{manifest}}" {{miri_crates}} \
        -- --show-output {{miri_tests}}) >"$host/miri.txt" 2>&1 || true
    echo "host tests: $((rules - start)) s, under Miri: $((SECONDS - rules)) s (builds included)"
    test_elf=$(cargo test --no-run --message-format=json \
        | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
    [ -n "$test_elf" ] || { cargo test --no-run; exit 1; }
    cargo build --release --features events
    "{{harness}}" suite --test-rom "$test_elf" --rom "{{rom_elf}}" --gba "{{gba_file}}" \
        --demo "{{demo_elf}}" --scripts "{{root}}/tests/e2e" --soak-seed 20261122 --soak-frames 20000 \
        --host harness="$host/harness.txt" --host rules="$host/rules.txt" --host miri="$host/miri.txt"

# The host tests of the pure modules under Miri (see `miri_tests`); `just test` runs them too.
miri: setup-miri
    cd / && cargo +{{miri_toolchain}} miri test --manifest-path "{{manifest}}" {{miri_crates}} -- {{miri_tests}}

# Release .gba with a valid header (agb-gbafix), ready to flash. Save type: SRAM.
# Game code ZPKE and maker code PD tell this ROM apart in save-type databases
# and front-ends (no retail code starts with Z; mGBA treats codes starting
# with F as NES Classics). Not padded to a power of two: see README.md.
gba: setup-rom
    cargo build --release
    agb-gbafix "{{rom_elf}}" --title "POCKET DESK" --gamecode ZPKE --makercode PD -o "{{gba_file}}"
    @echo "wrote {{gba_file}}"

# The game that pauses into Pocket Desk (src/host_demo/): START pauses, B on
# the desktop goes back. Writes target/host-demo.gba; tests/e2e/host_demo.demo.play
# plays it in `just test`.
host-demo: setup-rom
    cargo build --release --features events --bin host-demo
    agb-gbafix "{{demo_elf}}" --title "DESK DEMO" --gamecode ZPKD --makercode PD -o "{{demo_gba}}"
    @echo "wrote {{demo_gba}}"

# Clippy with warnings denied and rustfmt --check, for every crate. The ROM's
# builds lint the pure crates too, as the GBA code they are there (workspace
# members are linted wherever they are built); the host run lints them with
# their tests, and the harness. rustfmt also gets every file of src/ by name:
# `cargo fmt` does not follow the modules the `apps!` macro declares.
check: setup-rom setup-harness
    # No import cycles between the files of any crate: arrows go down only.
    for dir in src $(dirname $(find src -mindepth 2 -name Cargo.toml)); do "{{harness}}" imports "$dir"; done
    cargo clippy -- -D warnings
    cargo clippy --release -- -D warnings
    cargo clippy --features bench -- -D warnings
    cargo clippy --tests -- -D warnings
    cargo fmt --all --check
    rustfmt --edition 2024 --check $(find src -name '*.rs')
    cd / && cargo +{{toolchain}} clippy --release --manifest-path "{{manifest}}" -p harness -- -D warnings
    cd / && cargo +{{toolchain}} clippy --all-targets --manifest-path "{{manifest}}" {{host_crates}} -- -D warnings

# Seeded random input over the whole release ROM; fails on any panic.
soak seed="1" frames="1000000": setup-rom setup-harness
    cargo build --release --features events
    "{{harness}}" soak "{{rom_elf}}" --seed {{seed}} --frames {{frames}} --verbose | grep -vE '^(event|rom:|mgba)'

# Play a harness script against the release ROM (see tests/README.md), e.g. `just play tests/e2e/boot.play`
# (a `*.demo.play` script against the host demo).
play script *args: setup-rom setup-harness
    cargo build --release --features events
    "{{harness}}" play "{{ if script =~ '\.demo\.play$' { demo_elf } else { rom_elf } }}" "{{script}}" {{args}}

# Cycle budgets: rule benchmarks at boot, then tests/bench/bench.play and every
# e2e script with the frame meter on and each key press's settle time (frames
# until its screen is complete); prints the numbers and fails if anything is
# over budget.
bench: setup-rom setup-harness gba
    #!/usr/bin/env bash
    set -euo pipefail
    CARGO_TARGET_DIR="{{root}}/target/bench" cargo build --release --features bench
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    # Everything measured, for the table at the end.
    all="{{root}}/target/bench/bench.log"
    status=0
    "{{harness}}" play "{{bench_elf}}" "{{root}}/tests/bench/bench.play" --verbose >"$log" 2>&1 || status=$?
    cp "$log" "$all"
    grep '^event bench' "$log" || true
    # The meter's last report per phase, then the ten worst over-budget frames.
    grep '^event perf phase=' "$log" | awk '!($3 in last) { order[n++] = $3 } { last[$3] = $0 }
        END { for (i = 0; i < n; i++) print last[order[i]] }' || true
    over=$(grep -c '^event perf.over' "$log" || true)
    if [ "$over" -gt 0 ]; then
        echo "$over frames over budget; the worst:"
        grep '^event perf.over' "$log" | sed 's/.* cycles=\([0-9]*\).*/\1 &/' | sort -rn | head -n 10 | cut -d' ' -f2-
    fi
    grep -E '^(play |    |emulation:|[0-9]+ passed)' "$log" || true
    # Every end-to-end script as well (menus, the number pad, saves, erasing):
    # the same meter, and no frame of any of them may go over half a frame.
    cargo build --release --features events
    for script in "{{root}}"/tests/e2e/*.play; do
        [[ "$script" == *.gba.play ]] && continue   # the shipped ROM has no meter
        [[ "$script" == *.demo.play ]] && continue  # the demo's game never stands still
        # And every key press's screen complete within 6 frames (tests/src/settle.rs).
        "{{harness}}" play "{{rom_elf}}" "$script" --verbose --settle-budget 6 >"$log" 2>&1 || status=$?
        { echo "script $(basename "$script" .play)"; grep -E '^(event (perf phase|perf.over|app.open|save.end|memory)|stack: |settle: |settle\.press )' "$log" || true; } >>"$all"
        if grep -q '^event perf.over' "$log"; then
            echo "$(basename "$script"): frames over budget:"
            grep '^event perf.over' "$log" | head -n 5
            status=1
        fi
        if grep -q '^settle.over' "$log"; then
            echo "$(basename "$script"): screens not complete within 6 frames of a key press:"
            grep '^settle.over' "$log" | head -n 5
        fi
    done
    [ "$status" -eq 0 ] && echo "e2e scripts: no frame over half a frame, every screen complete within 6 frames"
    # Reports on the host that are not tests (nothing in them can fail).
    (cd / && cargo +{{toolchain}} test --manifest-path "{{manifest}}" -p nonogram-rules \
        -- --ignored --nocapture report_builtins) | grep -vE '^(running|test |$)' || status=1
    # The one table (docs/PERFORMANCE.md's copy is this, pasted), also in target/bench/table.md.
    "{{harness}}" table "$all" --rom "{{gba_file}}" | tee "{{root}}/target/bench/table.md"
    exit "$status"

# Re-record every golden screenshot (review the diff before committing).
goldens: setup-rom setup-harness
    UPDATE_GOLDENS=1 "{{just_executable()}}" --justfile "{{justfile()}}" test

# ---- set-up: each step checks first, so a second run costs nothing ----

# The pinned nightly with rust-src, and agb-gbafix.
setup-rom:
    #!/usr/bin/env bash
    set -euo pipefail
    if ! rustup run "{{toolchain}}" rustc --version >/dev/null 2>&1 \
        || ! rustup component list --toolchain "{{toolchain}}" --installed | grep -q '^rust-src'; then
        echo "setup: installing Rust {{toolchain}} with rust-src, clippy, rustfmt"
        rustup toolchain install   # reads rust-toolchain.toml
    fi
    if ! command -v agb-gbafix >/dev/null; then
        echo "setup: installing agb-gbafix"
        (cd / && cargo +{{toolchain}} install agb-gbafix --locked --quiet)
    fi

# Miri's nightly and its sysroot (built once per machine, a couple of minutes).
setup-miri:
    #!/usr/bin/env bash
    set -euo pipefail
    if ! rustup component list --toolchain "{{miri_toolchain}}" --installed 2>/dev/null | grep -q '^miri'; then
        echo "setup: installing Rust {{miri_toolchain}} with miri and rust-src"
        (cd / && rustup toolchain install "{{miri_toolchain}}" --profile minimal --component miri,rust-src)
    fi
    cd / && cargo +{{miri_toolchain}} miri setup >/dev/null

# Debian packages the harness links against, then the harness itself.
setup-harness: (apt "libmgba-dev" "libclang-dev" "pkg-config")
    cd / && cargo +{{toolchain}} build --release --quiet --manifest-path "{{manifest}}" -p harness

# An mGBA frontend for `run`.
setup-frontend:
    #!/usr/bin/env bash
    set -euo pipefail
    command -v mgba-qt >/dev/null || command -v mgba-sdl >/dev/null || "{{just_executable()}}" --justfile "{{justfile()}}" apt mgba-sdl

# Install Debian packages that are missing (root or sudo), or say exactly what to run.
apt +packages:
    #!/usr/bin/env bash
    set -euo pipefail
    missing=()
    for p in {{packages}}; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && exit 0
    if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo"; else
        echo "missing packages; run: sudo apt-get install -y ${missing[*]}" >&2; exit 1
    fi
    echo "setup: installing ${missing[*]}"
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null || { $sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null; }
