//! A store in a temporary directory and the built `kenning` binary to run on it, shared by the
//! memory, import and inspect tests.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

pub(crate) struct Store {
    pub(crate) dir: tempfile::TempDir,
}

impl Store {
    /// A store with agent scope `bot.support` registered.
    pub(crate) fn new() -> Self {
        let s = Self {
            dir: tempfile::tempdir().unwrap(),
        };
        s.ok(&["scopes", "register", "bot.support", "--kind", "agent"]);
        s
    }

    pub(crate) fn path(&self) -> PathBuf {
        self.dir.path().join("kenning.redb")
    }

    pub(crate) fn bytes(&self) -> Vec<u8> {
        std::fs::read(self.path()).unwrap()
    }

    /// Writes `text` to file `name` in the store's directory; returns its path.
    pub(crate) fn file(&self, name: &str, text: &str) -> String {
        let path = self.dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    }

    pub(crate) fn cmd(&self) -> Command {
        let mut cmd = Command::cargo_bin("kenning").unwrap();
        cmd.current_dir(self.dir.path())
            .env_remove("KENNING_STORE")
            .env_remove("KENNING_API_KEY");
        cmd
    }

    /// Runs and expects success; returns stdout.
    pub(crate) fn ok(&self, args: &[&str]) -> String {
        self.ok_in(args, "")
    }

    /// Runs with `stdin` on standard input and expects success; returns stdout.
    pub(crate) fn ok_in(&self, args: &[&str], stdin: &str) -> String {
        let out = self.cmd().args(args).write_stdin(stdin).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Runs and expects success; returns stdout parsed as JSON.
    pub(crate) fn json(&self, args: &[&str]) -> serde_json::Value {
        serde_json::from_str(&self.ok(args)).unwrap()
    }

    /// Runs and expects exit code `code`; returns stderr.
    pub(crate) fn fails(&self, args: &[&str], code: i32) -> String {
        self.fails_in(args, "", code)
    }

    /// Runs with `stdin` and expects exit code `code`; returns stderr.
    pub(crate) fn fails_in(&self, args: &[&str], stdin: &str, code: i32) -> String {
        let out = self.cmd().args(args).write_stdin(stdin).output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        String::from_utf8(out.stderr).unwrap()
    }

    /// Creates an API key with `permissions` reaching agent scopes `agents`; returns its secret.
    pub(crate) fn key(&self, permissions: &[&str], agents: &str) -> String {
        let mut args = vec!["keys", "create", "--agents", agents, "-o", "json"];
        for p in permissions {
            args.extend(["--permission", p]);
        }
        self.json(&args)["secret"].as_str().unwrap().to_owned()
    }

    /// A command in a pseudo-terminal, on this store.
    pub(crate) fn pty(&self, args: &[&str]) -> rexpect::session::PtySession {
        let mut cmd = std::process::Command::new(bin());
        cmd.current_dir(self.dir.path())
            .env_remove("KENNING_STORE")
            .env_remove("KENNING_API_KEY")
            .args(args);
        rexpect::session::spawn_command(cmd, Some(20_000)).unwrap()
    }
}

pub(crate) fn bin() -> &'static Path {
    static BIN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BIN.get_or_init(|| assert_cmd::cargo::cargo_bin("kenning"))
}
