//! The [`egui_soft::Painter`] against a reference renderer on real egui frames.
//!
//! The reference is written to be obviously right rather than fast, the way a GPU defines the
//! result: every pixel centre is tested against each triangle in `f64` (no sub-pixel grid),
//! colour and texture coordinates are interpolated with exact barycentric weights, textures are
//! sampled bilinearly (or nearest, as egui asked) with clamped edges, and premultiplied colours
//! are blended in `f64` and rounded once at the end. A pixel centre on an edge follows the
//! top-left rule, as on a GPU. The painter takes shortcuts (a 1/16-pixel
//! grid, flat spans, bytes after every blend); this test bounds what they may cost.

mod scene;

use egui::epaint::{ClippedPrimitive, Primitive};
use scene::{Image, Scene, Showcase};

/// Paints `primitives` the reference way.
fn reference(scene: &Scene, primitives: &[ClippedPrimitive]) -> Vec<u32> {
    let (width, height) = (scene.width, scene.height);
    let [r, g, b, _] = scene.background.to_array();
    let mut pixels = vec![
        [
            f64::from(r) / 255.0,
            f64::from(g) / 255.0,
            f64::from(b) / 255.0
        ];
        width * height
    ];
    let ppp = f64::from(scene.pixels_per_point);
    for primitive in primitives {
        let Primitive::Mesh(mesh) = &primitive.primitive else {
            continue;
        };
        let texture = &scene.textures[&mesh.texture_id];
        let clip = primitive.clip_rect;
        let edge =
            |v: f32, max: usize| ((f64::from(v) * ppp).round().max(0.0)).min(max as f64) as usize;
        let (cx0, cy0) = (edge(clip.min.x, width), edge(clip.min.y, height));
        let (cx1, cy1) = (edge(clip.max.x, width), edge(clip.max.y, height));
        for tri in mesh.indices.chunks_exact(3) {
            let v = [0, 1, 2].map(|k| &mesh.vertices[tri[k] as usize]);
            let p = v.map(|v| [f64::from(v.pos.x) * ppp, f64::from(v.pos.y) * ppp]);
            let cross = |a: [f64; 2], b: [f64; 2], c: [f64; 2]| {
                (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
            };
            let mut area = cross(p[0], p[1], p[2]);
            if area == 0.0 {
                continue;
            }
            let (mut p, mut v) = (p, v);
            if area < 0.0 {
                p.swap(1, 2);
                v.swap(1, 2);
                area = -area;
            }
            // A pixel centre exactly on an edge belongs to the triangle whose top or left edge
            // it is (the GPU rule), so a shared edge is painted once.
            let owns = |a: [f64; 2], b: [f64; 2]| {
                let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
                dy < 0.0 || (dy == 0.0 && dx > 0.0)
            };
            let owned = [owns(p[1], p[2]), owns(p[2], p[0]), owns(p[0], p[1])];
            let lo = |k: usize| {
                p.iter()
                    .map(|q| q[k])
                    .fold(f64::INFINITY, f64::min)
                    .floor()
                    .max(0.0) as usize
            };
            let hi = |k: usize| {
                p.iter()
                    .map(|q| q[k])
                    .fold(f64::NEG_INFINITY, f64::max)
                    .ceil()
                    .max(0.0) as usize
            };
            for y in lo(1).max(cy0)..hi(1).min(cy1) {
                for x in lo(0).max(cx0)..hi(0).min(cx1) {
                    let c = [x as f64 + 0.5, y as f64 + 0.5];
                    let w = [
                        cross(p[1], p[2], c) / area,
                        cross(p[2], p[0], c) / area,
                        cross(p[0], p[1], c) / area,
                    ];
                    if (0..3).any(|k| w[k] < 0.0 || (w[k] == 0.0 && !owned[k])) {
                        continue;
                    }
                    let mix = |f: &dyn Fn(usize) -> f64| w[0] * f(0) + w[1] * f(1) + w[2] * f(2);
                    let color: [f64; 4] = std::array::from_fn(|ch| {
                        mix(&|k| f64::from(v[k].color.to_array()[ch]) / 255.0)
                    });
                    let uv = [
                        mix(&|k| f64::from(v[k].uv.x)),
                        mix(&|k| f64::from(v[k].uv.y)),
                    ];
                    let texel = sample(texture, uv);
                    let src: [f64; 4] = std::array::from_fn(|ch| color[ch] * texel[ch]);
                    let dst = &mut pixels[y * width + x];
                    for ch in 0..3 {
                        dst[ch] = src[ch] + dst[ch] * (1.0 - src[3]);
                    }
                }
            }
        }
    }
    pixels
        .iter()
        .map(|p| {
            let byte = |c: f64| (c * 255.0).round().clamp(0.0, 255.0) as u32;
            (byte(p[0]) << 16) | (byte(p[1]) << 8) | byte(p[2])
        })
        .collect()
}

/// The texture at `uv`, as a GPU samples it with clamp-to-edge addressing.
fn sample(texture: &Image, uv: [f64; 2]) -> [f64; 4] {
    let texel = |x: i64, y: i64| {
        let x = x.clamp(0, texture.width as i64 - 1) as usize;
        let y = y.clamp(0, texture.height as i64 - 1) as usize;
        texture.texels[y * texture.width + x]
            .to_array()
            .map(|c| f64::from(c) / 255.0)
    };
    let (x, y) = (uv[0] * texture.width as f64, uv[1] * texture.height as f64);
    if !texture.linear {
        return texel(x.floor() as i64, y.floor() as i64);
    }
    let (x, y) = (x - 0.5, y - 0.5);
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (x0, y0) = (x0 as i64, y0 as i64);
    let [a, b, c, d] = [
        texel(x0, y0),
        texel(x0 + 1, y0),
        texel(x0, y0 + 1),
        texel(x0 + 1, y0 + 1),
    ];
    std::array::from_fn(|k| {
        let top = a[k] + (b[k] - a[k]) * fx;
        let bottom = c[k] + (d[k] - c[k]) * fx;
        top + (bottom - top) * fy
    })
}

/// How two pictures differ: the mean of each pixel's largest channel difference, and the share
/// of pixels that differ by more than `visible` in some channel.
struct Difference {
    mean: f64,
    visible_share: f64,
}

fn difference(a: &[u32], b: &[u32], visible: u32) -> Difference {
    assert_eq!(a.len(), b.len());
    let mut total = 0u64;
    let mut visible_count = 0usize;
    for (&a, &b) in a.iter().zip(b) {
        let d = [16, 8, 0]
            .map(|shift| ((a >> shift) & 0xff).abs_diff((b >> shift) & 0xff))
            .into_iter()
            .max()
            .unwrap_or(0);
        total += u64::from(d);
        if d > visible {
            visible_count += 1;
        }
    }
    Difference {
        mean: total as f64 / a.len() as f64,
        visible_share: visible_count as f64 / a.len() as f64,
    }
}

fn compare(pixels_per_point: f32, ui: impl FnMut(&mut egui::Ui)) {
    let mut scene = Scene::new([420.0, 360.0], pixels_per_point);
    let primitives = scene.settle(ui);
    let ours = scene.paint(&primitives);
    let expected = reference(&scene, &primitives);
    let diff = difference(&ours, &expected, 8);
    eprintln!(
        "at scale {pixels_per_point}: mean difference {:.4}, visibly different {:.4} %",
        diff.mean,
        diff.visible_share * 100.0
    );
    // Rounding once against rounding after every blend, and a 1/16-pixel grid: a level or
    // two here and there, never a visible difference.
    assert!(
        diff.mean < 0.1,
        "mean difference {} at scale {pixels_per_point}",
        diff.mean
    );
    assert_eq!(
        diff.visible_share, 0.0,
        "some pixels differ by more than 8 levels at scale {pixels_per_point}"
    );
}

#[test]
fn the_widgets_match_the_reference_at_scale_1() {
    let mut state = Showcase::default();
    compare(1.0, |ui| scene::showcase(ui, &mut state));
}

#[test]
fn the_widgets_match_the_reference_at_fractional_and_double_scale() {
    for scale in [1.25, 2.0] {
        let mut state = Showcase::default();
        compare(scale, |ui| scene::showcase(ui, &mut state));
    }
}

#[test]
fn a_form_matches_the_reference() {
    let mut values: Vec<String> = (0..40).map(|i| format!("value {i}")).collect();
    compare(1.0, |ui| scene::form(ui, &mut values));
}

/// The comparison is sharp enough to matter: the same frame moved by one pixel fails it.
#[test]
fn a_frame_one_pixel_off_fails_the_comparison() {
    let mut state = Showcase::default();
    let mut scene = Scene::new([420.0, 360.0], 1.0);
    let primitives = scene.settle(|ui| scene::showcase(ui, &mut state));
    let ours = scene.paint(&primitives);
    let mut moved = primitives.clone();
    for primitive in &mut moved {
        if let Primitive::Mesh(mesh) = &mut primitive.primitive {
            mesh.translate(egui::vec2(1.0, 0.0));
        }
    }
    let diff = difference(&ours, &reference(&scene, &moved), 8);
    assert!(diff.visible_share > 0.01, "{}", diff.visible_share);
}
