//! What the window keeps for a field between frames (`FieldUi`), and the option counts at
//! which a choice becomes a filterable list: below the field kinds' files, which all use it.

use std::rc::Rc;

use egui::Id;

use crate::cli::Markdown;
use crate::model::form::{Field, FieldKind};
use crate::model::markdown::MdLine;

/// Up to this many options show as radio buttons; more get a filterable list.
pub const RADIO_MAX: usize = 7;

/// Up to this many options show as a column of checkboxes; more get a filterable list.
pub const MULTI_MAX: usize = 12;

/// Per-field state that only the window needs.
#[derive(Debug, Default)]
pub struct FieldUi {
    /// The filter typed above a long option list.
    pub(super) filter: String,
    /// Whether an arrow key is moving the focus within this field's radio buttons.
    pub(super) arrow_moved: bool,
    /// Which radio button had the focus last.
    pub(super) focused_option: Option<usize>,
    /// The radio buttons' ids in the last frame, to keep the group a single Tab stop.
    pub(super) radio_ids: Vec<Id>,
    /// For a long list, each option's label and value, lower-cased, for the filter.
    search_text: Vec<String>,
    /// The last filter and the options it matched: a window runs several passes for one
    /// change of the filter (and one for each blink or key elsewhere), and 10,000 options
    /// are worth matching once.
    matched: Option<(String, Rc<[usize]>)>,
    /// The field's controls in the last frame: the field that holds the focus is the one to
    /// keep in view.
    pub control_ids: Vec<Id>,
    /// The field's buttons (the date picker's): a focused button takes Enter as a press.
    pub button_ids: Vec<Id>,
    /// Whether the field's date picker popup is open: Esc and Enter then belong to it.
    pub picker_open: bool,
    /// A date-time's hour and minute boxes, controls of the field beside its text box.
    pub(super) time_ids: Vec<Id>,
    /// The field's multi-line text box, the one place Shift+Enter means a new line.
    pub multiline_id: Option<Id>,
    /// The help under the label (the description, read as Markdown unless `--markdown off`),
    /// and what the field accepts in words: the same every frame (the language is chosen
    /// before the window opens), so worked out once.
    pub(super) help: Vec<MdLine>,
    /// The description as a screen reader reads it: without markup characters when read as
    /// Markdown.
    pub(super) description: Option<String>,
    pub(super) accepts: Option<String>,
    /// The links in the help drawn in the last frame: a focused link takes Enter as a press,
    /// and keeps its field laid out.
    pub help_links: Vec<Id>,
    /// The address of a link in the help the person followed in the last frame, for the
    /// form to show in the URL consent.
    pub followed: Option<String>,
    /// In a long multi-select: the highlighted row (an option index), moved by Up/Down.
    pub(super) cursor: Option<usize>,
    /// Whether the last key in the filter box moved the highlight: Space then ticks the row
    /// instead of typing a space.
    pub(super) arrow_mode: bool,
    /// A long list's scroll offset and visible height in the last frame, to bring the
    /// highlighted row into view.
    pub(super) list_view: (f32, f32),
    /// A Space key just ticked a row: the space it types, which may come in a later pass, is
    /// not typed nor a second tick.
    pub(super) space_typed: bool,
}

impl FieldUi {
    /// The options a long list shows under its filter, by index.
    pub(super) fn matching(&mut self) -> Rc<[usize]> {
        if let Some((filter, matched)) = &self.matched
            && *filter == self.filter
        {
            return Rc::clone(matched);
        }
        let needle = self.filter.to_lowercase();
        // One searcher for every option: `str::contains` would prepare the needle again for
        // each of them, and that was most of the work.
        let finder = memchr::memmem::Finder::new(needle.as_bytes());
        let matched: Rc<[usize]> = self
            .search_text
            .iter()
            .enumerate()
            .filter(|(_, text)| needle.is_empty() || finder.find(text.as_bytes()).is_some())
            .map(|(i, _)| i)
            .collect();
        self.matched = Some((self.filter.clone(), Rc::clone(&matched)));
        matched
    }

    /// Reads the field's description as Markdown, or shows it as it came.
    pub fn set_markdown(&mut self, field: &Field, markdown: Markdown) {
        self.help = crate::model::markdown::field_help(field, markdown);
        self.description = field.description.as_deref().map(|text| match markdown {
            Markdown::On => crate::model::markdown::plain(text),
            Markdown::Off => text.to_owned(),
        });
    }

    /// Fresh window state for a field.
    pub fn new(field: &Field) -> Self {
        // A long list filters on every frame: lower-case its options once, not per frame.
        let searchable = |options: &[crate::model::form::Choice]| {
            options
                .iter()
                .map(|o| {
                    format!("{}\n{}", o.label, crate::model::form::value_text(&o.value))
                        .to_lowercase()
                })
                .collect()
        };
        let search_text = match &field.kind {
            FieldKind::Choice(spec) if spec.options.len() > RADIO_MAX => searchable(&spec.options),
            FieldKind::MultiChoice(spec) if spec.options.len() > MULTI_MAX => {
                searchable(&spec.options)
            }
            _ => Vec::new(),
        };
        let mut extra = Self {
            search_text,
            accepts: crate::model::describe::accepts(&field.kind),
            ..Self::default()
        };
        extra.set_markdown(field, Markdown::On);
        extra
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_lists_matches_follow_each_change_of_its_filter() {
        let mut ui = FieldUi {
            search_text: ["red\nred", "green\ngreen", "grey\ngrey", "blue\nblue"]
                .map(str::to_owned)
                .to_vec(),
            ..FieldUi::default()
        };
        assert_eq!(*ui.matching(), [0, 1, 2, 3]);
        ui.filter = "GRE".to_owned();
        assert_eq!(*ui.matching(), [1, 2]);
        // The same filter again is the same answer (kept, not matched again).
        let kept = ui.matching();
        assert!(Rc::ptr_eq(&kept, &ui.matching()));
        ui.filter = "gree".to_owned();
        assert_eq!(*ui.matching(), [1]);
        ui.filter = "purple".to_owned();
        assert_eq!(*ui.matching(), [] as [usize; 0]);
        ui.filter.clear();
        assert_eq!(*ui.matching(), [0, 1, 2, 3]);
    }
}
