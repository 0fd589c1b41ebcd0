//! Bad input: empty and huge content at the bound and one past, invalid UTF-8, unknown closed-set
//! values, malformed requests. Every error names the field, the bound and the fix.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning_classify::{
    ClassifyRequest, Error, EvidenceState, Kind, MAX_CONTENT_BYTES, MAX_EPISTEMIC_TEXT_BYTES,
    MemoryScope, Options, Origin, classify, classify_bytes,
};
use serde_json::json;

fn supplied() -> Options {
    Options {
        kind: Some(Kind::Fact),
        ..Options::default()
    }
}

#[test]
fn empty_and_blank_content_is_rejected_even_with_a_kind() {
    for text in ["", " ", "\n\t  \r\n", "\u{3000}"] {
        assert_eq!(
            classify(text, &supplied()).unwrap_err(),
            Error::EmptyContent,
            "{text:?}"
        );
        assert_eq!(
            classify(text, &Options::default()).unwrap_err(),
            Error::EmptyContent
        );
    }
    assert!(Error::EmptyContent.to_string().contains("content is empty"));
}

#[test]
fn content_at_the_bound_and_one_past() {
    let sentence = "We decided to keep the monolith. ";
    let mut at = sentence.repeat(MAX_CONTENT_BYTES / sentence.len() + 1);
    at.truncate(MAX_CONTENT_BYTES);
    assert_eq!(at.len(), MAX_CONTENT_BYTES);
    assert_eq!(
        classify(&at, &Options::default()).unwrap().kind(),
        Kind::Decision
    );
    let past = format!("{at}x");
    let err = classify(&past, &Options::default()).unwrap_err();
    assert_eq!(
        err,
        Error::ContentTooLarge {
            len: MAX_CONTENT_BYTES + 1,
            max: MAX_CONTENT_BYTES
        }
    );
    assert!(err.to_string().contains("the bound is 262144"), "{err}");
    // The byte entry point checks the bound before decoding.
    assert_eq!(
        classify_bytes(past.as_bytes(), &supplied()).unwrap_err(),
        err
    );
    assert!(classify_bytes(at.as_bytes(), &supplied()).is_ok());
}

#[test]
fn invalid_utf8_names_the_offset() {
    let bytes = b"We decided \xff to keep it";
    let err = classify_bytes(bytes, &supplied()).unwrap_err();
    assert_eq!(err, Error::InvalidUtf8 { valid_up_to: 11 });
    assert!(err.to_string().contains("offset 11"), "{err}");
    // A truncated multi-byte sequence at the end.
    let err = classify_bytes("ação".as_bytes().split_at(4).0, &supplied()).unwrap_err();
    assert_eq!(err, Error::InvalidUtf8 { valid_up_to: 3 });
    assert_eq!(
        classify_bytes("Decidimos usar redb.".as_bytes(), &Options::default())
            .unwrap()
            .kind(),
        Kind::Decision
    );
}

#[test]
fn unknown_closed_set_values_list_the_valid_ones() {
    let err = "facts".parse::<Kind>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "kind \"facts\" is not one of the accepted values: use one of fact, procedure, decision, task, epic, brainstorm, doc, constraint, capability, failure_pattern"
    );
    let err = "Owner-Stated".parse::<Origin>().unwrap_err();
    assert!(
        err.to_string().starts_with("origin \"Owner-Stated\""),
        "{err}"
    );
    assert!(err.to_string().contains("owner-stated"), "{err}");
    let err = "team".parse::<MemoryScope>().unwrap_err();
    assert!(
        err.to_string().contains("project, global, session"),
        "{err}"
    );
    assert!("known".parse::<EvidenceState>().is_err());
    // Through the wire: the request names the field and the valid values.
    for (field, value, valid) in [
        ("kind", "failure-pattern", "failure_pattern"),
        ("origin", "imported", "external-import"),
        ("scope", "user", "session"),
    ] {
        let mut body = json!({"content": "x"});
        body[field] = json!(value);
        let err = ClassifyRequest::parse(&body.to_string()).unwrap_err();
        let message = err.to_string();
        assert!(matches!(err, Error::Malformed { .. }), "{err:?}");
        assert!(
            message.contains(&format!("{field} \"{value}\"")),
            "{message}"
        );
        assert!(message.contains(valid), "{message}");
    }
    let mut body = json!({"content": "x", "capsule_id": "cap-1"});
    body["evidence_state"] = json!("proven");
    let message = ClassifyRequest::parse(&body.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("observed, inferred, unverified"),
        "{message}"
    );
}

#[test]
fn malformed_requests_are_named() {
    for (body, needle) in [
        (r#"{"kind": "fact"}"#, "missing field `content`"),
        (r#"{"content": "x", "knd": "fact"}"#, "unknown field `knd`"),
        (r#"{"content": 3}"#, "invalid type"),
        (r#"{"content": "x""#, "EOF"),
        (r#"{"content": "x", "taint_hint": "yes"}"#, "invalid type"),
    ] {
        let err = ClassifyRequest::parse(body).unwrap_err();
        assert!(matches!(err, Error::Malformed { .. }), "{body}: {err:?}");
        assert!(err.to_string().contains(needle), "{body}: {err}");
    }
    // null is "omitted" for optional fields.
    let request =
        ClassifyRequest::parse(r#"{"content": "x", "kind": null, "taint_hint": null}"#).unwrap();
    assert_eq!(request.kind, None);
    assert!(!request.taint_hint);
}

#[test]
fn request_fields_at_their_bounds() {
    let body = |field: &str, value: String| {
        let mut body = json!({"content": "x", "kind": "fact", "capsule_id": "cap-1"});
        body[field] = json!(value);
        ClassifyRequest::parse(&body.to_string())
    };
    for field in ["proof_hint", "stale_if"] {
        assert!(body(field, "a".repeat(MAX_EPISTEMIC_TEXT_BYTES)).is_ok());
        let err = body(field, "a".repeat(MAX_EPISTEMIC_TEXT_BYTES + 1)).unwrap_err();
        assert_eq!(
            err,
            Error::FieldTooLong {
                field: if field == "proof_hint" {
                    "proof_hint"
                } else {
                    "stale_if"
                },
                len: MAX_EPISTEMIC_TEXT_BYTES + 1,
                max: MAX_EPISTEMIC_TEXT_BYTES
            }
        );
        let err = body(field, "  ".into()).unwrap_err();
        assert!(matches!(err, Error::EmptyField { .. }), "{err:?}");
        assert!(err.to_string().contains("omit the field"), "{err}");
    }
    let err = ClassifyRequest::parse(r#"{"content": "x", "capsule_id": " "}"#).unwrap_err();
    assert_eq!(
        err,
        Error::EmptyField {
            field: "capsule_id"
        }
    );
    let err = ClassifyRequest::parse(r#"{"content": "  "}"#).unwrap_err();
    assert_eq!(err, Error::EmptyContent);
    let big = json!({"content": "a".repeat(MAX_CONTENT_BYTES + 1)}).to_string();
    assert!(matches!(
        ClassifyRequest::parse(&big).unwrap_err(),
        Error::ContentTooLarge { .. }
    ));
}
