//! Keeps the date picker's calendar inside a narrow window. It is drawn
//! [`super::calendar::WIDTH`] points wide whatever the window, and egui lays out only what
//! falls inside the window: in a window narrower than that (a 360-pixel phone screen at scale 2 is 180 points, and sway gives the
//! window 162) its last columns were cut off. While it is open there, the window is drawn at
//! the zoom that makes it as wide as the calendar needs, and at the zoom from before once it
//! closes.

use egui::{Context, Id};

/// The width in points a window needs for the calendar: its own width, its frame's margins,
/// and a margin on either side.
pub const CALENDAR_WIDTH: f32 = super::calendar::WIDTH + 40.0;

/// The zoom to draw at while the calendar is open in a window `width` points wide at zoom 1:
/// 1 where the calendar fits, less where it does not.
pub fn zoom_for(width: f32) -> f32 {
    if width.is_finite() && width > 0.0 && width < CALENDAR_WIDTH {
        width / CALENDAR_WIDTH
    } else {
        1.0
    }
}

/// Zooms out while a calendar is `open` in a window too narrow for it, and back once none is.
/// Called once a pass, after the fields are drawn.
pub fn zoom_for_calendar(ctx: &Context, open: bool) {
    let saved = Id::unique("the zoom from before the calendar opened");
    let before: Option<f32> = ctx.data(|d| d.get_temp(saved));
    let zoom = ctx.zoom_factor();
    match (open, before) {
        (true, None) => {
            let width = ctx.content_rect().width() * zoom;
            let want = zoom_for(width) * zoom;
            if want < zoom {
                ctx.data_mut(|d| d.insert_temp(saved, zoom));
                ctx.set_zoom_factor(want);
            }
        }
        (false, Some(before)) => {
            ctx.data_mut(|d| d.remove::<f32>(saved));
            ctx.set_zoom_factor(before);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_window_narrower_than_the_calendar_zooms_out() {
        assert_eq!(zoom_for(520.0), 1.0);
        assert_eq!(zoom_for(CALENDAR_WIDTH), 1.0);
        assert_eq!(zoom_for(162.0), 162.0 / CALENDAR_WIDTH);
        assert_eq!(zoom_for(0.0), 1.0);
        assert_eq!(zoom_for(f32::NAN), 1.0);
    }
}
