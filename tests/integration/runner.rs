//! The test command itself, `scripts/test`: a skip's line in the log, the one summary the
//! script prints from that log, and the root steps the README lists, which must be the ones
//! `.ci/run` takes (so a machine set up by the README skips nothing).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use super::support::{USERADD, apt_install, record_skip, root};

/// A fresh path for a log in the temporary folder.
fn fresh_log(name: &str) -> PathBuf {
    let log = std::env::temp_dir().join(format!("fe-skips-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    log
}

/// What `scripts/skip-summary LOG` prints; it must succeed.
fn summary(log: &PathBuf) -> String {
    let out = Command::new(root().join("scripts/skip-summary"))
        .arg(log)
        .output()
        .expect("scripts/skip-summary runs");
    assert!(
        out.status.success(),
        "scripts/skip-summary: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn a_skip_is_one_line_of_the_log_with_its_tabs_and_breaks_flattened() {
    let log = fresh_log("line");
    record_skip(
        &log,
        "window::a",
        "window tests need Xvfb",
        "apt-get install xvfb",
    )
    .expect("log");
    record_skip(
        &log,
        "serve::b",
        "a reason\twith a tab\nand a break",
        USERADD,
    )
    .expect("log");
    let written = std::fs::read_to_string(&log).expect("the log");
    let _ = std::fs::remove_file(&log);
    assert_eq!(
        written,
        format!(
            "window::a\twindow tests need Xvfb\tapt-get install xvfb\n\
             serve::b\ta reason with a tab and a break\t{USERADD}\n"
        )
    );
}

/// The complaint: a line per skip, lost in the run's output. The summary counts the
/// skips by reason (the largest group first), names each fix, and then gives every fix at
/// once, the package lists merged into one `apt-get install`.
#[test]
fn the_summary_counts_skips_by_reason_and_gives_every_fix_at_once() {
    let log = fresh_log("summary");
    let node = "scripts/test, which installs them into target/ (with node and npm: apt-get install nodejs npm)";
    let skips = [
        (
            "serve::a",
            "window tests need Xvfb, xdotool",
            apt_install(&["xvfb", "xdotool"]),
        ),
        (
            "proxy::b",
            "the TypeScript proxy tests need the SDK",
            node.to_owned(),
        ),
        (
            "window::c",
            "window tests need Xvfb, xdotool",
            apt_install(&["xvfb", "xdotool"]),
        ),
        (
            "wayland::d",
            "Wayland tests run as root need the user",
            USERADD.to_owned(),
        ),
        (
            "window::e",
            "window tests need Xvfb, xdotool, xwd",
            apt_install(&["xvfb", "xdotool", "x11-apps"]),
        ),
        (
            "window::f",
            "window tests need Xvfb, xdotool",
            apt_install(&["xvfb", "xdotool"]),
        ),
        (
            "proxy::g",
            "the TypeScript proxy tests need the SDK",
            node.to_owned(),
        ),
    ];
    for (test, reason, fix) in &skips {
        record_skip(&log, test, reason, fix).expect("log");
    }
    let printed = summary(&log);
    let _ = std::fs::remove_file(&log);
    assert_eq!(
        printed,
        format!(
            "scripts/test: 7 tests skipped (each by name: {log})\n\
             \x20   3  window tests need Xvfb, xdotool\n\
             \x20      fix: apt-get install xvfb xdotool\n\
             \x20   2  the TypeScript proxy tests need the SDK\n\
             \x20      fix: {node}\n\
             \x20   1  Wayland tests run as root need the user\n\
             \x20      fix: {USERADD}\n\
             \x20   1  window tests need Xvfb, xdotool, xwd\n\
             \x20      fix: apt-get install xvfb xdotool x11-apps\n\
             To run them all: apt-get install xvfb xdotool x11-apps; {node}; {USERADD}\n",
            log = log.display()
        )
    );
}

#[test]
fn the_summary_of_a_run_without_skips_says_so() {
    let log = fresh_log("empty");
    std::fs::write(&log, "").expect("an empty log");
    let printed = summary(&log);
    let _ = std::fs::remove_file(&log);
    assert_eq!(printed, "scripts/test: no test skipped\n");
}

/// The packages of `.ci/run`'s `packages=( ... )`, comments left out.
fn ci_packages(ci: &str) -> BTreeSet<String> {
    let start = ci.find("packages=(").expect(".ci/run has packages=(") + "packages=(".len();
    let list = &ci[start..start + ci[start..].find("\n)").expect("packages=( is closed")];
    list.lines()
        .map(|line| line.split('#').next().unwrap_or_default())
        .flat_map(str::split_whitespace)
        .map(str::to_owned)
        .collect()
}

/// The README lists what needs root in one `apt-get install` line and one `useradd`; they
/// must be what `.ci/run` installs and adds (nodejs and npm: `.ci/run` installs them only
/// where the machine has no npm), or a machine set up by the README skips tests.
#[test]
fn the_readme_lists_the_root_steps_ci_takes() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    let prefix = "apt-get install --no-install-recommends ";
    let lines: Vec<&str> = readme.lines().filter(|l| l.starts_with(prefix)).collect();
    assert_eq!(lines.len(), 1, "one apt-get line in the README: {lines:?}");
    let listed: BTreeSet<String> = lines[0][prefix.len()..]
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let mut wanted = ci_packages(&ci);
    assert!(wanted.len() > 20, "read .ci/run's list: {wanted:?}");
    wanted.extend(["nodejs".to_owned(), "npm".to_owned()]);
    assert_eq!(
        listed.difference(&wanted).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "in the README's apt-get line, not in .ci/run"
    );
    assert_eq!(
        wanted.difference(&listed).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "in .ci/run, not in the README's apt-get line"
    );
    assert!(
        readme.lines().any(|l| l == USERADD),
        "the README's useradd line is `{USERADD}`"
    );
    assert!(ci.contains(USERADD), ".ci/run runs `{USERADD}`");
}
