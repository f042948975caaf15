//! Decodes the window icon (`assets/icon/form-elicitation-64.png`) into raw RGBA in `OUT_DIR`,
//! so the program embeds the pixels and carries no PNG decoder; and packs the binary's
//! relocations where the system can load such a binary.

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

/// The icon the window shows; its pixels are `WINDOW_ICON_SIZE` square (see `src/ui/mod.rs`).
const ICON: &str = "assets/icon/form-elicitation-64.png";
const SIZE: u32 = 64;

fn main() {
    pack_relative_relocations();
    drop_unwind_tables();
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
/// first, else the program is linked as before. Not when cross-compiling.
fn pack_relative_relocations() {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("TARGET") != var("HOST") || var("CARGO_CFG_TARGET_OS") != "linux" {
        return;
    }
    let Some(out) = std::env::var_os("OUT_DIR") else {
        return;
    };
    let probe = Path::new(&out).join("relr-probe");
    let flag = "-Wl,-z,pack-relative-relocs";
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let linked = Command::new(cc)
        .args(["-x", "c", "-", "-pie", "-fPIE", flag, "-o"])
        .arg(&probe)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut cc| {
            if let Some(mut source) = cc.stdin.take() {
                source.write_all(
                    b"static const char *p = \"relr\";\nint main(void) { return p[0] != 'r'; }\n",
                )?;
            }
            cc.wait()
        })
        .is_ok_and(|status| status.success());
    let runs = linked
        && Command::new(&probe)
            .status()
            .is_ok_and(|status| status.success());
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
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let linked = Command::new(cc)
        .args(["-x", "c", "-", "-pie", "-fPIE"])
        .args(&flags)
        .args(["-o", probe_path])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut cc| {
            if let Some(mut source) = cc.stdin.take() {
                source.write_all(b"int main(void) { return 0; }\n")?;
            }
            cc.wait()
        })
        .is_ok_and(|status| status.success());
    let runs = linked && Command::new(&probe).status().is_ok_and(|s| s.success());
    if runs {
        for flag in flags {
            println!("cargo::rustc-link-arg-bins={flag}");
        }
    }
}
