//! A `kenning serve` on a store in a temporary directory, for the tests of the server, and
//! plain HTTP calls to it.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The built binary.
pub(crate) fn kenning() -> &'static str {
    env!("CARGO_BIN_EXE_kenning")
}

/// A running `kenning serve`.
pub(crate) struct Served {
    pub(crate) child: Child,
    pub(crate) url: String,
    pub(crate) token: String,
    pub(crate) store: PathBuf,
}

impl Served {
    /// Starts `kenning --store STORE serve --addr 127.0.0.1:0` and waits until it listens.
    pub(crate) fn start(store: &Path) -> Self {
        Self::start_with(store, &[])
    }

    /// As [`Served::start`], with more arguments to `serve`.
    pub(crate) fn start_with(store: &Path, args: &[&str]) -> Self {
        let mut child = Command::new(kenning())
            .arg("--store")
            .arg(store)
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .env_remove("KENNING_STORE")
            .env_remove("KENNING_API_KEY")
            .env_remove("KENNING_SERVER")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting kenning serve");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let url = loop {
            let line = lines
                .next()
                .expect("kenning serve stopped before it listened")
                .unwrap();
            if let Some(url) = line.strip_prefix("listening on ") {
                break url.to_owned();
            }
        };
        // Keep reading (and dropping) its output so that it never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let token = std::fs::read_to_string(kenning_server_token(store))
            .unwrap()
            .trim()
            .to_owned();
        Self {
            child,
            url,
            token,
            store: store.to_owned(),
        }
    }

    /// Sends `signal` and waits (at most 60 s) for the server to exit; returns whether it
    /// exited successfully.
    pub(crate) fn stop(mut self, signal: &str) -> bool {
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            assert!(Instant::now() < deadline, "kenning serve did not stop");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// `method path` with `token` and `body`: the status and the body as JSON (null if empty).
    pub(crate) fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> (u16, serde_json::Value) {
        http(&format!("{}{path}", self.url), method, token, body)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        drop(self.child.kill());
        drop(self.child.wait());
    }
}

fn kenning_server_token(store: &Path) -> PathBuf {
    let mut name = store.file_name().unwrap().to_os_string();
    name.push(".token");
    store.with_file_name(name)
}

/// One request.
pub(crate) fn http(
    url: &str,
    method: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (u16, serde_json::Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into();
    let mut request = ureq::http::Request::builder()
        .method(method)
        .uri(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream");
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let request = request
        .body(body.unwrap_or_default().as_bytes().to_vec())
        .unwrap();
    let response = agent.run(request).unwrap();
    let status = response.status().as_u16();
    let text = response.into_body().read_to_string().unwrap();
    let value = if text.trim().is_empty() {
        serde_json::Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text))
    };
    (status, value)
}

/// Runs `kenning --store STORE ARGS` (no server named, no key): its exit code, stdout, stderr.
pub(crate) fn cli(store: &Path, args: &[&str]) -> (i32, String, String) {
    cli_env(store, args, &[])
}

/// As [`cli`], with environment variables set.
pub(crate) fn cli_env(store: &Path, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = Command::new(kenning());
    cmd.arg("--store")
        .arg(store)
        .args(args)
        .env_remove("KENNING_STORE")
        .env_remove("KENNING_API_KEY")
        .env_remove("KENNING_SERVER")
        .stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the CLI and expects success; its stdout.
pub(crate) fn ok(store: &Path, args: &[&str]) -> String {
    let (code, out, err) = cli(store, args);
    assert_eq!(code, 0, "kenning {args:?} failed: {err}");
    out
}

/// A new API key's secret.
pub(crate) fn key(store: &Path, permissions: &[&str], agents: &str) -> String {
    let mut args = vec!["keys", "create", "-o", "json", "--agents", agents];
    for p in permissions {
        args.extend(["--permission", p]);
    }
    let out = ok(store, &args);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["secret"].as_str().unwrap().to_owned()
}
