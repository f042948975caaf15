//! How long a 500-field form takes to paint (the frame the window must draw in under 8 ms).
//! Run with `cargo bench -p egui-soft`.

#[path = "../tests/scene/mod.rs"]
mod scene;

use scene::Scene;

fn main() {
    divan::main();
}

/// The window's size in points (the form window on a 900-pixel-tall screen).
const SIZE: [f32; 2] = [640.0, 860.0];

fn fields(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("value {i}")).collect()
}

/// Rasterising the tessellated frame: the renderer's own share of a frame.
#[divan::bench(args = [1.0, 2.0])]
fn paint_500_fields(bencher: divan::Bencher, pixels_per_point: f32) {
    let mut values = fields(500);
    let mut scene = Scene::new(SIZE, pixels_per_point);
    let primitives = scene.settle(|ui| scene::form(ui, &mut values));
    let mut pixels = vec![0; scene.width * scene.height];
    bencher.bench_local(|| scene.paint_into(&primitives, &mut pixels));
}

/// The whole frame as the window runs it: an egui pass over 500 fields, tessellation and
/// rasterisation.
#[divan::bench]
fn pass_and_paint_500_fields(bencher: divan::Bencher) {
    let mut values = fields(500);
    let mut scene = Scene::new(SIZE, 1.0);
    scene.settle(|ui| scene::form(ui, &mut values));
    let mut pixels = vec![0; scene.width * scene.height];
    bencher.bench_local(|| {
        let primitives = scene.pass(|ui| scene::form(ui, &mut values));
        scene.paint_into(&primitives, &mut pixels);
    });
}

/// Fingerprinting the frame's tiles, which every pass does to find what changed.
#[divan::bench]
fn tiles_of_500_fields(bencher: divan::Bencher) {
    let mut values = fields(500);
    let mut scene = Scene::new(SIZE, 1.0);
    let primitives = scene.settle(|ui| scene::form(ui, &mut values));
    bencher.bench_local(|| egui_soft::Tiles::of(&primitives, 1.0, scene.width, scene.height));
}

/// [`tiles_of_500_fields`] into the tiles of the frame before, as the window does.
#[divan::bench]
fn tiles_refill_500_fields(bencher: divan::Bencher) {
    let mut values = fields(500);
    let mut scene = Scene::new(SIZE, 1.0);
    let primitives = scene.settle(|ui| scene::form(ui, &mut values));
    let mut tiles = egui_soft::Tiles::of(&primitives, 1.0, scene.width, scene.height);
    bencher.bench_local(|| tiles.refill(&primitives, 1.0, scene.width, scene.height));
}
