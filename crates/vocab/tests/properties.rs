//! Property tests: round trips (V10), rendering safety (V3, V12) and bounds (V2).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning_vocab::{
    CLASSES_HEADER, Declaration, EntityClass, Format, MAX_DESCRIPTION_CHARS, MAX_ENTITY_CLASSES,
    MAX_NAME_CHARS, MAX_RELATION_TYPES, MAX_SIGNATURES, RELATIONS_HEADER, RelationType,
    SECTION_HEADER, Signature, Vocabulary,
};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;

fn name() -> impl Strategy<Value = String> {
    prop_oneof!["[A-Za-z0-9_.-]{1,64}", "[A-Za-zçãéÓ0-9_]{1,64}",]
}

/// Any text, line breaks and control characters included, up to the description bound.
fn description() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z ]{0,40}",
        ".{0,200}",
        "(\\PC|\n|\r|\u{2028}|#|-|:){0,200}",
    ]
    .prop_filter("within bound", |d| {
        d.chars().count() <= MAX_DESCRIPTION_CHARS
    })
}

prop_compose! {
    fn vocabulary()(
        class_names in btree_set(name(), 0..=MAX_ENTITY_CLASSES),
        relation_names in btree_set(name(), 0..=MAX_RELATION_TYPES),
        seed in any::<u64>(),
        descriptions in vec(description(), 64),
    ) -> Vocabulary {
        let class_names: Vec<String> = class_names.into_iter().collect();
        let entity_classes = class_names
            .iter()
            .enumerate()
            .map(|(i, n)| EntityClass::new(n.clone(), descriptions[i % 64].clone()))
            .collect();
        let relation_types = relation_names
            .into_iter()
            .enumerate()
            .map(|(i, n)| {
                let mut r = RelationType::new(n, descriptions[(i + 32) % 64].clone());
                if !class_names.is_empty() {
                    let count = (seed as usize + i) % (MAX_SIGNATURES + 1);
                    for j in 0..count {
                        let s = Signature {
                            source_class: class_names[(i + j) % class_names.len()].clone(),
                            target_class: class_names[(i * 7 + j * 3 + seed as usize) % class_names.len()].clone(),
                        };
                        if !r.signatures.contains(&s) {
                            r.signatures.push(s);
                        }
                    }
                }
                r
            })
            .collect();
        Vocabulary { entity_classes, relation_types }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn v10_accepted_declarations_round_trip_through_json_and_yaml(v in vocabulary()) {
        prop_assert_eq!(v.validate(), Ok(()));
        for wrapped in [true, false] {
            let value = if wrapped {
                serde_json::json!({ "vocabulary": &v })
            } else {
                serde_json::to_value(&v).unwrap()
            };
            let json = serde_json::to_string_pretty(&value).unwrap();
            let back = Declaration::parse(&json, Format::Auto).unwrap();
            prop_assert_eq!(&back.vocabulary, &v);

            let yaml = serde_norway::to_string(&value).unwrap();
            let back = Declaration::parse(&yaml, Format::Yaml).unwrap();
            prop_assert_eq!(&back.vocabulary, &v);
        }
    }

    #[test]
    fn v12_rendered_entries_stay_on_their_line(v in vocabulary()) {
        let rendered = v.render();
        prop_assert_eq!(rendered.clone(), v.render(), "deterministic");
        let lines: Vec<&str> = rendered.lines().collect();
        let expected = 2 + v.entity_classes.len()
            + if v.relation_types.is_empty() { 0 } else { 1 + v.relation_types.len() };
        prop_assert_eq!(lines.len(), expected);
        prop_assert_eq!(lines[0], SECTION_HEADER);
        prop_assert_eq!(lines[1], CLASSES_HEADER);
        let mut entries = lines[2..].iter().filter(|l| **l != RELATIONS_HEADER);
        for class in &v.entity_classes {
            let line = entries.next().unwrap();
            let prefix = format!("- {}", class.name);
            prop_assert!(line.starts_with(&prefix));
        }
        for relation in &v.relation_types {
            let line = entries.next().unwrap();
            let prefix = format!("- {}", relation.name);
            prop_assert!(line.starts_with(&prefix));
        }
        for line in &lines {
            prop_assert!(!line.chars().any(char::is_control), "{:?}", line);
        }
    }

    #[test]
    fn v2_any_declaration_past_a_bound_is_rejected(
        v in vocabulary(),
        which in 0..5usize,
        extra in 1..4usize,
    ) {
        let mut v = v;
        match which {
            0 => {
                let n = MAX_ENTITY_CLASSES + extra - v.entity_classes.len().min(MAX_ENTITY_CLASSES);
                for i in 0..n + v.entity_classes.len() {
                    v.entity_classes.push(EntityClass::new(format!("extra{i}"), ""));
                }
            }
            1 => {
                for i in 0..MAX_RELATION_TYPES + extra {
                    v.relation_types.push(RelationType::new(format!("extra{i}"), ""));
                }
            }
            2 => {
                v.entity_classes.push(EntityClass::new("S", ""));
                let mut r = RelationType::new("extra-rel", "");
                for i in 0..MAX_SIGNATURES + extra {
                    let t = format!("T{i}");
                    v.entity_classes.push(EntityClass::new(t.clone(), ""));
                    r = r.with_signature("S", t);
                }
                v.relation_types.push(r);
            }
            3 => v.entity_classes.push(EntityClass::new("n".repeat(MAX_NAME_CHARS + extra), "")),
            _ => v.entity_classes.push(EntityClass::new("d", "x".repeat(MAX_DESCRIPTION_CHARS + extra))),
        }
        prop_assert!(v.validate().is_err());
        let body = serde_json::json!({ "vocabulary": &v }).to_string();
        prop_assert!(Declaration::parse(&body, Format::Json).is_err());
    }
}
