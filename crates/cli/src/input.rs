//! What commands read besides their flags: documents, content, and answers to a question.

use std::io::{BufRead as _, IsTerminal as _, Read as _, Write as _};

use anyhow::Context as _;

/// The text of a document argument: `@FILE` reads the file, `-` standard input, anything else
/// is the document itself.
pub(crate) fn document(arg: &str) -> anyhow::Result<String> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the document from standard input")?;
        Ok(text)
    } else if let Some(path) = arg.strip_prefix('@') {
        std::fs::read_to_string(path).with_context(|| format!("reading {path}"))
    } else {
        Ok(arg.to_owned())
    }
}

/// A capsule's content: the argument, or standard input when it is absent or `-`. One trailing
/// newline of piped content is dropped (`echo` adds it; the memory does not say it).
pub(crate) fn content(arg: Option<&str>) -> anyhow::Result<String> {
    match arg {
        Some(text) if text != "-" => Ok(text.to_owned()),
        _ => {
            let stdin = std::io::stdin();
            if arg.is_none() && stdin.is_terminal() {
                anyhow::bail!(
                    "no content: give it as an argument, or pipe it on standard input (pass `-` \
                     to type it here, ending with Ctrl-D)"
                );
            }
            let mut text = String::new();
            stdin
                .lock()
                .read_to_string(&mut text)
                .context("reading the content from standard input")?;
            if text.ends_with('\n') {
                text.pop();
                if text.ends_with('\r') {
                    text.pop();
                }
            }
            Ok(text)
        }
    }
}

/// Fails with `hint` unless a question can be asked: standard input is a terminal.
pub(crate) fn can_ask(hint: &str) -> anyhow::Result<()> {
    if !std::io::stdin().is_terminal() {
        anyhow::bail!("cannot ask for confirmation: standard input is not a terminal. {hint}");
    }
    Ok(())
}

/// Asks `question` on the terminal; only `y` or `yes` (any case) confirms. Without a terminal
/// it cannot ask, and fails with `hint`, which says how to go on without one.
pub(crate) fn confirm(question: &str, hint: &str) -> anyhow::Result<bool> {
    can_ask(hint)?;
    let stdin = std::io::stdin();
    let mut stderr = std::io::stderr();
    write!(stderr, "{question} [y/N] ")?;
    stderr.flush()?;
    let mut answer = String::new();
    stdin.lock().read_line(&mut answer)?;
    Ok(matches!(
        answer.trim().to_ascii_lowercase().as_str(),
        "y" | "yes"
    ))
}
