//! Where things live: goldens are repo-relative, script outputs go under --out.
use std::path::{Path, PathBuf};

/// The repository root: the parent of the `tests/` package, or `$HARNESS_REPO_ROOT`.
pub fn repo_root() -> PathBuf {
    if let Some(root) = std::env::var_os("HARNESS_REPO_ROOT") {
        return PathBuf::from(root);
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// A repo-relative path (absolute paths are kept as they are).
pub fn in_repo(path: &str) -> PathBuf {
    repo_root().join(path)
}

/// The default output directory, `tests/out/`.
pub fn default_out() -> PathBuf {
    repo_root().join("tests").join("out")
}

/// A script path: `repo:some/path` is repo-relative, anything else relative to `out`.
pub fn in_out(out: &Path, path: &str) -> PathBuf {
    match path.strip_prefix("repo:") {
        Some(p) => in_repo(p),
        None => out.join(path),
    }
}
