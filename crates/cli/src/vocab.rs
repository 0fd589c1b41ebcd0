//! `kenning vocabulary declare | get | remove` (L1–L5).

use std::process::ExitCode;

use anyhow::Context as _;
use kenning::{
    Declaration, Format, Level, RelationType, Vocabulary, VocabularyDiff, VocabularyRead,
};

use crate::cli::{DeclareArgs, GetArgs, LevelArgs, Output, RemoveArgs, VocabularyCommand};
use crate::session::Session;
use crate::{input, output};

/// How to go on when the confirmation of a declaration cannot be asked.
pub(crate) const CONFIRM_HINT: &str =
    "Pass --yes to declare without asking, or --dry-run to see the diff only";

pub(crate) fn run(session: &Session, cmd: VocabularyCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        VocabularyCommand::Declare(args) => declare(session, &args),
        VocabularyCommand::Get(args) => get(session, &args),
        VocabularyCommand::Remove(args) => remove(session, &args),
    }
}

fn level(args: &LevelArgs) -> Level<'_> {
    Level::from_scope_id(args.scope.as_deref())
}

fn level_name(level: Level<'_>) -> String {
    match level {
        Level::Enterprise => "enterprise".to_owned(),
        Level::Scope(id) => format!("scope {id}"),
    }
}

/// The vocabulary the flags describe. Signatures must name a `--relation` of the same line (L2).
fn from_flags(args: &DeclareArgs) -> anyhow::Result<Vocabulary> {
    let mut v = Vocabulary::empty();
    for (name, description) in &args.classes {
        v = v.with_class(name, description);
    }
    for (name, description) in &args.relations {
        v = v.with_relation(RelationType::new(name, description));
    }
    for (relation, source, target) in &args.signatures {
        let Some(r) = v.relation_types.iter_mut().find(|r| &r.name == relation) else {
            anyhow::bail!(
                "--signature {relation}={source}:{target} names relation type {relation:?}, \
                 which no --relation on this command line declares: add --relation {relation}="
            );
        };
        *r = r.clone().with_signature(source, target);
    }
    Ok(v)
}

fn declaration(args: &DeclareArgs) -> anyhow::Result<Declaration> {
    let vocabulary = if let Some(path) = &args.from_file {
        let body = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        let parsed = Declaration::parse_bytes(&body, Format::Auto)
            .map_err(kenning::Error::from)
            .with_context(|| format!("in {}", path.display()))?;
        if let (Some(in_file), Some(flag)) = (&parsed.scope_id, &args.level.scope)
            && in_file != flag
        {
            anyhow::bail!(
                "{} declares scopeId {in_file:?} but --scope says {flag:?}: drop one",
                path.display()
            );
        }
        if parsed.scope_id.is_some() && args.level.scope.is_none() {
            anyhow::bail!(
                "{} carries scopeId {:?}: pass --scope {} to confirm the level (without --scope \
                 the declaration would land at the enterprise level)",
                path.display(),
                parsed.scope_id.as_deref().unwrap_or_default(),
                parsed.scope_id.as_deref().unwrap_or_default()
            );
        }
        parsed.vocabulary
    } else if args.none {
        Vocabulary::empty()
    } else if args.classes.is_empty() && args.relations.is_empty() {
        anyhow::bail!(
            "a declaration always carries a vocabulary: give --class/--relation flags, \
             --from-file FILE, or --none to turn classification off (use `remove` to restore \
             inheritance)"
        );
    } else {
        from_flags(args)?
    };
    vocabulary.validate().map_err(kenning::Error::from)?;
    Ok(Declaration {
        scope_id: args.level.scope.clone(),
        vocabulary,
    })
}

fn declare(session: &Session, args: &DeclareArgs) -> anyhow::Result<ExitCode> {
    let body = declaration(args)?;
    let level = level(&args.level);
    let read = session.store.vocabulary(&session.who, level)?;
    let asks = !args.yes && !args.dry_run;
    // The diff comes before the question it asks about: on the question's stream (stderr)
    // when there is one, or when stdout is for a script (json, name); on stdout otherwise.
    let diff = preview(level, &read, &body.vocabulary);
    if asks || args.output != Output::Table {
        output::note(diff.trim_end());
    } else {
        output::print(&diff);
    }
    if asks && !input::confirm("Declare it?", CONFIRM_HINT)? {
        output::note("aborted: nothing was written");
        return Ok(ExitCode::from(1));
    }
    if !args.dry_run {
        session.store.declare(&session.who, &body)?;
    }
    match args.output {
        Output::Json => output::json(&serde_json::json!({
            "scopeId": args.level.scope,
            "declared": !args.dry_run,
            "request": body,
        }))?,
        Output::Name => output::print(&format!(
            "{}\n",
            args.level.scope.as_deref().unwrap_or("enterprise")
        )),
        Output::Table if args.dry_run => {
            output::print("\nRequest body (dry run, nothing written):\n");
            output::json(&body)?;
        }
        Output::Table => output::print(&format!("declared at {}\n", level_name(level))),
    }
    Ok(ExitCode::SUCCESS)
}

/// What declaring `new` at `level` changes, against what `read` says is there now (L3).
fn preview(level: Level<'_>, read: &VocabularyRead, new: &Vocabulary) -> String {
    let mut text = format!("Declaring at {}", level_name(level));
    match (&read.declaration, level) {
        (Some(_), _) => text.push_str(", replacing its declaration (no merge)"),
        (None, Level::Scope(_)) if read.resolved.is_some() => {
            text.push_str(
                ", which now inherits the enterprise default; it will stop inheriting it",
            );
        }
        (None, _) => text.push_str(", which declares nothing yet"),
    }
    text.push_str(".\n");
    if new.classifies_nothing() {
        text.push_str("The new vocabulary is empty: classification will be OFF at this level.\n");
    }
    let diff = VocabularyDiff::between(read.declaration.as_ref(), new);
    if !(diff.is_empty() && read.declaration.is_none()) {
        text.push_str(&diff.to_string());
    }
    text
}

fn get(session: &Session, args: &GetArgs) -> anyhow::Result<ExitCode> {
    let level = level(&args.level);
    let read = session.store.vocabulary(&session.who, level)?;
    match args.output {
        Output::Json => output::json(&read)?,
        Output::Name => {
            let mut text = String::new();
            for class in read.resolved.iter().flat_map(|v| &v.entity_classes) {
                text.push_str(&class.name);
                text.push('\n');
            }
            output::print(&text);
        }
        Output::Table => output::print(&describe(level, &read)),
    }
    Ok(ExitCode::SUCCESS)
}

/// The LEVEL / DECLARATION / RESOLVES display, then the resolved vocabulary's entries (L4).
fn describe(level: Level<'_>, read: &VocabularyRead) -> String {
    let declaration = match (&read.declaration, level) {
        (None, Level::Scope(_)) => "none: this scope inherits the enterprise default".to_owned(),
        (None, Level::Enterprise) => "none".to_owned(),
        (Some(v), _) if v.classifies_nothing() => {
            "empty: classification is deliberately OFF at this level".to_owned()
        }
        (Some(v), _) => format!(
            "{}, {}",
            output::plural(v.entity_classes.len(), "entity class", "entity classes"),
            output::plural(v.relation_types.len(), "relation type", "relation types")
        ),
    };
    let resolves = match (&read.declaration, &read.resolved, level) {
        (_, None, _) => "nothing: no classes, so formation classifies nothing here".to_owned(),
        (None, Some(_), Level::Scope(_)) => "the enterprise default".to_owned(),
        (Some(_), Some(_), _) | (None, Some(_), Level::Enterprise) => "this declaration".to_owned(),
    };
    let mut text = format!(
        "LEVEL        {}\nDECLARATION  {declaration}\nRESOLVES     {resolves}\n",
        level_name(level)
    );
    if let Some(v) = &read.resolved {
        text.push('\n');
        text.push_str(&entries(v));
    }
    text
}

fn entries(v: &Vocabulary) -> String {
    let width = v
        .entity_classes
        .iter()
        .map(|c| c.name.chars().count())
        .chain(v.relation_types.iter().map(|r| r.name.chars().count()))
        .chain(["ENTITY CLASS".len(), "RELATION TYPE".len()])
        .max()
        .unwrap_or(0)
        + 2;
    let mut text = format!("{:<width$}DESCRIPTION\n", "ENTITY CLASS");
    for c in &v.entity_classes {
        let line = format!(
            "{:<width$}{}",
            c.name,
            kenning::vocab::flatten(&c.description)
        );
        text.push_str(line.trim_end());
        text.push('\n');
    }
    if !v.relation_types.is_empty() {
        text.push_str(&format!(
            "\n{:<width$}SIGNATURES / DESCRIPTION\n",
            "RELATION TYPE"
        ));
        for r in &v.relation_types {
            let signatures: Vec<String> = r
                .signatures
                .iter()
                .map(|s| format!("{} -> {}", s.source_class, s.target_class))
                .collect();
            let mut detail = signatures.join(", ");
            let description = kenning::vocab::flatten(&r.description);
            if !description.is_empty() {
                if !detail.is_empty() {
                    detail.push_str(": ");
                }
                detail.push_str(&description);
            }
            let line = format!("{:<width$}{detail}", r.name);
            text.push_str(line.trim_end());
            text.push('\n');
        }
    }
    text
}

fn remove(session: &Session, args: &RemoveArgs) -> anyhow::Result<ExitCode> {
    let level = level(&args.level);
    let removed = session.store.remove_vocabulary(&session.who, level)?;
    match args.output {
        Output::Json => {
            output::json(&serde_json::json!({ "scopeId": args.level.scope, "removed": removed }))?;
            return Ok(ExitCode::SUCCESS);
        }
        Output::Name => {
            output::print(&format!(
                "{}\n",
                args.level.scope.as_deref().unwrap_or("enterprise")
            ));
            return Ok(ExitCode::SUCCESS);
        }
        Output::Table => {}
    }
    let text = match (removed, level) {
        (false, _) => format!(
            "{} declares nothing: nothing to remove\n",
            level_name(level)
        ),
        (true, Level::Scope(_)) => format!(
            "removed the declaration of {}: it inherits the enterprise default again\n",
            level_name(level)
        ),
        (true, Level::Enterprise) => {
            "removed the enterprise declaration: scopes without their own now resolve nothing\n"
                .to_owned()
        }
    };
    output::print(&text);
    Ok(ExitCode::SUCCESS)
}
