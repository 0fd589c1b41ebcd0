//! The files `kenning serve` writes beside its store: the operator token (mode 0600) and the
//! discovery file that tells clients where the server listens.
//!
//! For a store `DIR/NAME`, the token is `DIR/NAME.token` and the discovery file
//! `DIR/NAME.server.json` (`{"url": "http://127.0.0.1:PORT", "pid": 1234}`). Both are written
//! once the listener is bound and removed when the server stops; a server killed without a
//! chance to remove them leaves them behind, and a client that finds nobody listening at the
//! discovered address works on the file directly.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The operator token's file beside `store`.
#[must_use]
pub fn token_path(store: &Path) -> PathBuf {
    beside(store, ".token")
}

/// The discovery file beside `store`.
#[must_use]
pub fn discovery_path(store: &Path) -> PathBuf {
    beside(store, ".server.json")
}

fn beside(store: &Path, suffix: &str) -> PathBuf {
    let mut name = store
        .file_name()
        .map(std::ffi::OsStr::to_os_string)
        .unwrap_or_default();
    name.push(suffix);
    store.with_file_name(name)
}

/// What the discovery file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discovery {
    /// The server's base URL, e.g. `http://127.0.0.1:7474`.
    pub url: String,
    /// The server's process id.
    pub pid: u32,
}

impl Discovery {
    /// Reads the discovery file beside `store`; `None` when there is none or it does not parse
    /// (a half-written file is treated as no server).
    #[must_use]
    pub fn read(store: &Path) -> Option<Self> {
        let text = std::fs::read_to_string(discovery_path(store)).ok()?;
        serde_json::from_str(&text).ok()
    }
}

/// A fresh operator token: 32 random bytes, hex-encoded (64 characters).
///
/// # Errors
/// When the operating system's random source fails.
pub fn generate_token() -> std::io::Result<String> {
    let mut random = [0_u8; 32];
    getrandom::fill(&mut random).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(random.iter().map(|b| format!("{b:02x}")).collect())
}

/// Refuses a store directory that users other than its owner may write (group or other write
/// bit set): anyone who can write there could replace the token or discovery file and make
/// clients talk to their server.
///
/// # Errors
/// An error that names the directory, its mode and the fix.
pub fn check_directory(dir: &Path) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        let meta = std::fs::metadata(dir)
            .map_err(|e| format!("reading the store directory {}: {e}", dir.display()))?;
        let mode = meta.mode() & 0o7777;
        if mode & 0o022 != 0 {
            return Err(format!(
                "the store directory {} has mode {mode:o}, which lets other users write in it \
                 (and so replace the token or discovery file): run `chmod go-w {}`, or keep the \
                 store in a directory only you can write",
                dir.display(),
                dir.display()
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Writes `content` to `path` readable and writable by the owner only (0600), replacing any
/// file there. The file is created anew (never opened through an existing one), so a file left
/// with wider permissions is not reused.
///
/// # Errors
/// The I/O error, with the path.
pub fn write_private(path: &Path, content: &str) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(content.as_bytes())?;
    file.sync_all()
}

/// Writes `content` to `path` through a temporary file renamed over it, so that a reader never
/// sees half of it.
///
/// # Errors
/// The I/O error.
pub fn write_atomic(path: &Path, content: &str) -> std::io::Result<()> {
    let tmp = beside(path, ".tmp");
    write_private(&tmp, content)?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn files_sit_beside_the_store() {
        let store = Path::new("/data/memory.redb");
        assert_eq!(token_path(store), Path::new("/data/memory.redb.token"));
        assert_eq!(
            discovery_path(store),
            Path::new("/data/memory.redb.server.json")
        );
    }

    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let (a, b) = (generate_token().unwrap(), generate_token().unwrap());
        assert_eq!(a.len(), 64);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[cfg(unix)]
    #[test]
    fn private_files_are_0600_and_replace_a_wider_one() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        write_private(&path, "new").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }

    #[cfg(unix)]
    #[test]
    fn a_directory_others_may_write_is_refused() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        check_directory(dir.path()).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
        let e = check_directory(dir.path()).unwrap_err();
        assert!(e.contains("chmod go-w") && e.contains("777"), "{e}");
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o720)).unwrap();
        assert!(check_directory(dir.path()).is_err());
    }
}
