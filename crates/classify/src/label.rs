//! The classifier's answer: [`Label`] and how its kind was obtained ([`Basis`]).

use crate::Error;
use crate::types::{AuthorityClass, Kind, MemoryScope, Origin, TaintFamily, TaintReason};
use serde::{Deserialize, Serialize};

/// How a label's kind was obtained.
///
/// On the wire it is tagged by `by`: `{"by": "supplied"}`, `{"by": "cue", "cue": "decidimos"}`,
/// `{"by": "entity_gate", "copula": "é", "anchor": "API"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Basis {
    /// The caller supplied the kind, and it was carried forward (K3).
    Supplied,
    /// A cue of the kind's table matched; `cue` is the table entry as written.
    Cue {
        /// The table entry, e.g. `"we decided"` or `"crash*"`.
        cue: String,
    },
    /// A declarative sentence with an entity anchor derived `fact` (K4).
    EntityGate {
        /// The copular or declarative verb, as in the table (`"is"`, `"é"`), or as in the
        /// content when its form made the sentence declarative (`"drifted"`, `"falharam"`).
        copula: String,
        /// The anchor token, as in the content (`"API"`, `` "`users`" ``, `"2023"`).
        anchor: String,
    },
}

/// A classification: `{kind, scope, authority_class, instruction_taint}` (K1), with the origin it
/// was derived for, why it is tainted, and how the kind was obtained.
///
/// A label is built by [`classify`](crate::classify) and read through its accessors, so that its
/// invariants hold: it is tainted exactly when it has a reason to be, the authority class is the
/// origin's, and `external-import` is always tainted. Deserializing checks the same invariants,
/// so a stored label that was tampered with is an error, never a silently wrong label.
///
/// ```json
/// {"kind": "decision", "scope": "project", "authority_class": "agent-inferred",
///  "instruction_taint": false, "origin": "extracted-candidate", "taint_reasons": [],
///  "basis": {"by": "cue", "cue": "decidimos"}}
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(try_from = "LabelRecord")]
pub struct Label {
    kind: Kind,
    scope: MemoryScope,
    authority_class: AuthorityClass,
    instruction_taint: bool,
    origin: Origin,
    taint_reasons: Vec<TaintReason>,
    basis: Basis,
}

impl Label {
    /// Assembles a label; `families` are the scan's findings.
    pub(crate) fn new(
        kind: Kind,
        basis: Basis,
        scope: Option<MemoryScope>,
        origin: Origin,
        taint_hint: bool,
        families: impl IntoIterator<Item = TaintFamily>,
    ) -> Self {
        let policy = origin.policy();
        let mut taint_reasons = Vec::new();
        if taint_hint {
            taint_reasons.push(TaintReason::Hint);
        }
        if policy.born_tainted {
            taint_reasons.push(TaintReason::BornTainted);
        }
        taint_reasons.extend(families.into_iter().map(TaintReason::Scan));
        taint_reasons.sort_unstable();
        taint_reasons.dedup();
        Label {
            kind,
            scope: scope.unwrap_or(policy.default_scope),
            authority_class: policy.authority_class,
            instruction_taint: !taint_reasons.is_empty(),
            origin,
            taint_reasons,
            basis,
        }
    }

    /// What the memory is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// How far it reaches: the caller's override, else the origin's default scope.
    pub fn scope(&self) -> MemoryScope {
        self.scope
    }

    /// How far it can be trusted: the origin's authority class.
    pub fn authority_class(&self) -> AuthorityClass {
        self.authority_class
    }

    /// Whether the content is to be treated as carrying instructions from someone other than
    /// the owner. A flag on the memory, never a refusal to store it.
    pub fn instruction_taint(&self) -> bool {
        self.instruction_taint
    }

    /// The origin the label was derived for.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// Why the label is tainted, sorted: the hint, the origin, then the scan's families in the
    /// order of [`TaintFamily::ALL`]. Empty exactly when the label is clean.
    pub fn taint_reasons(&self) -> &[TaintReason] {
        &self.taint_reasons
    }

    /// The injection families the scan found (a subset of the reasons), for an audit detail.
    pub fn taint_families(&self) -> impl Iterator<Item = TaintFamily> + '_ {
        self.taint_reasons.iter().filter_map(|r| match r {
            TaintReason::Scan(family) => Some(*family),
            TaintReason::Hint | TaintReason::BornTainted => None,
        })
    }

    /// How the kind was obtained.
    pub fn basis(&self) -> &Basis {
        &self.basis
    }
}

/// The stored shape of a label, checked into a [`Label`].
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct LabelRecord {
    kind: Kind,
    scope: MemoryScope,
    authority_class: AuthorityClass,
    instruction_taint: bool,
    origin: Origin,
    #[serde(default)]
    taint_reasons: Vec<TaintReason>,
    basis: Basis,
}

impl TryFrom<LabelRecord> for Label {
    type Error = Error;

    fn try_from(r: LabelRecord) -> Result<Self, Error> {
        let policy = r.origin.policy();
        let malformed = |message: String| Err(Error::Malformed { message });
        if r.authority_class != policy.authority_class {
            return malformed(format!(
                "authority_class {} does not match origin {} (whose class is {})",
                r.authority_class, r.origin, policy.authority_class
            ));
        }
        if r.instruction_taint == r.taint_reasons.is_empty() {
            return malformed(format!(
                "instruction_taint is {} but taint_reasons has {} entries: a label is tainted exactly when it has a reason",
                r.instruction_taint,
                r.taint_reasons.len()
            ));
        }
        if policy.born_tainted != r.taint_reasons.contains(&TaintReason::BornTainted) {
            return malformed(format!(
                "origin {} and taint reason external_import go together",
                r.origin
            ));
        }
        if matches!(r.basis, Basis::EntityGate { .. }) && r.kind != Kind::Fact {
            return malformed(format!("basis entity_gate derives fact, not {}", r.kind));
        }
        let taint_hint = r.taint_reasons.contains(&TaintReason::Hint);
        let families = r.taint_reasons.iter().filter_map(|reason| match reason {
            TaintReason::Scan(f) => Some(*f),
            TaintReason::Hint | TaintReason::BornTainted => None,
        });
        Ok(Label::new(
            r.kind,
            r.basis,
            Some(r.scope),
            r.origin,
            taint_hint,
            families,
        ))
    }
}
