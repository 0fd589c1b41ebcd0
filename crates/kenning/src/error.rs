//! The facade's error type and the stable codes a host puts on the wire (SPEC §12).

use std::fmt;

/// Everything a [`Kenning`](crate::Kenning) call can fail with.
///
/// Component-crate errors are wrapped, never flattened, so their fields stay inspectable. Every
/// variant maps to one stable [`ErrorCode`] through [`Error::code`]; match on the code when you
/// only need to know what to answer a client.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A vocabulary body or declaration was rejected (V2–V5, V8).
    #[error(transparent)]
    Vocabulary(#[from] kenning_vocab::Error),

    /// A graph write, query or listing was rejected, or the graph tables failed (G1–G9). Its
    /// code follows [`kenning_graph::Error::kind`]: invalid argument, failed precondition (an
    /// edge to a node the scope does not hold) or storage.
    #[error(transparent)]
    Graph(#[from] kenning_graph::Error),

    /// A classify request was rejected, or no kind could be derived (K3): `UNDERIVABLE` for
    /// [`kenning_classify::Error::Underivable`], `INVALID_ARGUMENT` otherwise.
    #[error(transparent)]
    Classify(#[from] kenning_classify::Error),

    /// An embedding or a query embedding was rejected (E1–E4, R3, R6), or the embedding sidecar
    /// failed. Its code follows [`kenning_vector::Error::kind`]: invalid argument (E3, a
    /// dimension that differs from the store's, fusion parameters), failed precondition (a model
    /// tag other than the store's resident one, E2) or storage.
    #[error(transparent)]
    Vector(#[from] kenning_vector::Error),

    /// An argument is malformed or out of bounds.
    #[error("{field}: {message}")]
    InvalidArgument {
        /// The argument, as a path (e.g. `scope_id`, `metadata.owner`).
        field: String,
        /// What is wrong and how to fix it.
        message: String,
    },

    /// The named thing does not exist, or the caller may not know whether it does (A5).
    #[error(
        "{what} {} not found: check the id, or register it first",
        kenning_vocab::quote(id)
    )]
    NotFound {
        /// What was looked up, e.g. `"scope"`.
        what: &'static str,
        /// The id the caller gave.
        id: String,
    },

    /// The caller's principal lacks a permission the call needs (A2, A3, A6).
    #[error("{message}")]
    PermissionDenied {
        /// Which permission was missing and how to obtain it.
        message: String,
    },

    /// A capsule id names no capsule the caller can see: never written, forgotten, or in a scope
    /// the caller does not reach, indistinguishably (C8, A5).
    #[error(
        "capsule {id} not found: it was never written, has been forgotten, or is out of your \
         reach; check the id"
    )]
    UnknownCapsule {
        /// The id the caller gave.
        id: crate::capsule::CapsuleId,
    },

    /// An entity name names no graph node of the scope (entity memory).
    #[error(
        "entity {} is not in scope {}: create it first (create_entities), or check the name",
        kenning_vocab::quote(name),
        kenning_vocab::quote(scope)
    )]
    UnknownEntity {
        /// The scope searched.
        scope: String,
        /// The name the caller gave.
        name: String,
    },

    /// The call is well-formed but the store's state forbids it.
    #[error("{message}")]
    FailedPrecondition {
        /// What state stands in the way and how to change it.
        message: String,
    },

    /// A commit was attempted and failed (an I/O error, a failed sync), so **whether the call's
    /// writes are in the store is not known**: the store may hold all of them or none of them,
    /// never a part. Reopen the store (or take a new snapshot) and check before retrying, or a
    /// retried put may store its capsules twice under new ids. Its code is
    /// [`ErrorCode::Storage`]; [`Error::outcome_unknown`] tells it apart.
    #[error("storage: {message}")]
    CommitUnknown {
        /// What failed, and what to do.
        message: String,
        /// The underlying error.
        #[source]
        source: Option<Box<dyn std::error::Error + Send + Sync>>,
    },

    /// An earlier I/O error (a failed sync, a full disk) left this handle unusable: every later
    /// call on it fails this way until the store is opened again. Nothing acknowledged is lost;
    /// the call that met the I/O error reported it ([`Error::CommitUnknown`] if it was a
    /// commit). Drop the handle and open the store again once the cause is fixed: a server
    /// does this itself (see [`Error::needs_reopen`]). Its code is [`ErrorCode::Storage`].
    #[error("storage: {message}")]
    NeedsReopen {
        /// What happened, and what to do.
        message: String,
        /// The underlying error.
        #[source]
        source: Option<Box<dyn std::error::Error + Send + Sync>>,
    },

    /// The store could not be read or written: I/O, corruption, a lock held by another process,
    /// or a record written by a newer version of Kenning.
    #[error("storage: {message}")]
    Storage {
        /// What failed, and what to do about it where that is knowable.
        message: String,
        /// The underlying error.
        #[source]
        source: Option<Box<dyn std::error::Error + Send + Sync>>,
    },
}

/// The small, stable set of codes a host can put on the wire (SPEC §12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorCode {
    /// The request is malformed or out of bounds; retrying it unchanged fails again.
    InvalidArgument,
    /// The named thing does not exist, or the caller lacks reach over it.
    NotFound,
    /// The caller's principal lacks a permission.
    PermissionDenied,
    /// The store's state forbids the call (e.g. an embedder mismatch).
    FailedPrecondition,
    /// A capsule id names no capsule.
    UnknownCapsule,
    /// The classifier found no cue to derive a kind from.
    Underivable,
    /// The store failed underneath.
    Storage,
}

impl ErrorCode {
    /// The wire spelling, e.g. `"INVALID_ARGUMENT"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidArgument => "INVALID_ARGUMENT",
            Self::NotFound => "NOT_FOUND",
            Self::PermissionDenied => "PERMISSION_DENIED",
            Self::FailedPrecondition => "FAILED_PRECONDITION",
            Self::UnknownCapsule => "UNKNOWN_CAPSULE",
            Self::Underivable => "UNDERIVABLE",
            Self::Storage => "STORAGE",
        }
    }
}

/// The component crates' shared error kinds, as codes.
impl From<kenning_table::ErrorKind> for ErrorCode {
    fn from(kind: kenning_table::ErrorKind) -> Self {
        match kind {
            kenning_table::ErrorKind::InvalidArgument => Self::InvalidArgument,
            kenning_table::ErrorKind::FailedPrecondition => Self::FailedPrecondition,
            kenning_table::ErrorKind::Storage => Self::Storage,
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Error {
    /// The stable code of this error.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Vocabulary(_) | Self::InvalidArgument { .. } => ErrorCode::InvalidArgument,
            Self::Classify(e) if e.is_underivable() => ErrorCode::Underivable,
            Self::Classify(_) => ErrorCode::InvalidArgument,
            Self::NotFound { .. } => ErrorCode::NotFound,
            Self::UnknownEntity { .. } => ErrorCode::NotFound,
            Self::UnknownCapsule { .. } => ErrorCode::UnknownCapsule,
            Self::PermissionDenied { .. } => ErrorCode::PermissionDenied,
            Self::FailedPrecondition { .. } => ErrorCode::FailedPrecondition,
            Self::Storage { .. } | Self::CommitUnknown { .. } | Self::NeedsReopen { .. } => {
                ErrorCode::Storage
            }
            Self::Graph(e) => e.kind().into(),
            Self::Vector(e) => e.kind().into(),
        }
    }

    /// Whether the call may or may not have been written: a commit that failed (see
    /// [`Error::CommitUnknown`]). Every other error means nothing was written.
    #[must_use]
    pub fn outcome_unknown(&self) -> bool {
        matches!(self, Self::CommitUnknown { .. })
    }

    /// Whether the error came from the medium failing (a read, a write or a sync returned an
    /// I/O error), or is one of its consequences ([`Error::CommitUnknown`],
    /// [`Error::NeedsReopen`]). After one, the storage engine refuses every later call on this
    /// handle: a host that wants to go on opens the store again (as `kenning serve` does).
    /// A damaged file, a newer format or a refused argument is not one: reopening would not
    /// mend them.
    #[must_use]
    pub fn is_io(&self) -> bool {
        match self {
            Self::CommitUnknown { .. } | Self::NeedsReopen { .. } => true,
            Self::Storage { source, .. } => {
                let mut cause: Option<&(dyn std::error::Error + 'static)> = source
                    .as_deref()
                    .map(|s| s as &(dyn std::error::Error + 'static));
                while let Some(c) = cause {
                    if c.is::<std::io::Error>()
                        || c.downcast_ref::<kenning_table::StorageError>()
                            .is_some_and(kenning_table::StorageError::is_io)
                    {
                        return true;
                    }
                    cause = c.source();
                }
                false
            }
            _ => false,
        }
    }

    /// Whether the handle that returned this error is unusable until the store is opened again
    /// ([`Error::NeedsReopen`]).
    #[must_use]
    pub fn needs_reopen(&self) -> bool {
        matches!(self, Self::NeedsReopen { .. })
    }

    pub(crate) fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::InvalidArgument {
            field: field.into(),
            message: message.into(),
        }
    }

    pub(crate) fn storage(
        message: impl Into<String>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Self {
        Self::Storage {
            message: message.into(),
            source: Some(source.into()),
        }
    }
}

/// The advice every error about a damaged store file ends with.
fn repair_advice(path: &str) -> String {
    format!(
        "the file is damaged: run `kenning store check {path}` to see what still reads, and \
         `kenning store salvage {path} NEW.redb` to copy it into a new store, or restore the \
         file from a backup"
    )
}

/// An open that redb refused, named by the file and, for damage, with the way out.
pub(crate) fn opening(
    path: &std::path::Path,
    read_only: bool,
    e: kenning_table::StorageError,
) -> Error {
    let shown = path.display().to_string();
    let how = if read_only { " read-only" } else { "" };
    let message = if e.is_corruption() {
        format!(
            "cannot open the store at {shown}{how}: {}; {}",
            e.engine_message(),
            repair_advice(&shown)
        )
    } else if e.is_cut_short() {
        format!(
            "cannot open the store at {shown}{how}: it ends before the store it holds does (cut \
             short: a truncated copy, a full disk); {}",
            repair_advice(&shown)
        )
    } else if e.is_already_open() {
        format!(
            "cannot open the store at {shown}{how}: it is already open, in another process or \
             through another handle in this one: stop that process or share its handle (a \
             Kenning handle is Send + Sync and cheap to clone)"
        )
    } else {
        format!("cannot open the store at {shown}{how}: {e}")
    };
    Error::Storage {
        message,
        source: Some(Box::new(e)),
    }
}

/// A commit that returned an error: its outcome is unknown.
pub(crate) fn commit_failed(path: &std::path::Path, e: kenning_table::StorageError) -> Error {
    let reopen = if e.is_previous_io() {
        "; this handle is unusable after an earlier I/O error: reopen the store once the cause \
         is fixed (disk space, the device)"
    } else {
        ""
    };
    Error::CommitUnknown {
        message: format!(
            "the commit to {} failed ({e}), so whether this call's writes are stored is unknown \
             (all of them or none): reopen the store, or take a new snapshot, and check before \
             retrying{reopen}",
            path.display()
        ),
        source: Some(Box::new(e)),
    }
}

/// Runs `f`, turning a panic inside it (redb meeting bytes it did not expect in a damaged file)
/// into a [`Error::Storage`] that names the file and the repair commands, so that no panic
/// reaches a caller.
pub(crate) fn contain<T>(path: &std::path::Path, f: impl FnOnce() -> Result<T>) -> Result<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(outcome) => outcome,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_owned());
            let shown = path.display().to_string();
            Err(Error::Storage {
                message: format!(
                    "reading the store at {shown} failed inside the storage engine ({}); {}",
                    kenning_vocab::quote(&what),
                    repair_advice(&shown)
                ),
                source: None,
            })
        }
    }
}

/// redb errors reach the facade as [`kenning_table::StorageError`] (through its `.db()`
/// adapter), never as redb types.
impl From<kenning_table::StorageError> for Error {
    fn from(e: kenning_table::StorageError) -> Self {
        if e.is_previous_io() {
            return Self::NeedsReopen {
                message: "an earlier I/O error left this handle unusable: reopen the store \
                          (Kenning::open) once the cause is fixed (disk space, the device); \
                          nothing acknowledged is lost"
                    .into(),
                source: Some(e.into()),
            };
        }
        // A read past the end of the file is damage too: a page number or length that the file
        // never held (a changed pointer, a file cut short after it was opened unverified).
        if e.is_damage() {
            return Self::Storage {
                message: format!(
                    "{}: the store file is damaged: run `kenning store check` on it, `kenning \
                     store salvage` to copy what still reads, or restore it from a backup",
                    e.engine_message()
                ),
                source: Some(e.into()),
            };
        }
        if e.is_already_open() {
            return Self::Storage {
                message: "the store file is already open, in another process or through another \
                          handle in this one: close it there, or share one Kenning handle (it \
                          is Send + Sync and cheap to clone)"
                    .into(),
                source: Some(e.into()),
            };
        }
        Self::storage(e.to_string(), e)
    }
}

/// The facade's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
