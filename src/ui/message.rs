//! The form's message: plain text or Markdown, wrapped and selectable; a long one in a box of
//! its own that scrolls (Page Up / Page Down), a huge one drawn a screenful at a time.

use egui::{Key, Modifiers, RichText, Ui};

use crate::cli::Markdown;
use crate::model::markdown;

use super::rich::{self, Links, Tone};

/// The message: plain text, wrapped, selectable. A long one gets its own box with a scroll bar
/// always shown, a "more below" line while there is more, and Page Up / Page Down to read it.
#[derive(Debug, Default)]
pub(super) struct MessageBox {
    /// The box's scroll offset, its visible height and its content height, from the last frame.
    offset: f32,
    visible: f32,
    content: f32,
    /// An offset asked for by the keyboard, applied on the next frame.
    scroll_to: Option<f32>,
    /// Whether the message is read as Markdown.
    pub(super) markdown: Markdown,
    /// A message longer than [`HUGE`]: its rows, read once, and their heights.
    huge: Option<HugeMessage>,
}

/// A message longer than this is drawn a screenful at a time ([`HugeMessage`]).
const HUGE: usize = 64 * 1024;

/// A huge message, drawn only where the message box shows it: laying out every row of a
/// 950 KB table took 199 MB (a galley of some 90 bytes a character, issue 43, item 10); a row
/// out of view takes only its height, measured when it was last in view, else estimated.
#[derive(Debug)]
struct HugeMessage {
    /// The message's lines, one per row of its text ([`markdown::split_at_line_breaks`]).
    rows: Vec<markdown::MdLine>,
    /// Each row's height when last drawn, at [`Self::width`].
    heights: Vec<Option<f32>>,
    /// The width the heights were measured at.
    width: f32,
}

impl HugeMessage {
    fn new(message: &str, markdown: Markdown) -> Self {
        let lines = match markdown {
            Markdown::On => markdown::parse(message),
            Markdown::Off => message.lines().map(markdown::MdLine::plain_text).collect(),
        };
        let rows = markdown::split_at_line_breaks(lines);
        Self {
            heights: vec![None; rows.len()],
            rows,
            width: 0.0,
        }
    }

    /// Draws the rows that `viewport` (in the content's coordinates) shows, and takes the
    /// height of them all.
    fn show(&mut self, ui: &mut Ui, viewport: egui::Rect) -> Links {
        let width = ui.available_width();
        if (width - self.width).abs() > 0.5 {
            self.heights.iter_mut().for_each(|height| *height = None);
            self.width = width;
        }
        let row_height = ui.fonts_mut(|fonts| fonts.row_height(&egui::FontId::proportional(15.0)));
        // As rich::markdown_ui spaces the message's lines.
        let gap = 4.0 + ui.spacing().item_spacing.y;
        let origin = ui.max_rect().min;
        let mut links = Links::default();
        let mut y = 0.0;
        for (index, row) in self.rows.iter().enumerate() {
            let mut height = self.heights[index].unwrap_or_else(|| {
                // Proportional text wraps at about two characters a row height; code does not.
                let per_row = (width / (row_height * 0.5)).max(1.0);
                let rows: f32 = row
                    .plain()
                    .split('\n')
                    .map(|text| match row.kind {
                        markdown::LineKind::Code => 1.0,
                        _ => (text.chars().count() as f32 / per_row).ceil().max(1.0),
                    })
                    .sum();
                rows * row_height
            });
            if y + height >= viewport.min.y && y <= viewport.max.y {
                let rect = egui::Rect::from_min_size(
                    origin + egui::vec2(0.0, y),
                    egui::vec2(width, f32::INFINITY),
                );
                let mut child = ui.new_child(
                    egui::UiBuilder::new()
                        .id_salt(("message-row", index))
                        .max_rect(rect)
                        .layout(egui::Layout::top_down(egui::Align::Min)),
                );
                let drawn = rich::markdown_ui(
                    &mut child,
                    std::slice::from_ref(row),
                    Tone::Message,
                    "message",
                );
                links.ids.extend(drawn.ids);
                links.followed = links.followed.or(drawn.followed);
                height = child.min_rect().height();
                self.heights[index] = Some(height);
            }
            y += height + gap;
        }
        ui.allocate_rect(
            egui::Rect::from_min_size(origin, egui::vec2(width, y)),
            egui::Sense::hover(),
        );
        links
    }
}

impl MessageBox {
    /// The tallest a long message's box gets.
    const MAX_HEIGHT: f32 = 260.0;

    fn is_long(message: &str) -> bool {
        message.len() > 1500 || message.lines().count() > 14
    }

    /// Whether part of the message is below the box.
    fn more_below(&self) -> bool {
        self.content - self.offset - self.visible > 1.0
    }

    /// Page Up / Page Down scroll the message box while it has more to show that way; the
    /// keys stay with the rest of the window otherwise.
    pub(super) fn paging_keys(&mut self, ctx: &egui::Context) {
        if self.content <= self.visible {
            return;
        }
        let page = (self.visible - 20.0).max(20.0);
        let max = self.content - self.visible;
        let (down, up) = (self.more_below(), self.offset > 0.5);
        ctx.input_mut(|input| {
            if down && input.consume_key(Modifiers::NONE, Key::PageDown) {
                self.scroll_to = Some((self.offset + page).min(max));
            } else if up && input.consume_key(Modifiers::NONE, Key::PageUp) {
                self.scroll_to = Some((self.offset - page).max(0.0));
            }
        });
    }

    /// Draws the message; returns what was done with its links.
    pub(super) fn show(&mut self, ui: &mut Ui, message: &str) -> Links {
        let markdown = self.markdown;
        let draw = |ui: &mut Ui| match markdown {
            Markdown::On => {
                rich::markdown_ui(ui, &markdown::parse(message), Tone::Message, "message")
            }
            Markdown::Off => {
                let label = |ui: &mut Ui, text: &str| {
                    let text = RichText::new(text)
                        .size(15.0)
                        .color(ui.visuals().strong_text_color());
                    ui.add(egui::Label::new(text).selectable(true).wrap());
                };
                // The text as it came, each line against the edge where it starts (the
                // right for a right-to-left line, or in a mirrored window): one label when
                // every line starts at the left, as a screen reader reads it best.
                if message
                    .lines()
                    .any(|line| super::mirror::starts_right(ui, line))
                {
                    ui.scope(|ui| {
                        ui.spacing_mut().item_spacing.y = 0.0;
                        for line in message.lines() {
                            super::mirror::paragraph(ui, line, |ui| label(ui, line));
                        }
                    });
                } else {
                    label(ui, message);
                }
                Links::default()
            }
        };
        if !Self::is_long(message) {
            return draw(ui);
        }
        let mut area = egui::ScrollArea::vertical()
            .id_salt("message")
            .max_height(Self::MAX_HEIGHT)
            .auto_shrink([false, true])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible);
        if let Some(offset) = self.scroll_to.take() {
            area = area.vertical_scroll_offset(offset);
        }
        let output = if message.len() > HUGE {
            let markdown = self.markdown;
            let huge = self
                .huge
                .get_or_insert_with(|| HugeMessage::new(message, markdown));
            area.show_viewport(ui, |ui, viewport| huge.show(ui, viewport))
        } else {
            area.show(ui, draw)
        };
        self.offset = output.state.clamped_offset().y;
        self.visible = output.inner_rect.height();
        self.content = output.content_size.y;
        if self.more_below() {
            ui.label(RichText::new(t!("more-below")).weak());
        }
        output.inner
    }
}
