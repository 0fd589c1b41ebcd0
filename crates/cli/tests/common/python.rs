//! The official MCP Python SDK (and `jsonschema`, which it pulls in), pinned by
//! `tests/mcp/requirements.txt`, in a virtual environment under the target directory:
//! `target/mcp-python/venv`. `.ci/run` creates it; a test creates it itself when it is missing.
//! Needs Python 3.10 or later on PATH (`python3`): a test that needs it fails, never skips.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The test clients' directory, `tests/mcp`.
pub(crate) fn client_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp")
}

/// The virtual environment: `<target>/mcp-python/venv`.
fn venv() -> PathBuf {
    // CARGO_TARGET_TMPDIR is `<target>/tmp`.
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("mcp-python/venv")
}

/// The venv's python, with the pinned requirements installed (created on first use).
pub(crate) fn python() -> PathBuf {
    let venv = venv();
    let python = venv.join("bin/python");
    let installed = Command::new(&python)
        .args(["-c", "import mcp, jsonschema"])
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
    let requirements = client_dir().join("requirements.txt");
    let status = Command::new(&python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
        ])
        .arg(&requirements)
        .status()
        .expect("running pip");
    assert!(
        status.success(),
        "pip install -r {} failed",
        requirements.display()
    );
    python
}
