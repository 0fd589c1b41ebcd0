//! Arbitrary bytes into the capsule wire types and through a real store: never a panic. A
//! capsule id that parses prints back the same; a new capsule that parses is either refused
//! with an invalid argument or stored and read back unchanged; a retrieve request that parses is
//! either refused with an invalid argument or answered.

#![no_main]

use std::sync::OnceLock;

use kenning::{
    CapsuleId, ErrorCode, Kenning, LifecycleChange, NewCapsule, Origin, Principal,
    RetrieveRequest, ScopeKind,
};
use libfuzzer_sys::fuzz_target;

const SCOPE: &str = "fuzz.scope";

fn store() -> &'static (Kenning, Principal) {
    static STORE: OnceLock<(Kenning, Principal)> = OnceLock::new();
    STORE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("kenning-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let kn = Kenning::open(dir.join("capsule_wire.redb")).unwrap();
        let ops = Principal::operator("fuzz");
        kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        (kn, ops)
    })
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(id) = text.parse::<CapsuleId>() {
            assert_eq!(id.to_string(), text);
        }
        if let Ok(origin) = text.parse::<Origin>() {
            assert_eq!(origin.as_str(), text);
        }
    }
    let _ = serde_json::from_slice::<LifecycleChange>(data);
    let (kn, ops) = store();

    if let Ok(mut capsule) = serde_json::from_slice::<NewCapsule>(data) {
        capsule.scope = SCOPE.to_owned();
        match kn.put(ops, &capsule) {
            Ok(id) => {
                let back = kn.capsule(ops, id).unwrap();
                assert_eq!(back.content, capsule.content);
                assert_eq!(back.metadata, capsule.metadata);
                assert_eq!(back.fact_time, capsule.fact_time);
            }
            Err(e) => assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}"),
        }
    }

    if let Ok(mut request) = serde_json::from_slice::<RetrieveRequest>(data) {
        request.scope = SCOPE.to_owned();
        match kn.retrieve(ops, &request) {
            Ok(r) => assert!(r.hits.len() <= request.limit),
            Err(e) => assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}"),
        }
    }
});
