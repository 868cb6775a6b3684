//! `harness imports DIR`: the import graph between the ROM's source files, and
//! its cycles. Arrows must go down only (app → screens → widgets / rules), so
//! `just check` fails on any cycle between files.
//!
//! A file depends on another when it names an item defined there through a
//! `crate::`, `super::` or `self::` path (in a `use` or inline). A `pub use`
//! in a module only passes names on: naming a re-exported item depends on the
//! file that defines it, not on the module that re-exports it. `mod x;` lines
//! are structure, not dependencies.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// A module path from the crate root, e.g. `["polarium", "rules", "board"]`.
type ModPath = Vec<String>;

/// What a `use` of another crate passes on (its only segment), so that
/// `crate::random::Rng`, through the root's `use shared::random;`, names no
/// file of this crate.
const EXTERNAL: &str = "::extern";

struct SourceFile {
    path: PathBuf,
    module: ModPath,
    /// Paths the file names (already made absolute from the crate root),
    /// each with the line it is on.
    references: Vec<(ModPath, usize)>,
    /// `pub use` lines: the name they pass on and the absolute path it comes
    /// from; and every `use` of another crate, as [`EXTERNAL`].
    reexports: BTreeMap<String, ModPath>,
    /// `macro_rules!` names defined here (an exported macro is named from
    /// the crate root, `crate::event!`, but lives in this file).
    macros: BTreeSet<String>,
}

/// The files of a crate rooted at `root/lib.rs` or `root/mod.rs` (main.rs is a
/// crate of its own that sees this one only through its public name, so it is
/// left out, and so is a folder with its own Cargo.toml, such as an app's
/// rules: its `crate::` is its own root; read it on its own).
pub struct Graph {
    files: Vec<SourceFile>,
    by_module: BTreeMap<ModPath, usize>,
    /// For each file, the files it depends on and a line where it first does.
    pub edges: Vec<BTreeMap<usize, usize>>,
}

impl Graph {
    pub fn read(root: &Path) -> Result<Self> {
        let mut paths = Vec::new();
        collect(root, &mut paths)?;
        paths.sort();
        let mut files = Vec::new();
        for path in paths {
            let relative = path.strip_prefix(root)?.to_path_buf();
            let Some(module) = module_of(&relative) else {
                continue;
            };
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let (references, reexports) = scan(&text, &module, is_mod_rs(&relative));
            let macros = macros_defined(&strip(&text));
            files.push(SourceFile {
                path: relative,
                module,
                references,
                reexports,
                macros,
            });
        }
        let by_module = files
            .iter()
            .enumerate()
            .map(|(index, file)| (file.module.clone(), index))
            .collect();
        let mut graph = Graph {
            files,
            by_module,
            edges: Vec::new(),
        };
        graph.edges = (0..graph.files.len())
            .map(|index| graph.dependencies(index))
            .collect();
        Ok(graph)
    }

    pub fn name(&self, file: usize) -> String {
        self.files[file].path.display().to_string()
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// The file that defines what `path` names: the deepest file module on
    /// the path, following re-exports.
    fn resolve(&self, path: &[String], depth: u8) -> Option<usize> {
        if let [name] = path
            && let Some(name) = name.strip_suffix('!')
        {
            return self
                .files
                .iter()
                .position(|file| file.macros.contains(name));
        }
        let mut found = None;
        for end in (0..=path.len()).rev() {
            if let Some(&file) = self.by_module.get(&path[..end]) {
                found = Some((file, end));
                break;
            }
        }
        let (file, end) = found?;
        if depth < 8
            && let Some(name) = path.get(end)
            && let Some(source) = self.files[file].reexports.get(name)
        {
            if source.first().is_some_and(|first| first == EXTERNAL) {
                return None;
            }
            let mut through: ModPath = source.clone();
            through.extend(path[end + 1..].iter().cloned());
            if let Some(defining) = self.resolve(&through, depth + 1) {
                return Some(defining);
            }
        }
        Some(file)
    }

    fn dependencies(&self, index: usize) -> BTreeMap<usize, usize> {
        let mut out = BTreeMap::new();
        for (path, line) in &self.files[index].references {
            if let Some(target) = self.resolve(path, 0)
                && target != index
            {
                out.entry(target).or_insert(*line);
            }
        }
        out
    }

    /// Every cycle's files, one strongly connected component each (Tarjan).
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        struct State<'a> {
            graph: &'a Graph,
            next: usize,
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            stack: Vec<usize>,
            on_stack: Vec<bool>,
            components: Vec<Vec<usize>>,
        }
        fn visit(state: &mut State, node: usize) {
            state.index[node] = Some(state.next);
            state.low[node] = state.next;
            state.next += 1;
            state.stack.push(node);
            state.on_stack[node] = true;
            let targets: Vec<usize> = state.graph.edges[node].keys().copied().collect();
            for target in targets {
                match state.index[target] {
                    None => {
                        visit(state, target);
                        state.low[node] = state.low[node].min(state.low[target]);
                    }
                    Some(seen) if state.on_stack[target] => {
                        state.low[node] = state.low[node].min(seen);
                    }
                    Some(_) => {}
                }
            }
            if Some(state.low[node]) == state.index[node] {
                let mut component = Vec::new();
                while let Some(top) = state.stack.pop() {
                    state.on_stack[top] = false;
                    component.push(top);
                    if top == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    state.components.push(component);
                }
            }
        }
        let count = self.files.len();
        let mut state = State {
            graph: self,
            next: 0,
            index: vec![None; count],
            low: vec![0; count],
            stack: Vec::new(),
            on_stack: vec![false; count],
            components: Vec::new(),
        };
        for node in 0..count {
            if state.index[node].is_none() {
                visit(&mut state, node);
            }
        }
        state.components.sort();
        state.components
    }

    /// A report of the cycles: each component's files and the arrows between
    /// them, with the line that makes each arrow.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for component in self.cycles() {
            let members: BTreeSet<usize> = component.iter().copied().collect();
            out.push_str("cycle:\n");
            for &from in &component {
                for (&to, &line) in &self.edges[from] {
                    if members.contains(&to) {
                        out.push_str(&format!(
                            "  {}:{} -> {}\n",
                            self.name(from),
                            line,
                            self.name(to)
                        ));
                    }
                }
            }
        }
        out
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            if !path.join("Cargo.toml").exists() {
                collect(&path, out)?;
            }
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

fn is_mod_rs(relative: &Path) -> bool {
    relative
        .file_name()
        .is_some_and(|name| name == "mod.rs" || name == "lib.rs")
}

fn module_of(relative: &Path) -> Option<ModPath> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    match last.as_str() {
        "main.rs" if parts.is_empty() => None,
        "lib.rs" if parts.is_empty() => Some(Vec::new()),
        "mod.rs" => Some(parts),
        other => {
            parts.push(other.strip_suffix(".rs")?.to_string());
            Some(parts)
        }
    }
}

/// Code with comments, string and character literals blanked out (newlines kept).
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == '"' || (c == 'r' && (next == Some('"') || next == Some('#'))) {
            // A string (raw or not): skip to its end.
            let (hashes, start) = if c == 'r' {
                let mut j = i + 1;
                while chars.get(j) == Some(&'#') {
                    j += 1;
                }
                if chars.get(j) != Some(&'"') {
                    out.push(c);
                    i += 1;
                    continue;
                }
                (j - i - 1, j + 1)
            } else {
                (usize::MAX, i + 1)
            };
            i = start;
            while i < chars.len() {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                if hashes == usize::MAX && chars[i] == '\\' {
                    i += 2;
                    continue;
                }
                if chars[i] == '"' {
                    let closing = if hashes == usize::MAX { 0 } else { hashes };
                    if (1..=closing).all(|k| chars.get(i + k) == Some(&'#')) {
                        i += 1 + closing;
                        break;
                    }
                }
                i += 1;
            }
            out.push_str("\"\"");
        } else if c == '\''
            && (next == Some('\\') && chars.get(i + 3) == Some(&'\'')
                || chars.get(i + 2) == Some(&'\''))
        {
            // A character literal (not a lifetime).
            let end = if next == Some('\\') { i + 3 } else { i + 2 };
            i = end + 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a file names (absolute) and what its `pub use` lines pass on.
fn scan(
    text: &str,
    module: &ModPath,
    is_mod_rs: bool,
) -> (Vec<(ModPath, usize)>, BTreeMap<String, ModPath>) {
    let code = strip(text);
    let chars: Vec<char> = code.chars().collect();
    let mut references = Vec::new();
    let mut reexports = BTreeMap::new();
    // The modules this file declares: a `use` path starting anywhere else
    // names another crate (`use shared::random;`, `pub use game_rules as rules;`).
    let words: Vec<&str> = code
        .split(|c: char| !is_ident(c))
        .filter(|w| !w.is_empty())
        .collect();
    let declared: BTreeSet<&str> = words
        .windows(2)
        .filter(|pair| pair[0] == "mod")
        .map(|pair| pair[1])
        .collect();
    // Inline modules (`mod tests { ... }`) open at a brace depth.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut line = 1;
    let mut i = 0;
    let here = |inline: &Vec<(String, usize)>| -> ModPath {
        let mut path = module.clone();
        path.extend(inline.iter().map(|(name, _)| name.clone()));
        path
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        if c == '{' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == '}' {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|(_, open)| *open == depth) {
                inline.pop();
            }
            i += 1;
            continue;
        }
        if !is_ident(c) || (i > 0 && (is_ident(chars[i - 1]) || chars[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && is_ident(chars[i]) {
            i += 1;
        }
        let word: String = chars[start..i].iter().collect();
        if word == "mod" {
            // `mod name {` opens an inline module; `mod name;` is structure.
            let rest: String = chars[i..chars.len().min(i + 80)].iter().collect();
            let rest = rest.trim_start();
            let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            let after = rest[name.len()..].trim_start();
            if after.starts_with('{') {
                inline.push((name, depth));
            }
            continue;
        }
        if word == "use" {
            let end = code[char_offset(&chars, i)..]
                .find(';')
                .map(|offset| char_offset(&chars, i) + offset)
                .unwrap_or(code.len());
            let statement = &code[char_offset(&chars, i)..end];
            let before: String = chars[start.saturating_sub(20)..start].iter().collect();
            let before = before.trim_end();
            let public = before.ends_with("pub")
                || before.ends_with("pub(crate)")
                || before.ends_with("pub(super)");
            // In a mod.rs, `pub use` passes names on rather than using them.
            let passes_on = public && is_mod_rs && inline.is_empty();
            let base = here(&inline);
            for (path, alias) in expand_use(statement) {
                let first = path.first().map_or("", String::as_str);
                if absolute(&path, &base).is_none() && !declared.contains(first) {
                    // Another crate's item: what names it through this
                    // module names no file of this crate.
                    if let Some(name) = alias.or_else(|| path.last().cloned())
                        && name != "*"
                    {
                        reexports.insert(name, vec![EXTERNAL.to_string()]);
                    }
                    continue;
                }
                let absolute = absolute(&path, &base).or_else(|| {
                    // A 2018 path relative to this module (`use child::Item;`),
                    // kept when it is a submodule's; external crates resolve
                    // to no file and drop out.
                    let first = path.first()?;
                    if matches!(first.as_str(), "core" | "alloc" | "std") {
                        return None;
                    }
                    let mut absolute = base.clone();
                    absolute.extend(path.iter().cloned());
                    Some(absolute)
                });
                let Some(absolute) = absolute else { continue };
                if passes_on {
                    if let Some(name) = alias.or_else(|| absolute.last().cloned())
                        && name != "*"
                    {
                        reexports.insert(name, absolute);
                    }
                } else {
                    references.push((absolute, line));
                }
            }
            line += statement.matches('\n').count();
            i = end;
            continue;
        }
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            let relative = !matches!(word.as_str(), "crate" | "super" | "self");
            let mut path = vec![word];
            let mut j = i;
            while j + 2 < chars.len() && chars[j] == ':' && chars[j + 1] == ':' {
                let s = j + 2;
                let mut e = s;
                while e < chars.len() && is_ident(chars[e]) {
                    e += 1;
                }
                if e == s {
                    break;
                }
                path.push(chars[s..e].iter().collect());
                j = e;
            }
            if chars.get(j) == Some(&'!') && path.len() == 2 && path[0] == "crate" {
                // `crate::event!(...)`: an exported macro, found by name.
                references.push((vec![format!("{}!", path[1])], line));
            } else if relative {
                // `child::item` inline: an arrow only when `child` is a
                // submodule's file (anything else resolves to this file).
                let mut absolute = here(&inline);
                absolute.extend(path);
                references.push((absolute, line));
            } else if path.len() > 1
                && let Some(absolute) = absolute(&path, &here(&inline))
            {
                references.push((absolute, line));
            }
            i = j;
        }
    }
    (references, reexports)
}

fn macros_defined(code: &str) -> BTreeSet<String> {
    code.match_indices("macro_rules!")
        .map(|(at, found)| {
            code[at + found.len()..]
                .trim_start()
                .chars()
                .take_while(|&c| is_ident(c))
                .collect()
        })
        .collect()
}

fn char_offset(chars: &[char], index: usize) -> usize {
    chars[..index].iter().map(|c| c.len_utf8()).sum()
}

/// `use` statement text (after `use`) to its full paths, with their aliases.
fn expand_use(statement: &str) -> Vec<(Vec<String>, Option<String>)> {
    fn expand(text: &str, prefix: &[String], out: &mut Vec<(Vec<String>, Option<String>)>) {
        let text = text.trim();
        if let Some(open) = text.find('{') {
            let head: Vec<String> = text[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let close = text.rfind('}').unwrap_or(text.len());
            let inner = &text[open + 1..close];
            let mut full = prefix.to_vec();
            full.extend(head);
            let mut level = 0;
            let mut start = 0;
            for (k, c) in inner.char_indices() {
                match c {
                    '{' => level += 1,
                    '}' => level -= 1,
                    ',' if level == 0 => {
                        expand(&inner[start..k], &full, out);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            expand(&inner[start..], &full, out);
        } else if !text.is_empty() {
            let (path, alias) = match text.split_once(" as ") {
                Some((path, alias)) => (path, Some(alias.trim().to_string())),
                None => (text, None),
            };
            let mut full = prefix.to_vec();
            for part in path.split("::").map(str::trim).filter(|s| !s.is_empty()) {
                if part == "self" && !full.is_empty() {
                    continue;
                }
                full.push(part.to_string());
            }
            out.push((full, alias));
        }
    }
    let mut out = Vec::new();
    expand(statement, &[], &mut out);
    out
}

/// A `crate::`/`super::`/`self::` path made absolute from `base`; `None` for
/// any other path (an external crate's, or a name relative to `base`).
fn absolute(path: &[String], base: &ModPath) -> Option<ModPath> {
    let first = path.first()?;
    let mut out;
    let mut rest = path;
    match first.as_str() {
        "crate" => {
            out = Vec::new();
            rest = &rest[1..];
        }
        "self" => {
            out = base.clone();
            rest = &rest[1..];
        }
        "super" => {
            out = base.clone();
            while rest.first().is_some_and(|s| s == "super") {
                out.pop();
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    out.extend(rest.iter().cloned());
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph_of(files: &[(&str, &str)]) -> Graph {
        let dir = std::env::temp_dir().join(format!(
            "imports-test-{}-{}",
            std::process::id(),
            files.len() + files.iter().map(|(p, t)| p.len() + t.len()).sum::<usize>()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let graph = Graph::read(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        graph
    }

    fn names(graph: &Graph) -> Vec<Vec<String>> {
        graph
            .cycles()
            .iter()
            .map(|c| c.iter().map(|&f| graph.name(f)).collect())
            .collect()
    }

    #[test]
    fn a_use_in_each_direction_is_a_cycle() {
        let graph = graph_of(&[
            ("lib.rs", "mod game;"),
            ("game/mod.rs", "mod app;\nmod view;\npub use app::App;"),
            ("game/app.rs", "use super::view::View;\npub struct App;"),
            (
                "game/view.rs",
                "use crate::game::app::{self, App};\npub struct View;",
            ),
        ]);
        assert_eq!(names(&graph), [["game/app.rs", "game/view.rs"]]);
        assert!(graph.report().contains("game/view.rs:1 -> game/app.rs"));
    }

    #[test]
    fn reexports_point_at_the_defining_file() {
        // view names `App` through the re-export in mod.rs: that is app.rs,
        // and mod.rs's re-export alone is no arrow back.
        let graph = graph_of(&[
            ("lib.rs", "mod game;"),
            (
                "game/mod.rs",
                "mod app;\nmod view;\npub use app::App;\npub use view::View;",
            ),
            ("game/app.rs", "pub struct App;"),
            (
                "game/view.rs",
                "use super::App;\npub struct View(super::App);",
            ),
        ]);
        assert!(graph.cycles().is_empty());
        let view = (0..graph.len())
            .find(|&f| graph.name(f) == "game/view.rs")
            .unwrap();
        let app = (0..graph.len())
            .find(|&f| graph.name(f) == "game/app.rs")
            .unwrap();
        assert!(graph.edges[view].contains_key(&app));
    }

    #[test]
    fn a_child_naming_its_parents_own_item_and_the_parent_using_the_child() {
        let graph = graph_of(&[
            ("lib.rs", "mod game;"),
            (
                "game/mod.rs",
                "mod app;\nconst STEPS: u8 = 1;\nfn go() { app::run(); }",
            ),
            ("game/app.rs", "pub fn run() { let _ = super::STEPS; }"),
        ]);
        assert_eq!(names(&graph), [["game/app.rs", "game/mod.rs"]]);
    }

    #[test]
    fn inline_test_modules_comments_and_strings_are_not_arrows() {
        let graph = graph_of(&[
            ("lib.rs", "mod a;\nmod b;"),
            (
                "a.rs",
                "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
            ),
            (
                "b.rs",
                "// crate::a::f\nconst S: &str = \"crate::a::f\";\npub fn g() { crate::a::f(); }",
            ),
        ]);
        assert!(graph.cycles().is_empty());
        let a = (0..graph.len()).find(|&f| graph.name(f) == "a.rs").unwrap();
        assert!(graph.edges[a].is_empty(), "{:?}", graph.edges[a]);
    }

    #[test]
    fn a_folder_with_its_own_cargo_toml_is_another_crate() {
        // The rules' `crate::` is their own crate root, not lib.rs: read
        // together, their files would seem to import the ROM's root.
        let graph = graph_of(&[
            (
                "lib.rs",
                "mod game;
fn f() {}",
            ),
            ("game/mod.rs", "pub use game_rules as rules;"),
            ("game/rules/Cargo.toml", "[package]"),
            (
                "game/rules/mod.rs",
                "mod board;
pub fn g() {}",
            ),
            ("game/rules/board.rs", "use crate::g;"),
        ]);
        let mut files: Vec<String> = (0..graph.len()).map(|f| graph.name(f)).collect();
        files.sort();
        assert_eq!(files, ["game/mod.rs", "lib.rs"]);
        let rules = graph_of(&[
            (
                "mod.rs",
                "mod board;
pub fn g() {}",
            ),
            ("board.rs", "use crate::g;"),
        ]);
        assert_eq!(rules.len(), 2);
        assert!(rules.cycles().is_empty());
    }

    #[test]
    fn names_from_other_crates_are_no_arrows() {
        // The root imports a shared crate's module and an app re-exports its
        // rules crate: naming either through `crate::` names no file here.
        let graph = graph_of(&[
            (
                "lib.rs",
                "mod game;
use shared::random;
fn boot() { game::open(); }",
            ),
            (
                "game/mod.rs",
                "mod app;
pub use game_rules as rules;
pub use app::open;",
            ),
            (
                "game/app.rs",
                "use crate::game::rules::Board;
pub fn open() { crate::random::Rng::new(1); }",
            ),
        ]);
        assert!(graph.cycles().is_empty(), "{:?}", names(&graph));
        let app = (0..graph.len())
            .find(|&f| graph.name(f) == "game/app.rs")
            .unwrap();
        assert!(graph.edges[app].is_empty(), "{:?}", graph.edges[app]);
    }

    /// The guardrail itself: the ROM's sources have no cycles between files.
    #[test]
    #[ignore = "run by `just check` (harness imports src)"]
    fn the_roms_sources_have_no_cycles() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
        let graph = Graph::read(&src).unwrap();
        assert_eq!(graph.report(), "");
    }
}
