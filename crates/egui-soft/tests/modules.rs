//! The crate's modules import each other without a cycle: each can be read, and changed,
//! knowing only the ones below it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The modules a module's code (not its tests, not its comments) names through `crate::`:
/// a module directly, or an item `lib.rs` re-exports from one.
fn imports(
    code: &str,
    modules: &BTreeSet<String>,
    exports: &BTreeMap<String, String>,
) -> BTreeSet<String> {
    let code: String = code
        .split("#[cfg(test)]")
        .next()
        .unwrap_or_default()
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            names.extend(group.split(',').map(|path| {
                path.trim()
                    .split("::")
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            }));
        } else {
            names.push(
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect(),
            );
        }
    }
    names
        .into_iter()
        .filter_map(|name| {
            if modules.contains(&name) {
                Some(name)
            } else {
                exports.get(&name).cloned()
            }
        })
        .collect()
}

/// Where `lib.rs` re-exports each item from: `pub use module::{A, b};` → A and b from module.
fn exports(lib: &str) -> BTreeMap<String, String> {
    let mut exports = BTreeMap::new();
    for line in lib.lines() {
        let Some(path) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let path = path.trim_end_matches(';');
        let Some((module, items)) = path.split_once("::") else {
            continue;
        };
        for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
            exports.insert(item.trim().to_owned(), module.to_owned());
        }
    }
    exports
}

/// A cycle through `module`, if its imports lead back to one on `path`.
fn cycle(
    module: &str,
    graph: &BTreeMap<String, BTreeSet<String>>,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(start) = path.iter().position(|m| m == module) {
        let mut found = path[start..].to_vec();
        found.push(module.to_owned());
        return Some(found);
    }
    if !done.insert(module.to_owned()) {
        return None;
    }
    path.push(module.to_owned());
    for next in &graph[module] {
        if let Some(found) = cycle(next, graph, path, done) {
            return Some(found);
        }
    }
    path.pop();
    None
}

// Regression test: live.rs and window.rs reached each other (the window resolves live labels;
// a live label asked the window's thread-local whether it was in a pass) until the pass flag
// moved to pass.rs (issue 29).
#[test]
fn no_module_imports_itself_through_others() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = BTreeMap::new();
    for entry in std::fs::read_dir(&src).expect("src/ lists") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "rs") {
            let name = path
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            sources.insert(
                name,
                std::fs::read_to_string(&path).expect("a readable source"),
            );
        }
    }
    let lib = sources.remove("lib").expect("src/lib.rs");
    let exports = exports(&lib);
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    assert!(
        modules.contains("live") && modules.contains("window"),
        "{modules:?}"
    );
    assert_eq!(exports.get("live_label").map(String::as_str), Some("live"));
    let graph: BTreeMap<String, BTreeSet<String>> = sources
        .iter()
        .map(|(name, code)| {
            let mut imports = imports(code, &modules, &exports);
            imports.remove(name);
            (name.clone(), imports)
        })
        .collect();
    assert!(
        graph["window"].contains("live"),
        "the window resolves live labels: {graph:?}"
    );
    let mut done = BTreeSet::new();
    for module in &modules {
        if let Some(found) = cycle(module, &graph, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}", found.join(" → "));
        }
    }
}
