//! Table tests of the schema reader: what each construct becomes, and what is refused.

use super::*;
use crate::model::form::{Choice, ChoiceSpec, MultiChoiceSpec};

/// Regression: options that look identical were accepted, so a person could not tell
/// which one they chose.
#[test]
fn options_that_look_the_same_are_refused() {
    let cases = [
        json!({"type": "string", "oneOf": [{"const": "delete", "title": "Keep my files"}, {"const": "keep", "title": "Keep my files"}]}),
        json!({"type": "string", "enum": ["yes", "ye\u{200b}s"]}),
        json!({"type": "string", "enum": ["café", "cafe\u{301}"]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "Keep"}, {"const": "b", "title": "Keep\u{200b}"}]}),
        json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "Keep"}, {"const": "b", "title": " Keep "}]}}),
        json!({"type": "string", "enum": ["a b", "a  b"]}),
    ];
    for schema in cases {
        let error = Form::from_schema("m".into(), &json!({"properties": {"choice": schema}}))
            .expect_err("two options look the same");
        let text = error.to_string();
        assert!(
            text.starts_with("requestedSchema.properties.choice"),
            "{text}"
        );
        assert!(text.contains("look the same"), "{text}");
    }
    let distinct = json!({"type": "string", "enum": ["Keep", "keep", "Kept"]});
    assert!(Form::from_schema("m".into(), &json!({"properties": {"c": distinct}})).is_ok());
}

/// Regression: 80 newlines in a message hid who asks and put a fake header in view.
#[test]
fn runs_of_blank_lines_collapse_to_one() {
    let cases = [
        ("a\n\nb", "a\n\nb"),
        ("a\n\n\nb", "a\n\nb"),
        ("a\n \n\t\n\n\nb\n\n\n\nc", "a\n\nb\n\nc"),
        ("a\nb", "a\nb"),
        ("\n\n\n\na", "\na"),
    ];
    for (text, expected) in cases {
        assert_eq!(collapse_blank_lines(text), expected, "{text:?}");
    }
    let hostile = format!("Delete it?{}trusted-bank asks:", "\n".repeat(80));
    assert_eq!(
        collapse_blank_lines(&hostile),
        "Delete it?\n\ntrusted-bank asks:"
    );
}
use serde_json::json;

fn one_field(field: Value, root_extra: Value) -> Result<FieldKind, String> {
    let mut schema = json!({"type": "object", "properties": {"f": field}});
    if let (Some(schema), Some(extra)) = (schema.as_object_mut(), root_extra.as_object()) {
        schema.extend(extra.clone());
    }
    Form::from_schema("m".into(), &schema)
        .map(|form| form.fields[0].kind.clone())
        .map_err(|e| e.to_string())
}

/// Each construct schema generators emit, accepted with its full meaning.
#[test]
fn generator_constructs_accepted() {
    let defs = json!({"$defs": {"Color": {"type": "string", "enum": ["red", "green"]}}});
    let color = || {
        FieldKind::Choice(ChoiceSpec {
            options: vec![
                Choice {
                    value: json!("red"),
                    label: "red".into(),
                },
                Choice {
                    value: json!("green"),
                    label: "green".into(),
                },
            ],
            default: None,
        })
    };
    let text = |spec: TextSpec| FieldKind::Text(spec);
    let number = |spec: NumberSpec| FieldKind::Number(spec);
    let cases = [
        (
            json!({"anyOf": [{"type": "string"}, {"type": "null"}], "default": null}),
            json!({}),
            text(TextSpec::default()),
        ),
        (
            json!({"type": ["string", "null"]}),
            json!({}),
            text(TextSpec::default()),
        ),
        (json!({"$ref": "#/$defs/Color"}), defs.clone(), color()),
        (
            json!({"allOf": [{"$ref": "#/$defs/Color"}]}),
            defs.clone(),
            color(),
        ),
        (json!({"enum": ["red", "green"]}), json!({}), color()),
        (
            json!({"type": "string", "oneOf": [{"const": "red"}, {"const": "green"}]}),
            json!({}),
            color(),
        ),
        (
            json!({"anyOf": [{"const": "red", "type": "string"}, {"const": "green"}]}),
            json!({}),
            color(),
        ),
        (
            json!({"type": "string"}),
            json!({"additionalProperties": false}),
            text(TextSpec::default()),
        ),
        (
            json!({"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}),
            json!({}),
            number(NumberSpec {
                exclusive_minimum: Some(Exact::Int(0)),
                exclusive_maximum: Some(Exact::Int(1)),
                ..NumberSpec::default()
            }),
        ),
        (
            json!({"type": "integer", "minimum": 3.0, "maximum": 5.0, "default": 4.0}),
            json!({}),
            number(NumberSpec {
                integer: true,
                minimum: Some(Exact::Int(3)),
                maximum: Some(Exact::Int(5)),
                default: Some(4.into()),
                ..NumberSpec::default()
            }),
        ),
        // `enum: [true]`: a box that must be ticked.
        (
            json!({"type": "boolean", "enum": [true]}),
            json!({}),
            FieldKind::Boolean {
                default: None,
                must_be: Some(true),
            },
        ),
        // `const`, and a one-value enum of strings or numbers: a fixed value.
        (
            json!({"type": "boolean", "const": true}),
            json!({}),
            FieldKind::Fixed(FixedSpec {
                value: json!(true),
                shown: "true".into(),
            }),
        ),
        (
            json!({"type": "string", "const": "yes", "enum": ["yes"], "default": "yes"}),
            json!({}),
            FieldKind::Fixed(FixedSpec {
                value: json!("yes"),
                shown: "yes".into(),
            }),
        ),
        (
            json!({"type": "integer", "const": 3.0}),
            json!({}),
            FieldKind::Fixed(FixedSpec {
                value: json!(3),
                shown: "3".into(),
            }),
        ),
        (
            json!({"type": "string", "enum": ["only"], "enumNames": ["The only one"]}),
            json!({}),
            FieldKind::Fixed(FixedSpec {
                value: json!("only"),
                shown: "The only one".into(),
            }),
        ),
        (
            json!({"type": "integer", "multipleOf": 5.0, "minimum": 1}),
            json!({}),
            number(NumberSpec {
                integer: true,
                minimum: Some(Exact::Int(1)),
                multiple_of: Some(5),
                ..NumberSpec::default()
            }),
        ),
        (
            json!({"type": "string", "format": "uuid"}),
            json!({}),
            text(TextSpec {
                format: Some(Format::Uuid),
                ..TextSpec::default()
            }),
        ),
        (
            json!({"type": "integer", "enum": [1, 2]}),
            json!({}),
            FieldKind::Choice(ChoiceSpec {
                options: vec![
                    Choice {
                        value: json!(1),
                        label: "1".into(),
                    },
                    Choice {
                        value: json!(2),
                        label: "2".into(),
                    },
                ],
                default: None,
            }),
        ),
        (
            json!({"type": "array", "items": {"oneOf": [{"const": "a", "title": "A"}]}, "uniqueItems": true}),
            json!({}),
            FieldKind::MultiChoice(MultiChoiceSpec {
                options: vec![Choice {
                    value: json!("a"),
                    label: "A".into(),
                }],
                ..MultiChoiceSpec::default()
            }),
        ),
    ];
    for (field, root, expected) in cases {
        assert_eq!(one_field(field.clone(), root), Ok(expected), "{field}");
    }
    let Ok(FieldKind::Text(spec)) = one_field(
        json!({"type": "string", "format": "email", "pattern": "@example\\.com$"}),
        json!({}),
    ) else {
        panic!("pattern next to a format is accepted");
    };
    assert_eq!(spec.format, Some(Format::Email));
    assert!(
        spec.pattern
            .as_ref()
            .is_some_and(|p| p.matches("ada@example.com") == Some(true)
                && p.matches("ada@example.org") == Some(false))
    );
}

/// Each construct whose meaning is not plain, or that we cannot enforce, refused by name.
#[test]
fn generator_constructs_refused() {
    let cases = [
        (
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
            json!({}),
            "\"anyOf\"",
        ),
        (
            json!({"$ref": "https://example.com/s.json"}),
            json!({}),
            "$ref",
        ),
        (
            json!({"type": "string", "pattern": "("}),
            json!({}),
            "pattern",
        ),
        // Regression: this said "must be a whole number", which 1e30 is.
        (
            json!({"type": "string", "maxLength": 1e30}),
            json!({}),
            "too large",
        ),
        (
            json!({"type": "string"}),
            json!({"additionalProperties": {"type": "string"}}),
            "additionalProperties",
        ),
        (
            json!({"type": "number", "exclusiveMinimum": "0"}),
            json!({}),
            "exclusiveMinimum",
        ),
        (
            json!({"type": "number", "exclusiveMinimum": 1, "maximum": 1}),
            json!({}),
            "exclusiveMinimum",
        ),
        (
            json!({"type": "integer", "enum": [1.5]}),
            json!({}),
            "not an integer",
        ),
        (json!({"enum": ["forever", 30]}), json!({}), "\"enum\""),
        (
            json!({"type": "number", "multipleOf": 0.01}),
            json!({}),
            "\"multipleOf\" with a fraction (0.01)",
        ),
        (
            json!({"type": "integer", "multipleOf": 0}),
            json!({}),
            "greater than 0",
        ),
        (
            json!({"type": "integer", "multipleOf": 5, "minimum": 1, "maximum": 4}),
            json!({}),
            "leave no multiple of 5",
        ),
        (
            json!({"type": "integer", "multipleOf": 5, "default": 7}),
            json!({}),
            "a multiple of 5",
        ),
        (
            json!({"type": "string", "format": "ipvanyaddress"}),
            json!({}),
            "\"ipvanyaddress\"",
        ),
        (
            json!({"type": "string", "const": "yes", "default": "no"}),
            json!({}),
            "differs from the only allowed value",
        ),
        (
            json!({"type": "string", "const": "yes", "enum": ["no"]}),
            json!({}),
            "disagree",
        ),
        (json!({"type": "integer", "const": "3"}), json!({}), "const"),
        (
            json!({"type": "boolean", "const": "yes"}),
            json!({}),
            "const",
        ),
        (
            json!({"type": "array", "items": {"type": "string"}}),
            json!({}),
            "arrays of anything but options",
        ),
    ];
    for (field, root, needle) in cases {
        match one_field(field.clone(), root) {
            Ok(kind) => panic!("{field}: accepted as {kind:?}"),
            Err(e) => assert!(e.contains(needle), "{field}: {e}"),
        }
    }
}

/// Issue 43, item 1: a right-to-left override in a field's title or an option's ran on into
/// the marks we put beside it (`*`, `( ) 3.`); it ends with the title now. A title without one
/// stays as written.
#[test]
fn a_bidi_control_in_a_title_ends_with_it() {
    let schema = json!({"properties": {
        "a": {"type": "string", "title": "Name\u{202e}"},
        "b": {"type": "string", "title": "Plain עברית"},
        "c": {"type": "string", "oneOf": [{"const": "x", "title": "\u{202e}yes"}, {"const": "y", "title": "no"}]},
        "d": {"type": "string", "enum": ["\u{202e}on", "off"]}}});
    let form = Form::from_schema("m".into(), &schema).expect("valid schema");
    assert_eq!(form.fields[0].label, "\u{2068}Name\u{202e}\u{202c}\u{2069}");
    assert_eq!(form.fields[1].label, "Plain עברית");
    let labels = |field: &crate::model::form::Field| match &field.kind {
        FieldKind::Choice(spec) => spec.options.iter().map(|o| o.label.clone()).collect(),
        _ => Vec::new(),
    };
    assert_eq!(
        labels(&form.fields[2]),
        ["\u{2068}\u{202e}yes\u{202c}\u{2069}", "no"]
    );
    assert_eq!(
        labels(&form.fields[3]),
        ["\u{2068}\u{202e}on\u{202c}\u{2069}", "off"]
    );
}
