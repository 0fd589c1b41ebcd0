//! The command-line grammar (clap derive). Parsing only: no store access here.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, CommandFactory as _, Parser, Subcommand, ValueEnum};
use kenning::{CapsuleId, Origin, TimeWindow, Timestamp};

/// Kenning: durable memory for AI agents, on a local store file.
///
/// Without --api-key the command runs as a management session: whoever can open the store file
/// owns it. With --api-key (or KENNING_API_KEY) it runs as that key, and management commands
/// (declaring or removing a vocabulary, registering scopes, managing keys) are refused; memory
/// commands run with the key's permissions and reach.
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

    /// Carry the command out through the `kenning serve` at this URL (e.g.
    /// http://127.0.0.1:7474). Without it, a server found from the discovery file beside the
    /// store (STORE.server.json) is used when one answers there, and the file directly
    /// otherwise.
    #[arg(long, global = true, env = "KENNING_SERVER", value_name = "URL")]
    pub(crate) server: Option<String>,

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
    /// Put, read, recall, fence, forget and import memories.
    #[command(subcommand)]
    Memory(MemoryCommand),
    /// Check a store file, or salvage what still reads from a damaged one.
    #[command(subcommand)]
    Store(StoreCommand),
    /// Serve the store to an AI agent over the Model Context Protocol (stdio).
    ///
    /// Runs as the principal chosen here for the whole session: the API key given with
    /// --api-key (or KENNING_API_KEY), or, with --operator NAME and no key, a management
    /// session. One of the two is required. Speaks JSON-RPC on standard input and output;
    /// diagnostics go to standard error.
    Mcp(McpArgs),
    /// Serve the store over HTTP: the REST routes, /openapi.json, and MCP (Streamable HTTP) at
    /// /mcp, on one listener.
    ///
    /// Holds the store until SIGINT or SIGTERM, then finishes the requests in flight, flushes
    /// and closes it. Every request needs `Authorization: Bearer <token>`: an API key's secret,
    /// or the operator token, which the server writes on start to STORE.token (mode 0600); its
    /// address goes to STORE.server.json, where the CLI and `kenning mcp` find it and carry
    /// their calls out through it. Refuses to start if other users may write in the store's
    /// directory.
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// Where to listen, as HOST:PORT; port 0 picks a free one. The default is loopback only.
    #[arg(
        long,
        value_name = "HOST:PORT",
        env = "KENNING_SERVE_ADDR",
        default_value = "127.0.0.1:7474"
    )]
    pub(crate) addr: String,

    /// Create the store when it does not exist (otherwise a mistyped --store is an error).
    #[arg(long)]
    pub(crate) create: bool,

    /// A host name (or HOST:PORT) MCP clients may reach /mcp by, besides the loopback names
    /// and the address listened on; repeatable. /mcp refuses (403) a request whose Host header
    /// names anything else, against DNS rebinding: with --addr 0.0.0.0:PORT, name the hosts
    /// clients use, e.g. --allow-host memory.internal.
    #[arg(long, value_name = "HOST")]
    pub(crate) allow_host: Vec<String>,
}

#[derive(Debug, Subcommand)]
pub(crate) enum StoreCommand {
    /// Verify every page checksum of the store (whatever the seal its last clean close left
    /// says) and read back every record, without writing a byte of it. Exits 1 when the store
    /// is damaged, naming what is wrong.
    Check {
        /// Output format.
        #[arg(short, long, value_enum, default_value_t = Output::Table)]
        output: Output,
    },
    /// Copy every record of the store that still reads into a new store at OUT, and report what
    /// was lost. The store is read in a private view and never written; OUT must not exist.
    Salvage {
        /// The new store to write.
        out: PathBuf,
        /// Output format.
        #[arg(short, long, value_enum, default_value_t = Output::Table)]
        output: Output,
    },
    /// Give back the space the file no longer uses (pages freed by copy-on-write: bulk imports
    /// over many scopes and forgets leave many), in place; nothing stored changes. Needs the
    /// store to itself: stop a `kenning serve` first. A kill midway leaves a sound store.
    Compact {
        /// Output format.
        #[arg(short, long, value_enum, default_value_t = Output::Table)]
        output: Output,
    },
}

#[derive(Debug, Args)]
pub(crate) struct McpArgs {
    /// Serve as a management session for this operator (recorded in the audit log). Required
    /// when no API key is given; refused together with one.
    #[arg(long, value_name = "NAME")]
    pub(crate) operator: Option<String>,

    /// The scope tools act on when a call names none; the entity tools of the official memory
    /// server (create_entities, read_graph, ...) have no scope argument in their shape and use it.
    #[arg(long, value_name = "ID", env = "KENNING_MCP_SCOPE")]
    pub(crate) scope: Option<String>,

    /// The largest message (one line of JSON-RPC) the server reads, in bytes; a longer one is
    /// answered with an error naming this bound. At least 1024.
    #[arg(
        long,
        value_name = "BYTES",
        env = "KENNING_MCP_MAX_MESSAGE_BYTES",
        default_value_t = crate::mcp::DEFAULT_MAX_MESSAGE_BYTES,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1024..=(1 << 32)),
    )]
    pub(crate) max_message_bytes: usize,
}

/// The exit codes, shown under every command's help.
const EXIT_CODES: &str = "Exit codes: 0 success, 1 error (stderr names the stable code and the fix), \
                          2 usage (a flag or value the command does not take).";

/// The grammar with the exit codes under the help of every command.
pub(crate) fn command() -> clap::Command {
    fn with_exit_codes(cmd: clap::Command) -> clap::Command {
        cmd.after_help(EXIT_CODES).mut_subcommands(with_exit_codes)
    }
    with_exit_codes(Cli::command())
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
    Remove(RemoveArgs),
}

#[derive(Debug, Args)]
pub(crate) struct LevelArgs {
    /// The scope whose level to use; omitted, the enterprise level.
    #[arg(long)]
    pub(crate) scope: Option<String>,
}

#[derive(Debug, Args)]
pub(crate) struct RemoveArgs {
    #[command(flatten)]
    pub(crate) level: LevelArgs,

    /// Output format: `json` prints {"scopeId", "removed"}, `name` the level (a scope id, or
    /// `enterprise`).
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
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

    /// Output format: `table` prints the diff and what was done; `json` prints {"scopeId",
    /// "declared", "request"} (the diff goes to stderr); `name` the level (a scope id, or
    /// `enterprise`).
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
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
        /// Output format: `json` prints {"id", "kind", "created"}, `name` the id.
        #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
        output: Output,
    },
    /// List the scopes this session reaches.
    List {
        /// Output format.
        #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
        output: Output,
    },
    /// Look at what a scope remembers.
    #[command(subcommand)]
    Memory(ScopeMemoryCommand),
}

#[derive(Debug, Subcommand)]
pub(crate) enum ScopeMemoryCommand {
    /// List a scope's capsules, or with --graph its graph nodes, a page at a time.
    ///
    /// The graph listing shows a CLASS column beside LABEL only when a node in the listing has
    /// a class; `--fields nodeType` shows it regardless. `--graph-json` runs a query document
    /// instead, e.g. {"start": {"filters": [{"key": "NodeType", "value": "Person"}]}}, and lists
    /// the nodes it finds and the edges a traversal followed.
    Inspect(InspectArgs),
}

#[derive(Debug, Args)]
pub(crate) struct InspectArgs {
    /// The scope id.
    pub(crate) scope: String,

    /// List the scope's graph nodes (id order) instead of its capsules.
    #[arg(long)]
    pub(crate) graph: bool,

    /// Query the graph with a query document: inline JSON, @FILE, or - for standard input.
    /// Implies --graph. The document carries its own limit.
    #[arg(long, value_name = "DOC", conflicts_with_all = ["after", "limit", "all"])]
    pub(crate) graph_json: Option<String>,

    /// The table's columns, comma-separated, in order; the id column is always shown. Nodes:
    /// id, label, nodeType, properties. Capsules: id, scope, origin, created, validFrom,
    /// validUntil, state, metadata, supersedes, content.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "FIELD,...")]
    pub(crate) fields: Vec<Field>,

    /// Start after this id: the cursor printed under the previous page.
    #[arg(long, value_name = "ID")]
    pub(crate) after: Option<String>,

    /// At most this many rows per page (1 to 1000).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub(crate) limit: u32,

    /// Page through the whole listing.
    #[arg(long, conflicts_with = "after")]
    pub(crate) all: bool,

    /// Output format: `json` prints the response verbatim, `name` the ids.
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
}

/// A column of an inspect listing, named as in the JSON output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Field {
    /// The node or capsule id.
    Id,
    /// A node's label.
    Label,
    /// A node's class (the CLASS column).
    #[value(name = "nodeType")]
    NodeType,
    /// A node's properties, as JSON.
    Properties,
    /// A capsule's scope.
    Scope,
    /// A capsule's origin.
    Origin,
    /// When a capsule was written.
    Created,
    /// When what a capsule says starts to hold.
    #[value(name = "validFrom")]
    ValidFrom,
    /// When what a capsule says stops holding.
    #[value(name = "validUntil")]
    ValidUntil,
    /// A capsule's fences, or `live`.
    State,
    /// A capsule's metadata, as key=value pairs.
    Metadata,
    /// The capsule a capsule replaced.
    Supersedes,
    /// A capsule's content (shortened to one line in a table).
    Content,
}

#[derive(Debug, Subcommand)]
pub(crate) enum MemoryCommand {
    /// Write a capsule, a text memory, into a scope, and print its id.
    Put(PutArgs),
    /// Show a capsule.
    Get {
        /// The capsule id (cap-<n>).
        #[arg(value_parser = parse_capsule_id)]
        id: CapsuleId,
        /// Output format: `json` prints the capsule verbatim, `name` its id.
        #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
        output: Output,
    },
    /// Recall the capsules of a scope that best answer a query, fenced ones left out.
    Retrieve(RetrieveArgs),
    /// Write capsules in bulk from JSON Lines, in batched transactions.
    ///
    /// One JSON object per line: {"scope": "bot.support", "content": "Ana prefers email.",
    /// "origin": "owner-stated", "metadata": {"source": "crm"}, "valid_from":
    /// "2024-03-01T00:00:00Z", "valid_until": "...", "fresh_until": "..."}. Only content is
    /// required (scope too, unless --scope gives it); times are RFC 3339 strings or epoch
    /// milliseconds; camelCase spellings (validFrom, modelTag, ...) are accepted. Blank lines
    /// are skipped. A line may carry its capsule's "embedding" (an array of numbers from your
    /// model) with the "model_tag" that names the model; both go in the capsule's transaction.
    ///
    /// Each batch is one transaction: a batch that fails writes nothing, and the batches
    /// before it stay written. The error names the line, and --from-line resumes where the
    /// failed batch began.
    Import(ImportArgs),
    /// Replace a capsule with a corrected one, which records what it supersedes; the old one is
    /// fenced out of recall for good.
    Supersede(SupersedeArgs),
    /// Hold a capsule back from recall for review (lift with `release`).
    Quarantine(LifecycleArgs),
    /// Lift a capsule's quarantine.
    Release(LifecycleArgs),
    /// Mark a capsule as shown to be false. Final: asks for confirmation.
    Falsify(ConfirmArgs),
    /// Take a capsule out of recall, keeping it (undo with `unarchive`).
    Archive(LifecycleArgs),
    /// Bring an archived capsule back into recall.
    Unarchive(LifecycleArgs),
    /// Set or clear a capsule's freshness deadline: past it, the capsule is stale and out of
    /// recall.
    Freshness(FreshnessArgs),
    /// Forget a capsule: its record, index entries and sidecars are removed and its id is never
    /// reused. Asks for confirmation.
    Forget(ConfirmArgs),
    /// Commit graph nodes and edges to a scope, in one transaction.
    ///
    /// The document is {"nodes": [{"id": "ada", "label": "Ada Lovelace", "nodeType":
    /// "Person"}], "edges": [{"relationType": "WORKS_AT", "source": "ada", "target": "acme"}]}.
    /// A node's first class sticks: a later write with another class keeps it and says so.
    CommitGraph(CommitGraphArgs),
}

/// What a new capsule says besides its content: shared by `put` and `supersede`.
#[derive(Debug, Args)]
pub(crate) struct CapsuleArgs {
    /// The content; omitted or `-`, read from standard input (one trailing newline dropped).
    pub(crate) content: Option<String>,

    /// Where the content came from.
    #[arg(long, value_parser = origin_parser(), default_value = "extracted-candidate")]
    pub(crate) origin: Origin,

    /// A metadata entry, as KEY=VALUE (repeatable).
    #[arg(long = "meta", value_name = "KEY=VALUE", value_parser = parse_meta)]
    pub(crate) metadata: Vec<(String, String)>,

    /// From when what it says holds (RFC 3339, e.g. 2024-03-01T00:00:00Z).
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub(crate) valid_from: Option<Timestamp>,

    /// Until when what it says holds (RFC 3339).
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub(crate) valid_until: Option<Timestamp>,

    /// A freshness deadline (RFC 3339): past it, the capsule is stale and out of recall.
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub(crate) fresh_until: Option<Timestamp>,

    /// The conversation, session or document the capsule belongs to (with --position):
    /// recall lends it a share of its thread neighbours' match.
    #[arg(long, value_name = "ID", requires = "position")]
    pub(crate) thread: Option<String>,

    /// The capsule's position in its --thread, e.g. its turn number.
    #[arg(long, value_name = "N", requires = "thread")]
    pub(crate) position: Option<u64>,

    /// Output format: `json` prints {"id": ...}; `table` and `name` the bare id.
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
}

#[derive(Debug, Args)]
pub(crate) struct PutArgs {
    /// The scope the capsule goes into.
    #[arg(long, short = 's')]
    pub(crate) scope: String,

    #[command(flatten)]
    pub(crate) capsule: CapsuleArgs,
}

#[derive(Debug, Args)]
pub(crate) struct SupersedeArgs {
    /// The capsule to replace.
    #[arg(value_parser = parse_capsule_id)]
    pub(crate) id: CapsuleId,

    /// The scope of the capsule replaced; omitted, it is read from the capsule (which needs
    /// agent.memory:read).
    #[arg(long, short = 's')]
    pub(crate) scope: Option<String>,

    #[command(flatten)]
    pub(crate) capsule: CapsuleArgs,
}

#[derive(Debug, Args)]
pub(crate) struct RetrieveArgs {
    /// The scope searched.
    #[arg(long, short = 's')]
    pub(crate) scope: String,

    /// The query: words to rank capsules by. May be left out on the vector lane (and on the
    /// fused lane, which then ranks by the vector lane alone).
    pub(crate) query: Option<String>,

    /// How to rank: `auto` is `fused` when --embedding is given, `term` otherwise.
    #[arg(long, value_enum, default_value_t = LaneArg::Auto)]
    pub(crate) lane: LaneArg,

    /// The query's embedding from your model, as a JSON array of numbers, `@FILE` holding one,
    /// or `-` to read it from standard input. Needed by the vector and fused lanes.
    #[arg(long, value_name = "JSON|@FILE|-")]
    pub(crate) embedding: Option<String>,

    /// Fuse by Reciprocal Rank Fusion with this rank offset k (e.g. 60) instead of the default
    /// convex fusion of the lanes' normalised scores.
    #[arg(long, value_name = "K")]
    pub(crate) rrf_k: Option<f64>,

    /// The fused lane's weights, as TERM,VECTOR (default 1,1.5 for the convex fusion, 1,1 with
    /// --rrf-k).
    #[arg(long, value_name = "TERM,VECTOR", value_parser = parse_weights)]
    pub(crate) weights: Option<(f64, f64)>,

    /// At most this many hits (1 to 1000).
    #[arg(long, default_value_t = kenning::DEFAULT_LIMIT)]
    pub(crate) limit: usize,

    /// Only capsules whose fact time overlaps FROM..UNTIL (RFC 3339, bounds included; either
    /// side may be left open: `2024-03-01T00:00:00Z..`). Undated capsules are left out.
    #[arg(long, value_name = "FROM..UNTIL", value_parser = parse_window)]
    pub(crate) window: Option<TimeWindow>,

    /// Output format: `json` prints the retrieval verbatim, `name` the ids, best first.
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
}

/// A recall lane on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum LaneArg {
    /// Fused when a query embedding is given, term otherwise.
    Auto,
    /// BM25 over capsule content.
    Term,
    /// Cosine over the scope's embeddings (scored exactly; a quantized scan chooses the
    /// candidates in a scope of more than 4,096 vectors).
    Vector,
    /// Both lanes, fused (convex by default, Reciprocal Rank Fusion with `--rrf-k`).
    Fused,
}

/// `TERM,VECTOR` weights of the fused lane.
fn parse_weights(text: &str) -> Result<(f64, f64), String> {
    let (term, vector) = text
        .split_once(',')
        .ok_or_else(|| format!("expected TERM,VECTOR, e.g. 1,0.5; got `{text}`"))?;
    let parse = |v: &str| {
        v.trim()
            .parse::<f64>()
            .map_err(|e| format!("`{v}` is not a number ({e})"))
    };
    Ok((parse(term)?, parse(vector)?))
}

#[derive(Debug, Args)]
pub(crate) struct ImportArgs {
    /// The JSON Lines file; `-` reads standard input.
    pub(crate) file: PathBuf,

    /// The scope of lines that name none.
    #[arg(long, short = 's')]
    pub(crate) scope: Option<String>,

    /// Capsules per transaction (1 to 10000).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub(crate) batch_size: u32,

    /// Skip the lines before this one (counted from 1), to resume an import that stopped.
    #[arg(long, value_name = "LINE", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) from_line: u64,

    /// No progress bar, even on a terminal.
    #[arg(long)]
    pub(crate) no_progress: bool,

    /// Output format: `table` prints a summary, `json` the summary and every id, `name` the
    /// ids, one per imported line.
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
}

#[derive(Debug, Args)]
pub(crate) struct LifecycleArgs {
    /// The capsule id.
    #[arg(value_parser = parse_capsule_id)]
    pub(crate) id: CapsuleId,

    /// Output format: `json` prints the lifecycle as it now reads.
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
}

#[derive(Debug, Args)]
pub(crate) struct ConfirmArgs {
    #[command(flatten)]
    pub(crate) target: LifecycleArgs,

    /// Do not ask for confirmation.
    #[arg(long, short = 'y')]
    pub(crate) yes: bool,
}

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("deadline").required(true).args(["until", "clear"]))]
pub(crate) struct FreshnessArgs {
    #[command(flatten)]
    pub(crate) target: LifecycleArgs,

    /// The new deadline (RFC 3339); one in the past makes the capsule stale at once.
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub(crate) until: Option<Timestamp>,

    /// Drop the deadline: the capsule never goes stale.
    #[arg(long)]
    pub(crate) clear: bool,
}

#[derive(Debug, Args)]
pub(crate) struct CommitGraphArgs {
    /// The scope whose graph to write.
    #[arg(long, short = 's')]
    pub(crate) scope: String,

    /// The commit document: inline JSON, @FILE, or - for standard input.
    #[arg(value_name = "DOC")]
    pub(crate) document: String,

    /// Output format: `json` prints the commit report verbatim.
    #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
    pub(crate) output: Output,
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
        /// Output format. Every one prints the secret, shown only this once: `json` prints
        /// {"key", "secret"}, `name` the key id and, on the next line, the secret.
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
        /// Output format: `json` prints {"id", "revoked"}, `name` the id.
        #[arg(long, short = 'o', value_enum, default_value_t = Output::Table)]
        output: Output,
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

/// `KEY=VALUE`; the `=` is mandatory, the value may be empty.
fn parse_meta(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) => Ok((key.to_owned(), value.to_owned())),
        None => Err(format!(
            "expected KEY=VALUE; write `{text}=` for an empty value"
        )),
    }
}

fn parse_capsule_id(text: &str) -> Result<CapsuleId, String> {
    text.parse()
        .map_err(|_| format!("expected a capsule id such as cap-12, got `{text}`"))
}

fn parse_time(text: &str) -> Result<Timestamp, String> {
    Timestamp::parse("time", text)
        .map_err(|_| format!("`{text}` is not an RFC 3339 time; write e.g. 2024-03-01T00:00:00Z"))
}

/// `FROM..UNTIL`, either side possibly empty but not both.
fn parse_window(text: &str) -> Result<TimeWindow, String> {
    let (from, until) = text.split_once("..").ok_or_else(|| {
        format!(
            "expected FROM..UNTIL (e.g. 2024-03-01T00:00:00Z..2024-05-31T23:59:59Z, or \
             2024-03-01T00:00:00Z.. for no upper bound), got `{text}`"
        )
    })?;
    let bound = |t: &str| (!t.trim().is_empty()).then(|| parse_time(t)).transpose();
    match (bound(from)?, bound(until)?) {
        (Some(from), Some(until)) => Ok(TimeWindow::between(from, until)),
        (Some(from), None) => Ok(TimeWindow::since(from)),
        (None, Some(until)) => Ok(TimeWindow::until(until)),
        (None, None) => {
            Err("a window needs at least one bound: FROM.., ..UNTIL or FROM..UNTIL".to_owned())
        }
    }
}

/// The origins by their wire names, listed in the help.
fn origin_parser() -> impl clap::builder::TypedValueParser<Value = Origin> {
    use clap::builder::TypedValueParser as _;
    PossibleValuesParser::new(Origin::NAMES).try_map(|name| name.parse::<Origin>())
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

    #[test]
    fn grammar_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn windows_take_either_bound_or_both() {
        let t = |s| Timestamp::parse("t", s).unwrap();
        assert_eq!(
            parse_window("2024-03-01T00:00:00Z..2024-05-31T00:00:00Z").unwrap(),
            TimeWindow::between(t("2024-03-01T00:00:00Z"), t("2024-05-31T00:00:00Z"))
        );
        assert_eq!(
            parse_window("2024-03-01T00:00:00Z..").unwrap(),
            TimeWindow::since(t("2024-03-01T00:00:00Z"))
        );
        assert_eq!(
            parse_window("..2024-05-31T00:00:00Z").unwrap(),
            TimeWindow::until(t("2024-05-31T00:00:00Z"))
        );
        assert!(
            parse_window("..")
                .unwrap_err()
                .contains("at least one bound")
        );
        assert!(
            parse_window("2024-03-01T00:00:00Z")
                .unwrap_err()
                .contains("FROM..UNTIL")
        );
        assert!(
            parse_window("yesterday..")
                .unwrap_err()
                .contains("RFC 3339")
        );
    }

    #[test]
    fn meta_and_ids_parse_with_the_fix_in_the_error() {
        assert_eq!(
            parse_meta("source=crm").unwrap(),
            ("source".into(), "crm".into())
        );
        assert_eq!(parse_meta("k=").unwrap(), ("k".into(), String::new()));
        assert!(parse_meta("k").unwrap_err().contains("k="));
        assert_eq!(parse_capsule_id("cap-3").unwrap().get(), 3);
        assert!(parse_capsule_id("3").unwrap_err().contains("cap-12"));
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
