//! Run [egui](https://github.com/emilk/egui) in a [winit](https://github.com/rust-windowing/winit)
//! window whose pixels are painted on the CPU and shown with
//! [softbuffer](https://github.com/rust-windowing/softbuffer): no GL, no GPU, no driver.
//!
//! Its parts, each usable without the others (but not without the patched epaint, below):
//!
//! - [`run`] opens a window from an [`egui::ViewportBuilder`], runs your UI closure in it until a
//!   frame sends [`egui::ViewportCommand::Close`], and repaints only when egui asks for it and
//!   the picture changed. Input, the clipboard and AccessKit (screen readers) go through
//!   `egui-winit`, as in eframe.
//! - [`Painter`] rasterises the [`egui::ClippedPrimitive`]s of a tessellated frame into a
//!   [`Target`] of `0x00RRGGBB` pixels: exact integer edge functions with a top-left rule, one
//!   sample per pixel centre (egui's meshes carry their own anti-aliasing), premultiplied alpha
//!   blended in gamma space as egui's GPU renderers do.
//! - [`Tiles`] fingerprints a frame in 64-pixel tiles: comparing two frames' tiles tells which
//!   rectangles to paint again and hand to the display, and within a changed tile the pixels
//!   that differ ([`Tiles::changed_rects`]), so a caret blink repaints the caret, not its tile
//!   or the window; it also bins the triangles by row of tiles, so that painting a tile
//!   ([`Painter::paint_tiles`]) walks only those that can touch it.
//! - [`drop_commands_that_typed_text`] mends egui-winit's input from virtual keyboards (wtype,
//!   on-screen keyboards, remote desktops), whose typed characters can sit on the keycodes of
//!   Escape or Enter; [`run`] applies it, and an eframe app can in its `raw_input_hook`.
//! - [`live_label`] shows text that changes with time alone (a countdown), and [`live_shape`]
//!   a shape (a caret's blink): [`run`] repaints them when they change without an egui pass,
//!   in the tiles they touch ([`Tiles::replace`]).
//! - [`KeyBursts`] hands keys that come faster than passes to egui in passes that each end at a
//!   key that acts (Tab, Enter, an arrow), so that text typed after a Tab lands in the field
//!   the Tab moved to; [`run`] applies it, and an eframe app can in its `raw_input_hook`.
//!
//! The crate needs epaint as patched in form-elicitation (`patches/epaint/`, applied through
//! the workspace's `[patch.crates-io]`): [`run`] repaints a [`live_label`] between passes
//! with `FontsView::take_font_image_delta`, which epaint 0.37.0 as published does not have, so
//! the crate does not build against that. A workspace that uses it patches epaint the same way.
//!
//! ```no_run
//! let ctx = egui::Context::default();
//! let builder = egui::ViewportBuilder::default().with_title("Hello").with_inner_size([320.0, 120.0]);
//! egui_soft::run(ctx, builder, |ui| {
//!     ui.label("Hello from the CPU");
//!     if ui.button("Close").clicked() {
//!         ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
//!     }
//! })
//! .expect("a window");
//! ```

mod bursts;
mod damage;
mod keys;
mod live;
mod pass;
mod raster;
mod window;

pub use bursts::KeyBursts;
pub use damage::{PixelRect, RowTriangle, TILE, Tiles};
pub use keys::drop_commands_that_typed_text;
pub use live::{ShapeAt, TextAt, live_label, live_shape, repaints_live};
pub use pass::run_pass;
pub use raster::{Painter, Target};
pub use window::{Error, run, run_checked, run_then};
