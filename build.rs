//! Decodes the window icon (`assets/icon/form-elicitation-64.png`) into raw RGBA in `OUT_DIR`,
//! so the program embeds the pixels and carries no PNG decoder; packs the binary's relocations
//! where the system can load such a binary; and lays the code a window runs out together.

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

/// The icon the window shows; its pixels are `WINDOW_ICON_SIZE` square (see `src/ui/mod.rs`).
const ICON: &str = "assets/icon/form-elicitation-64.png";
const SIZE: u32 = 64;

fn main() {
    pack_relative_relocations();
    drop_unwind_tables();
    order_code();
    println!("cargo::rerun-if-changed={ICON}");
    let file = std::fs::File::open(ICON).expect("the window icon (run scripts/render-icons)");
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    // Palette and grey images become 8-bit RGB(A), whatever the renderer wrote.
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("the window icon is a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a small icon")];
    let frame = reader
        .next_frame(&mut pixels)
        .expect("the window icon decodes");
    assert_eq!(
        (frame.width, frame.height, frame.color_type, frame.bit_depth),
        (SIZE, SIZE, png::ColorType::Rgba, png::BitDepth::Eight),
        "{ICON} must be {SIZE}x{SIZE} RGBA with 8 bits a channel"
    );
    pixels.truncate(frame.buffer_size());
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("window-icon.rgba"), pixels).expect("write OUT_DIR");
}

/// Links the program with `-z pack-relative-relocs`: a position-independent executable holds a
/// 24-byte relocation for every pointer in its read-only data (vtables, string tables), 0.57 MB
/// of the 10.7 MB release binary, which DT_RELR packs into a few kilobytes. The loader must
/// know DT_RELR (glibc 2.36, Debian 12): a tiny C program linked the same way must run here
/// first, else the program is linked as before. Not when cross-compiling, and not with
/// `FORM_ELICITATION_NO_RELR=1`: the portable build (`scripts/build-portable`) links against
/// glibc 2.31, whose loader does not know DT_RELR (docs/packaging.md says what that costs).
fn pack_relative_relocations() {
    println!("cargo::rerun-if-env-changed=FORM_ELICITATION_NO_RELR");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("TARGET") != var("HOST")
        || var("CARGO_CFG_TARGET_OS") != "linux"
        || !var("FORM_ELICITATION_NO_RELR").is_empty()
    {
        return;
    }
    let Some(out) = std::env::var_os("OUT_DIR") else {
        return;
    };
    let probe = Path::new(&out).join("relr-probe");
    let flag = "-Wl,-z,pack-relative-relocs";
    let mut cc = c_compiler();
    cc.args(["-x", "c", "-", "-pie", "-fPIE", flag, "-o"])
        .arg(&probe);
    let runs = builds_and_runs(
        cc,
        b"static const char *p = \"relr\";\nint main(void) { return p[0] != 'r'; }\n",
        &probe,
    );
    if runs {
        println!("cargo::rustc-link-arg-bins={flag}");
    }
}

/// Links the release binary without unwind tables (`.eh_frame` and its index, 1.1 MB of the
/// 12.2 MB binary): the release profile has `panic = "abort"` and the panic hook in `main`
/// ends the process before any unwinding, so nothing reads them but a backtrace, which the
/// hook never prints (an empty backtrace, not a crash, where one is asked for). A linker script
/// `INSERT`ed into the default one discards them; the script is tried on a tiny C program
/// first, as above. Not for tests and debug builds: the test harness unwinds.
fn drop_unwind_tables() {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("PROFILE") != "release"
        || var("TARGET") != var("HOST")
        || var("CARGO_CFG_TARGET_OS") != "linux"
    {
        return;
    }
    let Some(out) = std::env::var_os("OUT_DIR") else {
        return;
    };
    let script = Path::new(&out).join("no-unwind-tables.ld");
    let probe = Path::new(&out).join("no-unwind-tables-probe");
    if std::fs::write(
        &script,
        "SECTIONS { /DISCARD/ : { *(.eh_frame) } } INSERT BEFORE .interp;\n",
    )
    .is_err()
    {
        return;
    }
    let (Some(script), Some(probe_path)) = (script.to_str(), probe.to_str()) else {
        return;
    };
    let flags = [
        "-Wl,--no-eh-frame-hdr".to_owned(),
        format!("-Wl,-T,{script}"),
    ];
    let mut cc = c_compiler();
    cc.args(["-x", "c", "-", "-pie", "-fPIE"])
        .args(&flags)
        .args(["-o", probe_path]);
    let runs = builds_and_runs(cc, b"int main(void) { return 0; }\n", &probe);
    if runs {
        for flag in flags {
            println!("cargo::rustc-link-arg-bins={flag}");
        }
    }
}

/// The functions a window runs, listed by `scripts/order-code`, linked first in `.text`.
const CODE_ORDER: &str = "link/code-order.txt";

/// Links the release binary's functions in the order of `link/code-order.txt`: the kernel maps
/// code in runs of 64 KiB around each page run, so code that start-up and a form use, spread
/// over the binary, is resident nearly whole; laid out together it is resident in far fewer
/// runs (docs/speed.md, "Code laid out by use"). lld's `--symbol-ordering-file` (rustc links
/// with lld on x86_64 Linux); a name the file lists that the binary lacks is skipped, so an
/// old list only orders less. Tried first by linking a tiny program with the same rustc and
/// flags: another linker that does not know the option links as before.
/// `FORM_ELICITATION_NO_CODE_ORDER=1` turns it off; `FORM_ELICITATION_LINK_MAP=FILE` writes
/// the linker's map there (`scripts/order-code` reads it to name the functions it saw run).
fn order_code() {
    println!("cargo::rerun-if-changed={CODE_ORDER}");
    println!("cargo::rerun-if-env-changed=FORM_ELICITATION_NO_CODE_ORDER");
    println!("cargo::rerun-if-env-changed=FORM_ELICITATION_LINK_MAP");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("PROFILE") != "release" || var("CARGO_CFG_TARGET_OS") != "linux" {
        return;
    }
    let mut flags = Vec::new();
    if let Some(map) = std::env::var_os("FORM_ELICITATION_LINK_MAP") {
        flags.push(format!("-Wl,-Map={}", Path::new(&map).display()));
        // names in the map as the ordering file takes them
        flags.push("-Wl,--no-demangle".to_owned());
    }
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
    let order = Path::new(&manifest).join(CODE_ORDER);
    if var("FORM_ELICITATION_NO_CODE_ORDER").is_empty() && order.is_file() {
        flags.push(format!("-Wl,--symbol-ordering-file={}", order.display()));
        flags.push("-Wl,--no-warn-symbol-ordering".to_owned());
    }
    if flags.is_empty() || !rustc_links_with(&flags) {
        return;
    }
    for flag in flags {
        println!("cargo::rustc-link-arg-bins={flag}");
    }
}

/// Whether the rustc that builds the program links a tiny program with these linker flags.
fn rustc_links_with(flags: &[String]) -> bool {
    let Some(out) = std::env::var_os("OUT_DIR") else {
        return false;
    };
    let probe = Path::new(&out).join("link-probe");
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let mut command = Command::new(rustc);
    let rustflags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    command.args(rustflags.split('\x1f').filter(|flag| !flag.is_empty()));
    if let Ok(target) = std::env::var("TARGET") {
        command.args(["--target", &target]);
    }
    for flag in flags {
        // The map of the probe goes to the probe's folder, not over the program's.
        let flag = match flag.strip_prefix("-Wl,-Map=") {
            Some(_) => format!("-Wl,-Map={}.map", probe.display()),
            None => flag.clone(),
        };
        command.arg(format!("-Clink-arg={flag}"));
    }
    command
        .args(["--crate-name", "link_probe", "-o"])
        .arg(&probe)
        .arg("-");
    builds_and_runs(command, b"fn main() {}\n", &probe)
}

/// The C compiler cargo names in `CC`, else `cc`.
fn c_compiler() -> Command {
    Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
}

/// Whether `compiler`, reading `source` on its stdin, builds a program at `probe` that then runs
/// and succeeds: how each of the link flags above is tried before the program is linked with it.
fn builds_and_runs(mut compiler: Command, source: &[u8], probe: &Path) -> bool {
    let built = compiler
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all(source)?;
            }
            child.wait()
        })
        .is_ok_and(|status| status.success());
    built && Command::new(probe).status().is_ok_and(|s| s.success())
}
