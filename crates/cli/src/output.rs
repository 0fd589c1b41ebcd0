//! Terminal output: aligned tables, JSON, error reports.

use std::io::Write as _;

use serde::Serialize;

/// Prints rows under headers, each column as wide as its widest cell (in characters), two
/// spaces apart; the last column is not padded.
pub(crate) fn table<const N: usize>(headers: [&str; N], rows: &[[String; N]]) {
    let rows: Vec<&[String]> = rows.iter().map(<[String; N]>::as_slice).collect();
    print(&aligned(&headers, &rows));
}

/// [`table`] for columns chosen at run time: every row has one cell per header.
pub(crate) fn columns(headers: &[&str], rows: &[Vec<String>]) {
    let rows: Vec<&[String]> = rows.iter().map(Vec::as_slice).collect();
    print(&aligned(headers, &rows));
}

fn aligned(headers: &[&str], rows: &[&[String]]) -> String {
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row.iter()) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let mut line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut text = String::new();
        for (i, (cell, width)) in cells.zip(&widths).enumerate() {
            if i > 0 {
                text.push_str("  ");
            }
            text.push_str(cell);
            text.extend(std::iter::repeat_n(
                ' ',
                width.saturating_sub(cell.chars().count()),
            ));
        }
        out.push_str(text.trim_end());
        out.push('\n');
    };
    line(&mut headers.iter().copied());
    for row in rows {
        line(&mut row.iter().map(String::as_str));
    }
    out
}

/// Prints `rows` as `KEY  value` lines, keys padded to one width; a value's further lines are
/// indented under its first.
pub(crate) fn record(rows: &[(&str, String)]) {
    let width = rows
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let mut out = String::new();
    for (key, value) in rows {
        let mut lines = value.lines();
        let first = lines.next().unwrap_or_default();
        let line = format!("{key:<width$}{first}");
        out.push_str(line.trim_end());
        out.push('\n');
        for more in lines {
            let line = format!("{:width$}{more}", "");
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    print(&out);
}

/// `text` exactly, but for its control characters, each shown as its Rust escape (`\n`, `\t`,
/// `\u{1b}`): for values the graph stores as given (classes, relation types), so that a cell
/// never breaks its row or drives the terminal.
pub(crate) fn visible(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `text` on one line (line breaks and tabs as spaces), cut to `max` characters with `…`.
pub(crate) fn one_line(text: &str, max: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let flat = flat.trim();
    if flat.chars().count() <= max {
        return flat.to_owned();
    }
    let mut cut: String = flat.chars().take(max.saturating_sub(1)).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

/// `1 batch`, `2 batches`, `0 batches`.
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Writes a note for people on stderr (hints, progress summaries): never part of the output a
/// script parses.
pub(crate) fn note(text: &str) {
    let mut stderr = std::io::stderr();
    drop(writeln!(stderr, "{text}"));
}

/// A command line the grammar accepts but whose values do not fit together: reported like a
/// clap usage error, with exit code 2.
#[derive(Debug)]
pub(crate) struct Usage(pub(crate) String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// An error the command line words itself (e.g. to name the line of an input file) that keeps
/// the stable code of the store error it stands for.
#[derive(Debug)]
pub(crate) struct Coded {
    pub(crate) code: Option<kenning::ErrorCode>,
    pub(crate) message: String,
}

impl std::fmt::Display for Coded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Coded {}

/// Every segment between two of `delimiters` (`"..."`, `` `...` ``) longer than the quote bound
/// cut to a prefix, with its length, as `kenning::vocab::quote` does: a message never carries a
/// whole bad value.
pub(crate) fn shorten_quoted(text: &str, delimiters: &[char]) -> String {
    let limit = kenning::vocab::QUOTE_CHARS;
    let mut out = String::with_capacity(text.len().min(4096));
    let mut chars = text.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        out.push(c);
        if !delimiters.contains(&c) {
            continue;
        }
        let close = c;
        let mut count = 0_usize;
        let mut escaped = false;
        for (_, d) in chars.by_ref() {
            if close == '"' && !escaped && d == '\\' {
                escaped = true;
            } else if !escaped && d == close {
                if count > limit {
                    out.push('…');
                    out.push(close);
                    out.push_str(&format!(" ({count} characters)"));
                } else {
                    out.push(close);
                }
                break;
            } else {
                escaped = false;
            }
            count += 1;
            if count <= limit {
                out.push(d);
            }
        }
    }
    out
}

/// A store error whose message begins with a field of the library (`fusion.k: ...`,
/// `scope: ...`), reworded to begin with the flag or argument that set it (`--rrf-k`), so that
/// a message names what the user typed; its stable code is kept.
pub(crate) fn flagged(e: kenning::Error, flags: &[(&str, &str)]) -> anyhow::Error {
    if e.code() != kenning::ErrorCode::InvalidArgument {
        return e.into();
    }
    let text = e.to_string();
    for (field, flag) in flags {
        if let Some(rest) = text.strip_prefix(field)
            && rest.starts_with([':', ' ', '['])
        {
            return Coded {
                code: Some(e.code()),
                message: format!("{flag}{rest}"),
            }
            .into();
        }
    }
    e.into()
}

/// Prints `value` as pretty JSON.
pub(crate) fn json<T: Serialize>(value: &T) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    print(&text);
    Ok(())
}

/// Writes to stdout, ignoring a closed pipe (`kenning ... | head` is not an error).
pub(crate) fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    drop(
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush()),
    );
}

/// Reports an error on stderr: `error[CODE]: message` for store errors, with their causes.
pub(crate) fn report(e: &anyhow::Error) {
    let code = e.chain().find_map(|c| {
        c.downcast_ref::<kenning::Error>()
            .map(kenning::Error::code)
            .or_else(|| c.downcast_ref::<Coded>().and_then(|c| c.code))
    });
    let mut text = match code {
        Some(code) => format!("error[{code}]: {e}"),
        None => format!("error: {e}"),
    };
    for cause in e.chain().skip(1) {
        text.push_str(&format!("\n  caused by: {cause}"));
    }
    text.push('\n');
    let text = shorten_quoted(&text, &['"', '`']);
    drop(std::io::stderr().write_all(text.as_bytes()));
}
