//! Nothing acknowledged is lost when the process dies: a child process writes in a loop (batches
//! with embeddings, attaches, supersessions, forgets, and transactions of graph edges with a
//! capsule and its embedding) and reports each call before it makes it and each acknowledgement
//! after; the parent kills it with SIGKILL at a random moment, reopens the store, and checks it
//! against a model of every acknowledged call: every capsule, embedding, fence, node and edge is
//! there, nothing is there that no call wrote (the call in flight may have committed, whole or
//! not at all), and every lane answers through `retrieve` exactly as the tables say: once as
//! rebuilt after the kill, and once more after a clean close and reopen, from the vector copy
//! the close saved. Then the next child starts on the same file, from that saved copy (C1, C4,
//! U1, R2).
//!
//! The run count is `KENNING_KILL_RUNS` (default 12, a few seconds); the slow campaign in
//! `docs/durability.md` runs it with a thousand. Every `KENNING_KILL_FILE_RUNS` kills (default
//! 50) the children move on to a fresh file, so that the check after each kill (every capsule
//! through every lane) stays the size of fifty children's writes, not of a thousand.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout,
    clippy::print_stderr
)]

mod support;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use kenning::{CapsuleId, Edge, GraphCommit, Kenning, NewCapsule, Node, Principal, ScopeKind};
use serde_json::{Value, json};
use support::{CapsuleView, MODEL, Model, bits, check_lanes, observe, vector};

const CHILD: &str = "KENNING_KILL_CHILD";
const SCOPE: &str = "bot.kill";

/// The seed of the vector of capsule `j` of call `i` of the child `pid`.
fn seed(pid: u32, i: u64, j: u64) -> u64 {
    (u64::from(pid) << 32) ^ (i << 4) ^ j
}

/// The child: writes forever. Before each call it prints `call <i> <target>` (the capsule the
/// call acts on, or `-`), after it `ack <i> <kind> <json answer>`.
fn child(path: &str) {
    let kn = Kenning::open(path).unwrap();
    let ops = Principal::operator("child");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    let pid = std::process::id();
    let mut out = std::io::stdout().lock();
    // This child's live capsules, oldest first: the targets of its attaches, supersessions and
    // forgets.
    let mut live: Vec<CapsuleId> = Vec::new();
    for i in 0u64.. {
        let prefix = format!("p{pid}x{i}");
        let kind = match i % 6 {
            0 | 1 => "put",
            2 if !live.is_empty() => "attach",
            3 if live.len() > 2 => "supersede",
            4 if live.len() > 4 => "forget",
            _ => "together",
        };
        let target = match kind {
            "attach" => live.last().copied(),
            "supersede" | "forget" => live.first().copied(),
            _ => None,
        };
        let shown = target.map_or("-".to_owned(), |t| t.to_string());
        writeln!(out, "call {i} {shown}").unwrap();
        out.flush().unwrap();
        let answer: Value = match (kind, target) {
            ("attach", Some(t)) => {
                kn.attach_embedding(&ops, t, &vector(seed(pid, i, 0)), MODEL)
                    .unwrap();
                json!(null)
            }
            ("supersede", Some(t)) => {
                let new = kn
                    .supersede(&ops, t, &NewCapsule::new(SCOPE, format!("{prefix}r memo")))
                    .unwrap();
                live.retain(|c| *c != t);
                live.push(new);
                json!(new.get())
            }
            ("forget", Some(t)) => {
                kn.forget(&ops, t).unwrap();
                live.retain(|c| *c != t);
                json!(null)
            }
            ("put", _) => {
                let batch: Vec<NewCapsule> = (0..3)
                    .map(|j| NewCapsule::new(SCOPE, format!("{prefix}n{j} memo")))
                    .collect();
                let vectors: Vec<Vec<f32>> = (0..3).map(|j| vector(seed(pid, i, j))).collect();
                let embeddings: Vec<Option<&[f32]>> = vectors
                    .iter()
                    .enumerate()
                    .map(|(j, v)| (j != 1).then_some(v.as_slice()))
                    .collect();
                let ids = kn
                    .put_batch_with_embeddings(&ops, &batch, &embeddings, MODEL)
                    .unwrap();
                live.extend(&ids);
                json!(ids.iter().map(|id| id.get()).collect::<Vec<_>>())
            }
            _ => {
                let (a, b) = (format!("{prefix}a"), format!("{prefix}b"));
                let id = kn
                    .transaction(&ops, |tx| {
                        let commit = GraphCommit::new()
                            .node(Node::new(&a, "A"))
                            .node(Node::new(&b, "B"))
                            .edge(Edge::new(&a, "KNOWS", &b));
                        tx.commit_graph(SCOPE, &commit)?;
                        let id = tx.put(&NewCapsule::new(SCOPE, format!("{prefix}t memo")))?;
                        tx.attach_embedding(id, &vector(seed(pid, i, 0)), MODEL)?;
                        Ok(id)
                    })
                    .unwrap();
                live.push(id);
                json!(id.get())
            }
        };
        writeln!(out, "ack {i} {kind} {answer}").unwrap();
        out.flush().unwrap();
    }
}

/// What the parent learned from one child's stdout: its pid, the acknowledged calls, and the
/// call in flight when it died.
#[derive(Default)]
struct Heard {
    pid: u32,
    acked: Vec<(u64, String, Value, Option<u64>)>,
    in_flight: Option<(u64, Option<u64>)>,
}

fn run_child(path: &std::path::Path, millis: u64) -> Heard {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "a_child_killed_at_random_loses_no_acknowledged_call",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env(CHILD, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut heard = Heard {
            pid,
            ..Heard::default()
        };
        let mut calls: BTreeMap<u64, Option<u64>> = BTreeMap::new();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let parts: Vec<&str> = line.splitn(4, ' ').collect();
            match parts.as_slice() {
                ["call", i, target] => {
                    let i: u64 = i.parse().unwrap();
                    let target = target.strip_prefix("cap-").map(|n| n.parse().unwrap());
                    calls.insert(i, target);
                    heard.in_flight = Some((i, target));
                }
                ["ack", i, kind, answer] => {
                    let i: u64 = i.parse().unwrap();
                    let target = calls.get(&i).copied().flatten();
                    heard.acked.push((
                        i,
                        (*kind).to_owned(),
                        serde_json::from_str(answer).unwrap(),
                        target,
                    ));
                    heard.in_flight = None;
                }
                _ => {} // the test harness's own output
            }
        }
        heard
    });
    std::thread::sleep(Duration::from_millis(millis));
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    reader.join().unwrap()
}

/// Applies one acknowledged call of child `pid` to `model`.
fn apply(model: &mut Model, pid: u32, call: &(u64, String, Value, Option<u64>)) {
    let (i, kind, answer, target) = call;
    let prefix = format!("p{pid}x{i}");
    let id_at = |k: usize| answer[k].as_u64().unwrap();
    match (kind.as_str(), target) {
        ("put", _) => {
            for j in 0..3u64 {
                let mut view = CapsuleView::new(SCOPE, format!("{prefix}n{j} memo"));
                view.embedding = (j != 1).then(|| bits(&vector(seed(pid, *i, j))));
                model.capsules.insert(id_at(j as usize), view);
            }
            model.audit += 2;
        }
        ("attach", Some(t)) => {
            model.capsules.get_mut(t).unwrap().embedding = Some(bits(&vector(seed(pid, *i, 0))));
            model.audit += 1;
        }
        ("supersede", Some(t)) => {
            model.capsules.get_mut(t).unwrap().fences = vec!["superseded".into()];
            let new = answer.as_u64().unwrap();
            model
                .capsules
                .insert(new, CapsuleView::new(SCOPE, format!("{prefix}r memo")));
            model.audit += 1;
        }
        ("forget", Some(t)) => {
            model.capsules.remove(t);
            model.audit += 1;
        }
        ("together", _) => {
            let (a, b) = (format!("{prefix}a"), format!("{prefix}b"));
            model.nodes.insert((SCOPE.into(), a.clone()), None);
            model.nodes.insert((SCOPE.into(), b.clone()), None);
            model.edges.insert((SCOPE.into(), a, "KNOWS".into(), b));
            let mut view = CapsuleView::new(SCOPE, format!("{prefix}t memo"));
            view.embedding = Some(bits(&vector(seed(pid, *i, 0))));
            model.capsules.insert(answer.as_u64().unwrap(), view);
            model.audit += 1;
        }
        other => panic!("unknown acknowledgement {other:?}"),
    }
}

/// What `seen` holds beyond or short of `model` that the call in flight (child `pid`, call `i`
/// acting on `target`) cannot explain: each problem, described.
fn unexplained(
    model: &Model,
    seen: &Model,
    pid: u32,
    in_flight: Option<(u64, Option<u64>)>,
) -> Vec<String> {
    let flight_prefix = in_flight.map(|(i, _)| format!("p{pid}x{i}"));
    // What the call in flight wrote after its prefix (`n0 memo`, `r memo`, `a`, ...), if `text`
    // is one of its.
    let flight_suffix = |text: &str| -> Option<String> {
        let rest = text.strip_prefix(flight_prefix.as_deref()?)?;
        (!rest.starts_with(|c: char| c.is_ascii_digit())).then(|| rest.to_owned())
    };
    let by_flight = |text: &str| flight_suffix(text).is_some();
    let target = in_flight.and_then(|(_, t)| t);
    let mut problems = Vec::new();
    for (id, want) in &model.capsules {
        match seen.capsules.get(id) {
            Some(got) if got == want => {}
            _ if target == Some(*id) => {} // the call in flight changed or forgot it
            got => problems.push(format!("cap-{id}: acknowledged {want:?}, found {got:?}")),
        }
    }
    let extra: Vec<&CapsuleView> = seen
        .capsules
        .iter()
        .filter(|(id, _)| !model.capsules.contains_key(id))
        .map(|(_, c)| c)
        .collect();
    for c in &extra {
        if !by_flight(&c.content) {
            problems.push(format!("{:?} is stored but no call wrote it", c.content));
        }
    }
    let batch = extra
        .iter()
        .filter(|c| flight_suffix(&c.content).is_some_and(|s| s.starts_with('n')))
        .count();
    if ![0, 3].contains(&batch) {
        problems.push(format!("the batch in flight is partial: {batch} of 3"));
    }
    for (key, class) in &model.nodes {
        if seen.nodes.get(key) != Some(class) {
            problems.push(format!("node {key:?} is lost"));
        }
    }
    for key in seen.nodes.keys() {
        if !model.nodes.contains_key(key) && !by_flight(&key.1) {
            problems.push(format!("node {key:?} is stored but no call wrote it"));
        }
    }
    for edge in &model.edges {
        if !seen.edges.contains(edge) {
            problems.push(format!("edge {edge:?} is lost"));
        }
    }
    for edge in seen.edges.difference(&model.edges) {
        if !by_flight(&edge.1) {
            problems.push(format!("edge {edge:?} is stored but no call wrote it"));
        }
    }
    problems
}

#[test]
fn a_child_killed_at_random_loses_no_acknowledged_call() {
    if let Ok(path) = std::env::var(CHILD) {
        child(&path);
        return;
    }
    let runs: u64 = std::env::var("KENNING_KILL_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let per_file: u64 = std::env::var("KENNING_KILL_FILE_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50)
        .max(1);
    let dir = tempfile::tempdir().unwrap();
    let mut path = dir.path().join("killed-0.redb");
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let (mut total_acked, mut lost) = (0usize, 0usize);
    let mut model = Model::default();
    for run in 0..runs {
        if run > 0 && run % per_file == 0 {
            std::fs::remove_file(&path).unwrap();
            path = dir.path().join(format!("killed-{run}.redb"));
            model = Model::default();
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let millis = 150 + seed % 700;
        let heard = run_child(&path, millis);
        model.scopes.insert(SCOPE.into());
        for call in &heard.acked {
            apply(&mut model, heard.pid, call);
        }

        let kn = Kenning::open(&path).unwrap_or_else(|e| panic!("run {run}: reopen failed: {e}"));
        let seen = observe(&kn);
        for problem in unexplained(&model, &seen, heard.pid, heard.in_flight) {
            lost += 1;
            eprintln!("run {run}: {problem}");
        }
        // Recall answers from the derived copies rebuilt on open: they must match the tables.
        for problem in check_lanes(&kn, &seen) {
            lost += 1;
            eprintln!("run {run}: {problem}");
        }
        let log = kn
            .audit_log(&Principal::operator("parent"), 0, usize::MAX)
            .unwrap();
        for (i, r) in log.iter().enumerate() {
            assert_eq!(r.seq, i as u64 + 1, "run {run}: audit gap");
        }
        // Closed cleanly, the store saves its vector copy; the next open reads it back instead
        // of rebuilding, and must answer the same (the next child writes on top of it).
        drop(kn);
        let kn = Kenning::open(&path).unwrap_or_else(|e| panic!("run {run}: reopen failed: {e}"));
        for problem in check_lanes(&kn, &seen) {
            lost += 1;
            eprintln!("run {run}, reopened from the saved copy: {problem}");
        }
        drop(kn);
        total_acked += heard.acked.len();
        // The next child goes on from what this one left, the call in flight included.
        model = seen;
    }
    println!(
        "{runs} kills ({} files), {total_acked} acknowledged calls, {lost} problems",
        runs.div_ceil(per_file)
    );
    assert_eq!(lost, 0);
    assert!(
        total_acked > runs as usize,
        "the children committed something"
    );
}
