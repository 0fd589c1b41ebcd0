//! `kenning mcp` driven by the official MCP Python SDK (`mcp` from PyPI, pinned with everything
//! it pulls in by `tests/mcp/requirements.txt`), a second client independent of the TypeScript
//! one (`tests/mcp.rs`): `tests/mcp/client.py` calls every tool, checks the seed tools' error
//! codes, the official tools' isError results and relations before entities, the
//! `memory://knowledge-graph` resource, deep nesting, concurrent calls and the message bound.
//! The SDK validates every structured result against the tool's outputSchema.
//!
//! Needs Python 3.10 or later on PATH (`python3`); the test fails, never skips, without it.
//! The SDK lives in a virtual environment under the target directory (`python_support.rs`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

#[path = "common/python.rs"]
mod python_support;

use std::path::Path;
use std::process::Command;

use python_support::python;

#[test]
fn official_python_client_drives_every_tool() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp");
    let python = python();
    let store = tempfile::tempdir().unwrap();
    let out = Command::new(&python)
        .arg("client.py")
        .arg(env!("CARGO_BIN_EXE_kenning"))
        .arg(store.path())
        .current_dir(&dir)
        .env_remove("KENNING_API_KEY")
        .env_remove("KENNING_STORE")
        .env_remove("KENNING_MCP_SCOPE")
        .output()
        .expect("running python client.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the MCP Python client failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(stdout.contains("checks passed"), "{stdout}");
}
