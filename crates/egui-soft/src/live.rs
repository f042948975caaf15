//! Text that changes with time alone, such as a countdown, repainted between egui passes.
//!
//! Each second of a countdown would otherwise cost a whole egui pass (every widget laid out
//! again), its tessellation and the tiles' fingerprints, for a label that is the only thing
//! to change. [`live_label`] lays the label out in the pass as any label (its place, and the
//! text a screen reader reads) and paints it through a [`egui::PaintCallback`] that [`run`]
//! resolves: in the pass's frame to the galley the pass laid out, and when the text next
//! changes, with nothing else due, to the new text alone ([`Slot::tick`]). The frame then
//! changes in that one primitive, and only the tiles it touches are painted again.
//!
//! [`run`]: crate::run

use std::sync::Arc;
use std::time::Instant;

use egui::epaint::{ClippedPrimitive, ClippedShape, Mesh, Primitive};
use egui::{Align, Color32, FontId, Galley, Rect, Response, Sense, Shape, Ui};

/// The text at a moment, and when it next changes (`None`: never).
pub type TextAt = dyn Fn(Instant) -> (String, Option<Instant>) + Send + Sync;

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
    if !crate::pass::in_pass() {
        if let Some(next) = next {
            ui.ctx()
                .request_repaint_after(next.saturating_duration_since(now));
        }
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

/// What [`live_label`] hands the window in its paint callback.
struct Live {
    text_at: Box<TextAt>,
    font_id: FontId,
    color: Color32,
    align: Align,
    /// The text the pass laid out, when it changes, and its galley.
    shown: (String, Option<Instant>, Arc<Galley>),
}

/// A live label in a tessellated frame: which primitive paints it, and what it shows.
pub(crate) struct Slot {
    index: usize,
    live: Arc<Live>,
    rect: Rect,
    text: String,
    /// When the text changes next.
    pub(crate) next: Option<Instant>,
}

/// Replaces the paint callbacks of [`live_label`] in `primitives` with the galleys their pass
/// laid out, and returns them as slots for [`Slot::tick`].
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
        let Ok(live) = Arc::clone(&callback.callback).downcast::<Live>() else {
            continue;
        };
        let rect = callback.rect;
        let (text, next, galley) = live.shown.clone();
        primitive.primitive = Primitive::Mesh(mesh(
            ctx,
            &live,
            rect,
            primitive.clip_rect,
            galley,
            pixels_per_point,
        ));
        slots.push(Slot {
            index,
            live,
            rect,
            text,
            next,
        });
    }
    slots
}

/// The mesh of `galley` placed in `rect` as `live` aligns it.
fn mesh(
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
    /// The text is the same: nothing to paint.
    Same,
    /// The primitive at `index` paints the new text now; `old` painted the text before, and
    /// both lie within `bounds` (in points).
    Changed {
        index: usize,
        old: ClippedPrimitive,
        bounds: Rect,
    },
    /// The new text does not fit the place the pass gave the label, or the font texture had
    /// to be rebuilt for it: only a pass can show it.
    NeedsPass,
}

impl Slot {
    /// Lays out the label's text for `now` and puts its mesh into `primitives`; a glyph new to
    /// the font texture goes to `painter` at once.
    pub(crate) fn tick(
        &mut self,
        ctx: &egui::Context,
        primitives: &mut [ClippedPrimitive],
        painter: &mut crate::Painter,
        now: Instant,
        pixels_per_point: f32,
    ) -> Ticked {
        let (text, next) = (self.live.text_at)(now);
        self.next = next;
        if text == self.text {
            return Ticked::Same;
        }
        let live = &self.live;
        let (galley, delta) = ctx.fonts_mut(|f| {
            let galley = f.layout_no_wrap(text.clone(), live.font_id.clone(), live.color);
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
        if galley.size().x > self.rect.width() + 0.01 {
            return Ticked::NeedsPass;
        }
        let Some(primitive) = primitives.get_mut(self.index) else {
            return Ticked::NeedsPass;
        };
        let new = mesh(
            ctx,
            live,
            self.rect,
            primitive.clip_rect,
            galley,
            pixels_per_point,
        );
        let mut bounds = new.calc_bounds();
        if let Primitive::Mesh(old) = &primitive.primitive {
            bounds = bounds.union(old.calc_bounds());
        }
        let old = ClippedPrimitive {
            clip_rect: primitive.clip_rect,
            primitive: std::mem::replace(&mut primitive.primitive, Primitive::Mesh(new)),
        };
        self.text = text;
        Ticked::Changed {
            index: self.index,
            old,
            bounds: bounds.intersect(primitive.clip_rect),
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
