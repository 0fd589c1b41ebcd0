//! `kenning scopes memory inspect`: a scope's capsules, or its graph nodes with the CLASS column
//! rule, or the answer to a `--graph-json` query (L6).

use std::process::ExitCode;

use kenning::{Capsule, CapsuleId, Edge, GraphQuery, MAX_PAGE, Node, NodePage};

use crate::cli::{Field, InspectArgs, Output, ScopeMemoryCommand};
use crate::memory::{self, CONTENT_CELL_CHARS};
use crate::output::{self, Usage};
use crate::session::Session;

/// The columns a graph node listing can show.
const NODE_FIELDS: [Field; 4] = [Field::Id, Field::Label, Field::NodeType, Field::Properties];

/// The columns a capsule listing can show.
const CAPSULE_FIELDS: [Field; 10] = [
    Field::Id,
    Field::Scope,
    Field::Origin,
    Field::Created,
    Field::ValidFrom,
    Field::ValidUntil,
    Field::State,
    Field::Metadata,
    Field::Supersedes,
    Field::Content,
];

pub(crate) fn run(session: &Session, cmd: ScopeMemoryCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        ScopeMemoryCommand::Inspect(args) => inspect(session, &args),
    }
}

fn inspect(session: &Session, args: &InspectArgs) -> anyhow::Result<ExitCode> {
    let graph = args.graph || args.graph_json.is_some();
    let (allowed, listing) = if graph {
        (&NODE_FIELDS[..], "a graph listing")
    } else {
        (&CAPSULE_FIELDS[..], "a capsule listing (without --graph)")
    };
    if let Some(field) = args.fields.iter().find(|f| !allowed.contains(f)) {
        return Err(Usage(format!(
            "--fields {} is not a column of {listing}; its columns are {}",
            name(*field),
            allowed
                .iter()
                .map(|f| name(*f))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .into());
    }
    match (&args.graph_json, graph) {
        (Some(doc), _) => query(session, args, doc),
        (None, true) => nodes(session, args),
        (None, false) => capsules(session, args),
    }
}

/// A field's name on the command line and in JSON.
fn name(field: Field) -> &'static str {
    match field {
        Field::Id => "id",
        Field::Label => "label",
        Field::NodeType => "nodeType",
        Field::Properties => "properties",
        Field::Scope => "scope",
        Field::Origin => "origin",
        Field::Created => "created",
        Field::ValidFrom => "validFrom",
        Field::ValidUntil => "validUntil",
        Field::State => "state",
        Field::Metadata => "metadata",
        Field::Supersedes => "supersedes",
        Field::Content => "content",
    }
}

fn header(field: Field) -> &'static str {
    match field {
        Field::Id => "ID",
        Field::Label => "LABEL",
        Field::NodeType => "CLASS",
        Field::Properties => "PROPERTIES",
        Field::Scope => "SCOPE",
        Field::Origin => "ORIGIN",
        Field::Created => "CREATED",
        Field::ValidFrom => "VALID FROM",
        Field::ValidUntil => "VALID UNTIL",
        Field::State => "STATE",
        Field::Metadata => "METADATA",
        Field::Supersedes => "SUPERSEDES",
        Field::Content => "CONTENT",
    }
}

/// The columns to show: `default` unless `--fields` chose them; the id column always, first
/// unless placed elsewhere, and no column twice.
fn columns(requested: &[Field], default: &[Field]) -> Vec<Field> {
    if requested.is_empty() {
        return default.to_vec();
    }
    let mut columns = Vec::with_capacity(requested.len() + 1);
    if !requested.contains(&Field::Id) {
        columns.push(Field::Id);
    }
    for field in requested {
        if !columns.contains(field) {
            columns.push(*field);
        }
    }
    columns
}

/// The default node columns: ID and LABEL, and CLASS only when a node listed has a class (L6).
fn node_columns(requested: &[Field], nodes: &[Node]) -> Vec<Field> {
    let classified = nodes.iter().any(|n| n.node_type.is_some());
    let default: &[Field] = if classified {
        &[Field::Id, Field::Label, Field::NodeType]
    } else {
        &[Field::Id, Field::Label]
    };
    columns(requested, default)
}

fn node_cell(node: &Node, field: Field) -> String {
    match field {
        Field::Label => node.label.clone(),
        // A node without a class shows an empty cell, never a placeholder (G7).
        Field::NodeType => node
            .node_type
            .as_deref()
            .map(output::visible)
            .unwrap_or_default(),
        Field::Properties if node.properties.is_empty() => String::new(),
        Field::Properties => output::one_line(
            &serde_json::Value::Object(node.properties.clone()).to_string(),
            CONTENT_CELL_CHARS,
        ),
        _ => node.id.clone(),
    }
}

fn print_nodes(args: &InspectArgs, nodes: &[Node]) {
    let columns = node_columns(&args.fields, nodes);
    let headers: Vec<&str> = columns.iter().map(|f| header(*f)).collect();
    let rows: Vec<Vec<String>> = nodes
        .iter()
        .map(|n| columns.iter().map(|f| node_cell(n, *f)).collect())
        .collect();
    output::columns(&headers, &rows);
}

fn ids<'a>(ids: impl Iterator<Item = &'a str>) -> String {
    ids.map(|id| format!("{id}\n")).collect()
}

/// `--graph`: pages of the node listing (G9).
fn nodes(session: &Session, args: &InspectArgs) -> anyhow::Result<ExitCode> {
    let mut nodes = Vec::new();
    let mut after = args.after.clone();
    let next = loop {
        let page =
            session
                .store
                .inspect_graph(&session.who, &args.scope, after.as_deref(), args.limit)?;
        nodes.extend(page.nodes);
        if !args.all || page.next.is_none() {
            break page.next;
        }
        after = page.next;
    };
    match args.output {
        Output::Json => output::json(&NodePage {
            nodes,
            next: next.clone(),
        })?,
        Output::Name => output::print(&ids(nodes.iter().map(|n| n.id.as_str()))),
        Output::Table => {
            if nodes.is_empty() {
                output::note(&format!("scope {} holds no graph nodes here", args.scope));
            } else {
                print_nodes(args, &nodes);
            }
        }
    }
    if let (Some(next), false) = (next, args.output == Output::Json) {
        output::note(&format!(
            "more nodes follow: pass --after {next} for the next page, or --all"
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// `--graph-json DOC`: the nodes a query finds, and the edges its traversal followed (G6).
fn query(session: &Session, args: &InspectArgs, doc: &str) -> anyhow::Result<ExitCode> {
    let text = crate::input::document(doc)?;
    let query = GraphQuery::parse(&text).map_err(kenning::Error::from)?;
    let answer = session
        .store
        .query_graph(&session.who, &args.scope, &query)?;
    match args.output {
        Output::Json => output::json(&answer)?,
        Output::Name => output::print(&ids(answer.nodes.iter().map(|n| n.id.as_str()))),
        Output::Table => {
            if answer.nodes.is_empty() {
                output::note(&format!("no node of scope {} matches", args.scope));
            } else {
                print_nodes(args, &answer.nodes);
            }
            if !answer.edges.is_empty() {
                output::print("\n");
                print_edges(args, &answer.edges);
            }
        }
    }
    if answer.truncated {
        output::note(
            "the answer was cut short by a limit: raise `limit` (or `traverse.limit`) in the \
             query document",
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn print_edges(args: &InspectArgs, edges: &[Edge]) {
    let properties = args.fields.contains(&Field::Properties);
    let mut headers = vec!["SOURCE", "RELATION", "TARGET"];
    if properties {
        headers.push("PROPERTIES");
    }
    let rows: Vec<Vec<String>> = edges
        .iter()
        .map(|e| {
            let mut row = vec![
                e.source.clone(),
                output::visible(&e.relation_type),
                e.target.clone(),
            ];
            if properties {
                row.push(if e.properties.is_empty() {
                    String::new()
                } else {
                    output::one_line(
                        &serde_json::Value::Object(e.properties.clone()).to_string(),
                        CONTENT_CELL_CHARS,
                    )
                });
            }
            row
        })
        .collect();
    output::columns(&headers, &rows);
}

/// Without `--graph`: pages of the scope's capsules, fenced ones included, in id order.
fn capsules(session: &Session, args: &InspectArgs) -> anyhow::Result<ExitCode> {
    let mut after = match &args.after {
        None => None,
        Some(text) => Some(text.parse::<CapsuleId>().map_err(|_| {
            Usage(format!(
                "--after {text}: a capsule listing pages by capsule id (cap-<n>); for graph \
                 node ids pass --graph"
            ))
        })?),
    };
    let limit = usize::try_from(args.limit)
        .unwrap_or(MAX_PAGE)
        .min(MAX_PAGE);
    let mut capsules: Vec<Capsule> = Vec::new();
    let more = loop {
        // One more than the page, to know whether another follows.
        let want = (limit + 1).min(MAX_PAGE);
        let mut page = session
            .store
            .capsules(&session.who, &args.scope, after, want)?;
        let more = page.len() > limit || (page.len() == want && want == limit);
        page.truncate(limit);
        after = page.last().map(|c| c.id).or(after);
        capsules.extend(page);
        if !args.all || !more {
            break more;
        }
    };
    match args.output {
        Output::Json => output::json(&capsules)?,
        Output::Name => output::print(
            &capsules
                .iter()
                .map(|c| format!("{}\n", c.id))
                .collect::<String>(),
        ),
        Output::Table => {
            if capsules.is_empty() {
                output::note(&format!("scope {} holds no capsules here", args.scope));
            } else {
                let default = [
                    Field::Id,
                    Field::Origin,
                    Field::Created,
                    Field::State,
                    Field::Content,
                ];
                let columns = columns(&args.fields, &default);
                let headers: Vec<&str> = columns.iter().map(|f| header(*f)).collect();
                let rows: Vec<Vec<String>> = capsules
                    .iter()
                    .map(|c| columns.iter().map(|f| capsule_cell(c, *f)).collect())
                    .collect();
                output::columns(&headers, &rows);
            }
        }
    }
    if let (true, Some(last), false) = (more, after, args.output == Output::Json) {
        output::note(&format!(
            "more capsules follow: pass --after {last} for the next page, or --all"
        ));
    }
    Ok(ExitCode::SUCCESS)
}

fn capsule_cell(c: &Capsule, field: Field) -> String {
    let time = |t: Option<kenning::Timestamp>| t.map(|t| t.to_string()).unwrap_or_default();
    match field {
        Field::Scope => c.scope.clone(),
        Field::Origin => c.origin.to_string(),
        Field::Created => c.created.to_string(),
        Field::ValidFrom => time(c.fact_time.and_then(|ft| ft.valid_from)),
        Field::ValidUntil => time(c.fact_time.and_then(|ft| ft.valid_until)),
        Field::State => memory::state(&c.lifecycle),
        Field::Metadata => memory::metadata(c),
        Field::Supersedes => c.supersedes.map(|id| id.to_string()).unwrap_or_default(),
        Field::Content => output::one_line(&c.content, CONTENT_CELL_CHARS),
        _ => c.id.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l6_class_column_only_when_a_listed_node_has_a_class_or_when_asked() {
        let plain = [Node::new("a", "A"), Node::new("b", "B")];
        assert_eq!(node_columns(&[], &plain), [Field::Id, Field::Label]);
        let mixed = [Node::new("a", "A"), Node::new("b", "B").with_type("Person")];
        assert_eq!(
            node_columns(&[], &mixed),
            [Field::Id, Field::Label, Field::NodeType]
        );
        assert_eq!(
            node_columns(&[Field::NodeType], &plain),
            [Field::Id, Field::NodeType]
        );
        assert_eq!(
            node_columns(&[Field::Label, Field::Id, Field::Label], &mixed),
            [Field::Label, Field::Id]
        );
    }
}
