//! Repainting only the tiles that changed gives the very picture a full repaint gives.

mod scene;

use egui_soft::Tiles;
use scene::{Scene, Showcase};

/// Paints frame `a` in full, then frame `b` only where its tiles differ from `a`'s, and
/// compares with `b` painted in full. Returns how many pixels were repainted.
fn repaint_changed_tiles(
    scene: &Scene,
    a: &[egui::ClippedPrimitive],
    b: &[egui::ClippedPrimitive],
) -> usize {
    let (width, height) = (scene.width, scene.height);
    let mut pixels = scene.paint(a);
    let before = Tiles::of(a, scene.pixels_per_point, width, height);
    let after = Tiles::of(b, scene.pixels_per_point, width, height);
    let mask = before.changed(&after).expect("the same size");
    let rects = after.rects(&mask, width, height);
    for rect in &rects {
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
    let full = scene.paint(b);
    let wrong = pixels.iter().zip(&full).filter(|(p, q)| p != q).count();
    assert_eq!(wrong, 0, "{wrong} pixels differ after repainting {rects:?}");
    rects.iter().map(|r| (r.x1 - r.x0) * (r.y1 - r.y0)).sum()
}

#[test]
fn a_changed_widget_repaints_its_tiles_only_and_exactly() {
    for scale in [1.0, 1.5] {
        let mut scene = Scene::new([420.0, 360.0], scale);
        let mut state = Showcase::default();
        let a = scene.settle(|ui| scene::showcase(ui, &mut state));
        state.toggle();
        let b = scene.settle(|ui| scene::showcase(ui, &mut state));
        let repainted = repaint_changed_tiles(&scene, &a, &b);
        let total = scene.width * scene.height;
        assert!(repainted > 0, "the change was not seen");
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
    assert_eq!(repaint_changed_tiles(&scene, &a, &b), 0);
}
