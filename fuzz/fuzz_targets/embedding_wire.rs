//! Arbitrary bytes into the embedding and recall wire types and through a real store holding
//! embeddings: never a panic. An attach body that parses is recorded (and reads back bit for
//! bit) or refused with a stable code; a retrieve request that parses, on any lane, is refused
//! with an invalid argument or answered with at most `limit` hits, best first, each carrying its
//! place in a lane that ran.

#![no_main]

use std::sync::OnceLock;

use kenning::vector::AttachRequest;
use kenning::{
    CapsuleId, EmbeddingAnswer, ErrorCode, Kenning, Lane, NewCapsule, Principal, RetrieveRequest,
    ScopeKind,
};
use libfuzzer_sys::fuzz_target;

const SCOPE: &str = "fuzz.vectors";

fn store() -> &'static (Kenning, Principal) {
    static STORE: OnceLock<(Kenning, Principal)> = OnceLock::new();
    STORE.get_or_init(|| {
        let kn = Kenning::in_memory().unwrap();
        let ops = Principal::operator("fuzz");
        kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
        let ids = kn
            .put_batch(
                &ops,
                &[
                    NewCapsule::new(SCOPE, "the printer jams on mondays"),
                    NewCapsule::new(SCOPE, "lunch is at noon"),
                    NewCapsule::new(SCOPE, "the vpn gateway moved"),
                ],
            )
            .unwrap();
        let vectors = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.6, 0.8, 0.0]];
        let batch: Vec<(CapsuleId, &[f32])> =
            ids.iter().copied().zip(vectors.iter().map(|v| &v[..])).collect();
        kn.attach_embeddings(&ops, &batch, "fuzz-model").unwrap();
        (kn, ops)
    })
}

fuzz_target!(|data: &[u8]| {
    let (kn, ops) = store();

    if let Ok(request) = serde_json::from_slice::<AttachRequest>(data) {
        let asked = request.clone();
        match kn.embedding_request(ops, SCOPE, request) {
            Ok(EmbeddingAnswer::Attached(a)) => {
                assert!(a.recorded);
                let id = CapsuleId::new(asked.capsule_id.or(asked.id).unwrap());
                let back = kn.embedding(ops, id).unwrap().unwrap();
                let sent = asked.embedding.unwrap();
                assert_eq!(
                    back.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                    sent.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
                );
            }
            Ok(EmbeddingAnswer::Listed(list)) => assert_eq!(list.len(), 3),
            Ok(_) => {}
            Err(e) => assert!(
                matches!(
                    e.code(),
                    ErrorCode::InvalidArgument
                        | ErrorCode::UnknownCapsule
                        | ErrorCode::FailedPrecondition
                ),
                "{e}"
            ),
        }
    }

    if let Ok(mut request) = serde_json::from_slice::<RetrieveRequest>(data) {
        request.scope = SCOPE.to_owned();
        match kn.retrieve(ops, &request) {
            Ok(r) => {
                assert!(r.hits.len() <= request.limit);
                assert!(r.hits.windows(2).all(|w| w[0].score >= w[1].score));
                for h in &r.hits {
                    match r.lane {
                        Lane::Term => assert!(h.term.is_some() && h.vector.is_none()),
                        Lane::Vector => assert!(h.vector.is_some() && h.term.is_none()),
                        _ => assert!(h.term.is_some() || h.vector.is_some()),
                    }
                }
            }
            Err(e) => assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}"),
        }
    }
});
