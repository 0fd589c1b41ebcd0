//! `kenning`: the command line over a local Kenning store file.
//!
//! See `kenning --help`. The only crate that knows clap, terminals and exit codes.

mod admin;
mod cli;
mod output;
mod session;
mod vocab;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    // clap prints usage errors itself and exits with 2.
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            output::report(&e);
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let session = session::Session::open(&cli, cli.command.access())?;
    match cli.command {
        Command::Vocabulary(cmd) => vocab::run(&session, cmd),
        Command::Scopes(cmd) => admin::scopes(&session, cmd),
        Command::Keys(cmd) => admin::keys(&session, cmd),
        Command::Audit(args) => admin::audit(&session, &args),
    }
}
