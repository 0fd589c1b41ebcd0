//! Terminal output: aligned tables, JSON, error reports.

use std::io::Write as _;

use serde::Serialize;

/// Prints rows under headers, each column as wide as its widest cell (in characters), two
/// spaces apart; the last column is not padded.
pub(crate) fn table<const N: usize>(headers: [&str; N], rows: &[[String; N]]) {
    let mut widths = headers.map(|h| h.chars().count());
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let mut line = |cells: [&str; N]| {
        for (i, cell) in cells.iter().enumerate() {
            out.push_str(cell);
            if i + 1 < N {
                let pad = widths[i] - cell.chars().count() + 2;
                out.extend(std::iter::repeat_n(' ', pad));
            }
        }
        let trimmed = out.trim_end().len();
        out.truncate(trimmed);
        out.push('\n');
    };
    line(headers);
    for row in rows {
        line(row.each_ref().map(String::as_str));
    }
    print(&out);
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
    let code = e
        .chain()
        .find_map(|c| c.downcast_ref::<kenning::Error>())
        .map(kenning::Error::code);
    let mut text = match code {
        Some(code) => format!("error[{code}]: {e}"),
        None => format!("error: {e}"),
    };
    for cause in e.chain().skip(1) {
        text.push_str(&format!("\n  caused by: {cause}"));
    }
    text.push('\n');
    drop(std::io::stderr().write_all(text.as_bytes()));
}
