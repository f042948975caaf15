//! What changed between two frames, tile by tile, so that only those tiles are painted again
//! and handed to the display.
//!
//! Each tile gets a fingerprint of every triangle that can touch it (its vertices, texture and
//! clip rectangle, in paint order). Equal fingerprints mean equal pixels as long as the textures
//! and the background did not change (the caller repaints everything when they do). A caret
//! blink or a ticking countdown then costs a few tiles, not the window, and within those
//! tiles only the pixels of the triangles that differ ([`Tiles::changed_rects`]).

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

    /// The pixels in both, if any.
    pub fn intersect(&self, other: &Self) -> Option<Self> {
        let rect = Self {
            x0: self.x0.max(other.x0),
            y0: self.y0.max(other.y0),
            x1: self.x1.min(other.x1),
            y1: self.y1.min(other.y1),
        };
        (rect.x0 < rect.x1 && rect.y0 < rect.y1).then_some(rect)
    }
}

/// The fingerprints of a frame's tiles, and which triangles each row of tiles needs.
#[derive(Default)]
pub struct Tiles {
    columns: usize,
    rows: usize,
    hashes: Vec<u64>,
    /// For each row of tiles, the triangles that can touch it in paint order: painting a
    /// tile walks these, not the frame.
    triangles: Vec<Vec<RowTriangle>>,
    /// Beside each of `triangles`, its key and the pixels it can touch: what tells, within a
    /// changed tile, where the frames differ ([`Tiles::changed_rects`]).
    drawn: Vec<Vec<Drawn>>,
}

impl Tiles {
    /// Fingerprints `primitives` painted at `pixels_per_point` on a `width` × `height` target.
    pub fn of(
        primitives: &[ClippedPrimitive],
        pixels_per_point: f32,
        width: usize,
        height: usize,
    ) -> Self {
        let mut tiles = Self::default();
        tiles.refill(primitives, pixels_per_point, width, height);
        tiles
    }

    /// [`Tiles::of`] into these tiles, whose lists keep their room: a frame's lists hold as
    /// many triangles as the frame before, and growing them anew each frame costs more than
    /// filling them.
    pub fn refill(
        &mut self,
        primitives: &[ClippedPrimitive],
        pixels_per_point: f32,
        width: usize,
        height: usize,
    ) {
        let columns = width.div_ceil(TILE);
        let rows = height.div_ceil(TILE);
        self.columns = columns;
        self.rows = rows;
        self.hashes.clear();
        self.hashes.resize(columns * rows, 0);
        self.triangles.resize_with(rows, Vec::new);
        for list in &mut self.triangles {
            list.clear();
        }
        self.drawn.resize_with(rows, Vec::new);
        for list in &mut self.drawn {
            list.clear();
        }
        let tiles = self;
        // Each vertex's key, once for the triangles that share it (a quad's two, a path's
        // fan): hashing is most of the work.
        let mut keys = Vec::new();
        for (index, primitive) in primitives.iter().enumerate() {
            let Some(header) = Header::of(primitive, pixels_per_point) else {
                continue;
            };
            keys.clear();
            keys.extend(header.mesh.vertices.iter().map(vertex_key));
            for first in (0..header.mesh.indices.len() / 3).map(|n| (n * 3) as u32) {
                let Some(span) = header.span_keyed(first, columns, rows, 0..columns, Some(&keys))
                else {
                    continue;
                };
                for row in span.rows.clone() {
                    tiles.mix_row(row, &span, 0..columns);
                    tiles.triangles[row].push(RowTriangle {
                        primitive: index as u32,
                        first,
                    });
                    tiles.drawn[row].push(span.drawn());
                }
            }
        }
    }

    /// Fingerprints the frame after its primitive `index`, `old`, was replaced (by the one in
    /// `primitives` now), as [`Tiles::of`] would, and returns the tiles whose fingerprints
    /// changed, as a mask. Only the tiles the old or the new primitive touches are looked at: a
    /// countdown's next second costs its own few tiles, not the frame.
    pub fn replace(
        &mut self,
        primitives: &[ClippedPrimitive],
        index: usize,
        old: &ClippedPrimitive,
        pixels_per_point: f32,
    ) -> Vec<bool> {
        let index32 = index as u32;
        // For each row of tiles, the columns the old or the new primitive touches there.
        let mut affected: Vec<Option<(usize, usize)>> = vec![None; self.rows];
        let mut added: Vec<Vec<RowTriangle>> = vec![Vec::new(); self.rows];
        let mut added_drawn: Vec<Vec<Drawn>> = vec![Vec::new(); self.rows];
        let new = primitives.get(index);
        for (primitive, is_new) in [(Some(old), false), (new, true)] {
            let Some(primitive) = primitive else {
                continue;
            };
            for span in self.spans(primitive, pixels_per_point) {
                for row in span.rows.clone() {
                    let columns = &mut affected[row];
                    *columns = Some(
                        columns.map_or((span.columns.start, span.columns.end), |(c0, c1)| {
                            (c0.min(span.columns.start), c1.max(span.columns.end))
                        }),
                    );
                    if is_new {
                        added[row].push(RowTriangle {
                            primitive: index32,
                            first: span.first,
                        });
                        added_drawn[row].push(span.drawn());
                    }
                }
            }
        }
        let mut mask = vec![false; self.hashes.len()];
        for (row, (new, new_drawn)) in added.into_iter().zip(added_drawn).enumerate() {
            let Some((c0, c1)) = affected[row] else {
                continue;
            };
            // A row lists its triangles in paint order: the primitive's are one run.
            let list = &mut self.triangles[row];
            let start = list.partition_point(|t| t.primitive < index32);
            let end = start + list[start..].partition_point(|t| t.primitive == index32);
            list.splice(start..end, new);
            self.drawn[row].splice(start..end, new_drawn);
            let tiles = row * self.columns + c0..row * self.columns + c1;
            let before: Vec<u64> = self.hashes[tiles.clone()].to_vec();
            self.hashes[tiles.clone()].fill(0);
            let list = std::mem::take(&mut self.triangles[row]);
            let mut header: Option<(u32, Option<Header<'_>>)> = None;
            for t in &list {
                if header.as_ref().is_none_or(|(last, _)| *last != t.primitive) {
                    let at = t.primitive as usize;
                    let primitive = primitives.get(at);
                    header = Some((
                        t.primitive,
                        primitive.and_then(|q| Header::of(q, pixels_per_point)),
                    ));
                }
                let span = header
                    .as_ref()
                    .and_then(|(_, h)| h.as_ref())
                    .and_then(|h| h.span_within(t.first, self.columns, self.rows, c0..c1));
                if let Some(span) = span {
                    self.mix_row(row, &span, c0..c1);
                }
            }
            self.triangles[row] = list;
            for (i, before) in tiles.zip(before) {
                mask[i] = self.hashes[i] != before;
            }
        }
        mask
    }

    /// Mixes a triangle's key into the fingerprints of the tiles of `row` it touches, of those
    /// in `within` (columns).
    fn mix_row(&mut self, row: usize, span: &Span, within: std::ops::Range<usize>) {
        let start = row * self.columns;
        let (c0, c1) = (
            span.columns.start.max(within.start),
            span.columns.end.min(within.end),
        );
        for hash in self.hashes[start + c0..start + c1.max(c0)].iter_mut() {
            *hash = mix(*hash, span.key);
        }
    }

    /// The tiles each triangle of `primitive` can touch.
    fn spans<'a>(
        &self,
        primitive: &'a ClippedPrimitive,
        pixels_per_point: f32,
    ) -> impl Iterator<Item = Span> + 'a {
        let (columns, rows) = (self.columns, self.rows);
        let header = Header::of(primitive, pixels_per_point);
        let triangles = header.as_ref().map_or(0, |h| h.mesh.indices.len() / 3);
        (0..triangles).filter_map(move |number| {
            header
                .as_ref()
                .and_then(|h| h.span((number * 3) as u32, columns, rows))
        })
    }

    /// The triangles that can touch the tiles of `row` (a tile's `y0 / TILE`), in paint order:
    /// for [`Painter::paint_tiles`].
    ///
    /// [`Painter::paint_tiles`]: crate::Painter::paint_tiles
    pub fn row_triangles(&self, row: usize) -> &[RowTriangle] {
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

    /// The rectangles to paint again to turn `before`'s picture into this one's, for `mask`
    /// from [`Tiles::changed`] (`before.changed(self)`): within each changed tile, only the
    /// pixels the triangles that differ can touch. A caret's blink is then its own few pixels,
    /// wherever it stands: in an empty text box it stood in the tile of the box's rounded
    /// corners and its label, where repainting the whole tile cost a third more than in a filled
    /// box's (issue 46).
    ///
    /// Each tile's triangles, in paint order, are the same before and after but for a run in the
    /// middle: pixels that run's triangles cannot touch are painted by the same triangles in
    /// the same order as before, so they are as they were. Past `most` changed tiles (a frame
    /// that changed widely, where the narrowing would not pay for its walk), the tiles'
    /// rectangles as [`Tiles::rects`] gives them.
    pub fn changed_rects(
        &self,
        before: &Self,
        mask: &[bool],
        width: usize,
        height: usize,
        most: usize,
    ) -> Vec<PixelRect> {
        let changed = mask.iter().filter(|&&c| c).count();
        if changed > most
            || before.columns != self.columns
            || before.rows != self.rows
            || mask.len() != self.hashes.len()
        {
            return self.rects(mask, width, height);
        }
        let mut rects = Vec::with_capacity(changed);
        for (i, _) in mask.iter().enumerate().filter(|(_, c)| **c) {
            let (row, column) = (i / self.columns, i % self.columns);
            let tile = PixelRect {
                x0: column * TILE,
                y0: row * TILE,
                x1: ((column + 1) * TILE).min(width),
                y1: ((row + 1) * TILE).min(height),
            };
            let narrowed = differing(
                before.drawn.get(row).map_or(&[], Vec::as_slice),
                self.drawn.get(row).map_or(&[], Vec::as_slice),
                &tile,
            );
            // Nothing found that differs: the tile, to be safe.
            rects.push(narrowed.unwrap_or(tile));
        }
        rects
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

/// The pixels within `tile` that the triangles differing between `before` and `after` (a row
/// of tiles' lists, in paint order) can touch: `None` if none differ there.
fn differing(before: &[Drawn], after: &[Drawn], tile: &PixelRect) -> Option<PixelRect> {
    let touches = |d: &&Drawn| d.pixels().intersect(tile).is_some();
    let before: Vec<&Drawn> = before.iter().filter(touches).collect();
    let after: Vec<&Drawn> = after.iter().filter(touches).collect();
    let same = |a: &&Drawn, b: &&Drawn| a.key == b.key;
    let prefix = before
        .iter()
        .zip(&after)
        .take_while(|(a, b)| same(a, b))
        .count();
    let suffix = before[prefix..]
        .iter()
        .rev()
        .zip(after[prefix..].iter().rev())
        .take_while(|(a, b)| same(a, b))
        .count();
    let middle = before[prefix..before.len() - suffix]
        .iter()
        .chain(&after[prefix..after.len() - suffix]);
    middle
        .filter_map(|d| d.pixels().intersect(tile))
        .reduce(|a, b| PixelRect {
            x0: a.x0.min(b.x0),
            y0: a.y0.min(b.y0),
            x1: a.x1.max(b.x1),
            y1: a.y1.max(b.y1),
        })
}

/// A triangle's key and the pixels it can touch (see [`Tiles::changed_rects`]), in 24 bytes:
/// a frame holds one for each triangle in each row of tiles it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Drawn {
    key: u64,
    /// `x0, y0, x1, y1` of a [`PixelRect`], at most `u32::MAX`.
    pixels: [u32; 4],
}

impl Drawn {
    fn pixels(&self) -> PixelRect {
        let [x0, y0, x1, y1] = self.pixels.map(|v| v as usize);
        PixelRect { x0, y0, x1, y1 }
    }
}

/// A triangle that can touch a row of tiles (see [`Tiles::row_triangles`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowTriangle {
    /// Its primitive's index in the frame.
    pub primitive: u32,
    /// The first of its three indices in the primitive's mesh.
    pub first: u32,
}

/// A triangle as the tiles see it: its key (vertices, texture and clip rectangle), the first of
/// its three indices, and the columns and rows of tiles it can touch.
///
/// The key holds nothing of the primitive's place in the frame: a tile's fingerprint mixes its
/// triangles' keys in paint order, and that order is all that place says about its pixels. A
/// primitive that comes and goes (a caret in an empty text box is the only thing painted in
/// the box's clip rectangle, so it blinks as a primitive of its own) then shifts the places of
/// all that follow it without changing their tiles.
struct Span {
    key: u64,
    /// The pixels it can touch (its bounds within its clip rectangle, a pixel wider each way
    /// than the centres it covers).
    pixels: PixelRect,
    first: u32,
    columns: std::ops::Range<usize>,
    rows: std::ops::Range<usize>,
}

/// What the triangles of one primitive share: its mesh, clip rectangle in pixels, and the
/// seed of their keys (texture and clip rectangle).
struct Header<'a> {
    mesh: &'a egui::epaint::Mesh,
    clip_px: [f32; 4],
    seed: u64,
    pixels_per_point: f32,
}

impl<'a> Header<'a> {
    /// The header of `primitive`; `None` for a paint callback.
    fn of(primitive: &'a ClippedPrimitive, pixels_per_point: f32) -> Option<Self> {
        let Primitive::Mesh(mesh) = &primitive.primitive else {
            return None;
        };
        let clip = primitive.clip_rect;
        let clip_px =
            [clip.min.x, clip.min.y, clip.max.x, clip.max.y].map(|v| v * pixels_per_point);
        let mut seed = texture_key(mesh.texture_id);
        for v in clip_px {
            seed = mix(seed, u64::from(v.to_bits()));
        }
        Some(Self {
            mesh,
            clip_px,
            seed,
            pixels_per_point,
        })
    }

    /// The [`Span`] of the triangle whose indices start at `first`, on `columns` × `rows`
    /// tiles; `None` when it paints nothing.
    fn span(&self, first: u32, columns: usize, rows: usize) -> Option<Span> {
        self.span_within(first, columns, rows, 0..columns)
    }

    /// Its [`Span`] if it touches a tile of the columns `within`.
    fn span_within(
        &self,
        first: u32,
        columns: usize,
        rows: usize,
        within: std::ops::Range<usize>,
    ) -> Option<Span> {
        self.span_keyed(first, columns, rows, within, None)
    }

    /// [`Header::span_within`], with the mesh's vertex keys if they are at hand.
    fn span_keyed(
        &self,
        first: u32,
        columns: usize,
        rows: usize,
        within: std::ops::Range<usize>,
        keys: Option<&[u64]>,
    ) -> Option<Span> {
        let (mesh, clip_px) = (self.mesh, self.clip_px);
        let triangle = mesh.indices.get(first as usize..first as usize + 3)?;
        let vertex = |i: u32| mesh.vertices.get(i as usize);
        let (a, b, c) = (
            vertex(triangle[0])?,
            vertex(triangle[1])?,
            vertex(triangle[2])?,
        );
        // The least and the greatest of three coordinates, in pixels: scaled after they are
        // compared, which gives the same numbers (scaling by a positive factor keeps their
        // order) for two multiplications instead of six.
        let range = |v: [f32; 3]| {
            (
                v[0].min(v[1]).min(v[2]) * self.pixels_per_point,
                v[0].max(v[1]).max(v[2]) * self.pixels_per_point,
            )
        };
        let (lo_x, hi_x) = range([a.pos.x, b.pos.x, c.pos.x]);
        let (lo_y, hi_y) = range([a.pos.y, b.pos.y, c.pos.y]);
        let (lo_x, hi_x) = (lo_x.max(clip_px[0]), hi_x.min(clip_px[2]));
        let (lo_y, hi_y) = (lo_y.max(clip_px[1]), hi_y.min(clip_px[3]));
        // NaN fails these comparisons too: such a triangle paints nothing.
        if !(lo_x < hi_x && lo_y < hi_y) || hi_x <= 0.0 || hi_y <= 0.0 || columns == 0 || rows == 0
        {
            return None;
        }
        // Whole pixels, each bound converted once: `as` truncates toward zero and saturates, so
        // a bound left of or above the target is 0 (none is NaN here). Truncation, not
        // `floor`/`ceil`, which are calls into libm on x86-64's baseline and were a tenth of
        // this walk's cost.
        let (x0, x1, y0, y1) = (lo_x as usize, hi_x as usize, lo_y as usize, hi_y as usize);
        let (c0, c1) = ((x0 / TILE).min(columns), (x1 / TILE).min(columns - 1) + 1);
        let (r0, r1) = ((y0 / TILE).min(rows), (y1 / TILE).min(rows - 1) + 1);
        if c0 >= c1 || r0 >= r1 || c1 <= within.start || c0 >= within.end {
            return None;
        }
        let key = match keys {
            Some(keys) => triangle
                .iter()
                .try_fold(self.seed, |h, &i| keys.get(i as usize).map(|&k| mix(h, k)))?,
            None => [a, b, c]
                .iter()
                .fold(self.seed, |h, v| mix(h, vertex_key(v))),
        };
        // A pixel is painted when its centre is inside; a pixel more on each side covers the
        // snapping of vertices and the rounding of the clip rectangle.
        let pixels = PixelRect {
            x0: x0.saturating_sub(1),
            y0: y0.saturating_sub(1),
            x1: x1.saturating_add(2),
            y1: y1.saturating_add(2),
        };
        Some(Span {
            key,
            pixels,
            first,
            columns: c0..c1,
            rows: r0..r1,
        })
    }
}

impl Span {
    /// Its entry beside its [`RowTriangle`].
    fn drawn(&self) -> Drawn {
        let p = self.pixels;
        Drawn {
            key: self.key,
            pixels: [p.x0, p.y0, p.x1, p.y1].map(|v| u32::try_from(v).unwrap_or(u32::MAX)),
        }
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
    fn replacing_a_primitive_fingerprints_as_a_new_frame_would() {
        let background = rect(pos2(0.0, 0.0), pos2(300.0, 200.0), Color32::GRAY);
        let label = |x: f32| rect(pos2(x, 140.0), pos2(250.0, 150.0), Color32::BLACK);
        let over = rect(pos2(200.0, 100.0), pos2(220.0, 190.0), Color32::RED);
        let before = [background.clone(), label(150.0), over.clone()];
        let after = [background, label(170.0), over];
        let mut tiles = Tiles::of(&before, 1.0, 300, 200);
        let mask = tiles.replace(&after, 1, &before[1], 1.0);
        let fresh = Tiles::of(&after, 1.0, 300, 200);
        assert_eq!(
            Some(mask),
            Tiles::of(&before, 1.0, 300, 200).changed(&fresh)
        );
        assert_eq!(tiles.hashes, fresh.hashes);
        assert_eq!(tiles.triangles, fresh.triangles);
        assert_eq!(tiles.drawn, fresh.drawn);
        // The label's two triangles changed, in the tiles they touch: columns 2 and 3 of the
        // third row, nothing else.
        assert_eq!(
            tiles.changed(&Tiles::of(&before, 1.0, 300, 200)),
            Some((0..20).map(|i| i == 2 * 5 + 2 || i == 2 * 5 + 3).collect())
        );
    }

    /// A 300×200 frame with a caret in a text box's clip rectangle (`lit`), and without it
    /// (`dark`): a blink's two frames.
    fn blink() -> (Tiles, Tiles) {
        let background = rect(pos2(0.0, 0.0), pos2(300.0, 200.0), Color32::GRAY);
        let mut caret = rect(pos2(130.0, 70.0), pos2(131.0, 90.0), Color32::BLACK);
        caret.clip_rect = Rect::from_min_max(pos2(100.0, 60.0), pos2(250.0, 100.0));
        let below = rect(pos2(0.0, 120.0), pos2(300.0, 200.0), Color32::WHITE);
        let lit = Tiles::of(&[background.clone(), caret, below.clone()], 1.0, 300, 200);
        let dark = Tiles::of(&[background, below], 1.0, 300, 200);
        (lit, dark)
    }

    /// Regression (issue 30): a caret blinking in an empty text box is a primitive of its own
    /// (nothing else is painted in the box's clip rectangle), so the frames with and without it
    /// differ in the places of every later primitive; the fingerprints held those places, and
    /// each blink repainted every tile below the box (15 tiles of a 4-field form, not 1).
    #[test]
    fn a_primitive_that_comes_and_goes_changes_only_its_own_tiles() {
        let (lit, dark) = blink();
        let mask = lit.changed(&dark).expect("same size");
        let changed: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
        assert_eq!(changed, [5 + 2], "the caret's tile alone");
    }

    /// Issue 46: within a changed tile, only the pixels of the triangles that differ are
    /// painted again: a caret's, not the rest of its tile (an empty text box's caret stands by
    /// the box's rounded corners and its label, which cost a third more to repaint than the
    /// tile of a filled box's caret).
    #[test]
    fn a_blink_repaints_the_carets_pixels_not_its_tile() {
        let (lit, dark) = blink();
        let mask = lit.changed(&dark).expect("same size");
        let caret_rect = PixelRect {
            x0: 129,
            y0: 69,
            x1: 133,
            y1: 92,
        };
        assert_eq!(dark.changed_rects(&lit, &mask, 300, 200, 8), [caret_rect]);
        assert_eq!(lit.changed_rects(&dark, &mask, 300, 200, 8), [caret_rect]);
        // Past the limit, whole tiles.
        assert_eq!(
            lit.changed_rects(&dark, &mask, 300, 200, 0),
            lit.rects(&mask, 300, 200)
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
