//! The difference between two declarations (V13), for a confirmation step before a replace.

use std::fmt;

use crate::model::{Signature, Vocabulary};

/// What replacing one declaration with another adds, drops and re-describes.
///
/// Entries keep the order of the declaration they come from (dropped ones: the old declaration;
/// everything else: the new one). Replacing is not merging, so everything the old declaration has
/// and the new one lacks is *dropped*.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct VocabularyDiff {
    /// Entity classes only the new declaration has.
    pub added_classes: Vec<String>,
    /// Entity classes only the old declaration has.
    pub dropped_classes: Vec<String>,
    /// Entity classes in both whose description changed.
    pub redescribed_classes: Vec<Redescribed>,
    /// Relation types only the new declaration has.
    pub added_relations: Vec<String>,
    /// Relation types only the old declaration has.
    pub dropped_relations: Vec<String>,
    /// Relation types in both whose description changed.
    pub redescribed_relations: Vec<Redescribed>,
    /// Relation types in both whose signatures changed.
    pub resigned_relations: Vec<Resigned>,
}

/// A class or relation type whose description changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redescribed {
    /// The name, the same in both declarations.
    pub name: String,
    /// The old description.
    pub before: String,
    /// The new description.
    pub after: String,
}

/// A relation type whose signatures changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resigned {
    /// The relation type.
    pub name: String,
    /// Signatures only the new declaration has.
    pub added: Vec<Signature>,
    /// Signatures only the old declaration has.
    pub dropped: Vec<Signature>,
}

impl VocabularyDiff {
    /// The diff from `before` (absent: nothing declared) to `after`.
    #[must_use]
    pub fn between(before: Option<&Vocabulary>, after: &Vocabulary) -> Self {
        let empty = Vocabulary::empty();
        let before = before.unwrap_or(&empty);
        let mut diff = Self::default();

        for class in &after.entity_classes {
            match before.class(&class.name) {
                None => diff.added_classes.push(class.name.clone()),
                Some(old) if old.description != class.description => {
                    diff.redescribed_classes.push(Redescribed {
                        name: class.name.clone(),
                        before: old.description.clone(),
                        after: class.description.clone(),
                    });
                }
                Some(_) => {}
            }
        }
        diff.dropped_classes = before
            .entity_classes
            .iter()
            .filter(|c| after.class(&c.name).is_none())
            .map(|c| c.name.clone())
            .collect();

        for relation in &after.relation_types {
            let Some(old) = before.relation(&relation.name) else {
                diff.added_relations.push(relation.name.clone());
                continue;
            };
            if old.description != relation.description {
                diff.redescribed_relations.push(Redescribed {
                    name: relation.name.clone(),
                    before: old.description.clone(),
                    after: relation.description.clone(),
                });
            }
            let added: Vec<Signature> = relation
                .signatures
                .iter()
                .filter(|s| !old.signatures.contains(s))
                .cloned()
                .collect();
            let dropped: Vec<Signature> = old
                .signatures
                .iter()
                .filter(|s| !relation.signatures.contains(s))
                .cloned()
                .collect();
            if !added.is_empty() || !dropped.is_empty() {
                diff.resigned_relations.push(Resigned {
                    name: relation.name.clone(),
                    added,
                    dropped,
                });
            }
        }
        diff.dropped_relations = before
            .relation_types
            .iter()
            .filter(|r| after.relation(&r.name).is_none())
            .map(|r| r.name.clone())
            .collect();
        diff
    }

    /// Whether the two declarations are the same.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.added_classes.is_empty()
            && self.dropped_classes.is_empty()
            && self.redescribed_classes.is_empty()
            && self.added_relations.is_empty()
            && self.dropped_relations.is_empty()
            && self.redescribed_relations.is_empty()
            && self.resigned_relations.is_empty()
    }
}

/// One line per change, e.g. `+ class Person`, `- relation WORKS_AT`,
/// `~ class Person: "old" -> "new"`, `~ relation WORKS_AT signatures: +Person -> Company`;
/// `no changes` when there are none.
impl fmt::Display for VocabularyDiff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return writeln!(f, "no changes");
        }
        for name in &self.added_classes {
            writeln!(f, "+ class {name}")?;
        }
        for name in &self.dropped_classes {
            writeln!(f, "- class {name}")?;
        }
        for r in &self.redescribed_classes {
            writeln!(f, "~ class {}: {:?} -> {:?}", r.name, r.before, r.after)?;
        }
        for name in &self.added_relations {
            writeln!(f, "+ relation {name}")?;
        }
        for name in &self.dropped_relations {
            writeln!(f, "- relation {name}")?;
        }
        for r in &self.redescribed_relations {
            writeln!(f, "~ relation {}: {:?} -> {:?}", r.name, r.before, r.after)?;
        }
        for r in &self.resigned_relations {
            write!(f, "~ relation {} signatures:", r.name)?;
            for s in &r.added {
                write!(f, " +{} -> {}", s.source_class, s.target_class)?;
            }
            for s in &r.dropped {
                write!(f, " -{} -> {}", s.source_class, s.target_class)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::RelationType;

    #[test]
    fn v13_added_dropped_redescribed() {
        let before = Vocabulary::empty()
            .with_class("Person", "a human")
            .with_class("Party", "")
            .with_relation(RelationType::new("WORKS_AT", "").with_signature("Person", "Party"));
        let after = Vocabulary::empty()
            .with_class("Person", "an individual human being")
            .with_class("Organization", "a company")
            .with_relation(
                RelationType::new("WORKS_AT", "employment")
                    .with_signature("Person", "Organization"),
            )
            .with_relation(RelationType::new("KNOWS", ""));
        let diff = VocabularyDiff::between(Some(&before), &after);
        assert_eq!(diff.added_classes, ["Organization"]);
        assert_eq!(diff.dropped_classes, ["Party"]);
        assert_eq!(
            diff.redescribed_classes[0].after,
            "an individual human being"
        );
        assert_eq!(diff.added_relations, ["KNOWS"]);
        assert!(diff.dropped_relations.is_empty());
        assert_eq!(diff.redescribed_relations[0].name, "WORKS_AT");
        assert_eq!(
            diff.resigned_relations[0].added[0].target_class,
            "Organization"
        );
        assert_eq!(diff.resigned_relations[0].dropped[0].target_class, "Party");
        let text = diff.to_string();
        assert_eq!(
            text,
            "+ class Organization\n- class Party\n~ class Person: \"a human\" -> \"an individual human being\"\n\
             + relation KNOWS\n~ relation WORKS_AT: \"\" -> \"employment\"\n\
             ~ relation WORKS_AT signatures: +Person -> Organization -Person -> Party\n"
        );
    }

    #[test]
    fn v13_from_nothing_everything_is_added() {
        let after = Vocabulary::empty().with_class("Person", "");
        let diff = VocabularyDiff::between(None, &after);
        assert_eq!(diff.added_classes, ["Person"]);
        assert!(VocabularyDiff::between(Some(&after), &after).is_empty());
        assert_eq!(
            VocabularyDiff::between(Some(&after), &after).to_string(),
            "no changes\n"
        );
    }
}
