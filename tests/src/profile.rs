//! Where the ROM spends its cycles: the `profile` script command runs the
//! GBA an instruction at a time and counts the cycles at each address; this
//! names them by the ELF's function symbols.
use std::collections::HashMap;
use std::fmt::Write;

use anyhow::{Context, Result};
use elf::{ElfBytes, abi::STT_FUNC, endian::AnyEndian};

/// Functions by address: start, size, demangled name.
pub struct Symbols(Vec<(u32, u32, String)>);

impl Symbols {
    /// The function symbols of an ELF image (`None` for a `.gba`).
    pub fn from_elf(bytes: &[u8]) -> Result<Option<Symbols>> {
        if !bytes.starts_with(b"\x7fELF") {
            return Ok(None);
        }
        let file = ElfBytes::<AnyEndian>::minimal_parse(bytes).context("cannot parse the ELF")?;
        let Some((symbols, names)) = file.symbol_table().context("bad ELF symbol table")? else {
            return Ok(None);
        };
        let mut functions: Vec<_> = symbols
            .iter()
            .filter(|s| s.st_symtype() == STT_FUNC && s.st_size > 0)
            .filter_map(|s| {
                let name = names.get(s.st_name as usize).ok()?;
                // Bit 0 marks a Thumb function, not part of its address.
                let start = (s.st_value & !1) as u32;
                Some((
                    start,
                    s.st_size as u32,
                    format!("{:#}", rustc_demangle::demangle(name)),
                ))
            })
            .collect();
        functions.sort();
        Ok(Some(Symbols(functions)))
    }

    /// The function symbols of the ROM file at `path`, if it is an ELF
    /// (a profile of a `.gba` lists addresses only).
    pub fn of_file(path: &std::path::Path) -> Option<Symbols> {
        let bytes = std::fs::read(path).ok()?;
        Symbols::from_elf(&bytes).ok().flatten()
    }

    fn name(&self, address: u32) -> Option<&str> {
        let i = self.0.partition_point(|&(start, _, _)| start <= address);
        let (start, size, name) = self.0.get(i.checked_sub(1)?)?;
        (address < start + size).then_some(name.as_str())
    }
}

/// The profile as text: the total, the functions that took the most cycles
/// (when the symbols are known), then every address and its cycles.
pub fn report(cycles: &HashMap<u32, u64>, symbols: Option<&Symbols>) -> String {
    let total: u64 = cycles.values().sum();
    let mut text = format!("{total} cycles ({:.1} frames)\n", total as f64 / 280_896.0);
    if let Some(symbols) = symbols {
        let mut by_function: HashMap<&str, u64> = HashMap::new();
        for (&address, &spent) in cycles {
            // The BIOS is where the CPU waits (halted until an interrupt)
            // and runs system calls.
            let name = match symbols.name(address) {
                Some(name) => name,
                None if address < 0x4000 => "(BIOS: halted, or a system call)",
                None => "(no symbol)",
            };
            *by_function.entry(name).or_default() += spent;
        }
        let mut rows: Vec<_> = by_function.into_iter().collect();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (name, spent) in rows.iter().take(40) {
            let share = 100.0 * *spent as f64 / total.max(1) as f64;
            let _ = writeln!(text, "{spent:>12} {share:5.1}%  {name}");
        }
    }
    let mut addresses: Vec<_> = cycles.iter().collect();
    addresses.sort_unstable();
    text.push_str("\naddress  cycles\n");
    for (address, spent) in addresses {
        let _ = writeln!(text, "{address:08x} {spent}");
    }
    text
}

/// Where the cycles of the `top` costliest functions came from, by the
/// link register (exact for a function that calls no other, such as
/// memcpy or memcmp; for others it names the last call made): each
/// function's callers with their cycles, the largest first.
pub fn callers_report(callers: &HashMap<(u32, u32), u64>, symbols: &Symbols, top: usize) -> String {
    let name = |address: u32| symbols.name(address).unwrap_or("(no symbol)");
    let mut by_function: HashMap<&str, HashMap<&str, u64>> = HashMap::new();
    for (&(address, link), &spent) in callers {
        if address < 0x0200_0000 {
            continue;
        }
        *by_function
            .entry(name(address))
            .or_default()
            .entry(name(link))
            .or_default() += spent;
    }
    let mut functions: Vec<_> = by_function
        .into_iter()
        .map(|(function, callers)| (callers.values().sum::<u64>(), function, callers))
        .collect();
    functions.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let mut text = String::from("\ncallers (by the link register)\n");
    for (spent, function, callers) in functions.into_iter().take(top) {
        let _ = writeln!(text, "{spent:>12}  {function}");
        let mut callers: Vec<_> = callers.into_iter().collect();
        callers.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (caller, spent) in callers.into_iter().take(6) {
            let _ = writeln!(text, "{spent:>16}    from {caller}");
        }
    }
    text
}

/// The deepest stack of a profile as text: its depth, the function it was
/// in, and the functions named by code addresses on the stack (return
/// addresses, innermost first; a stale word may name one not on the chain).
pub fn stack_report(deepest: &crate::machine::DeepestStack, symbols: Option<&Symbols>) -> String {
    let name = |address: u32| symbols.and_then(|s| s.name(address & !1));
    let mut text = format!(
        "\ndeepest stack: {} bytes, at {:08x} {}\ncode addresses on the stack, innermost first:\n",
        deepest.bytes,
        deepest.at,
        name(deepest.at).unwrap_or("")
    );
    let mut last = None;
    for (i, &word) in deepest.words.iter().enumerate() {
        if let Some(function) = name(word)
            && last != Some(function)
        {
            let _ = writeln!(text, "  +{:<5} {word:08x} {function}", i * 4);
            last = Some(function);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_named_by_the_function_holding_them() {
        let symbols = Symbols(vec![(0x100, 0x10, "a".into()), (0x200, 0x8, "b".into())]);
        assert_eq!(symbols.name(0x100), Some("a"));
        assert_eq!(symbols.name(0x10f), Some("a"));
        assert_eq!(symbols.name(0x110), None);
        assert_eq!(symbols.name(0x204), Some("b"));
        assert_eq!(symbols.name(0xff), None);
        let cycles = HashMap::from([(0x100, 30), (0x104, 10), (0x204, 60), (0x300, 0)]);
        let text = report(&cycles, Some(&symbols));
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines[0], "100 cycles (0.0 frames)");
        assert!(lines[1].ends_with("60.0%  b"), "{text}");
        assert!(lines[2].ends_with("40.0%  a"), "{text}");
        assert!(text.ends_with("00000100 30\n00000104 10\n00000204 60\n00000300 0\n"));
    }

    #[test]
    fn callers_are_named_by_the_link_register_largest_first() {
        let symbols = Symbols(vec![
            (0x0200_0100, 0x10, "memcmp".into()),
            (0x0200_0200, 0x10, "draw".into()),
            (0x0200_0300, 0x10, "save".into()),
        ]);
        let callers = HashMap::from([
            ((0x0200_0100, 0x0200_0204), 30),
            ((0x0200_0104, 0x0200_0304), 50),
            ((0x0200_0108, 0x0200_0208), 5),
            ((0x0200_0200, 0x0200_0300), 20),
            // The BIOS's halt is left out.
            ((0x0000_0100, 0x0200_0204), 99),
        ]);
        let text = callers_report(&callers, &symbols, 5);
        let lines: Vec<_> = text.lines().map(str::trim).collect();
        assert_eq!(
            lines,
            [
                "",
                "callers (by the link register)",
                "85  memcmp",
                "50    from save",
                "35    from draw",
                "20  draw",
                "20    from save",
            ],
            "{text}"
        );
    }

    #[test]
    fn the_deepest_stack_names_the_code_addresses_on_it_once_per_run() {
        let symbols = Symbols(vec![(0x100, 0x10, "a".into()), (0x200, 0x8, "b".into())]);
        let deepest = crate::machine::DeepestStack {
            bytes: 24,
            at: 0x204,
            // A Thumb return address (bit 0 set), data, b twice in a row, a again.
            words: vec![0x103, 0x5, 0x205, 0x207, 0x7, 0x10c],
        };
        let text = stack_report(&deepest, Some(&symbols));
        let lines: Vec<_> = text.lines().skip(3).collect();
        assert!(
            text.contains("deepest stack: 24 bytes, at 00000204 b"),
            "{text}"
        );
        assert_eq!(lines.len(), 3, "{text}");
        assert!(
            lines[0].starts_with("  +0 ") && lines[0].ends_with(" a"),
            "{text}"
        );
        assert!(
            lines[1].starts_with("  +8 ") && lines[1].ends_with(" b"),
            "{text}"
        );
        assert!(
            lines[2].starts_with("  +20 ") && lines[2].ends_with(" a"),
            "{text}"
        );
    }
}
