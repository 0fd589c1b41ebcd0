//! The wire request of a classify call (seed 004) and the epistemic annotations it may carry.
//!
//! Persisting is the facade's business; this module owns the request's shape and the rules that
//! need no store: the `id` / `capsule_id` alias (K9), the epistemic fields' need for a capsule
//! (K8), their bounds, and the per-field merge that persistence applies (K8).

use crate::types::{EvidenceState, Kind, MemoryScope, Origin};
use crate::{Error, Label, Options};
use serde::{Deserialize, Serialize};

/// The bound on `proof_hint` and `stale_if`, in bytes.
pub const MAX_EPISTEMIC_TEXT_BYTES: usize = 2048;

/// The epistemic sidecar of a capsule (K8): how a claim relates to observation, what re-proves
/// it, and when it expires.
///
/// `proof_hint` and `stale_if` are advisory strings: stored and returned verbatim, never
/// executed or evaluated by any code path. Every field is optional, and an update is merged
/// field by field ([`Epistemics::merge`]): an omitted field never clears a stored one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Epistemics {
    /// Observed, inferred or unverified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence_state: Option<EvidenceState>,
    /// The command that re-proves the claim. Never executed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_hint: Option<String>,
    /// The condition under which the claim expires. Never evaluated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stale_if: Option<String>,
}

impl Epistemics {
    /// Whether no field is set.
    pub fn is_empty(&self) -> bool {
        self.first_field().is_none()
    }

    /// Applies an update field by field (K8): a field set in `update` replaces the stored one, a
    /// field omitted from it keeps the stored one.
    pub fn merge(&mut self, update: Epistemics) {
        if update.evidence_state.is_some() {
            self.evidence_state = update.evidence_state;
        }
        if update.proof_hint.is_some() {
            self.proof_hint = update.proof_hint;
        }
        if update.stale_if.is_some() {
            self.stale_if = update.stale_if;
        }
    }

    /// Checks the text fields: present ones are non-blank and at most
    /// [`MAX_EPISTEMIC_TEXT_BYTES`] long.
    pub fn validate(&self) -> Result<(), Error> {
        for (field, value) in [
            ("proof_hint", &self.proof_hint),
            ("stale_if", &self.stale_if),
        ] {
            let Some(value) = value else { continue };
            if value.trim().is_empty() {
                return Err(Error::EmptyField { field });
            }
            if value.len() > MAX_EPISTEMIC_TEXT_BYTES {
                return Err(Error::FieldTooLong {
                    field,
                    len: value.len(),
                    max: MAX_EPISTEMIC_TEXT_BYTES,
                });
            }
        }
        Ok(())
    }

    /// The wire name of the first field set, if any.
    fn first_field(&self) -> Option<&'static str> {
        if self.evidence_state.is_some() {
            Some("evidence_state")
        } else if self.proof_hint.is_some() {
            Some("proof_hint")
        } else if self.stale_if.is_some() {
            Some("stale_if")
        } else {
            None
        }
    }
}

/// A classify request as on the wire (seed 004): the content, the optional carried-forward
/// kind, scope override, origin and taint hint, and, to persist, the capsule and its epistemic
/// annotations.
///
/// `capsule_id` is canonical and `id` its alias; a body carrying both is a duplicate-field error
/// even when they agree (K9, seed 004). Without a capsule the call is advisory, and an
/// epistemic field on an advisory call is rejected, never dropped (K8). Parsing checks both;
/// a request built in Rust is checked by [`ClassifyRequest::validate`], which
/// [`ClassifyRequest::classify`] runs first.
///
/// ```
/// use kenning_classify::{ClassifyRequest, Error, Kind};
///
/// let advisory = ClassifyRequest::parse(r#"{"content": "Decidimos usar redb."}"#)?;
/// assert_eq!(advisory.classify()?.kind(), Kind::Decision);
///
/// let both = ClassifyRequest::parse(r#"{"content": "x", "kind": "fact", "id": "cap-1", "capsule_id": "cap-1"}"#);
/// assert_eq!(both, Err(Error::DuplicateCapsuleId));
///
/// let stray = ClassifyRequest::parse(r#"{"content": "x", "kind": "fact", "stale_if": "the API moves"}"#);
/// assert_eq!(stray, Err(Error::EpistemicsWithoutCapsule { field: "stale_if" }));
/// # Ok::<(), Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(try_from = "RequestWire")]
pub struct ClassifyRequest {
    /// The content to classify.
    pub content: String,
    /// A kind to carry forward instead of deriving one (K3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
    /// A scope to use instead of the origin's default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<MemoryScope>,
    /// Where the content came from; omitted means `extracted-candidate`. A host persisting the
    /// label onto a stored capsule classifies with the capsule's recorded origin instead (the
    /// `kenning` facade refuses a request origin that differs from it, K2, K5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
    /// An upstream taint verdict; `true` is never cleared (K5).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub taint_hint: bool,
    /// The capsule to persist the label onto (wire alias `id`). Omitted: advisory only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capsule_id: Option<String>,
    /// Epistemic annotations for the capsule (K8); only with `capsule_id`.
    #[serde(flatten)]
    pub epistemics: Epistemics,
}

/// The wire shape, before the alias and the epistemic rule are checked.
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RequestWire {
    /// The content to classify.
    content: String,
    /// A kind to carry forward instead of deriving one (K3).
    #[serde(default)]
    kind: Option<Kind>,
    /// A scope to use instead of the origin's default.
    #[serde(default)]
    scope: Option<MemoryScope>,
    /// Where the content came from; omitted means `extracted-candidate`.
    #[serde(default)]
    origin: Option<Origin>,
    /// An upstream taint verdict; `true` is never cleared (K5).
    #[serde(default)]
    taint_hint: Option<bool>,
    /// The capsule to persist the label onto. Omitted: advisory only.
    #[serde(default)]
    capsule_id: Option<String>,
    /// Alias of `capsule_id` (give one of the two).
    #[serde(default)]
    id: Option<String>,
    /// The evidence state (K8); only with a capsule id.
    #[serde(default)]
    evidence_state: Option<EvidenceState>,
    /// What would prove the memory (K8); only with a capsule id.
    #[serde(default)]
    proof_hint: Option<String>,
    /// What would make the memory stale (K8); only with a capsule id.
    #[serde(default)]
    stale_if: Option<String>,
}

impl TryFrom<RequestWire> for ClassifyRequest {
    type Error = Error;

    fn try_from(w: RequestWire) -> Result<Self, Error> {
        let capsule_id = match (w.capsule_id, w.id) {
            (Some(_), Some(_)) => return Err(Error::DuplicateCapsuleId),
            (canonical, alias) => canonical.or(alias),
        };
        let request = ClassifyRequest {
            content: w.content,
            kind: w.kind,
            scope: w.scope,
            origin: w.origin,
            taint_hint: w.taint_hint.unwrap_or(false),
            capsule_id,
            epistemics: Epistemics {
                evidence_state: w.evidence_state,
                proof_hint: w.proof_hint,
                stale_if: w.stale_if,
            },
        };
        request.validate()?;
        Ok(request)
    }
}

impl ClassifyRequest {
    /// An advisory request for `content` with every option at its default.
    pub fn new(content: impl Into<String>) -> Self {
        ClassifyRequest {
            content: content.into(),
            ..ClassifyRequest::default()
        }
    }

    /// Parses and checks a JSON body. Errors of the request's own rules come back as their own
    /// variants ([`Error::DuplicateCapsuleId`], [`Error::EpistemicsWithoutCapsule`], ...);
    /// anything else is [`Error::Malformed`] with the parser's message.
    pub fn parse(body: &str) -> Result<Self, Error> {
        let wire: RequestWire = serde_json::from_str(body).map_err(|e| Error::Malformed {
            message: e.to_string(),
        })?;
        ClassifyRequest::try_from(wire)
    }

    /// Whether the call only classifies (no capsule to persist onto).
    pub fn is_advisory(&self) -> bool {
        self.capsule_id.is_none()
    }

    /// The classifier options this request asks for.
    pub fn options(&self) -> Options {
        Options {
            kind: self.kind,
            scope: self.scope,
            origin: self.origin.unwrap_or_default(),
            taint_hint: self.taint_hint,
        }
    }

    /// Checks what can be checked without a store: the content's bounds, a non-blank capsule
    /// id, epistemic fields only with a capsule (K8), and their bounds.
    pub fn validate(&self) -> Result<(), Error> {
        crate::check_content(&self.content)?;
        match &self.capsule_id {
            Some(id) if id.trim().is_empty() => {
                return Err(Error::EmptyField {
                    field: "capsule_id",
                });
            }
            None => {
                if let Some(field) = self.epistemics.first_field() {
                    return Err(Error::EpistemicsWithoutCapsule { field });
                }
            }
            Some(_) => {}
        }
        self.epistemics.validate()
    }

    /// Validates the request, then classifies its content with its options.
    pub fn classify(&self) -> Result<Label, Error> {
        self.validate()?;
        crate::classify(&self.content, &self.options())
    }
}
