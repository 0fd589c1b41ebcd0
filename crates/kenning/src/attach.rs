//! The wire shape of an embedding call (seed 001): [`AttachRequest`], shared by the facade and
//! the MCP layer. It lives here, not in `kenning-vector`, because it names capsules.

use serde::{Deserialize, Serialize};

use kenning_vector::{Embedding, ModelTag};

use crate::capsule::CapsuleId;
use crate::error::{Error, Result};

/// The body of an embedding call as the seed names its fields:
/// `{"capsule_id": "cap-7", "embedding": [0.1, ...], "model_tag": "all-MiniLM-L6-v2"}`.
///
/// `id` is an accepted alias of `capsule_id`; both may be sent only when they are equal (SPEC
/// K9, seed 001). A body with no field at all is a list call. Unknown fields are refused, so a
/// typo cannot turn an attach into a list. Capsule ids are written `cap-<n>` (C3), `n` in
/// decimal without leading zeros.
///
/// Deserializing checks only shapes; [`into_call`](Self::into_call) checks the rules.
///
/// ```
/// use kenning::{AttachRequest, CapsuleId, VectorCall};
///
/// let body = r#"{"id": "cap-7", "embedding": [0.6, 0.8], "model_tag": "all-MiniLM-L6-v2"}"#;
/// let request: AttachRequest = serde_json::from_str(body)?;
/// let VectorCall::Attach(attach) = request.into_call()? else { unreachable!() };
/// assert_eq!(attach.capsule, CapsuleId::new(7));
///
/// let list: AttachRequest = serde_json::from_str("{}")?;
/// assert!(matches!(list.into_call()?, VectorCall::List));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct AttachRequest {
    /// The capsule to attach to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capsule_id: Option<CapsuleId>,
    /// Alias of `capsule_id`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<CapsuleId>,
    /// The caller-computed vector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embedding: Option<Vec<f32>>,
    /// The model that produced `embedding`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_tag: Option<String>,
}

/// What an [`AttachRequest`] asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum VectorCall {
    /// List the stored embeddings (E5): the body had no field.
    List,
    /// Attach or replace an embedding (E1).
    Attach(Attach),
}

/// A validated attach: every field present and passing E3. The resident-embedder checks (E2)
/// and the capsule's existence (E6) are checked against the store.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Attach {
    /// The capsule.
    pub capsule: CapsuleId,
    /// The vector.
    pub embedding: Embedding,
    /// The model tag.
    pub model_tag: ModelTag,
}

impl AttachRequest {
    /// An attach of `embedding` to `capsule` under `model_tag`, as a client would send it.
    #[must_use]
    pub fn attach(capsule: CapsuleId, embedding: Vec<f32>, model_tag: impl Into<String>) -> Self {
        Self {
            capsule_id: Some(capsule),
            id: None,
            embedding: Some(embedding),
            model_tag: Some(model_tag.into()),
        }
    }

    /// Decides what the request asks for and validates it.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a missing field or an `id` that differs from
    /// `capsule_id`; [`Error::Vector`] for an embedding or model tag that breaks E3.
    pub fn into_call(self) -> Result<VectorCall> {
        let Self {
            capsule_id,
            id,
            embedding,
            model_tag,
        } = self;
        if capsule_id.is_none() && id.is_none() && embedding.is_none() && model_tag.is_none() {
            return Ok(VectorCall::List);
        }
        let capsule = match (capsule_id, id) {
            (Some(a), Some(b)) if a != b => {
                return Err(Error::invalid(
                    "id",
                    format!(
                        "\"{b}\" differs from capsule_id \"{a}\": id is an alias of capsule_id, \
                         so send one of them (or both, equal)"
                    ),
                ));
            }
            (Some(c), _) | (None, Some(c)) => c,
            (None, None) => return Err(missing("capsule_id")),
        };
        let embedding = Embedding::new(embedding.ok_or_else(|| missing("embedding"))?)?;
        let model_tag = ModelTag::new(model_tag.ok_or_else(|| missing("model_tag"))?)?;
        Ok(VectorCall::Attach(Attach {
            capsule,
            embedding,
            model_tag,
        }))
    }
}

fn missing(field: &'static str) -> Error {
    Error::invalid(
        field,
        "is missing: an attach needs capsule_id (or its alias id), embedding and model_tag; \
         send no field at all to list the stored embeddings",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(body: &str) -> Result<VectorCall> {
        serde_json::from_str::<AttachRequest>(body)
            .unwrap()
            .into_call()
    }

    #[test]
    fn k9_id_is_an_alias_accepted_alone_or_equal() {
        let body = |fields: &str| format!(r#"{{{fields}, "embedding": [1, 2], "model_tag": "m"}}"#);
        for fields in [
            r#""capsule_id": "cap-3""#,
            r#""id": "cap-3""#,
            r#""capsule_id": "cap-3", "id": "cap-3""#,
        ] {
            let Ok(VectorCall::Attach(a)) = call(&body(fields)) else {
                panic!("{fields}")
            };
            assert_eq!(a.capsule, CapsuleId::new(3));
            assert_eq!(a.embedding.values(), [1.0, 2.0]);
            assert_eq!(a.model_tag.as_str(), "m");
        }
        let e = call(&body(r#""capsule_id": "cap-3", "id": "cap-4""#)).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("id: \"cap-4\" differs from capsule_id \"cap-3\""),
            "{e}"
        );
    }

    #[test]
    fn e1_an_empty_body_lists_and_a_partial_one_says_what_is_missing() {
        assert_eq!(call("{}").unwrap(), VectorCall::List);
        assert_eq!(call(r#"{"id": null}"#).unwrap(), VectorCall::List);
        let e = call(r#"{"capsule_id": "cap-1", "model_tag": "m"}"#).unwrap_err();
        assert!(e.to_string().starts_with("embedding: is missing"), "{e}");
        let e = call(r#"{"embedding": [1], "model_tag": "m"}"#).unwrap_err();
        assert!(e.to_string().starts_with("capsule_id: is missing"), "{e}");
        let e = call(r#"{"id": "cap-1", "embedding": [1]}"#).unwrap_err();
        assert!(e.to_string().starts_with("model_tag: is missing"), "{e}");
        let e = call(r#"{"id": "cap-1", "embedding": [1], "model_tag": ""}"#).unwrap_err();
        assert!(e.to_string().starts_with("model_tag is empty"), "{e}");
        let e = call(r#"{"id": "cap-1", "embedding": [0, 0], "model_tag": "m"}"#).unwrap_err();
        assert!(e.to_string().contains("zero magnitude"), "{e}");
        let e = call(r#"{"id": "cap-1", "embedding": [1e39], "model_tag": "m"}"#).unwrap_err();
        assert!(e.to_string().contains("embedding[0] is inf"), "{e}");
    }

    #[test]
    fn capsule_ids_are_canonical_and_shapes_are_strict() {
        let e = serde_json::from_str::<AttachRequest>(r#"{"id": 7}"#).unwrap_err();
        assert!(e.to_string().contains("invalid type"), "{e}");
        let e = serde_json::from_str::<AttachRequest>(r#"{"id": "7"}"#).unwrap_err();
        assert!(e.to_string().contains("cap-12"), "{e}");
        let e = serde_json::from_str::<AttachRequest>(r#"{"capsuleId": "cap-7"}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `capsuleId`"), "{e}");
    }

    #[test]
    fn requests_round_trip_through_json() {
        let r = AttachRequest::attach(
            CapsuleId::new(12),
            vec![0.1, -3.5e-7, 1e30],
            "all-MiniLM-L6-v2",
        );
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(
            json,
            r#"{"capsule_id":"cap-12","embedding":[0.1,-3.5e-7,1e+30],"model_tag":"all-MiniLM-L6-v2"}"#
        );
        assert_eq!(serde_json::from_str::<AttachRequest>(&json).unwrap(), r);
    }
}
