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
mod session;
mod vocab;

use std::process::ExitCode;

use clap::FromArgMatches as _;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    // clap prints usage errors itself and exits with 2.
    let cli = Cli::from_arg_matches(&cli::command().get_matches()).unwrap_or_else(|e| e.exit());
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

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if let Command::Mcp(args) = &cli.command {
        return mcp::run(&cli, args);
    }
    cli.command.preflight()?;
    let session = session::Session::open(&cli, cli.command.access())?;
    match cli.command {
        Command::Vocabulary(cmd) => vocab::run(&session, cmd),
        Command::Scopes(cmd) => admin::scopes(&session, cmd),
        Command::Keys(cmd) => admin::keys(&session, cmd),
        Command::Audit(args) => admin::audit(&session, &args),
        Command::Memory(cmd) => memory::run(&session, cmd),
        Command::Mcp(_) => unreachable!("served above"),
    }
}
