//! What `--check` prints: the form as the window would show it, one line a field.

use std::fmt::Write as _;

use crate::model::form::{Choice, FieldKind, Form};

/// Describes a form in plain text, one line a field.
pub fn form_summary(form: &Form) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "form with {} field(s): {:?}",
        form.fields.len(),
        first_line(&form.message)
    );
    for field in &form.fields {
        let mark = if field.required { ", required" } else { "" };
        let kind = match &field.kind {
            FieldKind::Text(spec) => {
                let mut s = spec
                    .format
                    .map_or("text".to_owned(), |f| format!("text ({})", f.name()));
                if let Some(min) = spec.min_length {
                    let _ = write!(s, ", at least {min} characters");
                }
                if let Some(max) = spec.max_length {
                    let _ = write!(s, ", at most {max} characters");
                }
                if let Some(pattern) = &spec.pattern {
                    let _ = write!(s, ", matching /{}/", pattern.source);
                }
                s
            }
            FieldKind::Number(spec) => {
                let mut s = if spec.integer { "integer" } else { "number" }.to_owned();
                if let Some(min) = spec.minimum {
                    let _ = write!(s, " ≥ {min}");
                }
                if let Some(max) = spec.maximum {
                    let _ = write!(s, " ≤ {max}");
                }
                if let Some(min) = spec.exclusive_minimum {
                    let _ = write!(s, " > {min}");
                }
                if let Some(max) = spec.exclusive_maximum {
                    let _ = write!(s, " < {max}");
                }
                if let Some(m) = spec.multiple_of {
                    let _ = write!(s, ", a multiple of {m}");
                }
                s
            }
            FieldKind::Fixed(spec) => format!("fixed value {}", spec.value),
            FieldKind::Boolean { .. } => "checkbox".to_owned(),
            FieldKind::Choice(spec) => format!("one of {}", options(&spec.options)),
            FieldKind::MultiChoice(spec) => format!("any of {}", options(&spec.options)),
        };
        let _ = writeln!(out, "  {} {:?}: {kind}{mark}", field.name, field.label);
    }
    out
}

fn options(options: &[Choice]) -> String {
    const SHOWN: usize = 8;
    let mut list: Vec<String> = options
        .iter()
        .take(SHOWN)
        .map(|o| o.value.to_string())
        .collect();
    if options.len() > SHOWN {
        list.push(format!("… ({} in all)", options.len()));
    }
    format!("[{}]", list.join(", "))
}

fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    if line.chars().count() > 60 || text.lines().nth(1).is_some() {
        format!("{}…", line.chars().take(60).collect::<String>())
    } else {
        line.to_owned()
    }
}

/// Describes a URL request: the URL, its site and the warnings the window would show.
pub fn url_summary(request: &crate::model::url::UrlRequest) -> String {
    let mut out = format!(
        "url request: {:?}\n  open: {}\n  site: {}\n",
        first_line(&request.message),
        request.url,
        request.host
    );
    if let Some(unicode) = &request.host_unicode {
        let _ = writeln!(out, "  written as: {unicode}");
    }
    if request.is_normalised() {
        let _ = writeln!(out, "  sent: {:?}", request.sent);
    }
    for warning in request.warning_texts() {
        let _ = writeln!(out, "  warning: {warning}");
    }
    out
}
