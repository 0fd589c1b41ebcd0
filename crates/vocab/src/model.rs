//! The vocabulary data model, in the seed's JSON shape (V1, V10).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::error::Error;
use crate::name;

/// At most this many entity classes per declaration (V2).
pub const MAX_ENTITY_CLASSES: usize = 32;
/// At most this many relation types per declaration (V2).
pub const MAX_RELATION_TYPES: usize = 32;
/// At most this many signatures per relation type (V2).
pub const MAX_SIGNATURES: usize = 6;
/// At most this many characters in a class or relation name (V2).
pub const MAX_NAME_CHARS: usize = 64;
/// At most this many characters in a description (V2).
pub const MAX_DESCRIPTION_CHARS: usize = 200;

/// A memory vocabulary: the entity classes formed memory is classified against, and the relation
/// types it is expected to use.
///
/// Plain data: build it however you like, then [`validate`](Self::validate) it. The store
/// validates every declaration before writing it, so a `Vocabulary` read back from a store is
/// always valid.
///
/// Serialized field names are exactly the seed's (`entityClasses`, `relationTypes`). Both lists
/// default to empty when a body omits them; unknown fields are rejected, so a misspelt
/// `entityClass` is an error rather than a silently empty vocabulary that turns classification off.
/// A list or a description that is present but null (JSON `null`; YAML `~`, `null` or a key with
/// nothing after it, such as a commented-out list) is refused alike in every syntax, never read
/// as empty (V8, V10). A vocabulary is an object: a list in its place (`"vocabulary": []`) is
/// refused, where serde would otherwise read it as a struct's fields in order, here none.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", from = "ObjectOnly<VocabularyFields>")]
pub struct Vocabulary {
    /// The classes an entity may be given, in declaration order.
    pub entity_classes: Vec<EntityClass>,
    /// The relation types a relationship is expected to use, in declaration order.
    pub relation_types: Vec<RelationType>,
}

/// One entity class: a name and the description the extraction model reads beside it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EntityClass {
    /// The class name, e.g. `Person`.
    pub name: String,
    /// What separates this class from the others, for the extraction model. May be empty.
    #[serde(default, deserialize_with = "description")]
    pub description: String,
}

/// One relation type with its expected signatures.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RelationType {
    /// The relation type name, e.g. `WORKS_AT`.
    pub name: String,
    /// What the relation means, for the extraction model. May be empty.
    #[serde(default, deserialize_with = "description")]
    pub description: String,
    /// Expected `source → target` class pairs. Expectations only: nothing validates an edge
    /// against them (G8).
    #[serde(default, deserialize_with = "signatures")]
    pub signatures: Vec<Signature>,
}

/// An expected `sourceClass → targetClass` pair of a relation type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Signature {
    /// The class of the relationship's source entity.
    pub source_class: String,
    /// The class of the relationship's target entity.
    pub target_class: String,
}

/// The fields of a [`Vocabulary`] as they deserialize, before [`ObjectOnly`] refuses a list.
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct VocabularyFields {
    #[serde(default, deserialize_with = "entity_classes")]
    entity_classes: Vec<EntityClass>,
    #[serde(default, deserialize_with = "relation_types")]
    relation_types: Vec<RelationType>,
}

impl From<ObjectOnly<VocabularyFields>> for Vocabulary {
    fn from(ObjectOnly(v): ObjectOnly<VocabularyFields>) -> Self {
        Self {
            entity_classes: v.entity_classes,
            relation_types: v.relation_types,
        }
    }
}

/// `T` deserialized from a map only: a derived struct also accepts a sequence of its fields.
struct ObjectOnly<T>(T);

/// An [`ObjectOnly`] has `T`'s schema: a derived object schema already says `"type": "object"`.
#[cfg(feature = "schema")]
impl<T: schemars::JsonSchema> schemars::JsonSchema for ObjectOnly<T> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectOnly<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visit<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a vocabulary object with entityClasses and relationTypes")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
            .map(ObjectOnly)
    }
}

/// Deserializes a field that may be omitted (the serde default applies) but is never null: YAML
/// reads a null into a list as empty and into a string as the text `"~"` or `"null"`, where JSON
/// refuses it, so both syntaxes go through this and refuse it with the same message (V8, V10).
fn not_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
    field: &str,
    fix: &str,
) -> Result<T, D::Error> {
    Option::<T>::deserialize(d)?.ok_or_else(|| {
        D::Error::custom(format!(
            "{field} is null (in YAML: `~`, `null`, or nothing after the key, as a commented-out \
             list leaves it), and a null is never read as empty: {fix}"
        ))
    })
}

const LIST_FIX: &str = "list the entries, write [] to declare none, or omit the field";

pub(crate) fn entity_classes<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Vec<EntityClass>, D::Error> {
    not_null(d, "entityClasses", LIST_FIX)
}

pub(crate) fn relation_types<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Vec<RelationType>, D::Error> {
    not_null(d, "relationTypes", LIST_FIX)
}

fn signatures<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Signature>, D::Error> {
    not_null(d, "signatures", LIST_FIX)
}

fn description<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    not_null(
        d,
        "description",
        "write the description, or omit the field (or write \"\") for none",
    )
}

impl EntityClass {
    /// A class with a name and a description.
    pub fn new(name: impl Into<String>, description: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
        }
    }
}

impl RelationType {
    /// A relation type with a name, a description and no signatures.
    pub fn new(name: impl Into<String>, description: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
            signatures: Vec::new(),
        }
    }

    /// Adds the signature `source → target`.
    #[must_use]
    pub fn with_signature(mut self, source: impl Into<String>, target: impl Into<String>) -> Self {
        self.signatures.push(Signature {
            source_class: source.into(),
            target_class: target.into(),
        });
        self
    }
}

impl Vocabulary {
    /// An empty vocabulary: declared at a scope, it turns classification off there (V7).
    #[must_use]
    pub fn empty() -> Self {
        Self::default()
    }

    /// Adds an entity class.
    #[must_use]
    pub fn with_class(mut self, name: impl Into<String>, description: impl Into<String>) -> Self {
        self.entity_classes
            .push(EntityClass::new(name, description));
        self
    }

    /// Adds a relation type.
    #[must_use]
    pub fn with_relation(mut self, relation: RelationType) -> Self {
        self.relation_types.push(relation);
        self
    }

    /// Whether this vocabulary declares no entity class, which means "classification off" (V7).
    #[must_use]
    pub fn classifies_nothing(&self) -> bool {
        self.entity_classes.is_empty()
    }

    /// The entity class called `name`, if declared. Names are case-sensitive.
    #[must_use]
    pub fn class(&self, name: &str) -> Option<&EntityClass> {
        self.entity_classes.iter().find(|c| c.name == name)
    }

    /// The relation type called `name`, if declared. Names are case-sensitive.
    #[must_use]
    pub fn relation(&self, name: &str) -> Option<&RelationType> {
        self.relation_types.iter().find(|r| r.name == name)
    }

    /// Checks every rule of V2–V4: counts, name syntax and length, description length,
    /// duplicates, and signatures that name undeclared classes.
    ///
    /// Names are compared exactly (case-sensitive). A signature listed twice on one relation type
    /// is also rejected: it says nothing the first did not, and is almost always a copy-paste slip.
    ///
    /// # Errors
    /// The first violation, in document order, with the JSON path of the offending field.
    pub fn validate(&self) -> Result<(), Error> {
        check_count(
            "vocabulary.entityClasses",
            self.entity_classes.len(),
            MAX_ENTITY_CLASSES,
        )?;
        check_count(
            "vocabulary.relationTypes",
            self.relation_types.len(),
            MAX_RELATION_TYPES,
        )?;

        for (i, class) in self.entity_classes.iter().enumerate() {
            let at = || format!("vocabulary.entityClasses[{i}]");
            check_name(|| format!("{}.name", at()), &class.name)?;
            check_description(|| format!("{}.description", at()), &class.description)?;
            if self.entity_classes[..i]
                .iter()
                .any(|c| c.name == class.name)
            {
                return Err(Error::Duplicate {
                    field: format!("{}.name", at()),
                    name: class.name.clone(),
                    what: "entity class",
                });
            }
        }

        for (i, relation) in self.relation_types.iter().enumerate() {
            let at = || format!("vocabulary.relationTypes[{i}]");
            check_name(|| format!("{}.name", at()), &relation.name)?;
            check_description(|| format!("{}.description", at()), &relation.description)?;
            if self.relation_types[..i]
                .iter()
                .any(|r| r.name == relation.name)
            {
                return Err(Error::Duplicate {
                    field: format!("{}.name", at()),
                    name: relation.name.clone(),
                    what: "relation type",
                });
            }
            check_count(
                &format!("{}.signatures", at()),
                relation.signatures.len(),
                MAX_SIGNATURES,
            )?;
            for (j, signature) in relation.signatures.iter().enumerate() {
                let sig_at = || format!("{}.signatures[{j}]", at());
                for (end, class) in [
                    ("sourceClass", &signature.source_class),
                    ("targetClass", &signature.target_class),
                ] {
                    if self.class(class).is_none() {
                        return Err(Error::UndeclaredClass {
                            field: format!("{}.{end}", sig_at()),
                            class: class.clone(),
                        });
                    }
                }
                if relation.signatures[..j].contains(signature) {
                    return Err(Error::DuplicateSignature {
                        field: sig_at(),
                        source_class: signature.source_class.clone(),
                        target_class: signature.target_class.clone(),
                    });
                }
            }
        }
        Ok(())
    }
}

fn check_count(field: &str, count: usize, max: usize) -> Result<(), Error> {
    if count > max {
        return Err(Error::TooMany {
            field: field.to_owned(),
            count,
            max,
        });
    }
    Ok(())
}

fn check_name(field: impl Fn() -> String, value: &str) -> Result<(), Error> {
    name::check(value, MAX_NAME_CHARS).map_err(|problem| Error::InvalidName {
        field: field(),
        name: value.to_owned(),
        problem,
    })
}

fn check_description(field: impl Fn() -> String, value: &str) -> Result<(), Error> {
    let len = value.chars().count();
    if len > MAX_DESCRIPTION_CHARS {
        return Err(Error::DescriptionTooLong {
            field: field(),
            len,
            max: MAX_DESCRIPTION_CHARS,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed_example() -> Vocabulary {
        Vocabulary::empty()
            .with_class("Person", "an individual human being, including colleagues")
            .with_class("Organization", "a company, employer, school or agency")
            .with_relation(
                RelationType::new("WORKS_AT", "employment of a person by an organization")
                    .with_signature("Person", "Organization"),
            )
    }

    #[test]
    fn v10_seed_json_shape_is_exact() {
        let json = serde_json::to_value(seed_example()).unwrap();
        let expected = serde_json::json!({
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
        });
        assert_eq!(json, expected);
    }

    #[test]
    fn v1_seed_example_is_valid() {
        assert_eq!(seed_example().validate(), Ok(()));
    }

    #[test]
    fn v4_duplicate_class_names_the_second_occurrence() {
        let v = seed_example().with_class("Person", "again");
        let err = v.validate().unwrap_err();
        assert!(
            matches!(&err, Error::Duplicate { field, .. } if field == "vocabulary.entityClasses[2].name")
        );
        assert!(err.to_string().contains("Person"));
    }

    #[test]
    fn v4_duplicate_relation_type() {
        let v = seed_example().with_relation(RelationType::new("WORKS_AT", ""));
        assert!(matches!(
            v.validate(),
            Err(Error::Duplicate {
                what: "relation type",
                ..
            })
        ));
    }

    #[test]
    fn v4_signature_naming_undeclared_class() {
        let v = Vocabulary::empty()
            .with_class("Person", "")
            .with_relation(RelationType::new("KNOWS", "").with_signature("Person", "Robot"));
        let err = v.validate().unwrap_err();
        assert_eq!(
            err,
            Error::UndeclaredClass {
                field: "vocabulary.relationTypes[0].signatures[0].targetClass".into(),
                class: "Robot".into()
            }
        );
    }

    #[test]
    fn duplicate_signature_is_rejected() {
        let v = seed_example();
        let mut v2 = v.clone();
        v2.relation_types[0].signatures.push(Signature {
            source_class: "Person".into(),
            target_class: "Organization".into(),
        });
        assert!(matches!(
            v2.validate(),
            Err(Error::DuplicateSignature { .. })
        ));
    }

    #[test]
    fn names_are_case_sensitive() {
        let v = Vocabulary::empty()
            .with_class("Person", "")
            .with_class("person", "");
        assert_eq!(v.validate(), Ok(()));
    }
}
