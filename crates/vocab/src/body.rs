//! Declaration bodies on the wire: parsing JSON or YAML with or without the `vocabulary` wrapper
//! (V8, V10), and the read response with `declaration` and `resolved` (V9).

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::model::{EntityClass, RelationType, Vocabulary};

/// Bodies larger than this are refused before parsing. A maximal valid declaration (32 classes,
/// 32 relation types with 6 signatures each, every name and description at its bound) is about
/// 60 KiB of JSON even pretty-printed; the bound leaves room for comments and indentation while
/// keeping a hostile body from costing the parser real memory.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The text format of a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// JSON.
    Json,
    /// YAML 1.2 (a superset of JSON, but with worse errors for JSON input).
    Yaml,
    /// JSON when the first non-blank character is `{`, YAML otherwise. A body starting with `{`
    /// that is not JSON but is valid YAML (flow style, `{entityClasses: [{name: Person}]}`) is
    /// read as YAML; when it is neither, the error gives both parsers' messages. Well-formed JSON
    /// of the wrong shape is a JSON error (YAML would read it alike).
    Auto,
}

/// A declaration request: what `PUT /v1/memory/vocabulary` carries.
///
/// `scope_id` absent means the enterprise level. Serializes as
/// `{"scopeId": "bot.support", "vocabulary": {...}}`, with `scopeId` omitted when absent.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Declaration {
    /// The scope the declaration is for; `None` for the enterprise level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope_id: Option<String>,
    /// The declared vocabulary. Always present (V8).
    pub vocabulary: Vocabulary,
}

/// The answer to a vocabulary read (V9): what this level declares and what resolves here.
///
/// Absent members are omitted from JSON, never `null`, so a host can return this verbatim:
/// a scope that inherits has no `declaration` and a populated `resolved`; a scope that declared
/// an empty vocabulary has a `declaration` with no classes and no `resolved`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VocabularyRead {
    /// What this level declares, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declaration: Option<Vocabulary>,
    /// What formation uses here; absent when nothing resolves (classification off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved: Option<Vocabulary>,
}

/// Every shape a body may take, read in one pass so that errors name real fields.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AnyBody {
    #[serde(default)]
    scope_id: Option<String>,
    #[serde(default)]
    vocabulary: Option<Vocabulary>,
    #[serde(default, deserialize_with = "some_entity_classes")]
    entity_classes: Option<Vec<EntityClass>>,
    #[serde(default, deserialize_with = "some_relation_types")]
    relation_types: Option<Vec<RelationType>>,
}

/// A bare `entityClasses` that is present: a null is refused, as inside the wrapper.
fn some_entity_classes<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Vec<EntityClass>>, D::Error> {
    crate::model::entity_classes(d).map(Some)
}

/// A bare `relationTypes` that is present: a null is refused, as inside the wrapper.
fn some_relation_types<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Vec<RelationType>>, D::Error> {
    crate::model::relation_types(d).map(Some)
}

fn json(body: &str) -> Result<Option<AnyBody>, Error> {
    serde_json::from_str(body).map_err(|e| malformed_json(&e))
}

fn malformed_json(e: &serde_json::Error) -> Error {
    Error::Malformed {
        format: "JSON",
        message: e.to_string(),
    }
}

fn yaml(body: &str) -> Result<Option<AnyBody>, Error> {
    if body.trim().is_empty() {
        return Ok(None);
    }
    serde_norway::from_str(body).map_err(|e| Error::Malformed {
        format: "YAML",
        message: e.to_string(),
    })
}

/// The parser's message of a [`Error::Malformed`].
fn message(e: Error) -> String {
    match e {
        Error::Malformed { message, .. } => message,
        other => other.to_string(),
    }
}

/// [`Format::Auto`] on a body starting with `{`: JSON, or YAML in flow style when the body is not
/// JSON at all. A well-formed JSON document of the wrong shape is reported as JSON only: YAML
/// reads JSON alike and would only repeat the message.
fn json_or_flow_yaml(body: &str) -> Result<Option<AnyBody>, Error> {
    let as_json = match serde_json::from_str(body) {
        Ok(parsed) => return Ok(parsed),
        Err(e) if e.is_data() => return Err(malformed_json(&e)),
        Err(e) => malformed_json(&e),
    };
    yaml(body).map_err(|as_yaml| Error::Malformed {
        format: "JSON or YAML",
        message: format!(
            "as JSON: {}; as YAML: {}",
            message(as_json),
            message(as_yaml)
        ),
    })
}

impl Declaration {
    /// Parses and validates a declaration body.
    ///
    /// Accepted shapes, as JSON or YAML:
    /// - the wrapped request `{"scopeId": "...", "vocabulary": {...}}` (`scopeId` optional);
    /// - a bare vocabulary `{"entityClasses": [...], "relationTypes": [...]}`, which is what a
    ///   vocabulary file usually holds. At least one of the two lists must be present, so an empty
    ///   document or `{}` is a missing vocabulary (V8), never an empty declaration.
    ///
    /// Unknown fields anywhere are rejected with the parser's message naming them.
    ///
    /// # Errors
    /// [`Error::BodyTooLarge`], [`Error::Malformed`], [`Error::MissingVocabulary`],
    /// [`Error::MixedBody`], or any validation error of [`Vocabulary::validate`].
    pub fn parse(body: &str, format: Format) -> Result<Self, Error> {
        if body.len() > MAX_BODY_BYTES {
            return Err(Error::BodyTooLarge {
                len: body.len(),
                max: MAX_BODY_BYTES,
            });
        }
        let parsed: Option<AnyBody> = match format {
            Format::Json => json(body)?,
            Format::Auto if body.trim_start().starts_with('{') => json_or_flow_yaml(body)?,
            _ => yaml(body)?,
        };
        let any = parsed.ok_or(Error::MissingVocabulary)?;
        let vocabulary = match (any.vocabulary, any.entity_classes, any.relation_types) {
            (Some(_), Some(_), _) => {
                return Err(Error::MixedBody {
                    field: "entityClasses",
                });
            }
            (Some(_), _, Some(_)) => {
                return Err(Error::MixedBody {
                    field: "relationTypes",
                });
            }
            (Some(vocabulary), None, None) => vocabulary,
            (None, None, None) => return Err(Error::MissingVocabulary),
            (None, entity_classes, relation_types) => Vocabulary {
                entity_classes: entity_classes.unwrap_or_default(),
                relation_types: relation_types.unwrap_or_default(),
            },
        };
        vocabulary.validate()?;
        Ok(Self {
            scope_id: any.scope_id,
            vocabulary,
        })
    }

    /// Parses raw bytes, which must be UTF-8; see [`parse`](Self::parse).
    ///
    /// # Errors
    /// [`Error::Malformed`] for invalid UTF-8, otherwise as [`parse`](Self::parse).
    pub fn parse_bytes(body: &[u8], format: Format) -> Result<Self, Error> {
        if body.len() > MAX_BODY_BYTES {
            return Err(Error::BodyTooLarge {
                len: body.len(),
                max: MAX_BODY_BYTES,
            });
        }
        let text = std::str::from_utf8(body).map_err(|e| Error::Malformed {
            format: if matches!(format, Format::Json) {
                "JSON"
            } else {
                "YAML"
            },
            message: format!("the body is not UTF-8: {e}"),
        })?;
        Self::parse(text, format)
    }
}

impl VocabularyRead {
    /// The read at the enterprise level, given its declaration.
    #[must_use]
    pub fn enterprise(declaration: Option<Vocabulary>) -> Self {
        let resolved = declaration.clone().filter(|v| !v.classifies_nothing());
        Self {
            declaration,
            resolved,
        }
    }

    /// The read at a scope level, given the scope's declaration and the enterprise one (V6, V7):
    ///
    /// | scope declaration | resolves |
    /// | --- | --- |
    /// | absent | the enterprise vocabulary, which may be absent |
    /// | present, with classes | that vocabulary |
    /// | present, no classes | nothing: classification is off |
    ///
    /// An enterprise declaration with no classes resolves to nothing as well.
    #[must_use]
    pub fn scope(declaration: Option<Vocabulary>, enterprise: Option<Vocabulary>) -> Self {
        let resolved = match &declaration {
            Some(own) => Some(own.clone()),
            None => enterprise,
        }
        .filter(|v| !v.classifies_nothing());
        Self {
            declaration,
            resolved,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED_BODY: &str = r#"{
      "vocabulary": {
        "entityClasses": [
          {"name": "Person", "description": "an individual human being, including colleagues"},
          {"name": "Organization", "description": "a company, employer, school or agency"}
        ],
        "relationTypes": [
          {
            "name": "WORKS_AT",
            "description": "employment of a person by an organization",
            "signatures": [{"sourceClass": "Person", "targetClass": "Organization"}]
          }
        ]
      }
    }"#;

    #[test]
    fn v10_parses_the_seed_body() {
        let d = Declaration::parse(SEED_BODY, Format::Auto).unwrap();
        assert_eq!(d.scope_id, None);
        assert_eq!(d.vocabulary.entity_classes.len(), 2);
        assert_eq!(d.vocabulary.relation_types[0].signatures.len(), 1);
    }

    #[test]
    fn v10_yaml_bare_and_wrapped_agree_with_json() {
        let json = Declaration::parse(SEED_BODY, Format::Json).unwrap();
        let yaml_wrapped = "scopeId: bot.support\nvocabulary:\n  entityClasses:\n    - name: Person\n      description: an individual human being, including colleagues\n    - name: Organization\n      description: a company, employer, school or agency\n  relationTypes:\n    - name: WORKS_AT\n      description: employment of a person by an organization\n      signatures:\n        - sourceClass: Person\n          targetClass: Organization\n";
        let wrapped = Declaration::parse(yaml_wrapped, Format::Auto).unwrap();
        assert_eq!(wrapped.scope_id.as_deref(), Some("bot.support"));
        assert_eq!(wrapped.vocabulary, json.vocabulary);

        let bare: String = yaml_wrapped
            .lines()
            .skip(2)
            .map(|l| format!("{}\n", &l[2..]))
            .collect();
        let bare = Declaration::parse(&bare, Format::Yaml).unwrap();
        assert_eq!(bare.vocabulary, json.vocabulary);
    }

    #[test]
    fn v8_body_without_vocabulary_is_rejected() {
        for body in [
            "{}",
            "",
            "   \n",
            "null",
            "{\"scopeId\": \"bot.support\"}",
            "scopeId: x\n",
        ] {
            assert_eq!(
                Declaration::parse(body, Format::Auto),
                Err(Error::MissingVocabulary),
                "{body:?}"
            );
        }
    }

    #[test]
    fn v8_explicit_empty_vocabulary_is_a_declaration() {
        let d = Declaration::parse("{\"vocabulary\": {}}", Format::Json).unwrap();
        assert!(d.vocabulary.classifies_nothing());
        let d = Declaration::parse("entityClasses: []\n", Format::Yaml).unwrap();
        assert!(d.vocabulary.classifies_nothing());
    }

    #[test]
    fn unknown_fields_are_rejected_by_name() {
        let err = Declaration::parse("{\"vocabulary\": {\"entityClass\": []}}", Format::Json)
            .unwrap_err();
        assert!(err.to_string().contains("entityClass"), "{err}");
        let err = Declaration::parse("vocabulary: {}\nscope: x\n", Format::Yaml).unwrap_err();
        assert!(err.to_string().contains("scope"), "{err}");
    }

    #[test]
    fn mixed_wrapper_and_bare_is_rejected() {
        let err = Declaration::parse("{\"vocabulary\": {}, \"entityClasses\": []}", Format::Json)
            .unwrap_err();
        assert_eq!(
            err,
            Error::MixedBody {
                field: "entityClasses"
            }
        );
    }

    #[test]
    fn malformed_bodies_name_their_format() {
        let err = Declaration::parse("{\"vocabulary\": ", Format::Json).unwrap_err();
        assert!(matches!(err, Error::Malformed { format: "JSON", .. }));
        let err = Declaration::parse("{\"vocabulary\": ", Format::Auto).unwrap_err();
        assert!(matches!(
            err,
            Error::Malformed {
                format: "JSON or YAML",
                ..
            }
        ));
        // Well-formed JSON of the wrong shape is a JSON error only.
        let err = Declaration::parse("{\"vocabulary\": []}", Format::Auto).unwrap_err();
        assert!(
            matches!(err, Error::Malformed { format: "JSON", .. }),
            "{err}"
        );
        let err = Declaration::parse("vocabulary: [\n", Format::Auto).unwrap_err();
        assert!(matches!(err, Error::Malformed { format: "YAML", .. }));
        let err = Declaration::parse_bytes(b"\xff\xfe", Format::Auto).unwrap_err();
        assert!(matches!(err, Error::Malformed { .. }));
    }

    #[test]
    fn body_bound_at_limit_and_one_past() {
        let pad = MAX_BODY_BYTES - "{\"vocabulary\": {}}".len();
        let at_limit = format!("{}{{\"vocabulary\": {{}}}}", " ".repeat(pad));
        assert_eq!(at_limit.len(), MAX_BODY_BYTES);
        assert!(Declaration::parse(&at_limit, Format::Json).is_ok());
        let past = format!(" {at_limit}");
        assert!(matches!(
            Declaration::parse(&past, Format::Json),
            Err(Error::BodyTooLarge { .. })
        ));
    }

    #[test]
    fn v9_read_shapes() {
        let people = Vocabulary::empty().with_class("Person", "");
        let inherits = VocabularyRead::scope(None, Some(people.clone()));
        assert_eq!(
            serde_json::to_value(&inherits).unwrap(),
            serde_json::json!({"resolved": {"entityClasses": [{"name": "Person", "description": ""}], "relationTypes": []}})
        );
        let off = VocabularyRead::scope(Some(Vocabulary::empty()), Some(people.clone()));
        assert_eq!(
            serde_json::to_value(&off).unwrap(),
            serde_json::json!({"declaration": {"entityClasses": [], "relationTypes": []}})
        );
        let nothing = VocabularyRead::scope(None, None);
        assert_eq!(
            serde_json::to_value(&nothing).unwrap(),
            serde_json::json!({})
        );
        let ent_off = VocabularyRead::enterprise(Some(Vocabulary::empty()));
        assert_eq!(ent_off.resolved, None);
    }
}
