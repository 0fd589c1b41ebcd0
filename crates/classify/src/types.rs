//! The closed sets of the classifier: kinds, scopes, origins, authority classes, taint families
//! and evidence states. Each has fixed wire names, parses from them (`FromStr`, serde) with an
//! error that lists every accepted value, and prints as them (`Display`, serde).

use crate::Error;
use serde::de::{Deserialize, Deserializer, Error as _};
use serde::ser::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Declares a closed set: the enum, its wire names, `ALL`, `NAMES`, `as_str`, `FromStr`,
/// `Display` and string serde.
macro_rules! closed_set {
    (
        $(#[$meta:meta])*
        pub enum $name:ident as $field:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $wire:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Every wire name, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($wire),+];

            /// The wire name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $wire,)+
                }
            }
        }

        impl FromStr for $name {
            type Err = Error;

            fn from_str(s: &str) -> Result<Self, Error> {
                match s {
                    $($wire => Ok($name::$variant),)+
                    _ => Err(Error::UnknownValue {
                        field: $field,
                        value: s.to_owned(),
                        valid: Self::NAMES,
                    }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let s = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
                s.parse().map_err(D::Error::custom)
            }
        }

        /// A string, one of the wire names.
        #[cfg(feature = "schema")]
        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({ "type": "string", "enum": Self::NAMES })
            }
        }
    };
}

closed_set! {
    /// What a memory is (K1).
    pub enum Kind as "kind" {
        /// A statement about how things are: a system, a person, a number.
        Fact = "fact",
        /// How to do something: steps, commands.
        Procedure = "procedure",
        /// A choice that was made.
        Decision = "decision",
        /// A piece of work still to do.
        Task = "task",
        /// A large body of work that groups tasks across weeks or teams.
        Epic = "epic",
        /// A tentative idea or option, not decided.
        Brainstorm = "brainstorm",
        /// Documentation, or a pointer to it.
        Doc = "doc",
        /// A rule or limit that must hold.
        Constraint = "constraint",
        /// What an agent, system or person can do or has access to.
        Capability = "capability",
        /// A recurring failure: its symptom, trigger or cause.
        FailurePattern = "failure_pattern",
    }
}

closed_set! {
    /// How far a memory reaches (K1). The wire field is `scope`; the Rust name keeps it apart
    /// from the registered scopes of the `kenning` facade.
    pub enum MemoryScope as "scope" {
        /// The project the memory was formed in.
        Project = "project",
        /// Every project of the owner.
        Global = "global",
        /// The current session only.
        Session = "session",
    }
}

closed_set! {
    /// Where content came from (K2). It decides the authority class, the default scope and
    /// whether the memory is born tainted: see [`Origin::policy`].
    pub enum Origin as "origin" {
        /// Inferred by an agent from a conversation (the humble default).
        ExtractedCandidate = "extracted-candidate",
        /// Said by the owner in so many words.
        OwnerStated = "owner-stated",
        /// Observed by a tool run (a test result, a command's output).
        ToolObservation = "tool-observation",
        /// Imported from outside: a web page, a document, a third party. Born tainted.
        ExternalImport = "external-import",
        /// A note an agent took during a session.
        SessionNote = "session-note",
    }
}

closed_set! {
    /// How far a memory can be trusted, decided by its origin (K2). Ordered from most to least
    /// trusted, so `a < b` means `a` outranks `b`.
    pub enum AuthorityClass as "authority_class" {
        /// The owner said it.
        Owner = "owner",
        /// A tool observed it.
        Observed = "observed",
        /// An agent inferred or noted it.
        AgentInferred = "agent-inferred",
        /// It came from outside and vouches for nothing.
        External = "external",
    }
}

closed_set! {
    /// A family of instruction-injection cues found by the taint scan (K5).
    pub enum TaintFamily as "taint_family" {
        /// An order to drop earlier instructions ("ignore all previous instructions").
        Override = "override",
        /// A fake role or system tag (`<|im_start|>system`, `[SYSTEM]`, `<<SYS>>`).
        RoleTag = "role_tag",
        /// A clause hiding the action from the user ("do not tell the user").
        Secrecy = "secrecy",
        /// An order to send secrets or conversation content somewhere.
        Exfiltration = "exfiltration",
        /// A standing trigger for future turns ("from now on, whenever the user asks, ...").
        PersistentTrigger = "persistent_trigger",
        /// An encoded or hidden payload: long base64, escape runs, invisible characters.
        EncodedPayload = "encoded_payload",
    }
}

closed_set! {
    /// How a claim relates to observation, on the epistemic sidecar (K8).
    pub enum EvidenceState as "evidence_state" {
        /// Seen directly.
        Observed = "observed",
        /// Reasoned from other claims.
        Inferred = "inferred",
        /// Neither checked nor derived.
        Unverified = "unverified",
    }
}

/// The policy an origin carries (K2): one row of the table in [`Origin::policy`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OriginPolicy {
    /// How far content of this origin is trusted.
    pub authority_class: AuthorityClass,
    /// The scope a label gets when the caller does not choose one.
    pub default_scope: MemoryScope,
    /// Whether every label of this origin is tainted, whatever the scan finds.
    pub born_tainted: bool,
}

impl Origin {
    /// The one table that maps an origin to its authority class, default scope and birth taint
    /// (K2):
    ///
    /// | origin                | authority class  | default scope | born tainted |
    /// |-----------------------|------------------|---------------|--------------|
    /// | `owner-stated`        | `owner`          | `global`      | no           |
    /// | `tool-observation`    | `observed`       | `project`     | no           |
    /// | `extracted-candidate` | `agent-inferred` | `project`     | no           |
    /// | `session-note`        | `agent-inferred` | `session`     | no           |
    /// | `external-import`     | `external`       | `project`     | **yes**      |
    ///
    /// The owner's word is the only origin that reaches every project by default; an agent's
    /// inference stays in the project it was formed in, and a session note in its session.
    /// Imported content is kept with the project that imported it, and is tainted from birth.
    pub const fn policy(self) -> OriginPolicy {
        use AuthorityClass as A;
        use MemoryScope as S;
        let (authority_class, default_scope, born_tainted) = match self {
            Origin::OwnerStated => (A::Owner, S::Global, false),
            Origin::ToolObservation => (A::Observed, S::Project, false),
            Origin::ExtractedCandidate => (A::AgentInferred, S::Project, false),
            Origin::SessionNote => (A::AgentInferred, S::Session, false),
            Origin::ExternalImport => (A::External, S::Project, true),
        };
        OriginPolicy {
            authority_class,
            default_scope,
            born_tainted,
        }
    }
}

impl Default for Origin {
    /// `extracted-candidate`: without a word on where content came from, it is treated as an
    /// agent's inference.
    fn default() -> Self {
        Origin::ExtractedCandidate
    }
}

/// Why a label is tainted. A label is tainted exactly when it has at least one reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TaintReason {
    /// The caller passed `taint_hint = true` (K5: never cleared by a clean scan). Wire name
    /// `taint_hint`.
    Hint,
    /// The origin is `external-import`, which is born tainted (K2). Wire name `external_import`.
    BornTainted,
    /// The scan found cues of this family (K5). Wire name: the family's.
    Scan(TaintFamily),
}

impl TaintReason {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            TaintReason::Hint => "taint_hint",
            TaintReason::BornTainted => "external_import",
            TaintReason::Scan(family) => family.as_str(),
        }
    }
}

impl FromStr for TaintReason {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "taint_hint" => Ok(TaintReason::Hint),
            "external_import" => Ok(TaintReason::BornTainted),
            _ => s
                .parse()
                .map(TaintReason::Scan)
                .map_err(|_| Error::UnknownValue {
                    field: "taint_reasons",
                    value: s.to_owned(),
                    valid: TAINT_REASON_NAMES,
                }),
        }
    }
}

/// Every wire name of a [`TaintReason`].
const TAINT_REASON_NAMES: &[&str] = &[
    "taint_hint",
    "external_import",
    "override",
    "role_tag",
    "secrecy",
    "exfiltration",
    "persistent_trigger",
    "encoded_payload",
];

/// A string, one of the wire names.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for TaintReason {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "TaintReason".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "enum": TAINT_REASON_NAMES })
    }
}

impl fmt::Display for TaintReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for TaintReason {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for TaintReason {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        s.parse().map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_round_trip_and_unknown_names_list_the_valid_ones() {
        for kind in Kind::ALL {
            assert_eq!(kind.as_str().parse::<Kind>(), Ok(*kind));
        }
        let err = "facts".parse::<Kind>().unwrap_err();
        assert!(err.to_string().contains("kind \"facts\""), "{err}");
        assert!(err.to_string().contains("failure_pattern"), "{err}");
        for reason in [TaintReason::Hint, TaintReason::BornTainted]
            .into_iter()
            .chain(TaintFamily::ALL.iter().map(|f| TaintReason::Scan(*f)))
        {
            assert_eq!(reason.as_str().parse::<TaintReason>(), Ok(reason));
        }
        assert!("tainted".parse::<TaintReason>().is_err());
    }
}
