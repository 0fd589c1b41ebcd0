//! V2: every bound at the limit and one past, through both validation and the body parser.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning_vocab::{
    Declaration, Error, Format, MAX_DESCRIPTION_CHARS, MAX_ENTITY_CLASSES, MAX_NAME_CHARS,
    MAX_RELATION_TYPES, MAX_SIGNATURES, RelationType, Vocabulary,
};

fn classes(n: usize) -> Vocabulary {
    (0..n).fold(Vocabulary::empty(), |v, i| {
        v.with_class(format!("C{i}"), "")
    })
}

fn reparse(v: &Vocabulary) -> Result<Declaration, Error> {
    let body = serde_json::json!({ "vocabulary": v }).to_string();
    Declaration::parse(&body, Format::Json)
}

#[test]
fn v2_entity_classes_limit_and_one_past() {
    let at = classes(MAX_ENTITY_CLASSES);
    assert_eq!(at.validate(), Ok(()));
    assert!(reparse(&at).is_ok());
    let past = classes(MAX_ENTITY_CLASSES + 1);
    let err = past.validate().unwrap_err();
    assert_eq!(
        err,
        Error::TooMany {
            field: "vocabulary.entityClasses".into(),
            count: 33,
            max: 32
        }
    );
    assert!(err.to_string().contains("bound is 32"));
    assert_eq!(reparse(&past).unwrap_err(), err);
}

#[test]
fn v2_relation_types_limit_and_one_past() {
    let build = |n: usize| {
        (0..n).fold(Vocabulary::empty(), |v, i| {
            v.with_relation(RelationType::new(format!("R{i}"), ""))
        })
    };
    assert_eq!(build(MAX_RELATION_TYPES).validate(), Ok(()));
    assert!(matches!(
        build(MAX_RELATION_TYPES + 1).validate(),
        Err(Error::TooMany {
            count: 33,
            max: 32,
            ..
        })
    ));
}

#[test]
fn v2_signatures_limit_and_one_past() {
    let build = |n: usize| {
        let mut v = classes(n);
        let mut r = RelationType::new("LINKS", "");
        for i in 0..n {
            r = r.with_signature(format!("C{i}"), "C0");
        }
        v.relation_types.push(r);
        v
    };
    assert_eq!(build(MAX_SIGNATURES).validate(), Ok(()));
    let err = build(MAX_SIGNATURES + 1).validate().unwrap_err();
    assert_eq!(
        err,
        Error::TooMany {
            field: "vocabulary.relationTypes[0].signatures".into(),
            count: 7,
            max: 6
        }
    );
}

#[test]
fn v2_name_length_limit_and_one_past() {
    let at = Vocabulary::empty().with_class("N".repeat(MAX_NAME_CHARS), "");
    assert_eq!(at.validate(), Ok(()));
    let past = Vocabulary::empty().with_class("N".repeat(MAX_NAME_CHARS + 1), "");
    let err = past.validate().unwrap_err();
    assert!(
        matches!(&err, Error::InvalidName { field, .. } if field == "vocabulary.entityClasses[0].name")
    );
    assert!(
        err.to_string()
            .contains("65 characters long; the bound is 64"),
        "{err}"
    );

    let rel_past =
        Vocabulary::empty().with_relation(RelationType::new("R".repeat(MAX_NAME_CHARS + 1), ""));
    assert!(matches!(
        rel_past.validate(),
        Err(Error::InvalidName { .. })
    ));
}

#[test]
fn v2_description_length_limit_and_one_past() {
    // Counted in characters: 200 two-byte characters are within the bound.
    let at = Vocabulary::empty().with_class("Person", "ç".repeat(MAX_DESCRIPTION_CHARS));
    assert_eq!(at.validate(), Ok(()));
    let past = Vocabulary::empty().with_class("Person", "ç".repeat(MAX_DESCRIPTION_CHARS + 1));
    assert_eq!(
        past.validate(),
        Err(Error::DescriptionTooLong {
            field: "vocabulary.entityClasses[0].description".into(),
            len: 201,
            max: 200
        })
    );
    let rel = Vocabulary::empty().with_relation(RelationType::new(
        "R",
        "x".repeat(MAX_DESCRIPTION_CHARS + 1),
    ));
    assert!(matches!(
        rel.validate(),
        Err(Error::DescriptionTooLong { .. })
    ));
}

#[test]
fn v3_names_with_each_forbidden_character_class_are_rejected() {
    let forbidden = [
        ("space", "Per son"),
        ("newline", "Per\nson"),
        ("tab", "Per\tson"),
        ("control", "Per\u{7}son"),
        ("bidi override", "Per\u{202e}son"),
        ("zero width", "Per\u{200b}son"),
        ("punctuation", "Per:son"),
        ("markup", "Per#son"),
        ("brackets", "Per{son}"),
        ("quote", "Per\"son"),
        ("slash", "Per/son"),
        ("symbol", "Per$son"),
        ("emoji", "Per🙂son"),
    ];
    for (class, name) in forbidden {
        let v = Vocabulary::empty().with_class(name, "");
        assert!(
            matches!(v.validate(), Err(Error::InvalidName { .. })),
            "{class}: {name:?} must be rejected"
        );
        let r = Vocabulary::empty().with_relation(RelationType::new(name, ""));
        assert!(
            matches!(r.validate(), Err(Error::InvalidName { .. })),
            "{class}"
        );
    }
    assert!(matches!(
        Vocabulary::empty().with_class("", "").validate(),
        Err(Error::InvalidName { .. })
    ));
}
