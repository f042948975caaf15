//! Markdown lines ([`crate::model::markdown`]) drawn in the window: the message and the fields'
//! descriptions. One label per block, so a screen reader reads each as plain text without
//! markup characters, headings with the heading role and their level, list items as list
//! items. Everything stays inside the area it is drawn in: code blocks scroll sideways rather
//! than widen the window, and headings are only a little larger than the text, so nothing
//! imitates who asks or the buttons.
//!
//! A link the consent may show ([`crate::model::markdown::Span::link`]) is a link widget: clicked, or
//! pressed with Enter after Tab reached it, it is handed back to the caller, which shows the URL
//! consent. Nothing here opens a browser.

use egui::accesskit::Role;
use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Id, TextStyle, TextWrapMode, Ui};

use crate::model::markdown::{LineKind, MdLine, Span};

/// Whose text the lines are: it decides the size and the colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// The server's message: a little larger than the form's text, in the strong colour.
    Message,
    /// A field's help: the form's text size, weak.
    Help,
}

/// What the person did with the lines' links in this frame.
#[derive(Debug, Default)]
pub struct Links {
    /// The address of the link clicked (or pressed with Enter), if any.
    pub followed: Option<String>,
    /// Every link widget drawn: a focused link takes Enter as a press, not as Submit.
    pub ids: Vec<Id>,
}

/// Draws `lines` in `tone`; `salt` keeps the ids of two texts' code blocks apart.
pub fn markdown_ui(ui: &mut Ui, lines: &[MdLine], tone: Tone, salt: &str) -> Links {
    let mut links = Links::default();
    let salt = ui.scope_id().with(salt);
    for (index, line) in lines.iter().enumerate() {
        if index > 0 && tone == Tone::Message {
            ui.add_space(4.0);
        }
        let code = line.kind == LineKind::Code;
        // Where it starts: a right-to-left paragraph (Unicode bidi P2-P3), and every paragraph
        // of a mirrored window, hugs the right edge; code keeps the left, its lines' indents
        // aligned.
        let right = !code
            && (crate::text::bidi::is_right_to_left(&line.plain())
                || super::mirror::from_right(ui));
        let mut body = |ui: &mut Ui| {
            let align = if right {
                egui::Align::Max
            } else {
                egui::Align::Min
            };
            super::mirror::aligned(ui, align, |ui| {
                line_ui(ui, line, tone, salt.with(index), &mut links);
            });
        };
        if line.prefix.is_empty() {
            body(ui);
        } else {
            // Bullets and quote marks stand where the paragraph starts: on the right of a
            // right-to-left one.
            let row = if right {
                egui::Layout::right_to_left(egui::Align::Min)
            } else {
                egui::Layout::left_to_right(egui::Align::Min)
            };
            // One row high to begin with, like `horizontal_top`: the whole available height
            // would put the row's content in its middle.
            let start = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
            ui.allocate_ui_with_layout(start, row, |ui| {
                let size = text_size(ui, tone, line.kind);
                // The marker's space separates it from the text: after it, or before it.
                let prefix = if right {
                    format!(" {}", line.prefix.trim_end())
                } else {
                    line.prefix.clone()
                };
                let marker = ui.label(
                    egui::RichText::new(prefix)
                        .size(size)
                        .color(ui.visuals().weak_text_color()),
                );
                if line.list_item {
                    // Read as the item's bullet or number, not as a word of its own.
                    ui.ctx().accesskit_node_builder(marker.id, |node| {
                        node.set_role(Role::ListMarker);
                        node.set_label(line.prefix.clone());
                    });
                }
                ui.vertical(body);
            });
        }
    }
    links
}

fn text_size(ui: &Ui, tone: Tone, kind: LineKind) -> f32 {
    let body = ui
        .style()
        .text_styles
        .get(&TextStyle::Body)
        .map_or(14.0, |font| font.size);
    match (tone, kind) {
        (Tone::Message, LineKind::Heading(_)) => 16.5,
        (Tone::Message, _) => 15.0,
        (Tone::Help, LineKind::Heading(_)) => body + 1.0,
        (Tone::Help, _) => body,
    }
}

/// One span's look in a line of `kind`.
fn format(ui: &Ui, span: &Span, tone: Tone, kind: LineKind) -> TextFormat {
    let visuals = ui.visuals();
    let size = text_size(ui, tone, kind);
    let font_id = if span.emphasis.code || kind == LineKind::Code {
        FontId::monospace(size - 1.0)
    } else {
        FontId::proportional(size)
    };
    let color = match (tone, span.emphasis.strong) {
        // The link widget paints its text in the link colour.
        _ if span.link.is_some() => Color32::PLACEHOLDER,
        (Tone::Message, true) => visuals.strong_text_color(),
        (Tone::Message, false) => visuals.text_color(),
        (Tone::Help, true) => visuals.text_color(),
        (Tone::Help, false) => visuals.weak_text_color(),
    };
    let background = if span.emphasis.code && kind != LineKind::Code {
        visuals.code_bg_color
    } else {
        Color32::TRANSPARENT
    };
    let underline = if span.link.is_some() {
        egui::Stroke::new(1.0, visuals.hyperlink_color)
    } else {
        egui::Stroke::NONE
    };
    TextFormat {
        font_id,
        color,
        background,
        italics: span.emphasis.italic,
        underline,
        ..TextFormat::default()
    }
}

fn job(ui: &Ui, spans: &[Span], tone: Tone, kind: LineKind) -> LayoutJob {
    let mut job = LayoutJob::default();
    for span in spans {
        job.append(&span.text, 0.0, format(ui, span, tone, kind));
    }
    job
}

fn line_ui(ui: &mut Ui, line: &MdLine, tone: Tone, id: Id, links: &mut Links) {
    match line.kind {
        LineKind::Rule => {
            ui.separator();
        }
        LineKind::Code => {
            let job = job(ui, &line.spans, tone, line.kind);
            // Long code lines scroll sideways instead of breaking inside a token.
            egui::Frame::new()
                .fill(ui.visuals().code_bg_color)
                .inner_margin(4.0)
                .show(ui, |ui| {
                    egui::ScrollArea::horizontal()
                        .id_salt(id.with("code"))
                        .auto_shrink([false, true])
                        .show(ui, |ui| {
                            ui.add(
                                egui::Label::new(job)
                                    .selectable(true)
                                    .wrap_mode(TextWrapMode::Extend),
                            );
                        });
                });
        }
        LineKind::Text | LineKind::Heading(_) if line.spans.iter().all(|s| s.link.is_none()) => {
            let job = job(ui, &line.spans, tone, line.kind);
            let label = ui.add(egui::Label::new(job).selectable(true).wrap());
            structure(ui, label.id, line);
        }
        LineKind::Text | LineKind::Heading(_) => {
            linked_paragraph_ui(ui, line, tone, id, links);
        }
    }
}

/// A paragraph with links: one block of text laid out as a label lays out its text, so that
/// its rows start where the layout starts them (at the right edge of a right-to-left
/// paragraph or of a mirrored window) and are in the bidi order of the whole paragraph (a URL
/// left to right inside Arabic or Hebrew). Each link is
/// a widget over its words that Tab reaches, Enter and a click press and a screen reader
/// hears as a link; the text between links is read as labels, as it was when each run was a
/// widget of its own.
fn linked_paragraph_ui(ui: &mut Ui, line: &MdLine, tone: Tone, id: Id, links: &mut Links) {
    let mut job = LayoutJob::default();
    // The runs of text and of each link, by their places among the paragraph's characters.
    let mut runs: Vec<(std::ops::Range<usize>, Option<&str>, String)> = Vec::new();
    let mut chars = 0;
    for span in &line.spans {
        let mut format = format(ui, span, tone, line.kind);
        if span.link.is_some() {
            format.color = ui.visuals().hyperlink_color;
        }
        let count = span.text.chars().count();
        let link = span.link.as_deref();
        match runs.last_mut() {
            Some((range, last, text)) if *last == link => {
                range.end += count;
                text.push_str(&span.text);
            }
            _ => runs.push((chars..chars + count, link, span.text.clone())),
        }
        job.append(&span.text, 0.0, format);
        chars += count;
    }
    job.wrap.max_width = ui.available_width();
    job.halign = ui.layout().horizontal_placement();
    let galley = ui.fonts_mut(|fonts| fonts.layout_job(job));
    // Selectable like any label's text, without taking the focus.
    let sense = egui::Sense::click_and_drag() - egui::Sense::FOCUSABLE;
    let (rect, paragraph) = ui.allocate_exact_size(galley.size(), sense);
    structure(ui, paragraph.id, line);
    let origin = match galley.job.halign {
        egui::Align::Min => rect.left_top(),
        egui::Align::Center => rect.center_top(),
        egui::Align::Max => rect.right_top(),
    };
    if ui.is_rect_visible(rect) {
        egui::text_selection::LabelSelectionState::label_text_selection(
            ui,
            &paragraph,
            origin,
            galley.clone(),
            ui.visuals().text_color(),
            egui::Stroke::NONE,
        );
    }
    let mut link_index = 0;
    for (index, (range, url, text)) in runs.into_iter().enumerate() {
        let rects = glyph_rects(&galley, origin, &range);
        let Some(url) = url else {
            if let Some(bounds) = rects.iter().copied().reduce(egui::Rect::union) {
                let run = ui.interact(bounds, id.with(("text", index)), egui::Sense::hover());
                run.widget_info(|| egui::WidgetInfo::labeled(Role::Label, true, &text));
            }
            continue;
        };
        let link_id = id.with(("link", link_index));
        link_index += 1;
        let mut pressed = false;
        let mut focused = false;
        for (part, rect) in rects.iter().enumerate() {
            // The first part is the link Tab reaches and screen readers hear; the rows it
            // wraps onto take clicks too.
            let sense = if part == 0 {
                egui::Sense::click()
            } else {
                egui::Sense::CLICK
            };
            let response = ui.interact(*rect, link_id.with(part), sense);
            if part == 0 {
                response
                    .widget_info(|| egui::WidgetInfo::labeled(Role::Link, ui.is_enabled(), &text));
                links.ids.push(response.id);
                focused = response.has_focus();
            }
            if response.hovered() {
                ui.set_cursor_icon(egui::CursorIcon::PointingHand);
            }
            pressed |= response.clicked();
        }
        if focused {
            let stroke = ui.visuals().selection.stroke;
            for rect in &rects {
                ui.painter()
                    .rect_stroke(rect.expand(1.0), 2.0, stroke, egui::StrokeKind::Outside);
            }
        }
        if pressed {
            links.followed = Some(url.to_owned());
        }
    }
}

/// The rectangles, one a row, that the characters `range` of `galley` cover when it is drawn
/// with its anchor at `origin`.
fn glyph_rects(
    galley: &egui::Galley,
    origin: egui::Pos2,
    range: &std::ops::Range<usize>,
) -> Vec<egui::Rect> {
    let mut rects = Vec::new();
    let mut index = 0;
    for placed in &galley.rows {
        let mut rect = egui::Rect::NOTHING;
        for glyph in &placed.row.glyphs {
            if range.contains(&index) {
                rect = rect.union(glyph.logical_rect());
            }
            index += 1;
        }
        if placed.ends_with_newline {
            index += 1;
        }
        if rect.is_positive() {
            rects.push(rect.translate(origin.to_vec2() + placed.pos.to_vec2()));
        }
    }
    rects
}

/// Tells screen readers what the label of `line` is in the text's structure. A heading or a
/// list item is named by its text, as a label is by its value.
fn structure(ui: &Ui, id: Id, line: &MdLine) {
    let role = match line.kind {
        LineKind::Heading(_) => Role::Heading,
        _ if line.list_item => Role::ListItem,
        _ => return,
    };
    let text: String = line.spans.iter().map(|span| span.text.as_str()).collect();
    ui.ctx().accesskit_node_builder(id, |node| {
        node.set_role(role);
        if let LineKind::Heading(level) = line.kind {
            node.set_level(usize::from(level));
        }
        node.set_label(text);
    });
}
