//! Repainting only the tiles that changed gives the very picture a full repaint gives.

mod scene;

use egui_soft::Tiles;
use scene::{Scene, Showcase};

/// Paints frame `a` in full, then frame `b` only where its tiles differ from `a`'s (whole
/// tiles, then again only the pixels that differ in them, `Tiles::changed_rects`), and compares
/// each with `b` painted in full. Returns how many pixels were repainted, whole tiles and
/// narrowed.
fn repaint_changed_tiles(
    scene: &Scene,
    a: &[egui::ClippedPrimitive],
    b: &[egui::ClippedPrimitive],
) -> (usize, usize) {
    let (width, height) = (scene.width, scene.height);
    let before = Tiles::of(a, scene.pixels_per_point, width, height);
    let after = Tiles::of(b, scene.pixels_per_point, width, height);
    let mask = before.changed(&after).expect("the same size");
    let full = scene.paint(b);
    let mut repainted = [0; 2];
    let tiles = after.rects(&mask, width, height);
    let narrowed = after.changed_rects(&before, &mask, width, height, usize::MAX);
    for (rects, count) in [tiles, narrowed].iter().zip(&mut repainted) {
        let mut pixels = scene.paint(a);
        for rect in rects {
            scene.painter.paint_area(
                &mut egui_soft::Target {
                    pixels: &mut pixels,
                    width,
                    height,
                },
                scene.background,
                scene.pixels_per_point,
                b,
                *rect,
            );
        }
        let wrong = pixels.iter().zip(&full).filter(|(p, q)| p != q).count();
        assert_eq!(wrong, 0, "{wrong} pixels differ after repainting {rects:?}");
        *count = rects.iter().map(|r| (r.x1 - r.x0) * (r.y1 - r.y0)).sum();
    }
    (repainted[0], repainted[1])
}

#[test]
fn a_changed_widget_repaints_its_tiles_only_and_exactly() {
    for scale in [1.0, 1.5] {
        let mut scene = Scene::new([420.0, 360.0], scale);
        let mut state = Showcase::default();
        let a = scene.settle(|ui| scene::showcase(ui, &mut state));
        state.toggle();
        let b = scene.settle(|ui| scene::showcase(ui, &mut state));
        let (repainted, narrowed) = repaint_changed_tiles(&scene, &a, &b);
        let total = scene.width * scene.height;
        assert!(repainted > 0, "the change was not seen");
        assert!(
            (1..=repainted).contains(&narrowed),
            "narrowed to {narrowed} pixels of {repainted}"
        );
        assert!(
            repainted * 4 < total,
            "a checkbox and a text change repainted {repainted} of {total} pixels"
        );
    }
}

#[test]
fn an_unchanged_frame_repaints_nothing() {
    let mut scene = Scene::new([420.0, 360.0], 1.0);
    let mut state = Showcase::default();
    let a = scene.settle(|ui| scene::showcase(ui, &mut state));
    let b = scene.pass(|ui| scene::showcase(ui, &mut state));
    assert_eq!(repaint_changed_tiles(&scene, &a, &b), (0, 0));
}
