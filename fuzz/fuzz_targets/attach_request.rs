//! Arbitrary bytes into the attach request (seed 001): JSON parsing then validation never
//! panic; an accepted attach satisfies E1/E3 and the alias rule of K9, and every parsed request
//! with finite components survives a JSON round trip unchanged.

#![no_main]

use kenning_vector::{AttachRequest, Embedding, ModelTag, VectorCall};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(request) = serde_json::from_slice::<AttachRequest>(data) else {
        return;
    };
    // A number beyond ±3.4e38 parses to an infinite f32 (refused by validation below), which
    // JSON cannot write back; every finite request round-trips.
    let finite = request.embedding.iter().flatten().all(|v| v.is_finite());
    if finite {
        let json = serde_json::to_vec(&request).unwrap();
        let again: AttachRequest = serde_json::from_slice(&json).unwrap();
        assert_eq!(again, request, "the wire form round-trips");
    }

    match request.clone().into_call() {
        Ok(VectorCall::List) => {
            assert_eq!(request, AttachRequest::default(), "only an empty body lists");
        }
        Ok(VectorCall::Attach(attach)) => {
            let given = [request.capsule_id, request.id];
            assert!(given.iter().flatten().all(|c| *c == attach.capsule), "K9: equal or alone");
            assert!(given.iter().any(Option::is_some));
            assert_eq!(Some(attach.embedding.values()), request.embedding.as_deref());
            assert!(Embedding::new(attach.embedding.values().to_vec()).is_ok());
            assert!(ModelTag::new(attach.model_tag.as_str()).is_ok());
        }
        Err(_) => {}
    }
});
