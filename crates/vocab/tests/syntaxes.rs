//! YAML means what JSON means (V8, V10): a null is refused in every syntax, never read as an empty
//! list (which would turn classification off) or as the text `"~"`, and a YAML flow-style body
//! that starts with `{` is read as YAML when it is not JSON.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use kenning_vocab::{Declaration, Error, Format, Vocabulary};

/// Asserts that `body` is refused as malformed with a message containing every needle.
fn refused(body: &str, format: Format, needles: &[&str]) {
    match Declaration::parse(body, format) {
        Err(Error::Malformed { message, .. }) => {
            for needle in needles {
                assert!(message.contains(needle), "{body:?}: {message}");
            }
        }
        other => panic!("{body:?} under {format:?} gave {other:?}"),
    }
}

#[test]
fn v8_a_null_list_is_refused_in_every_syntax_never_read_as_empty() {
    let cases = [
        // A commented-out list leaves the key with nothing under it: a YAML null.
        (
            "vocabulary:\n  entityClasses:\n  # - name: Person\n",
            "entityClasses",
        ),
        ("vocabulary:\n  entityClasses: ~\n", "entityClasses"),
        ("vocabulary:\n  entityClasses: null\n", "entityClasses"),
        ("entityClasses:\nrelationTypes: []\n", "entityClasses"),
        (
            "entityClasses: [{name: Person}]\nrelationTypes:\n",
            "relationTypes",
        ),
        (
            "entityClasses: [{name: P}]\nrelationTypes:\n  - name: R\n    signatures:\n",
            "signatures",
        ),
        (
            r#"{"vocabulary": {"entityClasses": null}}"#,
            "entityClasses",
        ),
        (
            r#"{"entityClasses": null, "relationTypes": []}"#,
            "entityClasses",
        ),
        (
            r#"{"vocabulary": {"entityClasses": [], "relationTypes": null}}"#,
            "relationTypes",
        ),
        (
            r#"{"entityClasses": [{"name": "P"}], "relationTypes": [{"name": "R", "signatures": null}]}"#,
            "signatures",
        ),
    ];
    for (body, field) in cases {
        refused(body, Format::Auto, &[&format!("{field} is null"), "[]"]);
    }
    // A list where the vocabulary object belongs is not an empty vocabulary either.
    for body in [
        r#"{"vocabulary": []}"#,
        "vocabulary: []\n",
        "vocabulary:\n  - Person\n",
    ] {
        refused(body, Format::Auto, &["a vocabulary object"]);
    }
    // An explicit empty list is still the empty declaration (V7).
    for body in [
        "vocabulary:\n  entityClasses: []\n",
        r#"{"vocabulary": {"entityClasses": []}}"#,
    ] {
        let d = Declaration::parse(body, Format::Auto).unwrap();
        assert!(d.vocabulary.classifies_nothing(), "{body:?}");
    }
}

#[test]
fn v10_a_null_description_is_refused_like_json_null_and_a_quoted_tilde_is_text() {
    for body in [
        "entityClasses:\n  - name: Person\n    description: ~\n",
        "entityClasses:\n  - name: Person\n    description: null\n",
        "entityClasses:\n  - name: Person\n    description:\n",
        "entityClasses: [{name: P}]\nrelationTypes:\n  - name: R\n    description: ~\n",
        r#"{"entityClasses": [{"name": "Person", "description": null}]}"#,
    ] {
        refused(body, Format::Auto, &["description is null"]);
    }
    let quoted = "entityClasses:\n  - name: Person\n    description: \"~\"\n";
    let d = Declaration::parse(quoted, Format::Auto).unwrap();
    assert_eq!(d.vocabulary.entity_classes[0].description, "~");
    // Omitting the description is the way to give none, in either syntax.
    for body in [
        "entityClasses:\n  - name: Person\n",
        r#"{"entityClasses": [{"name": "Person"}]}"#,
    ] {
        let d = Declaration::parse(body, Format::Auto).unwrap();
        assert_eq!(d.vocabulary, Vocabulary::empty().with_class("Person", ""));
    }
}

#[test]
fn v10_a_flow_style_yaml_body_is_read_as_yaml_under_auto() {
    let json = Declaration::parse(
        r#"{"vocabulary": {"entityClasses": [{"name": "Person", "description": "a human"}]}}"#,
        Format::Json,
    )
    .unwrap();
    for flow in [
        "{vocabulary: {entityClasses: [{name: Person, description: a human}]}}",
        "  {entityClasses: [{name: Person, description: 'a human'}]}\n",
    ] {
        let yaml = Declaration::parse(flow, Format::Auto).unwrap();
        assert_eq!(yaml.vocabulary, json.vocabulary, "{flow:?}");
        // Asked for JSON explicitly, it is still JSON only.
        assert!(matches!(
            Declaration::parse(flow, Format::Json),
            Err(Error::Malformed { format: "JSON", .. })
        ));
    }
    // When it is neither, the error names both attempts.
    let err = Declaration::parse("{entityClasses: [", Format::Auto).unwrap_err();
    assert!(
        matches!(&err, Error::Malformed { format: "JSON or YAML", message }
            if message.contains("as JSON:") && message.contains("as YAML:")),
        "{err}"
    );
    // A JSON body is still reported as JSON when YAML reads it no better.
    let err =
        Declaration::parse(r#"{"vocabulary": {"entityClass": []}}"#, Format::Auto).unwrap_err();
    assert!(err.to_string().contains("entityClass"), "{err}");
}
