//! Real egui frames for the tests and the benchmark: a UI is run headless, its textures are
//! uploaded to a [`Painter`] and its shapes tessellated, exactly as the window does.

#![allow(dead_code)] // Each user of this module takes what it needs.

use std::collections::HashMap;

use egui::epaint::{ClippedPrimitive, ImageData, TextureId};
use egui::{Color32, Context, Pos2, RawInput, Rect, ViewportId, vec2};
use egui_soft::{Painter, Target};

/// A headless egui context and the textures it has uploaded, at one screen size and scale.
pub struct Scene {
    ctx: Context,
    /// Holds the textures uploaded so far.
    pub painter: Painter,
    size: [f32; 2],
    /// Physical pixels per egui point.
    pub pixels_per_point: f32,
    /// The frame's size in physical pixels.
    pub width: usize,
    /// See `width`.
    pub height: usize,
    /// The panel colour, which the window clears to.
    pub background: Color32,
    /// Our own copy of every texture, for a reference renderer.
    pub textures: HashMap<TextureId, Image>,
}

/// A texture as egui uploaded it.
pub struct Image {
    /// Texels per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Premultiplied texels, row by row.
    pub texels: Vec<Color32>,
    /// Whether egui asked for linear (else nearest) magnification.
    pub linear: bool,
}

impl Scene {
    /// A `size` (points) screen at `pixels_per_point`.
    pub fn new(size: [f32; 2], pixels_per_point: f32) -> Self {
        let ctx = Context::default();
        let background = ctx.global_style().visuals.panel_fill;
        Self {
            ctx,
            painter: Painter::default(),
            size,
            pixels_per_point,
            width: (size[0] * pixels_per_point).round() as usize,
            height: (size[1] * pixels_per_point).round() as usize,
            background,
            textures: HashMap::new(),
        }
    }

    /// Runs one pass of `ui`, uploads its textures and tessellates its shapes, as the window does.
    pub fn pass(&mut self, ui: impl FnMut(&mut egui::Ui)) -> Vec<ClippedPrimitive> {
        let mut input = RawInput {
            screen_rect: Some(Rect::from_min_size(
                Pos2::ZERO,
                vec2(self.size[0], self.size[1]),
            )),
            ..RawInput::default()
        };
        input
            .viewports
            .entry(ViewportId::ROOT)
            .or_default()
            .native_pixels_per_point = Some(self.pixels_per_point);
        let mut output = self.ctx.run_ui(input, ui);
        let mut textures = std::mem::take(&mut output.textures_delta);
        self.painter.set_textures(&textures);
        for (id, deltas) in &textures.set {
            for delta in deltas {
                let ImageData::Color(image) = &delta.image;
                let [w, h] = image.size;
                match delta.pos {
                    None => {
                        self.textures.insert(
                            *id,
                            Image {
                                width: w,
                                height: h,
                                texels: image.pixels.clone(),
                                linear: delta.options.magnification == egui::TextureFilter::Linear,
                            },
                        );
                    }
                    Some([x0, y0]) => {
                        let texture = self
                            .textures
                            .get_mut(id)
                            .expect("a texture before its patch");
                        for y in 0..h {
                            for x in 0..w {
                                texture.texels[(y0 + y) * texture.width + x0 + x] =
                                    image.pixels[y * w + x];
                            }
                        }
                    }
                }
            }
        }
        for id in &textures.free {
            self.textures.remove(id);
        }
        self.painter.free_textures(textures.free.iter().copied());
        textures.clear();
        self.ctx.tessellate(output.shapes, output.pixels_per_point)
    }

    /// The frame of `ui` once egui has settled its layout and font atlas (three passes).
    pub fn settle(&mut self, mut ui: impl FnMut(&mut egui::Ui)) -> Vec<ClippedPrimitive> {
        self.pass(&mut ui);
        self.pass(&mut ui);
        self.pass(&mut ui)
    }

    /// Paints `primitives` with the [`Painter`] into `pixels` (`width * height` of them).
    pub fn paint_into(&self, primitives: &[ClippedPrimitive], pixels: &mut [u32]) {
        self.painter.paint(
            &mut Target {
                pixels,
                width: self.width,
                height: self.height,
            },
            self.background,
            self.pixels_per_point,
            primitives,
        );
    }

    /// Paints `primitives` with the [`Painter`] into a new buffer.
    pub fn paint(&self, primitives: &[ClippedPrimitive]) -> Vec<u32> {
        let mut pixels = vec![0; self.width * self.height];
        self.paint_into(primitives, &mut pixels);
        pixels
    }
}

/// A form like the ones people answer: `values.len()` labelled text fields in a scroll area,
/// inside a central panel.
pub fn form(ctx_ui: &mut egui::Ui, values: &mut [String]) {
    egui::CentralPanel::default().show(ctx_ui, |ui| {
        ui.heading("Please fill in");
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (i, value) in values.iter_mut().enumerate() {
                ui.label(format!("Field {i}: a label that names the field"));
                ui.text_edit_singleline(value);
            }
        });
    });
}

/// Every kind of shape the default widgets draw: text at several sizes, rounded frames with
/// strokes, translucent fills, a checkbox, radio buttons, a slider, a separator, a text field.
pub fn showcase(ui: &mut egui::Ui, state: &mut Showcase) {
    egui::CentralPanel::default().show(ui, |ui| {
        ui.heading("Heading");
        ui.label("Body text: the quick brown fox jumps over the lazy dog 0123456789");
        ui.small("Small text");
        ui.separator();
        ui.checkbox(&mut state.checked, "Check me");
        ui.horizontal(|ui| {
            ui.radio_value(&mut state.choice, 0, "One");
            ui.radio_value(&mut state.choice, 1, "Two");
        });
        ui.add(egui::Slider::new(&mut state.amount, 0.0..=10.0).text("Amount"));
        ui.text_edit_singleline(&mut state.text);
        let _ = ui.button("A button");
        egui::Frame::new()
            .fill(Color32::from_rgba_unmultiplied(30, 120, 220, 120))
            .stroke(egui::Stroke::new(1.5, Color32::from_rgb(200, 40, 40)))
            .corner_radius(9.0)
            .inner_margin(10.0)
            .show(ui, |ui| {
                ui.label("Inside a translucent rounded frame");
            });
        let (rect, _) = ui.allocate_exact_size(vec2(120.0, 60.0), egui::Sense::hover());
        let painter = ui.painter();
        painter.circle_filled(rect.left_center() + vec2(30.0, 0.0), 25.0, Color32::GOLD);
        painter.line_segment(
            [rect.left_top(), rect.right_bottom()],
            egui::Stroke::new(2.5, Color32::from_rgb(20, 160, 60)),
        );
    });
}

/// The state of [`showcase`].
pub struct Showcase {
    checked: bool,
    choice: u8,
    amount: f32,
    text: String,
}

impl Showcase {
    /// A small change, as a person makes: the checkbox flips and a letter is typed.
    pub fn toggle(&mut self) {
        self.checked = !self.checked;
        self.text.push('!');
    }
}

impl Default for Showcase {
    fn default() -> Self {
        Self {
            checked: true,
            choice: 1,
            amount: 3.5,
            text: "typed text".to_owned(),
        }
    }
}
