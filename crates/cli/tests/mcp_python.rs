//! `kenning mcp` driven by the official MCP Python SDK (`mcp` from PyPI, pinned with everything
//! it pulls in by `tests/mcp/requirements.txt`), a second client independent of the TypeScript
//! one (`tests/mcp.rs`): `tests/mcp/client.py` calls every tool, checks the seed tools' error
//! codes, the official tools' isError results and relations before entities, the
//! `memory://knowledge-graph` resource, deep nesting, concurrent calls and the message bound.
//! The SDK validates every structured result against the tool's outputSchema.
//!
//! Needs Python 3.10 or later on PATH (`python3`); the test fails, never skips, without it.
//! The SDK lives in a virtual environment under the target directory, `target/mcp-python/venv`:
//! `.ci/run` creates it, and the test creates it itself when it is missing.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The virtual environment the SDK is installed in: `<target>/mcp-python/venv`.
fn venv() -> PathBuf {
    // CARGO_TARGET_TMPDIR is `<target>/tmp`.
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("mcp-python/venv")
}

/// The venv's python, with the pinned SDK installed (created on first use).
fn python(requirements: &Path) -> PathBuf {
    let venv = venv();
    let python = venv.join("bin/python");
    let installed = Command::new(&python)
        .args([
            "-c",
            "import mcp, importlib.metadata as m; print(m.version('mcp'))",
        ])
        .output()
        .is_ok_and(|out| out.status.success());
    if installed {
        return python;
    }
    let status = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .status()
        .unwrap_or_else(|e| {
            panic!("this test needs python3 (3.10 or later) on PATH to run the official MCP Python SDK: {e}")
        });
    assert!(
        status.success(),
        "python3 -m venv {} failed",
        venv.display()
    );
    let status = Command::new(&python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
        ])
        .arg(requirements)
        .status()
        .expect("running pip");
    assert!(
        status.success(),
        "pip install -r {} failed",
        requirements.display()
    );
    python
}

#[test]
fn official_python_client_drives_every_tool() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp");
    let python = python(&dir.join("requirements.txt"));
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
