//! What the test modules share: the binary's path and environment, the process harness
//! ([`process`]), the kittest helpers ([`kittest`]), the request fixtures, and the independent
//! validator.

pub mod kittest;
pub mod process;

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_form-elicitation");

/// The environment that makes the binary speak English whatever the machine's locale, so
/// the tests can read its words (tests of other languages set their own).
pub const ENGLISH: [(&str, &str); 4] = [
    ("LC_ALL", "C.UTF-8"),
    ("LC_MESSAGES", "C.UTF-8"),
    ("LANG", "C.UTF-8"),
    ("LANGUAGE", ""),
];

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `.json` files directly in each of `dirs` (relative to the repository root), sorted.
pub fn json_files(dirs: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        files.extend(
            entries
                .map(|e| e.expect("directory entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "json")),
        );
    }
    files.sort();
    files
}

/// The independent oracle: a JSON Schema validator with format checks on.
pub fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .should_validate_formats(true)
        .build(schema)
        .unwrap_or_else(|e| panic!("the validator refuses {schema}: {e}"))
}
