//! `kenning mcp` driven by the official MCP TypeScript client (`@modelcontextprotocol/sdk`,
//! pinned in `tests/mcp/package-lock.json`): `tests/mcp/client.mjs` initializes, lists the
//! tools, calls every tool with valid and invalid arguments (checking results, -32602, -32002
//! with its data, -32003), runs an API-key session that is refused vocabulary declaration (A2)
//! and sends 50 concurrent calls, none of which may be lost or mismatched.
//!
//! Needs Node.js (18 or later) on PATH; the test fails, never skips, without it. `.ci/run`
//! installs the client with `npm ci --prefix crates/cli/tests/mcp`; the test runs `npm ci`
//! itself when `node_modules` is missing.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

use std::path::Path;
use std::process::Command;

/// `program --version`, or why it cannot run.
fn version(program: &str) -> Result<String, String> {
    match Command::new(program).arg("--version").output() {
        Ok(out) if out.status.success() => Ok(String::from_utf8_lossy(&out.stdout).trim().into()),
        Ok(out) => Err(format!("`{program} --version` failed: {}", out.status)),
        Err(e) => Err(format!("`{program}` cannot run: {e}")),
    }
}

#[test]
fn official_typescript_client_drives_every_tool() {
    let node = version("node").unwrap_or_else(|e| {
        panic!(
            "this test needs Node.js on PATH to run the official MCP TypeScript client ({e}): \
             install Node.js 18 or later, then `npm ci --prefix crates/cli/tests/mcp`"
        )
    });
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp");
    if !dir.join("node_modules/@modelcontextprotocol/sdk").exists() {
        let npm = version("npm").unwrap_or_else(|e| {
            panic!("node_modules is missing and npm cannot install it ({e}): install npm")
        });
        println!("npm {npm}: npm ci in {}", dir.display());
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .expect("running npm ci");
        assert!(status.success(), "npm ci failed in {}", dir.display());
    }
    let store = tempfile::tempdir().unwrap();
    let out = Command::new("node")
        .arg("client.mjs")
        .arg(env!("CARGO_BIN_EXE_kenning"))
        .arg(store.path())
        .current_dir(&dir)
        .env_remove("KENNING_API_KEY")
        .env_remove("KENNING_STORE")
        .env_remove("KENNING_MCP_SCOPE")
        .output()
        .expect("running node client.mjs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("node {node}\n{stdout}");
    assert!(
        out.status.success(),
        "the MCP client failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(stdout.contains("checks passed"), "{stdout}");
}
