//! `kenning scopes`, `kenning keys` and `kenning audit`.

use std::collections::BTreeSet;
use std::process::ExitCode;

use kenning::{KeyGrant, Permission, ScopeKind, Selector};

use crate::cli::{AuditArgs, KeysCommand, Kind, Output, ScopesCommand};
use crate::output;
use crate::session::Session;

pub(crate) fn scopes(session: &Session, cmd: ScopesCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        ScopesCommand::Register { id, kind, output } => {
            let kind = match kind {
                Kind::Agent => ScopeKind::Agent,
                Kind::Subject => ScopeKind::Subject,
            };
            let created = session.store.register_scope(&session.who, &id, kind)?;
            match output {
                Output::Json => output::json(&serde_json::json!({
                    "id": id,
                    "kind": kind,
                    "created": created,
                }))?,
                Output::Name => output::print(&format!("{id}\n")),
                Output::Table => output::print(&if created {
                    format!("registered {kind} scope {id}\n")
                } else {
                    format!("{kind} scope {id} was already registered\n")
                }),
            }
        }
        ScopesCommand::List { output } => {
            let scopes = session.store.scopes(&session.who)?;
            match output {
                Output::Json => output::json(&scopes)?,
                Output::Name => output::print(
                    &scopes
                        .iter()
                        .map(|s| format!("{}\n", s.id))
                        .collect::<String>(),
                ),
                Output::Table => {
                    let rows: Vec<[String; 3]> = scopes
                        .iter()
                        .map(|s| [s.id.clone(), s.kind.to_string(), s.registered.to_string()])
                        .collect();
                    output::table(["SCOPE", "KIND", "REGISTERED"], &rows);
                }
            }
        }
        ScopesCommand::Memory(cmd) => return crate::inspect::run(session, cmd),
    }
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn keys(session: &Session, cmd: KeysCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        KeysCommand::Create {
            name,
            permissions,
            agents,
            subjects,
            output,
        } => {
            let grant = KeyGrant {
                name,
                permissions: permissions
                    .iter()
                    .map(|p| Permission::parse(p))
                    .collect::<Result<BTreeSet<_>, _>>()?,
                agent_selectors: selectors(&agents)?,
                subject_selectors: selectors(&subjects)?,
            };
            let new = session.store.create_api_key(&session.who, grant)?;
            match output {
                Output::Json => output::json(&serde_json::json!({
                    "key": new.key,
                    "secret": new.secret,
                }))?,
                // The secret is shown only this once: every mode prints it.
                Output::Name => output::print(&format!("{}\n{}\n", new.key.id, new.secret)),
                Output::Table => output::print(&format!(
                    "created {}\nsecret  {}\n\nThe secret is shown this once and stored only as a \
                     hash. Hand it to the key's holder; they pass it as --api-key or \
                     KENNING_API_KEY.\n",
                    new.key.id, new.secret
                )),
            }
        }
        KeysCommand::List { output } => {
            let keys = session.store.api_keys(&session.who)?;
            match output {
                Output::Json => output::json(&keys)?,
                Output::Name => {
                    output::print(
                        &keys
                            .iter()
                            .map(|k| format!("{}\n", k.id))
                            .collect::<String>(),
                    );
                }
                Output::Table => {
                    let join = |s: &[Selector]| {
                        s.iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(",")
                    };
                    let rows: Vec<[String; 6]> = keys
                        .iter()
                        .map(|k| {
                            [
                                k.id.clone(),
                                k.grant.name.clone(),
                                k.grant
                                    .permissions
                                    .iter()
                                    .map(|p| p.as_str())
                                    .collect::<Vec<_>>()
                                    .join(","),
                                join(&k.grant.agent_selectors),
                                join(&k.grant.subject_selectors),
                                k.revoked.map_or_else(
                                    || "active".to_owned(),
                                    |t| format!("revoked {t}"),
                                ),
                            ]
                        })
                        .collect();
                    output::table(
                        ["ID", "NAME", "PERMISSIONS", "AGENTS", "SUBJECTS", "STATE"],
                        &rows,
                    );
                }
            }
        }
        KeysCommand::Revoke { id, output } => {
            let revoked = session.store.revoke_api_key(&session.who, &id)?;
            match output {
                Output::Json => {
                    output::json(&serde_json::json!({ "id": id, "revoked": revoked }))?;
                }
                Output::Name => output::print(&format!("{id}\n")),
                Output::Table => output::print(&if revoked {
                    format!("revoked {id}\n")
                } else {
                    format!("{id} was already revoked\n")
                }),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn selectors(texts: &[String]) -> anyhow::Result<Vec<Selector>> {
    Ok(texts
        .iter()
        .map(|t| Selector::parse(t))
        .collect::<Result<Vec<_>, _>>()?)
}

pub(crate) fn audit(session: &Session, args: &AuditArgs) -> anyhow::Result<ExitCode> {
    let records = session
        .store
        .audit_log(&session.who, args.after, args.limit)?;
    match args.output {
        Output::Json => output::json(&records)?,
        Output::Name => output::print(
            &records
                .iter()
                .map(|r| format!("{}\n", r.seq))
                .collect::<String>(),
        ),
        Output::Table => {
            let rows: Vec<[String; 6]> = records
                .iter()
                .map(|r| {
                    [
                        r.seq.to_string(),
                        r.at.to_string(),
                        r.principal.clone(),
                        r.action.clone(),
                        r.target.clone(),
                        if r.detail.is_null() {
                            String::new()
                        } else {
                            r.detail.to_string()
                        },
                    ]
                })
                .collect();
            output::table(
                ["SEQ", "AT", "PRINCIPAL", "ACTION", "TARGET", "DETAIL"],
                &rows,
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
