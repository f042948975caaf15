//! Every request we accept is answered through the window's UI (kittest: typing, clicking,
//! Enter), and every accepted answer is checked against the request's original
//! `requestedSchema` by an independent JSON Schema validator (`jsonschema`).
//!
//! Covers `tests/fixtures/accept`, `tests/fixtures/generated` (schemas made by the real MCP
//! SDKs) and `examples/`.

use std::path::{Path, PathBuf};

use super::support;

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use form_elicitation::model::answer::Answer;
use form_elicitation::model::form::{Exact, Field, FieldKind, Form, Format, NumberSpec, TextSpec};
use form_elicitation::model::load::{self, Shown};
use form_elicitation::model::validate;
use form_elicitation::ui::{FormApp, WindowDialog};
use serde_json::Value;

/// A text the field accepts: the default, or the first candidate that passes its checks.
fn sample_text(spec: &TextSpec, required: bool, examples: &[String]) -> Option<String> {
    let mut candidates: Vec<String> = spec.default.iter().cloned().collect();
    candidates.extend(examples.iter().cloned());
    candidates.extend(
        match spec.format {
            Some(Format::Email) => vec!["ada@example.com"],
            Some(Format::Uri) => vec!["https://example.com/"],
            Some(Format::Date) => vec!["2026-11-30"],
            Some(Format::DateTime) => vec!["2026-11-30T09:00:00Z", "2026-11-30T09:00:00+01:00"],
            Some(Format::Uuid) => vec!["123e4567-e89b-12d3-a456-426614174000"],
            Some(Format::Time) => vec!["14:30:00+09:00", "09:00:00Z"],
            Some(Format::Duration) => vec!["P1DT2H", "PT30M"],
            Some(Format::Ipv4) => vec!["192.0.2.1"],
            Some(Format::Ipv6) => vec!["2001:db8::1"],
            Some(Format::Hostname) => vec!["host.example.com"],
            None => vec![
                "Ada",
                "ada",
                "ABC",
                "a1",
                "A-1",
                "123",
                "12345",
                "ada@example.com",
                "https://example.com/",
                // Values for the patterns the SDK fixtures use.
                "@ada",
                "ABC-123",
                "ada_1",
                "+1 555 123 4567",
                "09:30",
                "2026-11-30",
                "2026-11-30T09:00:00Z",
                "123e4567-e89b-12d3-a456-426614174000",
            ],
        }
        .into_iter()
        .map(str::to_owned),
    );
    let min = spec.min_length.unwrap_or(0).max(u64::from(required)) as usize;
    let padded: Vec<String> = candidates
        .iter()
        .map(|c| {
            let mut c = c.clone();
            while c.chars().count() < min {
                c.push('a');
            }
            c
        })
        .collect();
    candidates
        .into_iter()
        .chain(padded)
        .find(|c| (!c.is_empty() || !required) && validate::text_problem(spec, c).is_ok())
}

/// A number the field accepts, as it would be typed.
fn sample_number(spec: &NumberSpec) -> Option<String> {
    let low = spec
        .minimum
        .map(Exact::approx)
        .or(spec.exclusive_minimum.map(|m| m.approx() + 1.0))
        .unwrap_or(1.0);
    let high = spec
        .maximum
        .map(Exact::approx)
        .or(spec.exclusive_maximum.map(|m| m.approx() - 1.0))
        .unwrap_or(low + 10.0);
    let middle = (low + high) / 2.0;
    [
        low,
        low.ceil(),
        middle,
        middle.round(),
        high,
        high.floor(),
        0.0,
        1.0,
    ]
    .into_iter()
    .map(|n| {
        if spec.integer || n.fract() == 0.0 {
            format!("{}", n as i64)
        } else {
            format!("{n}")
        }
    })
    .find(|text| {
        validate::parse_number(text, spec.integer)
            .is_ok_and(|n| validate::bounds_problem(spec, &n).is_none())
    })
}

/// Fills one field like a person: types into text boxes, clicks options.
fn fill(harness: &mut Harness<'_, FormApp>, field: &Field, schema: &Value, file: &Path) {
    let why = |what: &str| format!("{}: field {:?}: {what}", file.display(), field.name);
    match &field.kind {
        FieldKind::Text(spec) => {
            // A fixture may suggest values for a pattern through the `examples` annotation.
            let examples: Vec<String> = schema["properties"][&field.name]["examples"]
                .as_array()
                .map(|e| {
                    e.iter()
                        .filter_map(|v| v.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            let text = sample_text(spec, field.required, &examples)
                .unwrap_or_else(|| panic!("{}", why("no sample text")));
            // A formatted value is a one-line box; free text is multi-line.
            let role = if spec.format.is_some() {
                Role::TextInput
            } else {
                Role::MultilineTextInput
            };
            replace_text(harness, role, &field.label, &text);
        }
        FieldKind::Number(spec) => {
            let text = sample_number(spec).unwrap_or_else(|| panic!("{}", why("no sample number")));
            replace_text(harness, Role::TextInput, &field.label, &text);
        }
        FieldKind::Boolean { .. } => {
            harness
                .get_by_role_and_label(Role::CheckBox, &field.label)
                .click();
            harness.run();
        }
        // Nothing to fill: the value is shown, read-only, and sent as is.
        FieldKind::Fixed(spec) => {
            let shown = harness.get_by_role_and_label(Role::TextInput, &field.label);
            assert_eq!(
                shown.value().as_deref(),
                Some(spec.shown.as_str()),
                "{}",
                why("shown")
            );
        }
        FieldKind::Choice(spec) => {
            let last = spec
                .options
                .last()
                .unwrap_or_else(|| panic!("{}", why("no options")));
            if spec.options.len() <= 7 {
                harness
                    .get_by_role_and_label(Role::RadioButton, &last.label)
                    .click();
            } else {
                replace_text(harness, Role::TextInput, &field.label, &last.label);
                harness.key_press(Key::ArrowDown);
            }
            harness.run();
        }
        FieldKind::MultiChoice(spec) => {
            let wanted = spec.min_items.unwrap_or(1).max(1) as usize;
            let chosen = spec.default.as_ref().map_or(0, Vec::len);
            for option in spec
                .options
                .iter()
                .filter(|o| {
                    spec.default
                        .as_ref()
                        .is_none_or(|d| !d.iter().any(|&i| spec.options[i] == **o))
                })
                .take(wanted.saturating_sub(chosen))
            {
                harness
                    .get_by_role_and_label(Role::CheckBox, &option.label)
                    .click();
                harness.run();
            }
        }
    }
}

/// Focuses a text box, selects what it holds, and types `text` over it.
fn replace_text(harness: &mut Harness<'_, FormApp>, role: Role, label: &str, text: &str) {
    harness.get_by_role_and_label(role, label).focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    harness.run();
    harness.get_by_role_and_label(role, label).type_text(text);
    harness.run();
}

fn requests() -> Vec<PathBuf> {
    support::json_files(&[
        "tests/fixtures/accept",
        "tests/fixtures/generated",
        "tests/fixtures/generated/sdk-rejects",
        "examples",
    ])
}

/// The form and original schema of a request file, or why we refuse it.
fn load(path: &Path) -> Result<(Form, Value), String> {
    let bytes = std::fs::read(path).expect("read the request");
    match load::load(&bytes).request {
        Ok(Shown::Form(form)) => Ok((
            form,
            super::support::requested_schema(&bytes).expect("a form has a schema"),
        )),
        Ok(Shown::Url(_)) => Err("not a form".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// Whether a refusal names what it refuses: a quoted keyword, format or type, or the construct.
fn names_the_construct(message: &str) -> bool {
    let constructs = [
        "nested objects",
        "arrays of anything but options",
        "type unions",
    ];
    message.contains("unsupported keyword \"")
        || message.contains("unsupported format \"")
        // A generator's default that breaks its own field (pydantic writes a `time` default
        // without the offset RFC 3339 requires): named by its path and the rule it breaks.
        || (message.contains(".default: ") && message.contains("does not fit the field"))
        || message.contains("unsupported type \"")
        || constructs.iter().any(|c| message.contains(c))
}

#[test]
fn every_accepted_request_is_answerable_and_every_answer_fits_the_original_schema() {
    let (mut answered, mut refused) = (0, 0);
    for path in requests() {
        let (form, schema) = match load(&path) {
            Ok(loaded) => loaded,
            Err(why) => {
                let accept_dir =
                    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/accept");
                assert!(
                    !path.starts_with(accept_dir),
                    "{} should be accepted: {why}",
                    path.display()
                );
                // What real SDKs send and we refuse must say what we refuse.
                assert!(
                    names_the_construct(&why),
                    "{}: refusal names no construct: {why}",
                    path.display()
                );
                refused += 1;
                continue;
            }
        };
        let validator = support::validator(&schema);
        let fields = form.fields.clone();
        let app = FormApp::new(form, None, None);
        let mut harness = Harness::builder()
            .with_size(egui::vec2(520.0, 4000.0))
            // Glyph coverage is the fonts tests' business; here only the answers count.
            .allow_missing_glyphs()
            .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
        harness.run();
        for field in &fields {
            fill(&mut harness, field, &schema, &path);
        }
        harness.key_press(Key::Enter);
        harness.run();
        let content = match harness.state().outcome() {
            Some(Answer::Accept(content)) => Value::Object(content.clone()),
            other => panic!(
                "{}: expected accept, got {other:?}; problems {:?}",
                path.display(),
                harness.state().problems()
            ),
        };
        let errors: Vec<String> = validator
            .iter_errors(&content)
            .map(|e| e.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "{}: answer {content} breaks the schema: {errors:?}",
            path.display()
        );
        answered += 1;
    }
    assert!(
        answered >= 150,
        "only {answered} requests answered: fixtures missing?"
    );
    assert!(refused <= 40, "{refused} requests refused");
}
