//! Nothing acknowledged is lost when the process dies: a child process commits in a loop and
//! reports each acknowledged commit on stdout; the parent kills it with SIGKILL at a random
//! moment, reopens the store and checks every acknowledged commit, then starts the next child
//! on the same file (C1, C4, U1).
//!
//! The run count is `KENNING_KILL_RUNS` (default 12, a few seconds); the slow campaign in
//! `docs/durability.md` runs it with thousands.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use kenning::{CapsuleId, GraphCommit, Kenning, NewCapsule, Node, Principal, ScopeKind};

const CHILD: &str = "KENNING_KILL_CHILD";
const SCOPE: &str = "bot.kill";

/// The child: commits forever, one line per acknowledged commit:
/// `put <id> <content>`, `batch <first-id> <n> <tag>` or `graph <node-id>`.
fn child(path: &str) {
    let kn = Kenning::open(path).unwrap();
    let ops = Principal::operator("child");
    kn.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    let pid = std::process::id();
    let mut out = std::io::stdout().lock();
    for i in 0u64.. {
        match i % 3 {
            0 | 1 => {
                let content = format!("p{pid} note {i}");
                let id = kn.put(&ops, &NewCapsule::new(SCOPE, &content)).unwrap();
                writeln!(out, "put {id} {content}").unwrap();
            }
            _ => {
                let tag = format!("b{pid}x{i}");
                let batch: Vec<NewCapsule> = (0..5)
                    .map(|j| NewCapsule::new(SCOPE, format!("{tag} item {j}")))
                    .collect();
                let ids = kn.put_batch(&ops, &batch).unwrap();
                let node = format!("n{pid}x{i}");
                kn.commit_graph(
                    &ops,
                    SCOPE,
                    &GraphCommit::new().node(Node::new(&node, &tag).with_type("Batch")),
                )
                .unwrap();
                writeln!(out, "batch {} {} {tag}", ids[0], ids.len()).unwrap();
                writeln!(out, "graph {node}").unwrap();
            }
        }
        out.flush().unwrap();
    }
}

/// What the parent learned from one child's stdout.
#[derive(Default)]
struct Acked {
    puts: BTreeMap<CapsuleId, String>,
    batches: Vec<(CapsuleId, u64, String)>,
    nodes: Vec<String>,
}

fn run_child(path: &std::path::Path, millis: u64) -> Acked {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "a_child_killed_at_random_loses_no_acknowledged_commit",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env(CHILD, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut acked = Acked::default();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let parts: Vec<&str> = line.splitn(4, ' ').collect();
            match parts.as_slice() {
                ["put", id, rest @ ..] => {
                    acked.puts.insert(id.parse().unwrap(), rest.join(" "));
                }
                ["batch", first, n, tag] => {
                    acked.batches.push((
                        first.parse().unwrap(),
                        n.parse().unwrap(),
                        (*tag).to_owned(),
                    ));
                }
                ["graph", node] => acked.nodes.push((*node).to_owned()),
                _ => {} // the test harness's own output
            }
        }
        acked
    });
    std::thread::sleep(Duration::from_millis(millis));
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    reader.join().unwrap()
}

#[test]
fn a_child_killed_at_random_loses_no_acknowledged_commit() {
    if let Ok(path) = std::env::var(CHILD) {
        child(&path);
        return;
    }
    let runs: u64 = std::env::var("KENNING_KILL_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("killed.redb");
    let ops = Principal::operator("parent");
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let (mut total_acked, mut lost) = (0usize, 0usize);
    for run in 0..runs {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let millis = 150 + seed % 700;
        let acked = run_child(&path, millis);

        let kn = Kenning::open(&path).unwrap_or_else(|e| panic!("run {run}: reopen failed: {e}"));
        for (id, content) in &acked.puts {
            match kn.capsule(&ops, *id) {
                Ok(c) if &c.content == content => {}
                other => {
                    lost += 1;
                    eprintln!("run {run}: acknowledged {id} {content:?} came back as {other:?}");
                }
            }
        }
        for (first, n, tag) in &acked.batches {
            for j in 0..*n {
                let id = CapsuleId::new(first.get() + j);
                let expected = format!("{tag} item {j}");
                if kn.capsule(&ops, id).map(|c| c.content).ok() != Some(expected) {
                    lost += 1;
                }
            }
        }
        for node in &acked.nodes {
            if node_missing(&kn, &ops, node) {
                lost += 1;
            }
        }
        // No partial batch: every batch tag in the store has all five items.
        let mut per_tag: BTreeMap<String, usize> = BTreeMap::new();
        let mut after = None;
        loop {
            let page = kn.capsules(&ops, SCOPE, after, 1000).unwrap();
            let Some(last) = page.last() else { break };
            after = Some(last.id);
            for c in &page {
                if let Some((tag, _)) = c.content.split_once(" item ") {
                    *per_tag.entry(tag.to_owned()).or_default() += 1;
                }
            }
        }
        for (tag, count) in &per_tag {
            assert_eq!(*count, 5, "run {run}: batch {tag} is partial");
        }
        let log = kn.audit_log(&ops, 0, usize::MAX).unwrap();
        for (i, r) in log.iter().enumerate() {
            assert_eq!(r.seq, i as u64 + 1, "run {run}: audit gap");
        }
        total_acked += acked.puts.len() + acked.batches.len() + acked.nodes.len();
    }
    println!("{runs} kills, {total_acked} acknowledged commits, {lost} lost");
    assert_eq!(lost, 0);
    assert!(
        total_acked > runs as usize,
        "the children committed something"
    );
}

fn node_missing(kn: &Kenning, ops: &Principal, node: &str) -> bool {
    let query = kenning::GraphQuery::parse(&format!(
        r#"{{"start": {{"filters": [{{"key": "NodeId", "value": "{node}"}}]}}}}"#
    ))
    .unwrap();
    kn.query_graph(ops, SCOPE, &query).unwrap().nodes.is_empty()
}
