//! Load generator for `kenning serve`'s REST routes: the overhead of one term-lane retrieve over
//! loopback against the same call in process, and the throughput of 1, 8 and 64 concurrent
//! clients doing a 90/10 mix of retrieve and put, over HTTP and in process in the same run.
//!
//! ```sh
//! cargo run --release --example serve_load -- [--capsules 10000] [--seconds 5]
//! ```
//!
//! The server is `kenning_server::routes` on a tokio runtime in this process (the routes
//! `kenning serve` serves), on 127.0.0.1; the clients are blocking `ureq` agents with keep-alive,
//! one thread each. The in-process rows run the same mix on threads calling the facade directly:
//! when both reach the same rate at 64 clients, the writer (redb's one write transaction at a
//! time, each commit durable) is the bottleneck, not the server. Every loop is bounded by a
//! count or a duration.

#![allow(clippy::print_stdout, clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use kenning::{Kenning, Lane, NewCapsule, Principal, RetrieveRequest, ScopeKind};
use kenning_server::{Auth, routes};

const SCOPE: &str = "bot.load";
const TOKEN: &str = "load-generator-operator-token-0123456789";

const WORDS: &[&str] = &[
    "invoice", "renewal", "customer", "email", "phone", "contract", "deploy", "server", "billing",
    "support", "ticket", "refund", "meeting", "schedule", "report", "budget", "office", "travel",
    "account", "password", "release", "version", "backup", "database", "network", "policy",
    "vendor", "order", "shipping", "delivery", "warranty", "training",
];

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }
    fn sentence(&mut self, words: usize) -> String {
        (0..words)
            .map(|_| WORDS[self.below(WORDS.len())])
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn us(d: Duration) -> String {
    format!("{:.0} µs", d.as_secs_f64() * 1e6)
}

/// What one call does.
#[derive(Clone, Copy)]
enum Op {
    Retrieve,
    Put,
}

/// Something that answers the mix: the facade, or the server over HTTP.
trait Target: Send + Sync {
    fn call(&self, client: &mut Client, op: Op, text: &str);
}

/// A client's own state (its HTTP agent).
struct Client {
    agent: ureq::Agent,
}

struct Local(Kenning, Principal);

impl Target for Local {
    fn call(&self, _: &mut Client, op: Op, text: &str) {
        match op {
            Op::Retrieve => {
                let request = RetrieveRequest::new(SCOPE, text).lane(Lane::Term).limit(10);
                self.0.retrieve(&self.1, &request).unwrap();
            }
            Op::Put => {
                self.0.put(&self.1, &NewCapsule::new(SCOPE, text)).unwrap();
            }
        }
    }
}

struct Http(String);

impl Target for Http {
    fn call(&self, client: &mut Client, op: Op, text: &str) {
        let (path, body) = match op {
            Op::Retrieve => (
                "/v1/retrieve",
                serde_json::to_vec(&RetrieveRequest::new(SCOPE, text).lane(Lane::Term).limit(10))
                    .unwrap(),
            ),
            Op::Put => (
                "/v1/capsules",
                serde_json::to_vec(&NewCapsule::new(SCOPE, text)).unwrap(),
            ),
        };
        let mut response = client
            .agent
            .post(format!("{}{path}", self.0))
            .header("authorization", format!("Bearer {TOKEN}"))
            .header("content-type", "application/json")
            .send(&body[..])
            .unwrap();
        assert_eq!(response.status(), 200);
        response.body_mut().read_to_vec().unwrap();
    }
}

fn client() -> Client {
    Client {
        agent: ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into(),
    }
}

/// `count` term retrieves, one at a time: the sorted latencies.
fn sequential(target: &dyn Target, count: usize) -> Vec<Duration> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut c = client();
    for _ in 0..200 {
        target.call(&mut c, Op::Retrieve, &rng.sentence(3));
    }
    let mut times: Vec<Duration> = (0..count)
        .map(|_| {
            let q = rng.sentence(3);
            let t = Instant::now();
            target.call(&mut c, Op::Retrieve, &q);
            t.elapsed()
        })
        .collect();
    times.sort();
    times
}

/// `clients` threads doing the 90/10 mix for `seconds`: requests/s, p50, p99, put p99.
fn mix(
    target: &Arc<dyn Target>,
    clients: usize,
    seconds: f64,
) -> (f64, Duration, Duration, Duration) {
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|i| {
            let target = Arc::clone(target);
            std::thread::spawn(move || {
                let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ ((i as u64 + 1) * 0x9e37_79b9));
                let mut c = client();
                let (mut all, mut puts) = (Vec::new(), Vec::new());
                while Instant::now() < until {
                    let op = if rng.below(10) == 0 {
                        Op::Put
                    } else {
                        Op::Retrieve
                    };
                    let text = rng.sentence(if matches!(op, Op::Put) { 12 } else { 3 });
                    let t = Instant::now();
                    target.call(&mut c, op, &text);
                    let d = t.elapsed();
                    all.push(d);
                    if matches!(op, Op::Put) {
                        puts.push(d);
                    }
                }
                (all, puts)
            })
        })
        .collect();
    let (mut all, mut puts) = (Vec::new(), Vec::new());
    for t in threads {
        let (a, p) = t.join().unwrap();
        all.extend(a);
        puts.extend(p);
    }
    let elapsed = start.elapsed().as_secs_f64();
    all.sort();
    puts.sort();
    #[allow(clippy::cast_precision_loss)]
    let rate = all.len() as f64 / elapsed;
    (
        rate,
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        percentile(&puts, 0.99),
    )
}

fn main() {
    let mut capsules = 10_000_usize;
    let mut seconds = 5.0_f64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--capsules" => capsules = args.next().and_then(|v| v.parse().ok()).unwrap_or(capsules),
            "--seconds" => seconds = args.next().and_then(|v| v.parse().ok()).unwrap_or(seconds),
            _ => {
                println!("usage: serve_load [--capsules N] [--seconds S]");
                return;
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let store = Kenning::open(dir.path().join("load.redb")).unwrap();
    let ops = Principal::operator("load");
    store.register_scope(&ops, SCOPE, ScopeKind::Agent).unwrap();
    let mut rng = Rng(42);
    for chunk in (0..capsules).collect::<Vec<_>>().chunks(1000) {
        let batch: Vec<NewCapsule> = chunk
            .iter()
            .map(|_| NewCapsule::new(SCOPE, rng.sentence(12)))
            .collect();
        store.put_batch(&ops, &batch).unwrap();
    }

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = routes(
        store.clone(),
        Auth::new(store.clone(), Some(TOKEN.to_owned())),
    );
    runtime.spawn(async move { axum::serve(listener, app).await });

    let local: Arc<dyn Target> = Arc::new(Local(store.clone(), ops.clone()));
    let http: Arc<dyn Target> = Arc::new(Http(base));
    println!(
        "{capsules} capsules in {SCOPE}; {} cores",
        std::thread::available_parallelism().map_or(1, usize::from)
    );

    let count = 3000;
    let (a, b) = (sequential(&*local, count), sequential(&*http, count));
    let (local50, http50) = (percentile(&a, 0.5), percentile(&b, 0.5));
    println!(
        "term retrieve, one client, {count} calls: in-process p50 {} p99 {}; over loopback p50 {} p99 {}; p50 overhead {}",
        us(local50),
        us(percentile(&a, 0.99)),
        us(http50),
        us(percentile(&b, 0.99)),
        us(http50.saturating_sub(local50)),
    );

    println!("90/10 retrieve/put mix, {seconds} s per row:");
    println!("clients  target      req/s     p50       p99       put p99   http/in-process");
    for clients in [1, 8, 64] {
        let (lr, l50, l99, lp) = mix(&local, clients, seconds);
        let (hr, h50, h99, hp) = mix(&http, clients, seconds);
        println!(
            "{clients:<8} in-process  {lr:<9.0} {:<9} {:<9} {:<9}",
            us(l50),
            us(l99),
            us(lp)
        );
        println!(
            "{clients:<8} http        {hr:<9.0} {:<9} {:<9} {:<9} {:.2}",
            us(h50),
            us(h99),
            us(hp),
            hr / lr
        );
    }
    // The writer's ceiling: puts only, in process, 8 threads.
    let puts: Arc<dyn Target> = Arc::new(PutsOnly(store, ops));
    let (pr, _, p99, _) = mix(&puts, 8, seconds);
    println!(
        "puts only, in-process, 8 threads: {pr:.0} puts/s, p99 {}",
        us(p99)
    );
    runtime.shutdown_timeout(Duration::from_secs(1));
}

struct PutsOnly(Kenning, Principal);

impl Target for PutsOnly {
    fn call(&self, _: &mut Client, _: Op, text: &str) {
        self.0.put(&self.1, &NewCapsule::new(SCOPE, text)).unwrap();
    }
}
