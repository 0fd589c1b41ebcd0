//! SPEC §12: an error names the field and the fix, and quotes a caller's value by a short
//! prefix with its length (`kenning_vocab::quote`), never whole: a 1 MB id, metadata key,
//! kind, origin, class name or model tag makes an error of a few hundred bytes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kenning::{
    ClassifyRequest, Declaration, EntityObservations, Format, GraphQuery, Kenning, NewCapsule,
    Permission, Principal, ScopeKind, Selector, Timestamp, Vocabulary,
};

/// A value far over any bound: 1 MiB of one letter.
fn huge() -> String {
    "x".repeat(1 << 20)
}

/// Asserts that `message` is short, quotes the first 80 characters of the value and its length.
fn quotes_a_prefix(what: &str, message: &str) {
    quotes(what, message, 1 << 20);
}

/// As [`quotes_a_prefix`], for a value of `len` characters.
fn quotes(what: &str, message: &str, len: usize) {
    assert!(
        message.len() < 1_000,
        "{what}: {} bytes: {}",
        message.len(),
        &message[..200]
    );
    assert!(
        message.contains(&format!("\"{}…\" ({len} characters)", "x".repeat(80))),
        "{what}: {message}"
    );
}

#[test]
fn every_error_echoing_a_callers_value_quotes_a_prefix_and_its_length() {
    let kn = Kenning::in_memory().unwrap();
    let ops = Principal::operator("ops");
    kn.register_scope(&ops, "bot.support", ScopeKind::Agent)
        .unwrap();
    let big = huge();

    let id = big.parse::<kenning::CapsuleId>().unwrap_err();
    quotes_a_prefix("capsule id", &id.to_string());
    let scope = kn
        .put(&ops, &NewCapsule::new(big.clone(), "x"))
        .unwrap_err();
    quotes_a_prefix("scope id", &scope.to_string());
    let key = kn
        .put(
            &ops,
            &NewCapsule::new("bot.support", "x").meta(format!("{big}!"), "v"),
        )
        .unwrap_err();
    assert!(
        key.to_string().len() < 1_000,
        "metadata key: {}",
        &key.to_string()[..200]
    );
    let kind =
        ClassifyRequest::parse(&format!(r#"{{"content": "x", "kind": "{big}"}}"#)).unwrap_err();
    quotes_a_prefix("kind", &kind.to_string());
    let origin = big.parse::<kenning::Origin>().unwrap_err();
    quotes_a_prefix("origin", &origin.to_string());
    quotes_a_prefix(
        "permission",
        &Permission::parse(&big).unwrap_err().to_string(),
    );
    quotes_a_prefix("selector", &Selector::parse(&big).unwrap_err().to_string());
    quotes_a_prefix(
        "time",
        &Timestamp::parse("at", &big).unwrap_err().to_string(),
    );
    let entity = kn
        .add_observations(
            &ops,
            "bot.support",
            &[EntityObservations::new(big.clone(), ["x"])],
        )
        .unwrap_err();
    assert!(
        entity.to_string().len() < 1_000,
        "entity name: {}",
        &entity.to_string()[..200]
    );
    let unknown = kn
        .add_observations(
            &ops,
            "bot.support",
            &[EntityObservations::new("Nobody", ["x"])],
        )
        .unwrap_err();
    assert!(unknown.to_string().contains("\"Nobody\""), "{unknown}");
    // A query document is bounded at 64 KiB, so its values are too.
    let key = &big[..50_000];
    let filter = GraphQuery::parse(&format!(
        r#"{{"graph": {{"start": {{"filters": [{{"key": "{key}", "value": "v"}}]}}}}}}"#
    ))
    .unwrap_err();
    quotes("filter key", &filter.to_string(), 50_000);
    let name = &big[..500_000];
    let class = Declaration::parse(
        &format!(r#"{{"vocabulary": {{"entityClasses": [{{"name": "{name}"}}]}}}}"#),
        Format::Json,
    )
    .and_then(|d| d.vocabulary.validate().map(|()| d))
    .unwrap_err();
    quotes("class name", &class.to_string(), 500_000);
    let signature = Vocabulary::empty()
        .with_class("Person", "")
        .with_relation(kenning::RelationType::new("KNOWS", "").with_signature("Person", name));
    quotes(
        "signature class",
        &signature.validate().unwrap_err().to_string(),
        500_000,
    );

    let capsule = kn
        .put(&ops, &NewCapsule::new("bot.support", "Ana prefers email."))
        .unwrap();
    kn.attach_embedding(&ops, capsule, &[1.0, 0.0], "small-model")
        .unwrap();
    // A model tag is bounded at 256 bytes; one of 200 is quoted by a prefix all the same.
    let tag = kn
        .attach_embedding(&ops, capsule, &[1.0, 0.0], &big[..200])
        .unwrap_err();
    quotes("model tag", &tag.to_string(), 200);
}
