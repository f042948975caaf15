//! What changed between two frames, tile by tile, so that only those tiles are painted again
//! and handed to the display.
//!
//! Each tile gets a fingerprint of every triangle that can touch it (its vertices, texture and
//! clip rectangle, in paint order). Equal fingerprints mean equal pixels as long as the textures
//! and the background did not change (the caller repaints everything when they do). A caret
//! blink or a ticking countdown then costs a few tiles, not the window.

use egui::epaint::{ClippedPrimitive, Primitive, Vertex};

/// A tile's side in pixels.
pub const TILE: usize = 64;

/// A rectangle of whole pixels: `x0..x1`, `y0..y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelRect {
    /// The first column.
    pub x0: usize,
    /// The first row.
    pub y0: usize,
    /// One past the last column.
    pub x1: usize,
    /// One past the last row.
    pub y1: usize,
}

impl PixelRect {
    /// The whole of a `width` × `height` picture.
    pub fn all(width: usize, height: usize) -> Self {
        Self {
            x0: 0,
            y0: 0,
            x1: width,
            y1: height,
        }
    }
}

/// The fingerprints of a frame's tiles, and which triangles each row of tiles needs.
pub struct Tiles {
    columns: usize,
    rows: usize,
    hashes: Vec<u64>,
    /// For each row of tiles, the triangles that can touch it in paint order, as (primitive,
    /// first of the triangle's three indices): painting a tile walks these, not the frame.
    triangles: Vec<Vec<(u32, u32)>>,
}

impl Tiles {
    /// Fingerprints `primitives` painted at `pixels_per_point` on a `width` × `height` target.
    pub fn of(
        primitives: &[ClippedPrimitive],
        pixels_per_point: f32,
        width: usize,
        height: usize,
    ) -> Self {
        let columns = width.div_ceil(TILE);
        let rows = height.div_ceil(TILE);
        let mut hashes = vec![0u64; columns * rows];
        let mut triangles = vec![Vec::new(); rows];
        for (index, primitive) in primitives.iter().enumerate() {
            let Primitive::Mesh(mesh) = &primitive.primitive else {
                continue;
            };
            let clip = primitive.clip_rect;
            let to_px = |v: f32| v * pixels_per_point;
            let clip_px = [
                to_px(clip.min.x),
                to_px(clip.min.y),
                to_px(clip.max.x),
                to_px(clip.max.y),
            ];
            let mut seed = mix(index as u64, texture_key(mesh.texture_id));
            for v in clip_px {
                seed = mix(seed, u64::from(v.to_bits()));
            }
            for (number, triangle) in mesh.indices.chunks_exact(3).enumerate() {
                let vertex = |i: u32| mesh.vertices.get(i as usize);
                let (Some(a), Some(b), Some(c)) = (
                    vertex(triangle[0]),
                    vertex(triangle[1]),
                    vertex(triangle[2]),
                ) else {
                    continue;
                };
                let xs = [a.pos.x, b.pos.x, c.pos.x].map(to_px);
                let ys = [a.pos.y, b.pos.y, c.pos.y].map(to_px);
                let lo_x = xs
                    .iter()
                    .copied()
                    .fold(f32::INFINITY, f32::min)
                    .max(clip_px[0]);
                let hi_x = xs
                    .iter()
                    .copied()
                    .fold(f32::NEG_INFINITY, f32::max)
                    .min(clip_px[2]);
                let lo_y = ys
                    .iter()
                    .copied()
                    .fold(f32::INFINITY, f32::min)
                    .max(clip_px[1]);
                let hi_y = ys
                    .iter()
                    .copied()
                    .fold(f32::NEG_INFINITY, f32::max)
                    .min(clip_px[3]);
                // NaN fails these comparisons too: such a triangle paints nothing.
                if !(lo_x < hi_x && lo_y < hi_y) || hi_x <= 0.0 || hi_y <= 0.0 {
                    continue;
                }
                let tile = |v: f32, count: usize| ((v.max(0.0) as usize) / TILE).min(count);
                let (c0, c1) = (tile(lo_x, columns), tile(hi_x, columns - 1) + 1);
                let (r0, r1) = (tile(lo_y, rows), tile(hi_y, rows - 1) + 1);
                if c0 >= c1 || r0 >= r1 {
                    continue;
                }
                let key = [a, b, c].iter().fold(seed, |h, v| mix(h, vertex_key(v)));
                let first = (number * 3) as u32;
                for row in r0..r1 {
                    for hash in &mut hashes[row * columns + c0..row * columns + c1] {
                        *hash = mix(*hash, key);
                    }
                    triangles[row].push((index as u32, first));
                }
            }
        }
        Self {
            columns,
            rows,
            hashes,
            triangles,
        }
    }

    /// The triangles that can touch the tiles of `row` (a tile's `y0 / TILE`), in paint order,
    /// as (primitive, first of the triangle's three indices): for [`Painter::paint_tiles`].
    ///
    /// [`Painter::paint_tiles`]: crate::Painter::paint_tiles
    pub fn row_triangles(&self, row: usize) -> &[(u32, u32)] {
        self.triangles.get(row).map_or(&[], Vec::as_slice)
    }

    /// The tiles whose fingerprints differ, as a mask; `None` when the frames differ in size.
    pub fn changed(&self, other: &Self) -> Option<Vec<bool>> {
        (self.columns == other.columns && self.rows == other.rows).then(|| {
            self.hashes
                .iter()
                .zip(&other.hashes)
                .map(|(a, b)| a != b)
                .collect()
        })
    }

    /// The rectangles covering the tiles set in `mask` (a run of neighbouring tiles in a row is
    /// one rectangle), clipped to `width` × `height`.
    pub fn rects(&self, mask: &[bool], width: usize, height: usize) -> Vec<PixelRect> {
        let mut rects = Vec::new();
        for row in 0..self.rows {
            let mut column = 0;
            while column < self.columns {
                if !mask[row * self.columns + column] {
                    column += 1;
                    continue;
                }
                let start = column;
                while column < self.columns && mask[row * self.columns + column] {
                    column += 1;
                }
                rects.push(PixelRect {
                    x0: start * TILE,
                    y0: row * TILE,
                    x1: (column * TILE).min(width),
                    y1: ((row + 1) * TILE).min(height),
                });
            }
        }
        rects
    }
}

fn texture_key(id: egui::TextureId) -> u64 {
    match id {
        egui::TextureId::Managed(n) => n,
        egui::TextureId::User(n) => n ^ (1 << 63),
    }
}

fn vertex_key(v: &Vertex) -> u64 {
    let pos = (u64::from(v.pos.x.to_bits()) << 32) | u64::from(v.pos.y.to_bits());
    let uv = (u64::from(v.uv.x.to_bits()) << 32) | u64::from(v.uv.y.to_bits());
    let color = u64::from(u32::from_le_bytes(v.color.to_array()));
    mix(mix(pos, uv), color)
}

/// One step of a fast non-cryptographic hash (the FxHash step).
fn mix(hash: u64, value: u64) -> u64 {
    (hash.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::epaint::Mesh;
    use egui::{Color32, Pos2, Rect, TextureId, pos2};

    fn rect(min: Pos2, max: Pos2, color: Color32) -> ClippedPrimitive {
        let mut mesh = Mesh::with_texture(TextureId::Managed(0));
        mesh.add_colored_rect(Rect::from_min_max(min, max), color);
        ClippedPrimitive {
            clip_rect: Rect::EVERYTHING,
            primitive: Primitive::Mesh(mesh),
        }
    }

    #[test]
    fn a_small_change_marks_only_the_tiles_it_touches() {
        let still = rect(pos2(0.0, 0.0), pos2(300.0, 200.0), Color32::GRAY);
        let caret = |color| rect(pos2(130.0, 70.0), pos2(131.0, 90.0), color);
        let before = Tiles::of(&[still.clone(), caret(Color32::BLACK)], 1.0, 300, 200);
        let after = Tiles::of(&[still, caret(Color32::WHITE)], 1.0, 300, 200);
        let mask = before.changed(&after).expect("same size");
        // The caret is in the third column of tiles and the second row: one tile of 5 × 4.
        let changed: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
        assert_eq!(changed, [5 + 2]);
        assert_eq!(
            after.rects(&mask, 300, 200),
            [PixelRect {
                x0: 128,
                y0: 64,
                x1: 192,
                y1: 128
            }]
        );
    }

    #[test]
    fn equal_frames_change_nothing_and_other_sizes_everything() {
        let frame = [rect(pos2(10.0, 10.0), pos2(90.0, 50.0), Color32::RED)];
        let a = Tiles::of(&frame, 1.0, 200, 100);
        assert!(
            !a.changed(&Tiles::of(&frame, 1.0, 200, 100))
                .expect("same size")
                .contains(&true)
        );
        assert!(a.changed(&Tiles::of(&frame, 1.0, 300, 100)).is_none());
    }

    #[test]
    fn paint_order_and_clipping_count() {
        let red = rect(pos2(0.0, 0.0), pos2(50.0, 50.0), Color32::RED);
        let blue = rect(pos2(20.0, 20.0), pos2(60.0, 60.0), Color32::BLUE);
        let a = Tiles::of(&[red.clone(), blue.clone()], 1.0, 64, 64);
        let b = Tiles::of(&[blue.clone(), red.clone()], 1.0, 64, 64);
        assert_eq!(a.changed(&b), Some(vec![true]));
        let mut clipped = blue;
        clipped.clip_rect = Rect::from_min_max(pos2(0.0, 0.0), pos2(30.0, 30.0));
        let c = Tiles::of(&[red, clipped], 1.0, 64, 64);
        assert_eq!(a.changed(&c), Some(vec![true]));
    }

    #[test]
    fn adjacent_changed_tiles_in_a_row_make_one_rectangle() {
        let tiles = Tiles::of(&[], 1.0, 200, 70);
        let mask = [true, true, false, true, false, false, false, true];
        assert_eq!(
            tiles.rects(&mask, 200, 70),
            [
                PixelRect {
                    x0: 0,
                    y0: 0,
                    x1: 128,
                    y1: 64
                },
                PixelRect {
                    x0: 192,
                    y0: 0,
                    x1: 200,
                    y1: 64
                },
                PixelRect {
                    x0: 192,
                    y0: 64,
                    x1: 200,
                    y1: 70
                },
            ]
        );
    }
}
