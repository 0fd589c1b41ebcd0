//! `kenning memory`: capsules (put, get, retrieve, supersede, lifecycle, forget) and graph
//! commits. `import` lives in `import.rs`.

use std::process::ExitCode;

use anyhow::Context as _;
use kenning::{
    Capsule, CapsuleId, FactTime, Fusion, GraphCommit, Lane, Lifecycle, LifecycleChange,
    NewCapsule, RetrieveRequest,
};

use crate::cli::{
    CapsuleArgs, CommitGraphArgs, ConfirmArgs, LaneArg, LifecycleArgs, MemoryCommand, Output,
    PutArgs, RetrieveArgs, SupersedeArgs,
};
use crate::session::Session;
use crate::{import, input, output};

/// How to go on when a confirmation cannot be asked.
pub(crate) const CONFIRM_HINT: &str = "Pass --yes to go ahead without asking";

/// Characters of content shown in one table cell.
pub(crate) const CONTENT_CELL_CHARS: usize = 72;

pub(crate) fn run(session: &Session, cmd: MemoryCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        MemoryCommand::Put(args) => put(session, &args),
        MemoryCommand::Get { id, output } => get(session, id, output),
        MemoryCommand::Retrieve(args) => retrieve(session, &args),
        MemoryCommand::Import(args) => import::run(session, &args),
        MemoryCommand::Supersede(args) => supersede(session, &args),
        MemoryCommand::Quarantine(args) => change(session, &args, LifecycleChange::Quarantine),
        MemoryCommand::Release(args) => change(session, &args, LifecycleChange::Release),
        MemoryCommand::Archive(args) => change(session, &args, LifecycleChange::Archive),
        MemoryCommand::Unarchive(args) => change(session, &args, LifecycleChange::Unarchive),
        MemoryCommand::Falsify(args) => falsify(session, &args),
        MemoryCommand::Freshness(args) => {
            let deadline = match args.until {
                Some(t) => LifecycleChange::FreshUntil(t),
                None => LifecycleChange::ClearFreshness,
            };
            change(session, &args.target, deadline)
        }
        MemoryCommand::Forget(args) => forget(session, &args),
        MemoryCommand::CommitGraph(args) => commit_graph(session, &args),
    }
}

/// The capsule the flags describe, in `scope`.
fn new_capsule(scope: &str, args: &CapsuleArgs) -> anyhow::Result<NewCapsule> {
    let mut capsule =
        NewCapsule::new(scope, input::content(args.content.as_deref())?).origin(args.origin);
    for (key, value) in &args.metadata {
        capsule = capsule.meta(key, value);
    }
    if let (Some(from), Some(until)) = (args.valid_from, args.valid_until)
        && from > until
    {
        return Err(output::Coded {
            code: Some(kenning::ErrorCode::InvalidArgument),
            message: format!(
                "--valid-from {from} is after --valid-until {until}: swap them (for a single \
                 instant give both the same time)"
            ),
        }
        .into());
    }
    if args.valid_from.is_some() || args.valid_until.is_some() {
        capsule = capsule.fact_time(FactTime {
            valid_from: args.valid_from,
            valid_until: args.valid_until,
        });
    }
    if let Some(deadline) = args.fresh_until {
        capsule = capsule.fresh_until(deadline);
    }
    if let (Some(thread), Some(position)) = (&args.thread, args.position) {
        capsule = capsule.thread(thread, position);
    }
    Ok(capsule)
}

fn print_id(id: CapsuleId, output: Output) -> anyhow::Result<()> {
    match output {
        Output::Json => output::json(&serde_json::json!({ "id": id })),
        Output::Table | Output::Name => {
            output::print(&format!("{id}\n"));
            Ok(())
        }
    }
}

fn put(session: &Session, args: &PutArgs) -> anyhow::Result<ExitCode> {
    let capsule = new_capsule(&args.scope, &args.capsule)?;
    let id = session
        .store
        .put(&session.who, &capsule)
        .map_err(|e| output::flagged(e, &[("scope", "--scope"), ("metadata", "--meta")]))?;
    print_id(id, args.capsule.output)?;
    Ok(ExitCode::SUCCESS)
}

fn supersede(session: &Session, args: &SupersedeArgs) -> anyhow::Result<ExitCode> {
    let scope = match &args.scope {
        Some(scope) => scope.clone(),
        None => session.store.capsule(&session.who, args.id)?.scope,
    };
    let replacement = new_capsule(&scope, &args.capsule)?;
    let id = session
        .store
        .supersede(&session.who, args.id, &replacement)?;
    print_id(id, args.capsule.output)?;
    Ok(ExitCode::SUCCESS)
}

fn get(session: &Session, id: CapsuleId, output: Output) -> anyhow::Result<ExitCode> {
    let capsule = session.store.capsule(&session.who, id)?;
    match output {
        Output::Json => output::json(&capsule)?,
        Output::Name => output::print(&format!("{}\n", capsule.id)),
        Output::Table => output::record(&describe(&capsule)),
    }
    Ok(ExitCode::SUCCESS)
}

/// The rows of `kenning memory get`: every field that is set, content last and in full.
fn describe(c: &Capsule) -> Vec<(&'static str, String)> {
    let mut rows = vec![
        ("ID", c.id.to_string()),
        ("SCOPE", c.scope.clone()),
        ("ORIGIN", c.origin.to_string()),
        ("CREATED", c.created.to_string()),
    ];
    if let Some(ft) = &c.fact_time {
        rows.push(("FACT TIME", fact_time(ft)));
    }
    if !c.metadata.is_empty() {
        rows.push(("METADATA", metadata(c)));
    }
    if let Some(old) = c.supersedes {
        rows.push(("SUPERSEDES", old.to_string()));
    }
    rows.push(("STATE", state(&c.lifecycle)));
    if let Some(deadline) = c.lifecycle.fresh_until {
        rows.push(("FRESH UNTIL", deadline.to_string()));
    }
    rows.push(("CONTENT", c.content.clone()));
    rows
}

/// `FROM .. UNTIL`, an open side written as `…`.
pub(crate) fn fact_time(ft: &FactTime) -> String {
    let side = |t: Option<kenning::Timestamp>| t.map_or_else(|| "…".to_owned(), |t| t.to_string());
    match (ft.valid_from, ft.valid_until) {
        (Some(from), Some(until)) if from == until => format!("at {from}"),
        (from, until) => format!("{} .. {}", side(from), side(until)),
    }
}

/// `key=value` pairs, comma-separated, in key order.
pub(crate) fn metadata(c: &Capsule) -> String {
    c.metadata
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `live`, or the fences that are up (`superseded by cap-4`, `stale`, ...).
pub(crate) fn state(l: &Lifecycle) -> String {
    let fences: Vec<String> = l
        .fences()
        .into_iter()
        .map(|f| match (f, l.superseded_by) {
            (kenning::Fence::Superseded, Some(by)) => format!("superseded by {by}"),
            _ => f.to_string(),
        })
        .collect();
    if fences.is_empty() {
        "live".to_owned()
    } else {
        fences.join(", ")
    }
}

fn change(
    session: &Session,
    args: &LifecycleArgs,
    change: LifecycleChange,
) -> anyhow::Result<ExitCode> {
    let lifecycle = session
        .store
        .change_lifecycle(&session.who, args.id, change)?;
    print_lifecycle(args.id, &lifecycle, args.output)?;
    Ok(ExitCode::SUCCESS)
}

fn print_lifecycle(id: CapsuleId, lifecycle: &Lifecycle, output: Output) -> anyhow::Result<()> {
    match output {
        Output::Json => output::json(lifecycle)?,
        Output::Name => output::print(&format!("{id}\n")),
        Output::Table => {
            let mut text = format!("{id}  {}\n", state(lifecycle));
            if let Some(deadline) = lifecycle.fresh_until {
                text.push_str(&format!("fresh until {deadline}\n"));
            }
            output::print(&text);
        }
    }
    Ok(())
}

/// Shows what is about to go and asks, unless `--yes`. A principal that may write but not read
/// is asked without the preview.
fn confirmed(session: &Session, args: &ConfirmArgs, question: &str) -> anyhow::Result<bool> {
    if args.yes {
        return Ok(true);
    }
    input::can_ask(CONFIRM_HINT)?;
    match session.store.capsule(&session.who, args.target.id) {
        Ok(c) => output::note(&format!(
            "{}  {}  {}",
            c.id,
            c.scope,
            output::one_line(&c.content, CONTENT_CELL_CHARS)
        )),
        Err(e) if e.code() == kenning::ErrorCode::PermissionDenied => {}
        Err(e) => return Err(e.into()),
    }
    let confirmed = input::confirm(question, CONFIRM_HINT)?;
    if !confirmed {
        output::note("aborted: nothing was written");
    }
    Ok(confirmed)
}

fn falsify(session: &Session, args: &ConfirmArgs) -> anyhow::Result<ExitCode> {
    let question = format!(
        "Mark {} as false? This is final: it leaves recall for good.",
        args.target.id
    );
    if !confirmed(session, args, &question)? {
        return Ok(ExitCode::from(1));
    }
    change(session, &args.target, LifecycleChange::Falsify)
}

fn forget(session: &Session, args: &ConfirmArgs) -> anyhow::Result<ExitCode> {
    let id = args.target.id;
    let question = format!("Forget {id}? Its record, index entries and sidecars are removed.");
    if !confirmed(session, args, &question)? {
        return Ok(ExitCode::from(1));
    }
    session.store.forget(&session.who, id)?;
    match args.target.output {
        Output::Json => output::json(&serde_json::json!({ "forgotten": id }))?,
        Output::Name => output::print(&format!("{id}\n")),
        Output::Table => output::print(&format!("forgot {id}\n")),
    }
    Ok(ExitCode::SUCCESS)
}

/// A query embedding given inline as a JSON array, as `@FILE`, or as `-` (standard input).
fn query_embedding(source: &str) -> anyhow::Result<Vec<f32>> {
    let text = if source == "-" {
        std::io::read_to_string(std::io::stdin()).context("reading the embedding from stdin")?
    } else if let Some(path) = source.strip_prefix('@') {
        std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?
    } else {
        source.to_owned()
    };
    let values: Vec<f64> = serde_json::from_str(&text).map_err(|e| output::Coded {
        code: Some(kenning::ErrorCode::InvalidArgument),
        message: format!(
            "--embedding: expected a JSON array of numbers such as [0.12, -0.5, 0.33] ({})",
            e.to_string().replace("expected f64", "expected a number")
        ),
    })?;
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            #[expect(clippy::cast_possible_truncation, reason = "checked against the range")]
            let narrow = v as f32;
            if narrow.is_finite() {
                Ok(narrow)
            } else {
                Err(output::Coded {
                    code: Some(kenning::ErrorCode::InvalidArgument),
                    message: format!(
                        "--embedding[{i}]: {v:e} is out of the f32 range (±{:e}): an embedding \
                         holds f32 values; normalise the vector, or check the model's output",
                        f32::MAX
                    ),
                }
                .into())
            }
        })
        .collect()
}

/// A store error from `retrieve`, its field named by the flag or argument that set it.
fn retrieve_error(e: kenning::Error) -> anyhow::Error {
    output::flagged(
        e,
        &[
            ("fusion.k", "--rrf-k"),
            ("fusion.term_weight", "--weights (TERM)"),
            ("fusion.vector_weight", "--weights (VECTOR)"),
            ("fusion.depth", "--limit"),
            ("query_embedding", "--embedding"),
            ("limit", "--limit"),
            ("scope", "--scope"),
            ("query", "QUERY"),
        ],
    )
}

fn retrieve(session: &Session, args: &RetrieveArgs) -> anyhow::Result<ExitCode> {
    let mut request = match (&args.query, &args.embedding) {
        (Some(query), _) => RetrieveRequest::new(&args.scope, query),
        // The embedding itself is read and set below.
        (None, Some(_)) => RetrieveRequest::by_embedding(&args.scope, Vec::new()),
        (None, None) => anyhow::bail!(
            "give the query words, or --embedding with the query's vector for the vector lane"
        ),
    }
    .lane(match args.lane {
        LaneArg::Auto => Lane::Auto,
        LaneArg::Term => Lane::Term,
        LaneArg::Vector => Lane::Vector,
        LaneArg::Fused => Lane::Fused,
    })
    .limit(args.limit);
    if let Some(window) = args.window {
        request = request.window(window);
    }
    if let Some(source) = &args.embedding {
        request = request.embedding(query_embedding(source)?);
    }
    if args.rrf_k.is_some() || args.weights.is_some() {
        let mut fusion = Fusion::default();
        if let Some(k) = args.rrf_k {
            fusion = fusion.with_k(k);
        }
        if let Some((term, vector)) = args.weights {
            fusion = fusion.with_weights(term, vector);
        }
        request = request.fusion(fusion);
    }
    let found = session
        .store
        .retrieve(&session.who, &request)
        .map_err(retrieve_error)?;
    match args.output {
        Output::Json => output::json(&found)?,
        Output::Name => output::print(
            &found
                .hits
                .iter()
                .map(|h| format!("{}\n", h.capsule.id))
                .collect::<String>(),
        ),
        Output::Table if found.hits.is_empty() => output::note(&format!(
            "nothing in {} answers {:?} ({} lane)",
            args.scope,
            args.query.as_deref().unwrap_or_default(),
            found.lane
        )),
        Output::Table if found.lane == Lane::Fused => {
            let place = |lane: Option<kenning::LaneScore>| {
                lane.map_or("-".to_owned(), |l| format!("#{}", l.rank))
            };
            let rows: Vec<[String; 6]> = found
                .hits
                .iter()
                .zip(1..)
                .map(|(h, rank): (_, usize)| {
                    [
                        rank.to_string(),
                        h.capsule.id.to_string(),
                        format!("{:.4}", h.score),
                        place(h.term),
                        place(h.vector),
                        output::one_line(&h.capsule.content, CONTENT_CELL_CHARS),
                    ]
                })
                .collect();
            output::table(["RANK", "ID", "SCORE", "TERM", "VECTOR", "CONTENT"], &rows);
        }
        Output::Table => {
            let rows: Vec<[String; 4]> = found
                .hits
                .iter()
                .zip(1..)
                .map(|(h, rank): (_, usize)| {
                    [
                        rank.to_string(),
                        h.capsule.id.to_string(),
                        format!("{:.3}", h.score),
                        output::one_line(&h.capsule.content, CONTENT_CELL_CHARS),
                    ]
                })
                .collect();
            output::table(["RANK", "ID", "SCORE", "CONTENT"], &rows);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn commit_graph(session: &Session, args: &CommitGraphArgs) -> anyhow::Result<ExitCode> {
    let text = input::document(&args.document)?;
    let commit: GraphCommit = serde_json::from_str(&text).map_err(|e| output::Coded {
        code: Some(kenning::ErrorCode::InvalidArgument),
        message: format!(
            "the commit document is not a graph commit: {e}; write {{\"nodes\": [{{\"id\": \
             \"ada\", \"label\": \"Ada\", \"nodeType\": \"Person\"}}], \"edges\": [...]}}"
        ),
    })?;
    let report = session
        .store
        .commit_graph(&session.who, &args.scope, &commit)?;
    match args.output {
        Output::Json => output::json(&report)?,
        Output::Name => output::print(
            &commit
                .nodes
                .iter()
                .map(|n| format!("{}\n", n.id))
                .collect::<String>(),
        ),
        Output::Table => {
            let mut text = format!(
                "nodes: {} created, {} replaced, {}\nedges: {} created, {} replaced\n",
                report.nodes_created,
                report.nodes_replaced,
                output::plural(
                    report.classes_assigned,
                    "class assigned",
                    "classes assigned"
                ),
                report.edges_created,
                report.edges_replaced
            );
            for kept in &report.classes_kept {
                text.push_str(&format!(
                    "kept class {} of node {} (the write gave {}: a node's first class sticks)\n",
                    kept.stored, kept.id, kept.given
                ));
            }
            output::print(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}
