//! The README's Rust blocks, verbatim and in order, as one program: `cargo run --example readme`.
//!
//! Each block of `README.md` continues the one before (the tour opens a store, the next block
//! uses it), so they are checked here as the one program they form rather than as separate
//! doctests: `cargo test` compiles this example and runs it (the test below calls `main`), and
//! fails if any README block is not found here, character for character. Edit a block in the
//! README, then paste it here; the program runs in a fresh temporary directory.
//!
//! `my_model` stands in for your embedding model: any function from text to a fixed-length
//! vector.

#![allow(clippy::print_stdout, unused_variables)]

use std::error::Error;

/// A stand-in for the caller's embedding model: 8 components hashed from the words.
struct Model;

impl Model {
    fn embed(&self, text: &str) -> Vec<f32> {
        let mut v = vec![0.01f32; 8];
        for word in text.split_whitespace() {
            let h = word.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            });
            v[(h % 8) as usize] += 1.0;
        }
        v
    }
}

// The README's lines as the README has them, not as rustfmt would have them.
#[rustfmt::skip]
fn main() -> Result<(), Box<dyn Error>> {
    let dir = tempfile::tempdir()?;
    std::env::set_current_dir(dir.path())?;
    let my_model = Model;

    // README block 1
    use kenning::{Kenning, Level, Principal, RelationType, ScopeKind, Vocabulary};

    let store = Kenning::open("memory.redb")?;          // creates the file, locks it for this process
    let ops = Principal::operator("ops");                // every permission, every scope

    store.register_scope(&ops, "bot.support", ScopeKind::Agent)?;

    // The enterprise vocabulary is the default for every scope ...
    let people = Vocabulary::empty()
        .with_class("Person", "an individual human being, including colleagues")
        .with_class("Organization", "a company, employer, school or agency")
        .with_relation(
            RelationType::new("WORKS_AT", "employment of a person by an organization")
                .with_signature("Person", "Organization"),
        );
    store.declare_vocabulary(&ops, Level::Enterprise, &people)?;

    // ... a scope can replace it outright, or declare an empty one to turn classification off.
    store.declare_vocabulary(&ops, Level::Scope("bot.support"), &Vocabulary::empty())?;

    let read = store.vocabulary(&ops, Level::Scope("bot.support"))?;
    assert!(read.declaration.is_some() && read.resolved.is_none()); // deliberately OFF

    // README block 2
    use kenning::{Edge, ExtractedEntity, Extraction, GraphQuery};

    store.register_scope(&ops, "bot.sales", ScopeKind::Agent)?;   // inherits the enterprise vocabulary
    let formation = store.start_formation(&ops, "bot.sales")?;   // snapshots what resolves there
    let prompt = formation.prompt();                             // for *your* extraction model
    let extracted = Extraction::new()
        .entity(ExtractedEntity::new("ada", "Ada Lovelace").candidate("Person"))
        .entity(ExtractedEntity::new("acme", "Acme").candidate("Organization"))
        .relationship(Edge::new("ada", "WORKS_AT", "acme"));
    store.commit_formation(&ops, &formation, &extracted)?;
    let query = GraphQuery::parse(r#"{"graph": {"start": {"filters": [{"key": "NodeType", "value": "Person"}]},
                                                "traverse": {"relationTypes": ["WORKS_AT"]}, "limit": 50}}"#)?;
    let answer = store.query_graph(&ops, "bot.sales", &query)?;     // Ada, and where she works

    // README block 3
    use kenning::{FactTime, LifecycleChange, NewCapsule, Origin, RetrieveRequest, TimeWindow, Timestamp};

    let ids = store.put_batch(&ops, &[
        NewCapsule::new("bot.support", "Ana prefers email over phone calls.").origin(Origin::OwnerStated),
        NewCapsule::new("bot.support", "Call with Ana: the renewal is due in June.")
            .fact_time(FactTime::at(Timestamp::parse("at", "2024-03-04T09:30:00Z")?))
            .meta("source", "call-notes"),
    ])?;                                                   // ids print as cap-1, cap-2

    let found = store.retrieve(&ops, &RetrieveRequest::new("bot.support", "how do we reach Ana?"))?;
    let best = &found.hits[0];                             // capsule, score, term-lane rank and score

    let fixed = store.supersede(&ops, ids[0], &NewCapsule::new("bot.support", "Ana now prefers chat."))?;
    store.change_lifecycle(&ops, ids[1], LifecycleChange::Quarantine)?;  // out of recall, kept
    store.forget(&ops, ids[1])?;                           // gone: record, index entries, sidecars

    let spring = TimeWindow::between(Timestamp::parse("from", "2024-03-01T00:00:00Z")?,
                                     Timestamp::parse("until", "2024-05-31T00:00:00Z")?);
    store.retrieve(&ops, &RetrieveRequest::new("bot.support", "renewal").window(spring))?;

    // README block 4
    use kenning::{ClassifyRequest, EvidenceState, Kind};

    let advice = store.classify(&ops, &ClassifyRequest::new("Decidimos manter os dados na UE."))?;
    // {"kind": "decision", "scope": "project", "authority_class": "agent-inferred",
    //  "instruction_taint": false, "persisted": false, ...}

    let mut request = ClassifyRequest::new("Ana now prefers chat.");
    request.kind = Some(Kind::Fact);                        // no entity anchor: K4 derives nothing
    request.capsule_id = Some(fixed.to_string());          // persist as the capsule's label
    request.epistemics.evidence_state = Some(EvidenceState::Observed);
    let answer = store.classify(&ops, &request)?;           // content_matches_capsule: true
    let label = store.capsule(&ops, fixed)?.classification;  // also on every retrieval hit

    // README block 5
    use kenning::{Fusion, Lane};

    let ana = store.put(&ops, &NewCapsule::new("bot.support", "Ana answers chat faster than email."))?;
    let bills = store.put(&ops, &NewCapsule::new("bot.support", "Invoices go to the finance mailbox."))?;
    let v = my_model.embed("Ana answers chat faster than email.");    // e.g. 384 f32s
    store.attach_embedding(&ops, ana, &v, "all-MiniLM-L6-v2")?;       // {recorded: true, replaced: false}
    let w = my_model.embed("Invoices go to the finance mailbox.");
    store.attach_embeddings(&ops, &[(bills, &w)], "all-MiniLM-L6-v2")?;  // a batch: one transaction
    store.embeddings(&ops, "bot.support")?;                           // {capsule_id, dimension, model_tag}, append order

    let q = my_model.embed("how do we reach Ana?");
    let request = RetrieveRequest::new("bot.support", "how do we reach Ana?").embedding(q.clone());
    let found = store.retrieve(&ops, &request)?;                      // auto + embedding = fused
    let best = &found.hits[0];              // fused score; best.term and best.vector: rank and score per lane
    store.retrieve(&ops, &request.lane(Lane::Vector))?;               // cosine alone
    store.retrieve(&ops, &RetrieveRequest::new("bot.support", "reach Ana").embedding(q)
        .fusion(Fusion::rrf().with_k(60.0).with_weights(1.0, 0.5)))?; // RRF, with its parameters

    // README block 6
    use kenning::Context;
    store.put(&ops, &NewCapsule::new("bot.support", "Ana: can you recommend a book?").thread("chat-7", 1))?;
    store.put(&ops, &NewCapsule::new("bot.support", "Bo: Dune, for the desert politics.").thread("chat-7", 2))?;
    let asked = RetrieveRequest::new("bot.support", "what book did Bo recommend to Ana?");
    store.retrieve(&ops, &asked)?;                                    // turn 2, lifted by turn 1
    store.retrieve(&ops, &asked.context(Context::none()))?;           // each capsule on its own
    // What the block's comments say: Bo's answer, which names no word of the question but
    // "Bo", scores higher with its thread than on its own.
    let score_of_answer = |r: kenning::Retrieval| {
        r.hits
            .iter()
            .find(|h| h.capsule.content.starts_with("Bo: Dune"))
            .map_or(0.0, |h| h.score)
    };
    let asked = RetrieveRequest::new("bot.support", "what book did Bo recommend to Ana?");
    let with = score_of_answer(store.retrieve(&ops, &asked)?);
    let alone = score_of_answer(store.retrieve(&ops, &asked.context(Context::none()))?);
    assert!(with > alone, "with its thread {with}, alone {alone}");

    // README block 7
    let snap = store.snapshot(&ops)?;                 // one committed state, whatever commits meanwhile
    let words = snap.retrieve(&RetrieveRequest::new("bot.support", "reach Ana"))?;
    let facts = snap.query_graph("bot.support", &query)?;                  // the same state
    store.transaction(&ops, |tx| {
        let id = tx.put(&NewCapsule::new("bot.support", "Ana moved to the Lisbon office."))?;
        tx.attach_embedding(id, &my_model.embed("Ana moved to the Lisbon office."), "all-MiniLM-L6-v2")?;
        tx.supersede(ana, &NewCapsule::new("bot.support", "Ana answers chat, from Lisbon."))?;
        Ok(())
    })?;

    // README block 8
    use kenning::{Declaration, Format};
    let body = r#"{"scopeId": "bot.support", "vocabulary": {"entityClasses": [{"name": "Person"}]}}"#;
    store.declare(&ops, &Declaration::parse(body, Format::Auto)?)?;   // JSON or YAML, wrapper optional
    println!("{}", serde_json::to_string(&store.vocabulary(&ops, Level::Scope("bot.support"))?)?);

    println!("every README block ran");
    Ok(())
}

#[cfg(test)]
mod tests {
    /// Every Rust block of the README, in order.
    fn readme_blocks() -> Vec<String> {
        let readme = include_str!("../README.md");
        let mut blocks = Vec::new();
        let mut current: Option<String> = None;
        for line in readme.lines() {
            match (&mut current, line) {
                (None, "```rust") => current = Some(String::new()),
                (Some(block), "```") => {
                    blocks.push(std::mem::take(block));
                    current = None;
                }
                (Some(block), line) => {
                    block.push_str(line);
                    block.push('\n');
                }
                (None, _) => {}
            }
        }
        blocks
    }

    #[test]
    fn every_readme_block_is_here_verbatim_and_in_order() {
        let here: String = include_str!("readme.rs")
            .lines()
            .map(|l| l.strip_prefix("    ").unwrap_or(l).trim_end())
            .collect::<Vec<_>>()
            .join("\n");
        let blocks = readme_blocks();
        assert!(blocks.len() >= 8, "{} blocks", blocks.len());
        let mut from = 0;
        for (i, block) in blocks.iter().enumerate() {
            let block: String = block
                .lines()
                .map(str::trim_end)
                .collect::<Vec<_>>()
                .join("\n");
            let at = here[from..].find(&block).map(|at| from + at);
            assert!(
                at.is_some(),
                "README block {} is not in examples/readme.rs verbatim after block {i}:\n{block}",
                i + 1
            );
            from = at.unwrap_or(from) + block.len();
        }
    }

    #[test]
    fn the_readme_program_runs() {
        super::main().map_err(|e| e.to_string()).unwrap();
    }
}
