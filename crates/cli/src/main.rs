//! `kenning`: the command line over a local Kenning store file.
//!
//! See `kenning --help`. The only crate that knows clap, terminals and exit codes.

mod admin;
mod cli;
mod import;
mod input;
mod inspect;
mod json;
mod mcp;
mod memory;
mod output;
mod remote;
mod serve;
mod session;
mod store;
mod vocab;

use std::process::ExitCode;

use clap::FromArgMatches as _;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    // clap prints usage errors itself and exits with 2; a long bad value is cut to a prefix.
    let matches = cli::command()
        .try_get_matches()
        .unwrap_or_else(|e| usage(&e));
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| usage(&e));
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            output::report(&e);
            if e.downcast_ref::<output::Usage>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

/// Exits as clap would for `e` (help and version on stdout with 0, usage errors on stderr with
/// 2), quoting a long bad value by its prefix.
fn usage(e: &clap::Error) -> ! {
    if !e.use_stderr() {
        e.exit();
    }
    let text = output::shorten_quoted(&e.render().to_string(), &['\'', '"', '`']);
    drop(std::io::Write::write_all(
        &mut std::io::stderr(),
        text.as_bytes(),
    ));
    std::process::exit(e.exit_code());
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if let Command::Mcp(args) = &cli.command {
        return mcp::run(&cli, args);
    }
    if let Command::Store(cmd) = &cli.command {
        // Maintenance of the file itself: no session, and nothing opened for writing.
        return store::run(&cli.store, cmd);
    }
    if let Command::Serve(args) = &cli.command {
        return serve::run(&cli, args);
    }
    cli.command.preflight()?;
    let session = session::Session::open(&cli, cli.command.access())?;
    match cli.command {
        Command::Vocabulary(cmd) => vocab::run(&session, cmd),
        Command::Scopes(cmd) => admin::scopes(&session, cmd),
        Command::Keys(cmd) => admin::keys(&session, cmd),
        Command::Audit(args) => admin::audit(&session, &args),
        Command::Memory(cmd) => memory::run(&session, cmd),
        Command::Mcp(_) | Command::Store(_) | Command::Serve(_) => unreachable!("served above"),
    }
}
