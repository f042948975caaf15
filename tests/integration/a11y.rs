//! What a screen reader reads: the window through AT-SPI, the accessibility bus Orca listens
//! to, read with libatspi by `tests/a11y/atspi_tree.py` inside its own `dbus-run-session`.
//! (The kittest tests check AccessKit inside the process; this checks what reaches Orca.)
//!
//! Needs `dbus-run-session`, `/usr/libexec/at-spi-bus-launcher`, Debian's `python3-gi` with
//! `gir1.2-atspi-2.0`, `Xvfb` and `xdotool`; without them the tests say so and skip, unless
//! `FORM_ELICITATION_E2E=require` (set by `.ci/run`).

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use super::support::process::Running;
use super::support::temp::TempDir;
use super::support::{self, BIN};

/// How long one run of the reader may take: a session bus, Xvfb, the window, and the dumps.
const READER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// One accessible node: its depth in the tree, role, name, description and states.
#[derive(Debug, Clone)]
struct Node {
    depth: u64,
    role: String,
    name: String,
    description: String,
    states: Vec<String>,
}

/// The tree after each `dump` step, for `request` with `steps` (`dump`, `key:KEYS`).
fn read_tree(request: &Path, steps: &[&str], envs: &[(&str, &str)]) -> Option<Vec<Vec<Node>>> {
    let script = support::root().join("tests/a11y/atspi_tree.py");
    // The reader starts its own Xvfb and types with xdotool, inside dbus-run-session.
    let tools = ["Xvfb", "xdotool", "dbus-run-session"];
    if !support::tools_or_skip("the screen-reader tests", &tools) {
        return None;
    }
    let atspi_there = Path::new("/usr/libexec/at-spi-bus-launcher").exists()
        && Command::new("/usr/bin/python3")
            .args(["-c", "import gi; gi.require_version('Atspi', '2.0')"])
            .output()
            .is_ok_and(|o| o.status.success());
    if !atspi_there {
        support::skip(
            "the screen-reader tests need the AT-SPI bus and libatspi for Python",
            &support::apt_install(&["at-spi2-core", "python3-gi", "gir1.2-atspi-2.0"]),
        );
        return None;
    }
    // One accessibility bus at a time: its socket lives in XDG_RUNTIME_DIR, so each run gets a
    // fresh one, and the runs take turns.
    let _turn = TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let runtime = TempDir::new("a11y");
    // In a process group of its own (as every process the tests start): the session bus, the
    // AT-SPI bus and its launcher, Xvfb and the binary the reader starts end with it, on a
    // timeout too (the reader's own `kill` of the launcher leaves the AT-SPI bus behind).
    let mut command = Command::new("dbus-run-session");
    command
        .env("XDG_RUNTIME_DIR", runtime.path())
        .arg("--")
        .arg("/usr/bin/python3")
        .arg(&script)
        .arg(BIN)
        .arg(request)
        .args(steps);
    for (name, value) in envs {
        command.env(format!("FE_ENV_{name}"), value);
    }
    let output = Running::spawn("the AT-SPI reader", command, None).wait_output(READER_TIMEOUT);
    let stdout = &output.stdout;
    let dumps: Vec<Vec<Node>> = stdout
        .lines()
        .filter(|line| line.starts_with('['))
        .map(|line| {
            let nodes: Vec<Value> = serde_json::from_str(line).expect("a JSON dump");
            nodes
                .iter()
                .map(|n| Node {
                    depth: n["depth"].as_u64().unwrap_or_default(),
                    role: n["role"].as_str().unwrap_or_default().to_owned(),
                    name: n["name"].as_str().unwrap_or_default().to_owned(),
                    description: n["description"].as_str().unwrap_or_default().to_owned(),
                    states: n["states"]
                        .as_array()
                        .map(|s| {
                            s.iter()
                                .filter_map(|v| v.as_str().map(str::to_owned))
                                .collect()
                        })
                        .unwrap_or_default(),
                })
                .collect()
        })
        .collect();
    assert_eq!(
        dumps.len(),
        steps.iter().filter(|s| **s == "dump").count(),
        "the reader failed:\n{}",
        output.describe()
    );
    Some(dumps)
}

fn find<'a>(tree: &'a [Node], role: &str, name: &str) -> &'a Node {
    tree.iter()
        .find(|n| n.role == role && n.name == name)
        .unwrap_or_else(|| panic!("no {role} named {name:?} in {tree:#?}"))
}

/// The children of the node at `index`: the nodes after it one level deeper, until the depth
/// comes back to its own.
fn children(tree: &[Node], index: usize) -> Vec<&Node> {
    let depth = tree[index].depth;
    tree[index + 1..]
        .iter()
        .take_while(|n| n.depth > depth)
        .filter(|n| n.depth == depth + 1)
        .collect()
}

fn focused(tree: &[Node]) -> Vec<&str> {
    tree.iter()
        .filter(|n| n.states.iter().any(|s| s == "focused"))
        .map(|n| n.name.as_str())
        .collect()
}

/// `examples/every-field.json` as Orca gets it: a named window, every control named (each
/// Pick date with its field), format hints and limits in words, one group per field of
/// options, the focus on the first field and following Tab, and after a failed Submit the
/// problem with the invalid state.
#[test]
fn every_field_as_a_screen_reader_reads_it() {
    let request = support::root().join("examples/every-field.json");
    let Some(dumps) = read_tree(
        &request,
        &["dump", "key:Tab", "dump", "key:ctrl+Return", "dump"],
        &[],
    ) else {
        return;
    };
    let (start, after_tab, after_submit) = (&dumps[0], &dumps[1], &dumps[2]);
    // 1. The window has a name.
    let frame = start.iter().find(|n| n.role == "frame").expect("a frame");
    assert!(
        frame.name.starts_with("a11y-"),
        "the window is named by its title: {frame:?}"
    );
    // 2. Every button names what it does, each Pick date its field.
    find(start, "push button", "Pick date for Arrival date");
    find(start, "push button", "Pick date for Preferred talk start");
    for name in ["Submit", "Decline", "Cancel"] {
        find(start, "push button", name);
    }
    assert!(
        start
            .iter()
            .all(|n| n.role != "push button" || !n.name.is_empty())
    );
    // 3. Format hints in words.
    let email = find(start, "entry", "Email address");
    assert!(
        email
            .description
            .contains("email address, like name@example.com"),
        "{email:?}"
    );
    let arrival = find(start, "entry", "Arrival date");
    assert!(arrival.description.contains("YYYY-MM-DD"), "{arrival:?}");
    // 4. No doubled full stops.
    for node in start {
        assert!(!node.description.contains(".."), "{node:?}");
    }
    assert_eq!(
        find(start, "entry", "Full name").description,
        "As it should appear on your badge. 2 to 80 characters"
    );
    // 5. A group per field of options.
    let group = start
        .iter()
        .position(|n| n.name == "T-shirt size" && n.role != "label" && n.role != "radio button")
        .expect("a group named T-shirt size");
    let sizes = children(start, group);
    assert!(
        sizes.len() >= 6 && sizes.iter().all(|n| n.role == "radio button"),
        "{sizes:#?}"
    );
    // 7. The focus starts on the first field and follows Tab.
    assert_eq!(focused(start), ["Full name"]);
    assert_eq!(focused(after_tab), ["Email address"]);
    // 6. After a failed Submit the problem is in words. (The invalid-entry state does not
    // reach AT-SPI: AccessKit's Unix adapter, accesskit_atspi_common 0.21, maps no `invalid`
    // state, although we set it and the kittest tests see it in AccessKit.)
    let arrival = find(after_submit, "entry", "Arrival date");
    assert!(
        arrival.description.contains("This field is required"),
        "{arrival:?}"
    );
    assert!(
        arrival.states.iter().any(|s| s == "required"),
        "{arrival:?}"
    );
}

/// URL mode as Orca gets it: the URL, the site and each warning are readable text, and the
/// buttons are named.
#[test]
fn url_mode_as_a_screen_reader_reads_it() {
    let dir = TempDir::new("a11y-url");
    let request = dir.path().join("url.json");
    std::fs::write(
        &request,
        r#"{"mode":"url","message":"Sign in","url":"http://user@192.0.2.7/login"}"#,
    )
    .expect("write the request");
    let Some(dumps) = read_tree(&request, &["dump"], &[]) else {
        return;
    };
    let tree = &dumps[0];
    find(tree, "label", "http://user@192.0.2.7/login");
    find(tree, "label", "192.0.2.7");
    for warning in [
        "Not encrypted",
        "bare IP address",
        "the real site is 192.0.2.7",
    ] {
        assert!(
            tree.iter()
                .any(|n| n.role == "label" && n.name.contains(warning)),
            "no warning {warning:?} in {tree:#?}"
        );
    }
    for name in ["Open in browser", "Decline", "Cancel"] {
        find(tree, "push button", name);
    }
}

/// In another language the screen reader hears that language's words.
#[test]
fn a_screen_reader_hears_german() {
    let request = support::root().join("examples/every-field.json");
    let Some(dumps) = read_tree(&request, &["dump"], &[("LC_ALL", "de_DE.UTF-8")]) else {
        return;
    };
    let tree = &dumps[0];
    for name in ["Absenden", "Ablehnen", "Abbrechen"] {
        find(tree, "push button", name);
    }
    assert!(
        tree.iter()
            .any(|n| n.role == "push button" && n.name.contains("Arrival date"))
    );
}
