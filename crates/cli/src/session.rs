//! Who the command runs as, and on which store.

use anyhow::Context as _;
use kenning::{ErrorCode, Kenning, Permission, Principal};

use crate::cli::{Cli, Command, KeysCommand, MemoryCommand, ScopesCommand, VocabularyCommand};
use crate::output::Coded;
use crate::remote::{Backend, Client};

/// What a command needs from the store, decided before it is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    /// Reads only: the store is opened read-only and left byte-for-byte unchanged.
    Read,
    /// Writes memory (capsules, graph): the store is opened read-write and must exist already,
    /// since memory goes into registered scopes. An API key may do it with the permissions and
    /// reach the facade checks (`agent.memory:write`).
    Write,
    /// A management-class act: refused under an API key before the store is touched (L5).
    Manage {
        /// What is being done, for the refusal message.
        what: &'static str,
        /// Whether it writes (a dry run does not).
        writes: bool,
    },
}

impl Command {
    /// Refuses, before the store is opened, what cannot go ahead whatever it holds: a
    /// confirmation that cannot be asked (no terminal, no `--yes`).
    pub(crate) fn preflight(&self) -> anyhow::Result<()> {
        match self {
            Command::Memory(MemoryCommand::Forget(args) | MemoryCommand::Falsify(args))
                if !args.yes =>
            {
                crate::input::can_ask(crate::memory::CONFIRM_HINT)
            }
            Command::Vocabulary(VocabularyCommand::Declare(args)) if !args.yes && !args.dry_run => {
                crate::input::can_ask(crate::vocab::CONFIRM_HINT)
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn access(&self) -> Access {
        let manage = |what, writes| Access::Manage { what, writes };
        match self {
            Command::Vocabulary(VocabularyCommand::Declare(args)) => {
                manage("declaring a vocabulary", !args.dry_run)
            }
            Command::Vocabulary(VocabularyCommand::Remove(_)) => {
                manage("removing a vocabulary", true)
            }
            Command::Vocabulary(VocabularyCommand::Get(_)) => Access::Read,
            Command::Scopes(ScopesCommand::Register { .. }) => manage("registering a scope", true),
            Command::Scopes(ScopesCommand::List { .. }) => Access::Read,
            Command::Keys(KeysCommand::List { .. }) => manage("listing API keys", false),
            Command::Keys(_) => manage("managing API keys", true),
            Command::Audit(_) => manage("reading the audit log", false),
            Command::Scopes(ScopesCommand::Memory(_))
            | Command::Memory(MemoryCommand::Get { .. } | MemoryCommand::Retrieve(_)) => {
                Access::Read
            }
            Command::Memory(_) => Access::Write,
            // `kenning mcp` and `kenning serve` open their store themselves and never reach
            // here.
            Command::Mcp(_) | Command::Serve(_) => Access::Write,
            Command::Store(_) => Access::Read,
        }
    }
}

/// An open store (or the server holding it) and the principal every call is made with.
pub(crate) struct Session {
    pub(crate) store: Backend,
    pub(crate) who: Principal,
}

/// Refuses, under an API key, a management-class act, before anything is touched (L5).
fn refuse_management(cli: &Cli, access: Access) -> anyhow::Result<()> {
    if let Access::Manage { what, .. } = access
        && cli.api_key.is_some()
    {
        anyhow::bail!(
            "{what} is management-class and this session authenticates with an API key, which \
             can never do it: run without --api-key / KENNING_API_KEY, as a management session"
        );
    }
    Ok(())
}

/// Refuses a memory write to a principal without `agent.memory:write`, before anything is
/// written.
fn require_write(who: &Principal) -> anyhow::Result<()> {
    if who.may(Permission::MemoryWrite) {
        return Ok(());
    }
    Err(Coded {
        code: Some(ErrorCode::PermissionDenied),
        message: format!(
            "writing memory needs {}, which {} does not hold: use a key that grants it \
             (kenning keys create --permission {} ...)",
            Permission::MemoryWrite,
            who.audit_name(),
            Permission::MemoryWrite
        ),
    }
    .into())
}

impl Session {
    /// Opens the store as `access` needs and authenticates: with an API key secret, as that
    /// key; without one, as a management session for the user running the command (being able
    /// to open the file is the proof of ownership).
    pub(crate) fn open(cli: &Cli, access: Access) -> anyhow::Result<Self> {
        refuse_management(cli, access)?;
        if let Some(server) = crate::remote::find(cli)? {
            return Self::through(server, access);
        }
        let writes = match access {
            Access::Manage { writes, .. } => writes,
            Access::Read => false,
            Access::Write if cli.store.exists() => true,
            Access::Write => anyhow::bail!(
                "there is no store at {}: pass --store (or set KENNING_STORE); memory goes into a \
                 registered scope, so create the store with `kenning scopes register ID --kind \
                 agent` first",
                cli.store.display()
            ),
        };
        if access == Access::Write
            && let Some(secret) = &cli.api_key
        {
            // Refused before the file is opened for writing, so that a key that may not write
            // never changes a byte of it.
            let who = Kenning::open_read_only(&cli.store)?
                .authenticate(secret)
                .context("authenticating with --api-key / KENNING_API_KEY")?;
            require_write(&who)?;
        }
        let store = if writes {
            Kenning::open(&cli.store)?
        } else if cli.store.exists() {
            Kenning::open_read_only(&cli.store)?
        } else {
            anyhow::bail!(
                "there is no store at {}: pass --store (or set KENNING_STORE), or create one with \
                 a write such as `kenning scopes register ID --kind agent`",
                cli.store.display()
            );
        };
        let who = match &cli.api_key {
            Some(secret) => store
                .authenticate(secret)
                .context("authenticating with --api-key / KENNING_API_KEY")?,
            None => Principal::operator(crate::remote::user()),
        };
        Ok(Self {
            store: Backend::Local(store),
            who,
        })
    }

    /// A session carried out through `server`: the principal is the one its token
    /// authenticates there, checked as a local session's is.
    fn through(server: crate::remote::Server, access: Access) -> anyhow::Result<Self> {
        let key = server.operator.is_none();
        let client = Client::new(server);
        let who = client.whoami();
        let who = if key {
            who.context("authenticating with --api-key / KENNING_API_KEY")?
        } else {
            who.with_context(|| format!("authenticating to the server at {}", client.url()))?
        };
        if access == Access::Write && key {
            require_write(&who)?;
        }
        Ok(Self {
            store: Backend::Remote(client),
            who,
        })
    }
}
