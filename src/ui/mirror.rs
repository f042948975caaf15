//! Right to left in the window: a paragraph whose first strong letter is right-to-left
//! (Arabic, Hebrew; [`crate::text::bidi`]) starts at the right edge, and for a language written
//! right to left ([`crate::i18n::right_to_left`]) the whole window is mirrored.
//!
//! A mirrored panel lays out top-down from the right (egui's `top_down(Align::Max)`), and
//! egui turns every horizontal row inside it into a right-to-left row: labels, text boxes and
//! buttons then start at the right, and the button row runs from the right, the primary
//! action first. What egui draws the same way in either direction (a checkbox's or a radio
//! button's mark on the left of its text) is drawn here.

use egui::accesskit::Role;
use egui::{Align, Align2, Layout, Response, Sense, TextStyle, Ui, WidgetInfo};

/// Draws `add` as a panel's contents: from the right edge when the language in use is
/// written right to left.
pub fn page<R>(ui: &mut Ui, add: impl FnOnce(&mut Ui) -> R) -> R {
    let align = if crate::i18n::right_to_left() {
        Align::Max
    } else {
        Align::Min
    };
    aligned(ui, align, add)
}

/// Whether `ui` lays its contents out from the right edge: the window is mirrored, or the
/// paragraph being drawn runs right to left.
pub fn from_right(ui: &Ui) -> bool {
    ui.layout().prefer_right_to_left()
}

/// Where a text box's text starts: at the right edge in a mirrored window, or when the text
/// in it runs right to left (its first strong letter, as a paragraph's: Arabic or Hebrew
/// typed into a box of an English window goes from the right, as GTK's entries do), the
/// caret and the hint with it (egui's default style puts it at the left whatever the layout).
pub fn text_align(ui: &Ui, text: &str) -> Align2 {
    if starts_right(ui, text) {
        Align2::RIGHT_TOP
    } else {
        Align2::LEFT_TOP
    }
}

/// Draws `add` in a left-to-right row `width` wide: the hour and minute of a time read
/// left to right in any language, so in a mirrored row they get a row of their own, beside
/// what comes before them.
pub fn left_to_right<R>(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui) -> R) -> R {
    if from_right(ui) {
        let size = egui::vec2(width, ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(size, Layout::left_to_right(Align::Center), add)
            .inner
    } else {
        add(ui)
    }
}

/// Whether `text`, drawn in `ui`, starts at the right edge: its first strong letter is
/// right-to-left, or `ui` lays out from the right.
pub fn starts_right(ui: &Ui, text: &str) -> bool {
    from_right(ui) || crate::text::bidi::is_right_to_left(text)
}

/// Draws `add` top-down, each widget against the edge `align` names (`Max`: the right).
pub fn aligned<R>(ui: &mut Ui, align: Align, add: impl FnOnce(&mut Ui) -> R) -> R {
    if ui.layout().is_vertical() && ui.layout().horizontal_align() == align {
        add(ui)
    } else {
        ui.with_layout(Layout::top_down(align), add).inner
    }
}

/// Draws `add` against the right edge when `text` starts there ([`starts_right`]), else as
/// `ui` would.
pub fn paragraph<R>(ui: &mut Ui, text: &str, add: impl FnOnce(&mut Ui) -> R) -> R {
    if starts_right(ui, text) {
        aligned(ui, Align::Max, add)
    } else {
        add(ui)
    }
}

/// A checkbox: its mark on the right of a label that starts at the right edge.
pub fn checkbox(ui: &mut Ui, checked: &mut bool, label: &str) -> Response {
    if !starts_right(ui, label) {
        return ui.checkbox(checked, label);
    }
    let mut response = aligned(ui, Align::Max, |ui| {
        marked_row(ui, Mark::Check, *checked, label)
    });
    if response.clicked() {
        *checked = !*checked;
        response.mark_changed();
    }
    response
}

/// A radio button: its mark on the right of a label that starts at the right edge.
pub fn radio(ui: &mut Ui, selected: bool, label: &str) -> Response {
    if !starts_right(ui, label) {
        return ui.radio(selected, label);
    }
    aligned(ui, Align::Max, |ui| {
        marked_row(ui, Mark::Radio, selected, label)
    })
}

/// Paints a checkbox's box centred at `center`, with its tick when `on`, as egui's own
/// checkbox draws it in the theme's checkbox `style`.
pub fn check_box(
    painter: &egui::Painter,
    style: &egui::widget_style::CheckboxStyle,
    center: egui::Pos2,
    on: bool,
) {
    let big = egui::Rect::from_center_size(center, egui::Vec2::splat(style.checkbox_size));
    let small = egui::Rect::from_center_size(center, egui::Vec2::splat(style.check_size));
    painter.rect(
        big.expand(style.checkbox_frame.inner_margin.left.into()),
        style.checkbox_frame.corner_radius,
        style.checkbox_frame.fill,
        style.checkbox_frame.stroke,
        egui::StrokeKind::Inside,
    );
    if on {
        painter.add(egui::Shape::line(
            vec![
                egui::pos2(small.left(), small.center().y),
                egui::pos2(small.center().x, small.bottom()),
                egui::pos2(small.right(), small.top()),
            ],
            style.check_stroke,
        ));
    }
}

/// The mark a choice shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Check,
    Radio,
}

/// A checkbox or radio button mirrored: the mark at the right, the label to its left, its
/// rows ending at the mark. It takes clicks and the focus (Space presses it) as egui's do, and
/// screen readers get the same node: the role, the label and whether it is on.
fn marked_row(ui: &mut Ui, mark: Mark, on: bool, label: &str) -> Response {
    // The mark's room and the gap after it, as egui's own checkbox and radio button leave.
    let style = ui.widget_style::<egui::widget_style::CheckboxStyle>(
        ui.next_auto_id(),
        &egui::class::Classes::default(),
    );
    let margin = f32::from(style.checkbox_frame.inner_margin.left);
    let icon = ui
        .spacing()
        .icon_width
        .max(style.checkbox_size + 2.0 * margin);
    let gap = style.atom_layout.gap.max(ui.spacing().icon_spacing);
    let wrap = (ui.available_width() - icon - gap).max(0.0);
    let font = TextStyle::Button.resolve(ui.style());
    let mut job =
        egui::text::LayoutJob::simple(label.to_owned(), font, egui::Color32::PLACEHOLDER, wrap);
    job.halign = Align::RIGHT;
    let galley = ui.fonts_mut(|fonts| fonts.layout_job(job));
    let size = egui::vec2(
        galley.size().x + gap + icon,
        ui.spacing().interact_size.y.max(galley.size().y),
    );
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let role = match mark {
        Mark::Check => Role::CheckBox,
        Mark::Radio => Role::RadioButton,
    };
    response.widget_info(|| WidgetInfo::selected(role, ui.is_enabled(), on, label));
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact(&response);
        let slot = egui::Rect::from_min_max(egui::pos2(rect.right() - icon, rect.top()), rect.max);
        let (small, big) = ui.spacing().icon_rectangles(slot);
        let painter = ui.painter();
        match mark {
            Mark::Check => check_box(
                painter,
                &style,
                egui::pos2(rect.right() - icon / 2.0, rect.center().y),
                on,
            ),
            Mark::Radio => {
                painter.circle(
                    big.center(),
                    big.width() / 2.0 + visuals.expansion,
                    visuals.bg_fill,
                    visuals.bg_stroke,
                );
                if on {
                    painter.circle_filled(
                        small.center(),
                        small.width() / 3.0,
                        visuals.fg_stroke.color,
                    );
                }
            }
        }
        let text_at = egui::pos2(
            rect.right() - icon - gap,
            rect.center().y - galley.size().y / 2.0,
        );
        painter.galley(text_at, galley, visuals.text_color());
    }
    response
}
