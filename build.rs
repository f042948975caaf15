//! Decodes the window icon (`assets/icon/form-elicitation-64.png`) into raw RGBA in `OUT_DIR`,
//! so the program embeds the pixels and carries no PNG decoder.

use std::path::Path;

/// The icon the window shows; its pixels are `WINDOW_ICON_SIZE` square (see `src/ui/mod.rs`).
const ICON: &str = "assets/icon/form-elicitation-64.png";
const SIZE: u32 = 64;

fn main() {
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
