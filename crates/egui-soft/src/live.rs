//! Text and shapes that change with time alone, such as a countdown or a caret's blink,
//! repainted between egui passes.
//!
//! Each second of a countdown, or each blink of a caret, would otherwise cost a whole egui
//! pass (every widget laid out again), its tessellation and the tiles' fingerprints, for the
//! one thing that changes. [`live_label`] lays the label out in the pass as any label (its
//! place, and the text a screen reader reads) and paints it through a [`egui::PaintCallback`]
//! that [`run`] resolves: in the pass's frame to the galley the pass laid out, and when the
//! text next changes, with nothing else due, to the new text alone ([`Slot::tick`]).
//! [`live_shape`] does the same for a shape (a caret, lit or dark). The frame then changes in
//! that one primitive, and only the tiles it touches are painted again.
//!
//! [`run`]: crate::run

use std::sync::Arc;
use std::time::Instant;

use egui::epaint::{ClippedPrimitive, ClippedShape, Mesh, Primitive};
use egui::{Align, Color32, FontId, Galley, Painter, Rect, Response, Sense, Shape, Ui};

/// The text at a moment, and when it next changes (`None`: never).
pub type TextAt = dyn Fn(Instant) -> (String, Option<Instant>) + Send + Sync;

/// The shape at a moment, and when it next changes (`None`: never).
pub type ShapeAt = dyn Fn(Instant) -> (Shape, Option<Instant>) + Send + Sync;

/// Whether the ui is being laid out in a pass of [`run`]'s window, which paints
/// [`live_label`]s and [`live_shape`]s again between passes on its own; anywhere else (eframe,
/// a test harness) they are ordinary labels and shapes that ask for a pass when they change.
///
/// [`run`]: crate::run
pub fn repaints_live() -> bool {
    crate::pass::in_pass()
}

/// Shows the label `text_at` gives for now, `align`ed in its place (`Align::Max`: its right
/// edge stays put as it shrinks, as a right-aligned countdown's should).
///
/// In a window of [`run`], the window repaints the label on its own when its text changes.
/// Anywhere else (eframe, a test harness) it is an ordinary label, and it asks for a pass
/// when its text changes.
///
/// [`run`]: crate::run
pub fn live_label(
    ui: &mut Ui,
    font_id: FontId,
    color: Color32,
    align: Align,
    text_at: impl Fn(Instant) -> (String, Option<Instant>) + Send + Sync + 'static,
) -> Response {
    let now = Instant::now();
    let (text, next) = text_at(now);
    if !repaints_live() {
        ask_for_a_pass_at(ui.ctx(), now, next);
        return ui.label(egui::RichText::new(text).font(font_id).color(color));
    }
    let galley = ui.fonts_mut(|f| f.layout_no_wrap(text.clone(), font_id.clone(), color));
    let (rect, response) = ui.allocate_exact_size(galley.size(), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
    if ui.is_rect_visible(rect) {
        ui.painter().add(Shape::Callback(egui::PaintCallback {
            rect,
            callback: Arc::new(Live {
                text_at: Box::new(text_at),
                font_id,
                color,
                align,
                shown: (text, next, galley),
            }),
        }));
    }
    response
}

/// Paints the shape `shape_at` gives for now with `painter` (within its clip rectangle), in
/// `rect`, which holds the shape at every moment.
///
/// In a window of [`run`], the window paints the shape again on its own when it changes.
/// Anywhere else (eframe, a test harness) the shape is painted as it is now, and a pass is
/// asked for when it changes.
///
/// [`run`]: crate::run
pub fn live_shape(
    painter: &Painter,
    rect: Rect,
    shape_at: impl Fn(Instant) -> (Shape, Option<Instant>) + Send + Sync + 'static,
) {
    let now = Instant::now();
    let (shape, next) = shape_at(now);
    if !repaints_live() {
        ask_for_a_pass_at(painter.ctx(), now, next);
        painter.add(shape);
        return;
    }
    painter.add(Shape::Callback(egui::PaintCallback {
        rect,
        callback: Arc::new(LiveShape {
            shape_at: Box::new(shape_at),
            shown: (shape, next),
        }),
    }));
}

/// Outside a window of [`run`]: asks `ctx` for a pass when a live label or shape changes
/// next (`None`: never).
///
/// [`run`]: crate::run
fn ask_for_a_pass_at(ctx: &egui::Context, now: Instant, next: Option<Instant>) {
    if let Some(next) = next {
        ctx.request_repaint_after(next.saturating_duration_since(now));
    }
}

/// What [`live_label`] hands the window in its paint callback.
struct Live {
    text_at: Box<TextAt>,
    font_id: FontId,
    color: Color32,
    align: Align,
    /// The text the pass laid out, when it changes, and its galley.
    shown: (String, Option<Instant>, Arc<Galley>),
}

/// What [`live_shape`] hands the window in its paint callback.
struct LiveShape {
    shape_at: Box<ShapeAt>,
    /// The shape the pass painted, and when it changes.
    shown: (Shape, Option<Instant>),
}

/// A live label or shape in a tessellated frame: which primitive paints it, and what it shows.
pub(crate) struct Slot {
    index: usize,
    kind: Kind,
    /// When what it shows changes next.
    pub(crate) next: Option<Instant>,
}

/// What a [`Slot`] paints, and what it shows now.
enum Kind {
    /// A [`live_label`] in its place, showing `text`.
    Label {
        live: Arc<Live>,
        rect: Rect,
        text: String,
    },
    /// A [`live_shape`], showing `shape`.
    Shape { live: Arc<LiveShape>, shape: Shape },
}

/// Replaces the paint callbacks of [`live_label`] and [`live_shape`] in `primitives` with what
/// their pass laid out, and returns them as slots for [`Slot::tick`].
pub(crate) fn resolve(
    ctx: &egui::Context,
    primitives: &mut [ClippedPrimitive],
    pixels_per_point: f32,
) -> Vec<Slot> {
    let mut slots = Vec::new();
    for (index, primitive) in primitives.iter_mut().enumerate() {
        let Primitive::Callback(callback) = &primitive.primitive else {
            continue;
        };
        let (rect, callback) = (callback.rect, Arc::clone(&callback.callback));
        let clip_rect = primitive.clip_rect;
        let (mesh, kind, next) = match callback.downcast::<Live>() {
            Ok(live) => {
                let (text, next, galley) = live.shown.clone();
                let mesh = label_mesh(ctx, &live, rect, clip_rect, galley, pixels_per_point);
                (mesh, Kind::Label { live, rect, text }, next)
            }
            Err(callback) => {
                let Ok(live) = callback.downcast::<LiveShape>() else {
                    continue;
                };
                let (shape, next) = live.shown.clone();
                let mesh = shape_mesh(ctx, shape.clone(), clip_rect, pixels_per_point);
                (mesh, Kind::Shape { live, shape }, next)
            }
        };
        primitive.primitive = Primitive::Mesh(mesh);
        slots.push(Slot { index, kind, next });
    }
    slots
}

/// The mesh of `galley` placed in `rect` as `live` aligns it.
fn label_mesh(
    ctx: &egui::Context,
    live: &Live,
    rect: Rect,
    clip_rect: Rect,
    galley: Arc<Galley>,
    pixels_per_point: f32,
) -> Mesh {
    let x = match live.align {
        Align::Min => rect.left(),
        Align::Center => rect.center().x - galley.size().x / 2.0,
        Align::Max => rect.right() - galley.size().x,
    };
    let shape = Shape::galley(egui::pos2(x, rect.top()), galley, live.color);
    shape_mesh(ctx, shape, clip_rect, pixels_per_point)
}

/// The mesh of `shape` as the pass would tessellate it within `clip_rect` (empty for nothing).
fn shape_mesh(ctx: &egui::Context, shape: Shape, clip_rect: Rect, pixels_per_point: f32) -> Mesh {
    ctx.tessellate(vec![ClippedShape::new(clip_rect, shape)], pixels_per_point)
        .into_iter()
        .find_map(|p| match p.primitive {
            Primitive::Mesh(mesh) => Some(mesh),
            Primitive::Callback(_) => None,
        })
        .unwrap_or_default()
}

/// What a tick did.
pub(crate) enum Ticked {
    /// It shows the same: nothing to paint.
    Same,
    /// The primitive at `index` paints what it shows now; `old` painted what it showed
    /// before, and both lie within `bounds` (in points).
    Changed {
        index: usize,
        old: ClippedPrimitive,
        bounds: Rect,
    },
    /// A label's new text does not fit the place the pass gave it, or the font texture had
    /// to be rebuilt for it: only a pass can show it.
    NeedsPass,
}

impl Slot {
    /// Puts the mesh of what the label or shape shows at `now` into `primitives`; a glyph new
    /// to the font texture goes to `painter` at once.
    pub(crate) fn tick(
        &mut self,
        ctx: &egui::Context,
        primitives: &mut [ClippedPrimitive],
        painter: &mut crate::Painter,
        now: Instant,
        pixels_per_point: f32,
    ) -> Ticked {
        let Some(clip_rect) = primitives.get(self.index).map(|p| p.clip_rect) else {
            return Ticked::NeedsPass;
        };
        let new = match &mut self.kind {
            Kind::Label { live, rect, text } => {
                let (now_text, next) = (live.text_at)(now);
                self.next = next;
                if now_text == *text {
                    return Ticked::Same;
                }
                let (galley, delta) = ctx.fonts_mut(|f| {
                    let galley =
                        f.layout_no_wrap(now_text.clone(), live.font_id.clone(), live.color);
                    (galley, f.take_font_image_delta())
                });
                if let Some(delta) = delta {
                    if delta.is_whole() {
                        // The texture grew or was rebuilt: the pass hands it over with the rest.
                        ctx.tex_manager()
                            .write()
                            .set(egui::TextureId::default(), delta);
                        return Ticked::NeedsPass;
                    }
                    let mut textures = egui::TexturesDelta::default();
                    textures.push(egui::TextureId::default(), delta);
                    painter.set_textures(&textures);
                    textures.clear();
                }
                if galley.size().x > rect.width() + 0.01 {
                    return Ticked::NeedsPass;
                }
                let mesh = label_mesh(ctx, live, *rect, clip_rect, galley, pixels_per_point);
                *text = now_text;
                mesh
            }
            Kind::Shape { live, shape } => {
                let (now_shape, next) = (live.shape_at)(now);
                self.next = next;
                if now_shape == *shape {
                    return Ticked::Same;
                }
                let mesh = shape_mesh(ctx, now_shape.clone(), clip_rect, pixels_per_point);
                *shape = now_shape;
                mesh
            }
        };
        let primitive = &mut primitives[self.index];
        let mut bounds = new.calc_bounds();
        if let Primitive::Mesh(old) = &primitive.primitive {
            bounds = bounds.union(old.calc_bounds());
        }
        let old = ClippedPrimitive {
            clip_rect,
            primitive: std::mem::replace(&mut primitive.primitive, Primitive::Mesh(new)),
        };
        Ticked::Changed {
            index: self.index,
            old,
            bounds: bounds.intersect(clip_rect),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use egui::{Align, Color32, FontId, ViewportId};

    use super::{Ticked, live_label, resolve};
    use crate::pass::run_pass;
    use crate::{Painter, Target, Tiles};

    const SIZE: (usize, usize) = (320, 120);

    fn input() -> egui::RawInput {
        egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(SIZE.0 as f32, SIZE.1 as f32),
            )),
            ..Default::default()
        }
    }

    /// A form's last row: a button, and on the right a countdown showing `seconds`.
    fn form(seconds: &Arc<AtomicU64>) -> impl FnMut(&mut egui::Ui) + use<> {
        let seconds = Arc::clone(seconds);
        move |ui| {
            ui.label("A form above");
            ui.horizontal(|ui| {
                let _ = ui.button("Submit");
                ui.with_layout(egui::Layout::right_to_left(Align::Center), |ui| {
                    let seconds = Arc::clone(&seconds);
                    live_label(
                        ui,
                        FontId::proportional(14.0),
                        Color32::GRAY,
                        Align::Max,
                        move |now| {
                            let left = seconds.load(Ordering::Relaxed);
                            (format!("Closes in {left} s"), Some(now))
                        },
                    );
                });
            });
        }
    }

    /// One pass of `ui`: its primitives with the live labels resolved, painted on `painter`.
    fn pass(
        ctx: &egui::Context,
        painter: &mut Painter,
        ui: impl FnMut(&mut egui::Ui),
    ) -> (Vec<egui::ClippedPrimitive>, Vec<super::Slot>, Vec<u32>) {
        let mut output = run_pass(ctx, input(), ui);
        painter.set_textures(&output.textures_delta);
        output.textures_delta.clear();
        let mut primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        let slots = resolve(ctx, &mut primitives, output.pixels_per_point);
        let pixels = paint(painter, &primitives);
        (primitives, slots, pixels)
    }

    fn paint(painter: &Painter, primitives: &[egui::ClippedPrimitive]) -> Vec<u32> {
        let mut pixels = vec![0; SIZE.0 * SIZE.1];
        let mut target = Target {
            pixels: &mut pixels,
            width: SIZE.0,
            height: SIZE.1,
        };
        painter.paint(&mut target, Color32::WHITE, 1.0, primitives);
        pixels
    }

    #[test]
    fn a_tick_paints_the_new_text_as_a_pass_would_without_one() {
        let ctx = egui::Context::default();
        let mut painter = Painter::default();
        let seconds = Arc::new(AtomicU64::new(30));
        for _ in 0..2 {
            pass(&ctx, &mut painter, form(&seconds));
        }
        let (mut primitives, mut slots, before) = pass(&ctx, &mut painter, form(&seconds));
        assert_eq!(slots.len(), 1, "one live label");
        let mut tiles = Tiles::of(&primitives, 1.0, SIZE.0, SIZE.1);

        // The next second, with digits the font texture has not held yet: no pass runs.
        seconds.store(29, Ordering::Relaxed);
        let ran = Arc::new(AtomicU64::new(0));
        let (index, old) =
            match slots[0].tick(&ctx, &mut primitives, &mut painter, Instant::now(), 1.0) {
                Ticked::Changed { index, old, .. } => (index, old),
                Ticked::Same => panic!("the text changed"),
                Ticked::NeedsPass => panic!("the text fits: no pass needed"),
            };
        let mask = tiles.replace(&primitives, index, &old, 1.0);
        let ticked = paint(&painter, &primitives);
        assert_ne!(ticked, before, "the tick changed nothing");

        // A pass at the same second paints the same pixels, and fingerprints the same tiles.
        let counting = {
            let ran = Arc::clone(&ran);
            let mut ui = form(&seconds);
            move |ui_: &mut egui::Ui| {
                ran.fetch_add(1, Ordering::Relaxed);
                ui(ui_);
            }
        };
        let (fresh, _, passed) = pass(&ctx, &mut painter, counting);
        assert_eq!(ran.load(Ordering::Relaxed), 1);
        assert!(
            ticked == passed,
            "the tick painted other pixels than a pass"
        );
        // And so does a window that never showed 30 (the glyphs of 2 and 9 reached the
        // texture with the tick, not with a pass).
        let (other_ctx, mut other_painter) = (egui::Context::default(), Painter::default());
        let mut shown = Vec::new();
        for _ in 0..3 {
            shown = pass(&other_ctx, &mut other_painter, form(&seconds)).2;
        }
        assert!(
            ticked == shown,
            "the tick painted other pixels than a new window"
        );
        let fresh_tiles = Tiles::of(&fresh, 1.0, SIZE.0, SIZE.1);
        assert_eq!(
            tiles.changed(&fresh_tiles).expect("same size"),
            vec![false; mask.len()],
            "the tick's fingerprints differ from the pass's"
        );
        // Only the countdown's tiles changed: the last of the row it is in.
        let columns = SIZE.0.div_ceil(crate::TILE);
        let changed: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
        assert!(!changed.is_empty(), "no tile changed");
        assert!(
            changed.iter().all(|&i| i % columns >= columns - 2),
            "tiles away from the countdown changed: {changed:?}"
        );
    }

    /// A text box's caret, as a form paints it: lit while `lit` is true, nothing otherwise.
    fn caret(lit: &Arc<AtomicU64>, live: bool) -> impl FnMut(&mut egui::Ui) + use<> {
        let lit = Arc::clone(lit);
        move |ui| {
            ui.label("A form above");
            let (rect, _) = ui.allocate_exact_size(egui::vec2(200.0, 20.0), egui::Sense::hover());
            let line = [
                rect.left_top() + egui::vec2(40.0, 2.0),
                rect.left_bottom() + egui::vec2(40.0, -2.0),
            ];
            let shape_at = {
                let lit = Arc::clone(&lit);
                move |now: Instant| {
                    let shape = if lit.load(Ordering::Relaxed) == 1 {
                        egui::Shape::line_segment(line, (2.0, Color32::BLACK))
                    } else {
                        egui::Shape::Noop
                    };
                    (shape, Some(now))
                }
            };
            if live {
                super::live_shape(ui.painter(), rect, shape_at);
            } else {
                ui.painter().add(shape_at(Instant::now()).0);
            }
            ui.label("A form below");
        }
    }

    #[test]
    fn a_shape_that_changes_is_painted_as_a_pass_would_without_one() {
        let ctx = egui::Context::default();
        let mut painter = Painter::default();
        let lit = Arc::new(AtomicU64::new(1));
        for _ in 0..2 {
            pass(&ctx, &mut painter, caret(&lit, true));
        }
        let (mut primitives, mut slots, lit_pixels) = pass(&ctx, &mut painter, caret(&lit, true));
        assert_eq!(slots.len(), 1, "one live shape");
        let (_, _, drawn) = pass(&ctx, &mut painter, caret(&lit, false));
        assert!(
            lit_pixels == drawn,
            "the live shape is painted otherwise than the shape"
        );
        let mut tiles = Tiles::of(&primitives, 1.0, SIZE.0, SIZE.1);
        assert!(matches!(
            slots[0].tick(&ctx, &mut primitives, &mut painter, Instant::now(), 1.0),
            Ticked::Same
        ));

        // Dark: no pass runs, and the frame is the one a pass without the caret paints.
        lit.store(0, Ordering::Relaxed);
        let (index, old, bounds) =
            match slots[0].tick(&ctx, &mut primitives, &mut painter, Instant::now(), 1.0) {
                Ticked::Changed { index, old, bounds } => (index, old, bounds),
                _ => panic!("the caret went dark: a change"),
            };
        assert!(
            bounds.width() < 4.0 && bounds.height() <= 20.0,
            "{bounds:?}"
        );
        let mask = tiles.replace(&primitives, index, &old, 1.0);
        let dark = paint(&painter, &primitives);
        let (_, _, dark_pass) = pass(&ctx, &mut painter, caret(&lit, false));
        assert!(
            dark == dark_pass,
            "the tick painted other pixels than a pass"
        );
        assert_ne!(dark, lit_pixels, "the caret did not go");
        assert_eq!(
            mask.iter().filter(|&&m| m).count(),
            1,
            "one tile holds the caret"
        );

        // Lit again: the pixels of the first frame.
        lit.store(1, Ordering::Relaxed);
        assert!(matches!(
            slots[0].tick(&ctx, &mut primitives, &mut painter, Instant::now(), 1.0),
            Ticked::Changed { .. }
        ));
        assert!(paint(&painter, &primitives) == lit_pixels);
    }

    #[test]
    fn the_same_text_is_no_change_and_a_wider_one_needs_a_pass() {
        let ctx = egui::Context::default();
        let mut painter = Painter::default();
        let seconds = Arc::new(AtomicU64::new(7));
        for _ in 0..2 {
            pass(&ctx, &mut painter, form(&seconds));
        }
        let (mut primitives, mut slots, _) = pass(&ctx, &mut painter, form(&seconds));
        let now = Instant::now();
        assert!(matches!(
            slots[0].tick(&ctx, &mut primitives, &mut painter, now, 1.0),
            Ticked::Same
        ));
        seconds.store(1000, Ordering::Relaxed);
        assert!(matches!(
            slots[0].tick(&ctx, &mut primitives, &mut painter, now, 1.0),
            Ticked::NeedsPass
        ));
    }

    #[test]
    fn outside_a_window_of_ours_it_is_a_label_that_asks_for_a_pass_when_it_changes() {
        let ctx = egui::Context::default();
        let run = || {
            let mut output = ctx.run_ui(input(), |ui| {
                live_label(
                    ui,
                    FontId::proportional(14.0),
                    Color32::GRAY,
                    Align::Min,
                    |now| {
                        (
                            "Closes in 9 s".to_owned(),
                            Some(now + Duration::from_secs(1)),
                        )
                    },
                );
            });
            output.textures_delta.clear();
            output
        };
        // egui's first passes ask for another at once.
        for _ in 0..3 {
            run();
        }
        let output = run();
        let delay = output.viewport_output[&ViewportId::ROOT].repaint_delay;
        assert!(
            delay <= Duration::from_secs(1) && delay > Duration::from_millis(900),
            "{delay:?}"
        );
        assert!(
            output
                .shapes
                .iter()
                .all(|s| !matches!(s.shape, egui::Shape::Callback(_))),
            "a paint callback nobody resolves"
        );
    }
}
