//! `kenning store check | salvage | compact`: the store file itself, for when it may be damaged
//! or has grown with space it no longer uses.

use std::path::Path;
use std::process::ExitCode;

use kenning::Kenning;

use crate::cli::{Output, StoreCommand};
use crate::output;

pub(crate) fn run(store: &Path, cmd: &StoreCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        StoreCommand::Check { output } => check(store, *output),
        StoreCommand::Salvage { out, output } => salvage(store, out, *output),
        StoreCommand::Compact { output } => compact(store, *output),
    }
}

fn compact(store: &Path, format: Output) -> anyhow::Result<ExitCode> {
    let report = Kenning::compact(store)?;
    match format {
        Output::Json => output::json(&report)?,
        Output::Name => output::print(&format!("{}\n", report.path.display())),
        Output::Table => {
            let mib = |b: u64| format!("{:.1} MiB ({b} bytes)", b as f64 / (1024.0 * 1024.0));
            output::record(&[
                ("STORE", report.path.display().to_string()),
                ("BEFORE", mib(report.bytes_before)),
                ("AFTER", mib(report.bytes_after)),
                (
                    "TERM SEGMENTS",
                    format!(
                        "{} before, {} after",
                        report.term_segments_before, report.term_segments_after
                    ),
                ),
            ]);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn check(store: &Path, format: Output) -> anyhow::Result<ExitCode> {
    let report = Kenning::check(store)?;
    match format {
        Output::Json => output::json(&report)?,
        Output::Name => output::print(&format!(
            "{}\n",
            if report.sound { "sound" } else { "damaged" }
        )),
        Output::Table => {
            let state = if report.sound { "sound" } else { "damaged" };
            let mut rows = vec![
                ("STORE", report.path.display().to_string()),
                ("STATE", state.to_owned()),
                ("CAPSULES", report.capsules.to_string()),
                ("EMBEDDINGS", report.embeddings.to_string()),
                ("NODES", report.nodes.to_string()),
            ];
            for problem in &report.problems {
                rows.push(("PROBLEM", problem.clone()));
            }
            output::record(&rows);
            if !report.sound {
                output::note(&format!(
                    "copy what still reads into a new store: kenning --store {} store salvage \
                     NEW.redb",
                    store.display()
                ));
            }
        }
    }
    Ok(if report.sound {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn salvage(store: &Path, out: &Path, format: Output) -> anyhow::Result<ExitCode> {
    let report = Kenning::salvage(store, out)?;
    match format {
        Output::Json => output::json(&report)?,
        Output::Name => output::print(&format!("{}\n", report.to.display())),
        Output::Table => {
            let mut rows = vec![
                ("FROM", report.from.display().to_string()),
                ("TO", report.to.display().to_string()),
                ("CAPSULES", report.capsules.to_string()),
                ("EMBEDDINGS", report.embeddings.to_string()),
                ("NODES", report.nodes.to_string()),
                ("EDGES", report.edges.to_string()),
            ];
            for t in &report.tables {
                let mut line = format!("{} copied", t.copied);
                if t.undecodable > 0 {
                    line.push_str(&format!(", {} undecodable left out", t.undecodable));
                }
                for d in &t.damage {
                    line.push_str(&format!("; {d}"));
                }
                rows.push(("TABLE", format!("{}: {line}", t.table)));
            }
            for lost in &report.lost {
                rows.push(("LOST", lost.clone()));
            }
            output::record(&rows);
            output::note(if report.complete() {
                "everything read: the new store holds the whole store"
            } else {
                "the new store holds everything that read; the lines above say what did not"
            });
        }
    }
    Ok(ExitCode::SUCCESS)
}
