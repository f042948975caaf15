//! Paints egui's triangles into a pixel buffer on the CPU.
//!
//! egui hands over meshes of triangles whose vertices carry a premultiplied colour and a texture
//! coordinate; anti-aliasing is already in the meshes (thin "feather" triangles that fade to
//! transparent), so one sample per pixel centre is enough. Vertices are snapped to 1/16 pixel and
//! the edge functions are exact integers, with a top-left rule: a pixel on an edge two triangles
//! share is painted by exactly one of them, so a translucent quad has no seam on its diagonal.
//! Blending is in gamma space with premultiplied alpha, as egui's own renderers do.

use std::collections::HashMap;

use egui::epaint::{ClippedPrimitive, ImageData, Mesh, Primitive, TextureId, Vertex, textures};
use egui::{Color32, Rect};

use crate::damage::PixelRect;

/// Sub-pixel steps per pixel for the vertex grid.
const SUB: i64 = 16;

/// One uploaded texture: premultiplied sRGBA texels.
struct Texture {
    width: usize,
    height: usize,
    texels: Vec<Color32>,
    linear: bool,
}

/// The textures egui has uploaded so far; paints frames with them.
#[derive(Default)]
pub struct Painter {
    textures: HashMap<TextureId, Texture>,
}

/// A frame buffer of `0x00RRGGBB` pixels, row by row.
pub struct Target<'a> {
    /// The pixels, `width * height` of them.
    pub pixels: &'a mut [u32],
    /// Pixels per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Painter {
    /// Applies new and changed textures; call before [`Painter::paint`].
    pub fn set_textures(&mut self, delta: &textures::TexturesDelta) {
        for (id, deltas) in &delta.set {
            for delta in deltas {
                let ImageData::Color(image) = &delta.image;
                let linear = delta.options.magnification == egui::TextureFilter::Linear;
                let [w, h] = image.size;
                match delta.pos {
                    None => {
                        self.textures.insert(
                            *id,
                            Texture {
                                width: w,
                                height: h,
                                texels: image.pixels.clone(),
                                linear,
                            },
                        );
                    }
                    Some([x0, y0]) => {
                        let Some(texture) = self.textures.get_mut(id) else {
                            continue;
                        };
                        for row in 0..h {
                            let y = y0 + row;
                            if y >= texture.height || x0 >= texture.width {
                                continue;
                            }
                            let n = w.min(texture.width - x0);
                            let start = y * texture.width + x0;
                            texture.texels[start..start + n]
                                .copy_from_slice(&image.pixels[row * w..row * w + n]);
                        }
                    }
                }
            }
        }
    }

    /// Drops the textures egui no longer needs; call after painting the frame that freed them.
    pub fn free_textures(&mut self, ids: impl IntoIterator<Item = TextureId>) {
        for id in ids {
            self.textures.remove(&id);
        }
    }

    /// Clears `target` to `background` and paints `primitives` over it.
    pub fn paint(
        &self,
        target: &mut Target<'_>,
        background: Color32,
        pixels_per_point: f32,
        primitives: &[ClippedPrimitive],
    ) {
        let all = PixelRect::all(target.width, target.height);
        self.paint_area(target, background, pixels_per_point, primitives, all);
    }

    /// Like [`Painter::paint`], but touches only the pixels inside `area`: the rest of
    /// `target` keeps what it holds (an earlier frame that differs only inside `area`).
    pub fn paint_area(
        &self,
        target: &mut Target<'_>,
        background: Color32,
        pixels_per_point: f32,
        primitives: &[ClippedPrimitive],
        area: PixelRect,
    ) {
        let Some(area) = clear(target, area, background) else {
            return;
        };
        for primitive in primitives {
            let Some((mesh, texture, clip)) =
                self.prepare(primitive, pixels_per_point, target, area)
            else {
                continue;
            };
            for tri in mesh.indices.chunks_exact(3) {
                paint_triangle(target, clip, texture, pixels_per_point, mesh, tri);
            }
        }
    }

    /// Like [`Painter::paint_area`] for an `area` within one row of tiles, walking only
    /// `triangles`: that row's, from [`crate::Tiles::row_triangles`] of the same primitives.
    pub fn paint_tiles(
        &self,
        target: &mut Target<'_>,
        background: Color32,
        pixels_per_point: f32,
        primitives: &[ClippedPrimitive],
        area: PixelRect,
        triangles: &[crate::RowTriangle],
    ) {
        let Some(area) = clear(target, area, background) else {
            return;
        };
        let mut current = None;
        for &crate::RowTriangle {
            primitive: index,
            first,
        } in triangles
        {
            if current.as_ref().is_none_or(|(i, _)| *i != index) {
                let prepared = primitives
                    .get(index as usize)
                    .and_then(|primitive| self.prepare(primitive, pixels_per_point, target, area));
                current = Some((index, prepared));
            }
            let Some((_, Some((mesh, texture, clip)))) = &current else {
                continue;
            };
            let first = first as usize;
            if let Some(tri) = mesh.indices.get(first..first + 3) {
                paint_triangle(target, *clip, texture, pixels_per_point, mesh, tri);
            }
        }
    }

    /// A primitive's mesh, texture and clip within `area`, if it can paint there.
    fn prepare<'a>(
        &'a self,
        primitive: &'a ClippedPrimitive,
        pixels_per_point: f32,
        target: &Target<'_>,
        area: Clip,
    ) -> Option<(&'a Mesh, &'a Texture, Clip)> {
        let Primitive::Mesh(mesh) = &primitive.primitive else {
            return None;
        };
        let texture = self.textures.get(&mesh.texture_id)?;
        let clip = pixel_clip(primitive.clip_rect, pixels_per_point, target)?.within(area)?;
        Some((mesh, texture, clip))
    }
}

/// Fills the part of `area` inside `target` with `background`, and returns that part (`None`
/// if it is empty).
fn clear(target: &mut Target<'_>, area: PixelRect, background: Color32) -> Option<Clip> {
    let area = Clip {
        x0: area.x0.min(target.width) as i64,
        y0: area.y0.min(target.height) as i64,
        x1: area.x1.min(target.width) as i64,
        y1: area.y1.min(target.height) as i64,
    };
    if area.x0 >= area.x1 || area.y0 >= area.y1 {
        return None;
    }
    for y in area.y0..area.y1 {
        let start = y as usize * target.width;
        target.pixels[start + area.x0 as usize..start + area.x1 as usize].fill(pack(background));
    }
    Some(area)
}

/// Paints the triangle of `mesh` whose three indices are `tri`.
fn paint_triangle(
    target: &mut Target<'_>,
    clip: Clip,
    texture: &Texture,
    pixels_per_point: f32,
    mesh: &Mesh,
    tri: &[u32],
) {
    let vertex = |i: u32| mesh.vertices.get(i as usize);
    if let (Some(a), Some(b), Some(c)) = (vertex(tri[0]), vertex(tri[1]), vertex(tri[2])) {
        triangle(target, clip, texture, pixels_per_point, [a, b, c]);
    }
}

/// A clip rectangle in whole pixels: `x0..x1`, `y0..y1`.
#[derive(Clone, Copy)]
struct Clip {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
}

impl Clip {
    /// The part of this clip inside `other`, if any.
    fn within(self, other: Clip) -> Option<Clip> {
        let clip = Clip {
            x0: self.x0.max(other.x0),
            y0: self.y0.max(other.y0),
            x1: self.x1.min(other.x1),
            y1: self.y1.min(other.y1),
        };
        (clip.x0 < clip.x1 && clip.y0 < clip.y1).then_some(clip)
    }
}

fn pixel_clip(rect: Rect, pixels_per_point: f32, target: &Target<'_>) -> Option<Clip> {
    let edge =
        |v: f32, max: usize| ((v * pixels_per_point).round().max(0.0) as i64).min(max as i64);
    let clip = Clip {
        x0: edge(rect.min.x, target.width),
        y0: edge(rect.min.y, target.height),
        x1: edge(rect.max.x, target.width),
        y1: edge(rect.max.y, target.height),
    };
    (clip.x0 < clip.x1 && clip.y0 < clip.y1).then_some(clip)
}

/// A vertex on the sub-pixel grid.
#[derive(Clone, Copy)]
struct Snapped {
    x: i64,
    y: i64,
}

/// Twice the signed area of `a b p`, in sub-pixel units squared.
fn edge(a: Snapped, b: Snapped, p: Snapped) -> i64 {
    (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
}

/// Whether a pixel exactly on the edge `a → b` belongs to this triangle (the top-left rule, for
/// triangles wound so that the inside is positive).
fn owns_edge(a: Snapped, b: Snapped) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    dy < 0 || (dy == 0 && dx > 0)
}

/// One edge function, stepped across the bounding box.
struct EdgeStep {
    /// Its value at the first pixel centre of the current row.
    row: i64,
    /// Change per pixel to the right.
    dx: i64,
    /// Change per row down.
    dy: i64,
    /// The smallest value that is inside: 0 for an owned edge, else 1.
    min: i64,
}

impl EdgeStep {
    fn new(a: Snapped, b: Snapped, origin: Snapped) -> Self {
        Self {
            row: edge(a, b, origin),
            dx: -(b.y - a.y) * SUB,
            dy: (b.x - a.x) * SUB,
            min: if owns_edge(a, b) { 0 } else { 1 },
        }
    }

    /// Narrows `lo..hi` (pixel offsets in the row) to where this edge is inside.
    fn narrow(&self, lo: &mut i64, hi: &mut i64) {
        let need = self.min - self.row;
        match self.dx.signum() {
            0 => {
                if need > 0 {
                    *hi = *lo;
                }
            }
            1 => *lo = (*lo).max(div_ceil(need, self.dx)),
            _ => *hi = (*hi).min(div_floor(-need, -self.dx) + 1),
        }
    }
}

fn div_floor(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

fn div_ceil(a: i64, b: i64) -> i64 {
    -((-a).div_euclid(b))
}

fn triangle(
    target: &mut Target<'_>,
    clip: Clip,
    texture: &Texture,
    pixels_per_point: f32,
    mut v: [&Vertex; 3],
) {
    let snap = |vertex: &Vertex| Snapped {
        x: (vertex.pos.x * pixels_per_point * SUB as f32).round() as i64,
        y: (vertex.pos.y * pixels_per_point * SUB as f32).round() as i64,
    };
    let mut p = [snap(v[0]), snap(v[1]), snap(v[2])];
    let mut area = edge(p[0], p[1], p[2]);
    if area == 0 {
        return;
    }
    if area < 0 {
        p.swap(1, 2);
        v.swap(1, 2);
        area = -area;
    }
    let min_x = p.iter().map(|q| q.x).min().unwrap_or(0).div_euclid(SUB);
    let max_x = p.iter().map(|q| q.x).max().unwrap_or(0).div_euclid(SUB) + 1;
    let min_y = p.iter().map(|q| q.y).min().unwrap_or(0).div_euclid(SUB);
    let max_y = p.iter().map(|q| q.y).max().unwrap_or(0).div_euclid(SUB) + 1;
    let (x0, x1) = (min_x.max(clip.x0), max_x.min(clip.x1));
    let (y0, y1) = (min_y.max(clip.y0), max_y.min(clip.y1));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let origin = Snapped {
        x: x0 * SUB + SUB / 2,
        y: y0 * SUB + SUB / 2,
    };
    // The weight of each vertex is the edge function of the edge opposite it.
    let mut edges = [
        EdgeStep::new(p[1], p[2], origin),
        EdgeStep::new(p[2], p[0], origin),
        EdgeStep::new(p[0], p[1], origin),
    ];
    let shade = Shade::new(v, texture);
    let width = target.width;
    for y in y0..y1 {
        let (mut lo, mut hi) = (0, x1 - x0);
        for e in &edges {
            e.narrow(&mut lo, &mut hi);
        }
        if lo < hi {
            let row_start = y as usize * width + x0 as usize;
            let row = &mut target.pixels[row_start + lo as usize..row_start + hi as usize];
            match &shade {
                Shade::Flat(color) => fill(row, *color),
                Shade::Varying(varying) => {
                    let inv = 1.0 / area as f32;
                    let w1 = (edges[1].row + edges[1].dx * lo) as f32 * inv;
                    let w2 = (edges[2].row + edges[2].dx * lo) as f32 * inv;
                    let d1 = edges[1].dx as f32 * inv;
                    let d2 = edges[2].dx as f32 * inv;
                    varying.span(row, texture, w1, w2, d1, d2);
                }
            }
        }
        for e in &mut edges {
            e.row += e.dy;
        }
    }
}

/// How a triangle's pixels get their colour.
enum Shade {
    /// One colour for every pixel: the common case of flat shapes and their feathers' cores.
    Flat(Color32),
    /// Colour and texture coordinates interpolated across the triangle.
    Varying(Varying),
}

/// Vertex attributes relative to the first vertex, for barycentric interpolation.
struct Varying {
    color0: [f32; 4],
    color1: [f32; 4],
    color2: [f32; 4],
    uv0: [f32; 2],
    uv1: [f32; 2],
    uv2: [f32; 2],
    /// Whether the texture is sampled per pixel (else `tint` is its one texel).
    textured: bool,
    tint: [f32; 4],
    /// Whether all three vertices have one colour (text): then `color0` is it.
    flat_color: bool,
}

impl Shade {
    fn new(v: [&Vertex; 3], texture: &Texture) -> Self {
        let same_color = v[0].color == v[1].color && v[1].color == v[2].color;
        let same_uv = v[0].uv == v[1].uv && v[1].uv == v[2].uv;
        if same_uv {
            let texel = texture.sample_nearest(v[0].uv.x, v[0].uv.y);
            if same_color {
                return Self::Flat(multiply(v[0].color, texel));
            }
            return Self::Varying(Varying::new(v, false, rgba(texel)));
        }
        Self::Varying(Varying::new(v, true, [1.0; 4]))
    }
}

impl Varying {
    fn new(v: [&Vertex; 3], textured: bool, tint: [f32; 4]) -> Self {
        let c = |i: usize| rgba(v[i].color);
        let (c0, c1, c2) = (c(0), c(1), c(2));
        let uv = |i: usize| [v[i].uv.x, v[i].uv.y];
        let (t0, t1, t2) = (uv(0), uv(1), uv(2));
        Self {
            color0: c0,
            color1: std::array::from_fn(|k| c1[k] - c0[k]),
            color2: std::array::from_fn(|k| c2[k] - c0[k]),
            uv0: t0,
            uv1: [t1[0] - t0[0], t1[1] - t0[1]],
            uv2: [t2[0] - t0[0], t2[1] - t0[1]],
            textured,
            tint,
            flat_color: v[0].color == v[1].color && v[1].color == v[2].color,
        }
    }

    /// Paints one row: `w1`, `w2` are the barycentric weights of vertices 1 and 2 at the first
    /// pixel, `d1`, `d2` their change per pixel.
    fn span(&self, row: &mut [u32], texture: &Texture, mut w1: f32, mut w2: f32, d1: f32, d2: f32) {
        for pixel in row {
            let color: [f32; 4] = if self.flat_color {
                self.color0
            } else {
                std::array::from_fn(|k| self.color0[k] + self.color1[k] * w1 + self.color2[k] * w2)
            };
            let texel = if self.textured {
                let u = self.uv0[0] + self.uv1[0] * w1 + self.uv2[0] * w2;
                let t = self.uv0[1] + self.uv1[1] * w1 + self.uv2[1] * w2;
                rgba(texture.sample(u, t))
            } else {
                self.tint
            };
            let src = Color32::from_rgba_premultiplied(
                channel(color[0] * texel[0]),
                channel(color[1] * texel[1]),
                channel(color[2] * texel[2]),
                channel(color[3] * texel[3]),
            );
            *pixel = blend(*pixel, src);
            w1 += d1;
            w2 += d2;
        }
    }
}

impl Texture {
    #[inline]
    fn texel(&self, x: usize, y: usize) -> Color32 {
        self.texels[y.min(self.height - 1) * self.width + x.min(self.width - 1)]
    }

    #[inline]
    fn sample_nearest(&self, u: f32, v: f32) -> Color32 {
        if self.width == 0 || self.height == 0 {
            return Color32::WHITE;
        }
        let x = (u * self.width as f32).max(0.0) as usize;
        let y = (v * self.height as f32).max(0.0) as usize;
        self.texel(x, y)
    }

    /// The texture at `(u, v)` (0..1 across it), filtered as egui asked, clamped at the borders.
    #[inline]
    fn sample(&self, u: f32, v: f32) -> Color32 {
        if !self.linear || self.width == 0 || self.height == 0 {
            return self.sample_nearest(u, v);
        }
        let x = (u * self.width as f32 - 0.5).max(0.0);
        let y = (v * self.height as f32 - 0.5).max(0.0);
        let (xi, yi) = (x as usize, y as usize);
        let (fx, fy) = (x - xi as f32, y - yi as f32);
        // Glyphs sit on whole pixels, so most samples land on a texel centre.
        if fx < 1.0 / 512.0 && fy < 1.0 / 512.0 {
            return self.texel(xi, yi);
        }
        let [a, b, c, d] = [
            rgba(self.texel(xi, yi)),
            rgba(self.texel(xi + 1, yi)),
            rgba(self.texel(xi, yi + 1)),
            rgba(self.texel(xi + 1, yi + 1)),
        ];
        let mix: [f32; 4] = std::array::from_fn(|k| {
            let top = a[k] + (b[k] - a[k]) * fx;
            let bottom = c[k] + (d[k] - c[k]) * fx;
            top + (bottom - top) * fy
        });
        Color32::from_rgba_premultiplied(
            channel(mix[0]),
            channel(mix[1]),
            channel(mix[2]),
            channel(mix[3]),
        )
    }
}

/// A colour as four 0..1 channels.
#[inline]
fn rgba(color: Color32) -> [f32; 4] {
    let [r, g, b, a] = color.to_array();
    [r, g, b, a].map(|c| f32::from(c) / 255.0)
}

/// A 0..1 channel as a byte.
#[inline]
fn channel(value: f32) -> u8 {
    (value * 255.0 + 0.5).clamp(0.0, 255.0) as u8
}

/// Two premultiplied colours multiplied channel by channel.
fn multiply(a: Color32, b: Color32) -> Color32 {
    let [a, b] = [a.to_array(), b.to_array()];
    let m = |k: usize| mul_255(a[k], b[k]);
    Color32::from_rgba_premultiplied(m(0), m(1), m(2), m(3))
}

/// `a * b / 255`, rounded.
#[inline]
fn mul_255(a: u8, b: u8) -> u8 {
    let t = u32::from(a) * u32::from(b) + 128;
    ((t + (t >> 8)) >> 8) as u8
}

#[inline]
fn pack(color: Color32) -> u32 {
    let [r, g, b, _] = color.to_array();
    (u32::from(r) << 16) | (u32::from(g) << 8) | u32::from(b)
}

/// `src` (premultiplied) over the opaque pixel `dst`.
#[inline]
fn blend(dst: u32, src: Color32) -> u32 {
    let [r, g, b, a] = src.to_array();
    match a {
        255 => pack(src),
        0 if r == 0 && g == 0 && b == 0 => dst,
        _ => {
            let keep = 255 - a;
            let mix = |shift: u32, s: u8| {
                let d = ((dst >> shift) & 0xff) as u8;
                u32::from(s.saturating_add(mul_255(d, keep))) << shift
            };
            mix(16, r) | mix(8, g) | mix(0, b)
        }
    }
}

fn fill(row: &mut [u32], color: Color32) {
    if color.a() == 255 {
        row.fill(pack(color));
    } else {
        for pixel in row {
            *pixel = blend(*pixel, color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::epaint::textures::{TextureOptions, TexturesDelta};
    use egui::epaint::{ColorImage, ImageDelta, Mesh};
    use egui::{Pos2, pos2};

    /// Hands one texture change to the painter, as a frame would.
    fn upload(painter: &mut Painter, id: TextureId, change: ImageDelta) {
        let mut delta = TexturesDelta::default();
        delta.set.insert(id, [change].into_iter().collect());
        painter.set_textures(&delta);
        delta.clear();
    }

    fn white_texture() -> (Painter, TextureId) {
        let mut painter = Painter::default();
        let id = TextureId::Managed(0);
        let white = ColorImage::filled([1, 1], Color32::WHITE);
        upload(
            &mut painter,
            id,
            ImageDelta::full(white, TextureOptions::LINEAR),
        );
        (painter, id)
    }

    fn paint(painter: &Painter, mesh: Mesh, size: usize) -> Vec<u32> {
        let mut pixels = vec![0; size * size];
        let mut target = Target {
            pixels: &mut pixels,
            width: size,
            height: size,
        };
        let primitive = ClippedPrimitive {
            clip_rect: Rect::EVERYTHING,
            primitive: Primitive::Mesh(mesh),
        };
        painter.paint(&mut target, Color32::BLACK, 1.0, &[primitive]);
        pixels
    }

    fn rect_mesh(id: TextureId, min: Pos2, max: Pos2, color: Color32) -> Mesh {
        let mut mesh = Mesh::with_texture(id);
        mesh.add_colored_rect(Rect::from_min_max(min, max), color);
        mesh
    }

    #[test]
    fn painting_tiles_with_their_rows_triangles_equals_painting_everything() {
        let (painter, id) = white_texture();
        let size = 200;
        let mut shapes = Vec::new();
        // Overlapping translucent rects, thin ones across tile edges, a triangle fan, and
        // primitives clipped to part of the frame.
        for i in 0..12u8 {
            let at = f32::from(i) * 15.3;
            let color = Color32::from_rgba_premultiplied(i * 20, 200 - i * 15, 90, 100 + i * 10);
            let mut mesh = rect_mesh(id, pos2(at, at * 0.7), pos2(at + 70.5, at + 9.2), color);
            mesh.append(rect_mesh(id, pos2(63.6, at), pos2(64.4, at + 40.0), color));
            let clip_rect = if i % 3 == 0 {
                Rect::from_min_max(pos2(20.0, 30.0), pos2(150.0, 170.0))
            } else {
                Rect::EVERYTHING
            };
            shapes.push(ClippedPrimitive {
                clip_rect,
                primitive: Primitive::Mesh(mesh),
            });
        }
        let mut fan = Mesh::with_texture(id);
        fan.colored_vertex(pos2(100.0, 100.0), Color32::YELLOW);
        for k in 0..=16 {
            let angle = k as f32 / 16.0 * std::f32::consts::TAU;
            fan.colored_vertex(
                pos2(100.0 + 90.0 * angle.cos(), 100.0 + 90.0 * angle.sin()),
                Color32::from_rgba_premultiplied(0, 0, 120, 120),
            );
            if k > 0 {
                fan.add_triangle(0, k, k + 1);
            }
        }
        shapes.push(ClippedPrimitive {
            clip_rect: Rect::EVERYTHING,
            primitive: Primitive::Mesh(fan),
        });
        let mut whole = vec![0; size * size];
        let mut target = Target {
            pixels: &mut whole,
            width: size,
            height: size,
        };
        painter.paint(&mut target, Color32::BLACK, 1.0, &shapes);

        let tiles = crate::Tiles::of(&shapes, 1.0, size, size);
        let mut tiled = vec![0x00ab_cdef; size * size];
        let mut target = Target {
            pixels: &mut tiled,
            width: size,
            height: size,
        };
        let mask = vec![true; size.div_ceil(crate::TILE).pow(2)];
        for rect in tiles.rects(&mask, size, size) {
            let row = tiles.row_triangles(rect.y0 / crate::TILE);
            painter.paint_tiles(&mut target, Color32::BLACK, 1.0, &shapes, rect, row);
        }
        assert!(whole == tiled, "tile by tile differs from the whole frame");
        assert!(whole.iter().filter(|&&p| p != 0).count() > size * size / 2);
    }

    #[test]
    fn a_rect_covers_exactly_its_pixels() {
        let (painter, id) = white_texture();
        let mesh = rect_mesh(id, pos2(1.0, 2.0), pos2(4.0, 3.0), Color32::RED);
        let pixels = paint(&painter, mesh, 6);
        let red: Vec<usize> = (0..36).filter(|&i| pixels[i] == 0xff0000).collect();
        assert_eq!(red, vec![13, 14, 15]);
        assert_eq!(pixels.iter().filter(|&&p| p != 0).count(), 3);
    }

    #[test]
    fn a_translucent_quad_has_no_seam_on_its_diagonal() {
        let (painter, id) = white_texture();
        let half = Color32::from_rgba_premultiplied(100, 0, 0, 128);
        let mesh = rect_mesh(id, pos2(0.0, 0.0), pos2(8.0, 8.0), half);
        let pixels = paint(&painter, mesh, 8);
        assert!(pixels.iter().all(|&p| p == 100 << 16), "{pixels:x?}");
    }

    #[test]
    fn both_windings_paint_the_same_pixels() {
        let (painter, id) = white_texture();
        let triangle = |order: [u32; 3]| {
            let mut mesh = Mesh::with_texture(id);
            for pos in [pos2(0.5, 0.5), pos2(7.5, 1.0), pos2(2.0, 7.0)] {
                mesh.colored_vertex(pos, Color32::GREEN);
            }
            mesh.add_triangle(order[0], order[1], order[2]);
            paint(&painter, mesh, 8)
        };
        let clockwise = triangle([0, 1, 2]);
        assert_eq!(clockwise, triangle([0, 2, 1]));
        assert!(clockwise.contains(&0x00ff00));
    }

    #[test]
    fn colours_blend_across_a_triangle() {
        let (painter, id) = white_texture();
        let mut mesh = Mesh::with_texture(id);
        mesh.colored_vertex(pos2(0.0, 0.0), Color32::BLACK);
        mesh.colored_vertex(pos2(16.0, 0.0), Color32::WHITE);
        mesh.colored_vertex(pos2(0.0, 16.0), Color32::BLACK);
        mesh.add_triangle(0, 1, 2);
        let pixels = paint(&painter, mesh, 16);
        let red = |x: usize| (pixels[x] >> 16) & 0xff;
        assert!(red(0) < red(4) && red(4) < red(8) && red(8) < red(14));
    }

    #[test]
    fn partial_texture_updates_land_where_asked() {
        let (mut painter, id) = white_texture();
        let clear = ColorImage::filled([4, 4], Color32::TRANSPARENT);
        upload(
            &mut painter,
            id,
            ImageDelta::full(clear, TextureOptions::NEAREST),
        );
        let blue = ColorImage::filled([1, 1], Color32::BLUE);
        let patch = ImageDelta::partial([2, 1], blue, TextureOptions::NEAREST);
        upload(&mut painter, id, patch);
        let texture = &painter.textures[&id];
        assert_eq!(texture.texel(2, 1), Color32::BLUE);
        assert_eq!(texture.texel(1, 1), Color32::TRANSPARENT);
        painter.free_textures([id]);
        assert!(painter.textures.is_empty());
    }
}
