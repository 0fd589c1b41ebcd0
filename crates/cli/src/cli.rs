//! The command-line grammar (clap derive). Parsing only: no store access here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Kenning: durable memory for AI agents, on a local store file.
///
/// Without --api-key the command runs as a management session: whoever can open the store file
/// owns it. With --api-key (or KENNING_API_KEY) it runs as that key, and management commands
/// (declaring or removing a vocabulary, registering scopes, managing keys) are refused.
///
/// Exit codes: 0 success, 1 error (the message names the stable code and the fix), 2 usage.
#[derive(Debug, Parser)]
#[command(name = "kenning", version, max_term_width = 100)]
pub(crate) struct Cli {
    /// The store file.
    #[arg(
        long,
        global = true,
        env = "KENNING_STORE",
        default_value = "kenning.redb"
    )]
    pub(crate) store: PathBuf,

    /// Authenticate with an API key secret instead of as a management session.
    #[arg(long, global = true, env = "KENNING_API_KEY", hide_env_values = true)]
    pub(crate) api_key: Option<String>,

    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Declare, read and remove memory vocabularies.
    #[command(subcommand, visible_alias = "vocab")]
    Vocabulary(VocabularyCommand),
    /// Register and list scopes.
    #[command(subcommand)]
    Scopes(ScopesCommand),
    /// Create, list and revoke API keys.
    #[command(subcommand)]
    Keys(KeysCommand),
    /// Read the audit log.
    Audit(AuditArgs),
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Output {
    /// Aligned text for people.
    Table,
    /// JSON for scripts: the API's response, verbatim.
    Json,
    /// Names only, one per line.
    Name,
}

#[derive(Debug, Subcommand)]
pub(crate) enum VocabularyCommand {
    /// Declare a vocabulary at the enterprise level (default) or for one scope.
    ///
    /// A declaration replaces the previous one outright. The command shows what the new one
    /// adds, drops and re-describes, then asks for confirmation.
    Declare(DeclareArgs),
    /// Show what a level declares and what resolves there.
    Get(GetArgs),
    /// Remove a level's declaration. At a scope, this restores inheritance from the enterprise.
    Remove(LevelArgs),
}

#[derive(Debug, Args)]
pub(crate) struct LevelArgs {
    /// The scope whose level to use; omitted, the enterprise level.
    #[arg(long)]
    pub(crate) scope: Option<String>,
}

#[derive(Debug, Args)]
pub(crate) struct DeclareArgs {
    #[command(flatten)]
    pub(crate) level: LevelArgs,

    /// An entity class, as NAME=DESCRIPTION. The `=` is required even when the description is
    /// empty (`--class Person=`).
    #[arg(long = "class", value_name = "NAME=DESCRIPTION", value_parser = parse_named)]
    pub(crate) classes: Vec<(String, String)>,

    /// A relation type, as NAME=DESCRIPTION.
    #[arg(long = "relation", value_name = "NAME=DESCRIPTION", value_parser = parse_named)]
    pub(crate) relations: Vec<(String, String)>,

    /// A signature, as RELATION=SOURCE:TARGET. The relation must be given by a --relation on the
    /// same command line.
    #[arg(long = "signature", value_name = "RELATION=SOURCE:TARGET", value_parser = parse_signature)]
    pub(crate) signatures: Vec<(String, String, String)>,

    /// Read the declaration from a JSON or YAML file, with or without the `vocabulary` wrapper.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["classes", "relations", "signatures", "none"])]
    pub(crate) from_file: Option<PathBuf>,

    /// Declare an empty vocabulary: classification is OFF at this level.
    #[arg(long, conflicts_with_all = ["classes", "relations", "signatures"])]
    pub(crate) none: bool,

    /// Do not ask for confirmation.
    #[arg(long, short = 'y')]
    pub(crate) yes: bool,

    /// Print the diff and the request body, and write nothing.
    #[arg(long, conflicts_with = "yes")]
    pub(crate) dry_run: bool,
}

#[derive(Debug, Args)]
pub(crate) struct GetArgs {
    #[command(flatten)]
    pub(crate) level: LevelArgs,

    /// Output format: `json` prints the read response verbatim, `name` the resolved entity
    /// class names.
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
}

#[derive(Debug, Subcommand)]
pub(crate) enum ScopesCommand {
    /// Register a scope.
    Register {
        /// The scope id: 1-128 letters, digits, `_`, `.`, `-`.
        id: String,
        /// Its kind, fixed once registered.
        #[arg(long, value_enum)]
        kind: Kind,
    },
    /// List the scopes this session reaches.
    List {
        /// Output format.
        #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
        output: Output,
    },
}

/// A scope kind on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Kind {
    /// An agent's workspace.
    Agent,
    /// A subject memory is kept about.
    Subject,
}

#[derive(Debug, Subcommand)]
pub(crate) enum KeysCommand {
    /// Create an API key and print its secret, once.
    Create {
        /// A label for people.
        #[arg(long, default_value = "")]
        name: String,
        /// A permission to grant (repeatable), e.g. agent.memory:read.
        #[arg(long = "permission", required = true, value_name = "PERMISSION")]
        permissions: Vec<String>,
        /// Reach over agent scopes (repeatable): `*`, `PREFIX*` or an exact id.
        #[arg(long = "agents", value_name = "SELECTOR")]
        agents: Vec<String>,
        /// Reach over subject scopes (repeatable).
        #[arg(long = "subjects", value_name = "SELECTOR")]
        subjects: Vec<String>,
        /// Output format.
        #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
        output: Output,
    },
    /// List every key, revoked ones included. Secrets are never shown.
    List {
        /// Output format.
        #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
        output: Output,
    },
    /// Revoke a key by id (key-<n>).
    Revoke {
        /// The key id.
        id: String,
    },
}

#[derive(Debug, Args)]
pub(crate) struct AuditArgs {
    /// Show records after this sequence number.
    #[arg(long, default_value_t = 0)]
    pub(crate) after: u64,
    /// At most this many records.
    #[arg(long, default_value_t = 50)]
    pub(crate) limit: usize,
    /// Output format.
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
}

/// `NAME=DESCRIPTION`; the `=` is mandatory.
fn parse_named(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, description)) => Ok((name.to_owned(), description.to_owned())),
        None => Err(format!(
            "expected NAME=DESCRIPTION; write `{text}=` for an empty description"
        )),
    }
}

/// `RELATION=SOURCE:TARGET`.
fn parse_signature(text: &str) -> Result<(String, String, String), String> {
    let (relation, pair) = text
        .split_once('=')
        .ok_or_else(|| format!("expected RELATION=SOURCE:TARGET, got `{text}`"))?;
    let (source, target) = pair
        .split_once(':')
        .ok_or_else(|| format!("expected RELATION=SOURCE:TARGET, got `{text}`"))?;
    Ok((relation.to_owned(), source.to_owned(), target.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn named_values_need_the_separator() {
        assert_eq!(
            parse_named("Person=").unwrap(),
            ("Person".into(), String::new())
        );
        assert_eq!(
            parse_named("Person=a=b").unwrap(),
            ("Person".into(), "a=b".into())
        );
        assert!(parse_named("Person").unwrap_err().contains("Person="));
        assert_eq!(
            parse_signature("WORKS_AT=Person:Organization").unwrap(),
            ("WORKS_AT".into(), "Person".into(), "Organization".into())
        );
        assert!(parse_signature("WORKS_AT=Person").is_err());
    }
}
