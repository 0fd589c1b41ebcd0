//! `kenning memory import`: capsules in bulk from JSON Lines, in batched transactions.
//!
//! Lines are read one at a time and written `--batch-size` at a time with
//! [`Kenning::put_batch`](kenning::Kenning::put_batch), so memory stays flat whatever the size
//! of the input. A batch is one transaction: when a line fails (malformed, out of bounds, an
//! unknown scope), nothing of its batch is written, the batches before it stay written, and the
//! error names the line and the `--from-line` that resumes the import.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::io::{BufRead, BufReader, IsTerminal as _};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use indicatif::{ProgressBar, ProgressStyle};
use kenning::{CapsuleId, ErrorCode, FactTime, NewCapsule, Origin, Timestamp};
use serde::{Deserialize, Deserializer};

use crate::cli::{ImportArgs, Output};
use crate::output::{self, Coded, plural};
use crate::session::Session;

/// One line of an import file. Field names follow the capsule's JSON (`valid_from`,
/// `model_tag`); the camelCase spellings are accepted too. Unknown fields are refused, so a
/// typo never drops a value silently.
#[derive(Debug, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a capsule object such as {\"scope\": \"bot.support\", \"content\": \"...\"}"
)]
struct Line {
    #[serde(default)]
    scope: Option<String>,
    content: String,
    #[serde(default)]
    origin: Option<Origin>,
    #[serde(default)]
    metadata: BTreeMap<String, String>,
    #[serde(default, alias = "validFrom")]
    valid_from: Option<Time>,
    #[serde(default, alias = "validUntil")]
    valid_until: Option<Time>,
    #[serde(default, alias = "freshUntil")]
    fresh_until: Option<Time>,
    /// Where the capsule sits in a conversation: `{"id": "session-7", "position": 3}`.
    #[serde(default)]
    thread: Option<kenning::Thread>,
    /// The capsule's embedding, computed by the caller's model (E1).
    #[serde(default)]
    embedding: Option<Vec<f32>>,
    /// The model that produced `embedding`; mandatory with it (E1).
    #[serde(default, alias = "modelTag")]
    model_tag: Option<String>,
}

/// A time in a line: an RFC 3339 string, or milliseconds since the epoch (what `-o json`
/// prints).
#[derive(Debug, Clone, Copy)]
struct Time(Timestamp);

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Time;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "an RFC 3339 time such as \"2024-03-01T00:00:00Z\", or epoch milliseconds",
                )
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Time, E> {
                Timestamp::parse("time", text).map(Time).map_err(|_| {
                    E::custom(format!(
                        "{text:?} is not an RFC 3339 time; write e.g. \"2024-03-01T00:00:00Z\""
                    ))
                })
            }
            fn visit_i64<E: serde::de::Error>(self, ms: i64) -> Result<Time, E> {
                Ok(Time(Timestamp::from_millis(ms)))
            }
            fn visit_u64<E: serde::de::Error>(self, ms: u64) -> Result<Time, E> {
                i64::try_from(ms)
                    .map(|ms| Time(Timestamp::from_millis(ms)))
                    .map_err(|_| E::custom(format!("{ms} milliseconds is past any date")))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The embedding a line carries, checked to come with its model tag.
#[derive(Debug)]
struct Embedding {
    model_tag: String,
    vector: Vec<f32>,
}

impl Line {
    /// The capsule this line describes, and its embedding if it carries one. `Err` is the
    /// message, which the caller prefixes with the line number.
    fn into_capsule(
        self,
        default_scope: Option<&str>,
    ) -> Result<(NewCapsule, Option<Embedding>), String> {
        let Some(scope) = self.scope.or_else(|| default_scope.map(str::to_owned)) else {
            return Err(
                "names no scope: add \"scope\" to the line, or pass --scope for lines without one"
                    .to_owned(),
            );
        };
        let mut capsule = NewCapsule::new(scope, self.content);
        if let Some(origin) = self.origin {
            capsule = capsule.origin(origin);
        }
        capsule.metadata = self.metadata;
        let (from, until) = (self.valid_from.map(|t| t.0), self.valid_until.map(|t| t.0));
        if let (Some(f), Some(u)) = (from, until)
            && f > u
        {
            return Err(format!(
                "valid_from {f} is after valid_until {u}: swap them (for a single instant give \
                 both the same time)"
            ));
        }
        if from.is_some() || until.is_some() {
            capsule = capsule.fact_time(FactTime {
                valid_from: from,
                valid_until: until,
            });
        }
        if let Some(deadline) = self.fresh_until {
            capsule = capsule.fresh_until(deadline.0);
        }
        capsule.thread = self.thread;
        let embedding = match (self.embedding, self.model_tag) {
            (None, None) => None,
            (Some(_), None) => {
                return Err(
                    "has an embedding without its model_tag: name the model that \
                            produced the vector"
                        .to_owned(),
                );
            }
            (None, Some(_)) => {
                return Err(
                    "has a model_tag without an embedding: add the vector, or drop the tag"
                        .to_owned(),
                );
            }
            (Some(vector), Some(model_tag)) => Some(Embedding { model_tag, vector }),
        };
        Ok((capsule, embedding))
    }
}

/// What has been written so far, for the summary and for the note of a failed import.
#[derive(Debug, Default)]
struct Progress {
    ids: Vec<CapsuleId>,
    /// How many of them came with an embedding.
    embeddings: usize,
    batches: usize,
    /// The last line of the last batch written.
    last_written_line: Option<u64>,
}

impl Progress {
    /// What a failed import leaves behind, and how to resume it from `resume`.
    /// `blame` is the line to fix, when one line is at fault.
    fn after_failure(&self, blame: Option<u64>, resume: u64, from_line: u64) -> String {
        let fix = match blame {
            Some(line) => format!("Fix line {line}"),
            None => "Fix the cause".to_owned(),
        };
        let (Some(first), Some(last), Some(through)) =
            (self.ids.first(), self.ids.last(), self.last_written_line)
        else {
            return format!("nothing was written. {fix}, then run the import again");
        };
        let (count, verb, stay) = match self.ids.len() {
            1 => ("1 capsule".to_owned(), "was", "stays"),
            n => (format!("{n} capsules"), "were", "stay"),
        };
        let lines = if from_line == through {
            format!("line {through}")
        } else {
            format!("lines {from_line} to {through}")
        };
        let ids = if first == last {
            first.to_string()
        } else {
            format!("{first} .. {last}")
        };
        format!(
            "{count} of {lines} ({ids}) {verb} written in {} before it and {stay} written; \
             nothing from line {resume} on was written. {fix}, then resume with --from-line \
             {resume}",
            plural(self.batches, "batch", "batches"),
        )
    }
}

/// Why an import stopped: the line at fault (or the first line of the batch that failed as a
/// whole), the stable code of the store error behind it if any, and what went wrong.
#[derive(Debug)]
struct Failed {
    line: u64,
    /// Whether `line` itself is at fault, rather than the batch it begins.
    blame: bool,
    code: Option<ErrorCode>,
    message: String,
}

fn invalid(line: u64, message: impl fmt::Display) -> Failed {
    Failed {
        line,
        blame: true,
        code: Some(ErrorCode::InvalidArgument),
        message: message.to_string(),
    }
}

/// A store error from `put_batch`, pinned to the line of the capsule it names
/// (`capsules[3].content` is the fourth line of the batch); an error naming no capsule is
/// pinned to the batch's first line.
fn locate(e: &kenning::Error, lines: &[u64]) -> Failed {
    let code = Some(e.code());
    if let kenning::Error::InvalidArgument { field, message } = e
        && let Some((index, tail)) = field
            .strip_prefix("capsules[")
            .or_else(|| field.strip_prefix("embeddings["))
            .and_then(|rest| rest.split_once(']'))
        && let Some(line) = index.parse::<usize>().ok().and_then(|i| lines.get(i))
    {
        let tail = tail.strip_prefix('.').unwrap_or(tail);
        return Failed {
            line: *line,
            blame: true,
            code,
            message: format!("{tail}: {message}"),
        };
    }
    let (first, last) = (
        lines.first().copied().unwrap_or_default(),
        lines.last().copied().unwrap_or_default(),
    );
    Failed {
        line: first,
        blame: false,
        code,
        message: format!("the batch of lines {first} to {last} failed: {e}"),
    }
}

/// The progress bar: on a terminal only (never into a pipe or a log file), by bytes read when
/// the input's size is known, a spinner otherwise.
fn progress_bar(total: Option<u64>, wanted: bool) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (bar, template) = match total {
        Some(len) => (
            ProgressBar::new(len),
            "[{bar:32}] {percent:>3}%  {msg}  {elapsed}",
        ),
        None => (ProgressBar::new_spinner(), "{spinner} {msg}  {elapsed}"),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    if total.is_none() {
        bar.enable_steady_tick(Duration::from_millis(120));
    }
    bar.set_message("0 capsules written");
    bar
}

/// How messages name standard input.
const STDIN: &str = "standard input";

/// An import under way: the batch being filled and what is written so far.
struct Import<'a> {
    session: &'a Session,
    default_scope: Option<&'a str>,
    /// Where the lines come from, for messages.
    name: String,
    batch_size: usize,
    batch: Vec<NewCapsule>,
    /// The line of each capsule of `batch`.
    batch_lines: Vec<u64>,
    /// The embedding of each capsule of `batch`, if its line carried one.
    batch_vectors: Vec<Option<Vec<f32>>>,
    /// The model tag of the batch's embeddings, once one line carried one.
    batch_tag: Option<String>,
    /// Scopes already found reachable.
    known_scopes: HashSet<String>,
    /// Bytes of input through the line being read, and through the batch's last line.
    offset: u64,
    batch_end: u64,
    done: Progress,
    bar: ProgressBar,
}

impl Import<'_> {
    /// Adds line `line` to the batch, writing the batch when it is full.
    fn line(&mut self, line: u64, bytes: &[u8]) -> Result<(), Failed> {
        let text =
            std::str::from_utf8(bytes).map_err(|e| invalid(line, format!("is not UTF-8 ({e})")))?;
        let text = text.trim_start_matches('\u{feff}').trim();
        if text.is_empty() {
            return Ok(());
        }
        if !text.starts_with('{') {
            return Err(invalid(
                line,
                "is not a JSON object: each line is one capsule, such as {\"scope\": \
                 \"bot.support\", \"content\": \"Ana prefers email.\"}",
            ));
        }
        if let Some(&at) = crate::json::lone_surrogates(text).first() {
            let field = crate::json::member_at(text, at).unwrap_or_else(|| "a string".to_owned());
            let escape = text.get(at..at + 6).unwrap_or("\\u....");
            return Err(invalid(
                line,
                format!(
                    "{field}: column {}: {escape} is a lone UTF-16 surrogate (half of a \
                     character, as a string cut inside an emoji leaves), which is no text: \
                     write the whole character or drop the half",
                    text[..at].chars().count() + 1
                ),
            ));
        }
        let parsed: Line = serde_json::from_str(text).map_err(|e| invalid(line, json_error(&e)))?;
        let (capsule, embedding) = parsed
            .into_capsule(self.default_scope)
            .map_err(|m| invalid(line, m))?;
        // One batch carries one model tag: a line naming another writes the batch first (the
        // store then refuses that line's tag, naming its resident one, unless it is the first).
        if let Some(e) = &embedding
            && self
                .batch_tag
                .as_ref()
                .is_some_and(|tag| *tag != e.model_tag)
        {
            self.flush()?;
        }
        if !self.known_scopes.contains(&capsule.scope) {
            self.session
                .store
                .scope(&self.session.who, &capsule.scope)
                .map_err(|e| Failed {
                    line,
                    blame: true,
                    code: Some(e.code()),
                    message: e.to_string(),
                })?;
            self.known_scopes.insert(capsule.scope.clone());
        }
        self.batch.push(capsule);
        self.batch_lines.push(line);
        self.batch_end = self.offset;
        match embedding {
            Some(Embedding { model_tag, vector }) => {
                self.batch_tag = Some(model_tag);
                self.batch_vectors.push(Some(vector));
            }
            None => self.batch_vectors.push(None),
        }
        if self.batch.len() >= self.batch_size {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the batch in one transaction: all of it, or none.
    fn flush(&mut self) -> Result<(), Failed> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let written = match &self.batch_tag {
            None => self.session.store.put_batch(&self.session.who, &self.batch),
            Some(tag) => {
                let vectors: Vec<Option<&[f32]>> =
                    self.batch_vectors.iter().map(Option::as_deref).collect();
                self.session.store.put_batch_with_embeddings(
                    &self.session.who,
                    &self.batch,
                    &vectors,
                    tag,
                )
            }
        };
        let ids = written.map_err(|e| locate(&e, &self.batch_lines))?;
        self.done.embeddings += self.batch_vectors.iter().flatten().count();
        self.done.ids.extend(ids);
        self.done.batches += 1;
        self.done.last_written_line = self.batch_lines.last().copied();
        self.batch.clear();
        self.batch_lines.clear();
        self.batch_vectors.clear();
        self.batch_tag = None;
        // The bar shows what is written, so that a failure leaves it where the import stopped.
        self.bar.set_position(self.batch_end);
        self.bar.set_message(format!(
            "{} written",
            plural(self.done.ids.len(), "capsule", "capsules")
        ));
        Ok(())
    }
}

pub(crate) fn run(session: &Session, args: &ImportArgs) -> anyhow::Result<ExitCode> {
    let from_stdin = args.file.as_os_str() == "-";
    let (mut reader, total): (Box<dyn BufRead>, Option<u64>) = if from_stdin {
        (Box::new(std::io::stdin().lock()), None)
    } else {
        let file = std::fs::File::open(&args.file)
            .with_context(|| format!("opening {}", args.file.display()))?;
        let len = file.metadata().ok().map(|m| m.len());
        (Box::new(BufReader::with_capacity(1 << 16, file)), len)
    };
    let batch_size = usize::try_from(args.batch_size).unwrap_or(kenning::MAX_BATCH);
    let mut import = Import {
        session,
        default_scope: args.scope.as_deref(),
        name: if from_stdin {
            STDIN.to_owned()
        } else {
            args.file.display().to_string()
        },
        batch_size,
        batch: Vec::with_capacity(batch_size),
        batch_lines: Vec::with_capacity(batch_size),
        batch_vectors: Vec::with_capacity(batch_size),
        batch_tag: None,
        known_scopes: HashSet::new(),
        offset: 0,
        batch_end: 0,
        done: Progress::default(),
        bar: progress_bar(total, !args.no_progress),
    };

    let mut buf = Vec::new();
    let mut lines = 0_u64;
    let result = loop {
        buf.clear();
        let read = match reader.read_until(b'\n', &mut buf) {
            Ok(0) => break import.flush(),
            Ok(read) => read,
            Err(e) => {
                break Err(Failed {
                    line: lines + 1,
                    blame: false,
                    code: None,
                    message: format!(
                        "line {} cannot be read from {}: {e}",
                        lines + 1,
                        import.name
                    ),
                });
            }
        };
        lines += 1;
        import.offset += read as u64;
        if lines < args.from_line {
            continue;
        }
        if let Err(failed) = import.line(lines, &buf) {
            break Err(failed);
        }
    };
    let result = result.and_then(|()| {
        // An empty input is no error; a resume past its end is (it is the wrong line or file).
        if args.from_line > 1 && lines < args.from_line {
            return Err(Failed {
                line: args.from_line,
                blame: false,
                code: Some(ErrorCode::InvalidArgument),
                message: format!(
                    "--from-line {} is past the end of {}, which has {}: nothing was there to \
                     import. Check the line number (an import that stopped names the one to \
                     resume from)",
                    args.from_line,
                    import.name,
                    plural(
                        usize::try_from(lines).unwrap_or(usize::MAX),
                        "line",
                        "lines"
                    )
                ),
            });
        }
        Ok(())
    });
    if result.is_ok() {
        import.bar.finish();
    } else {
        // Left where the last written batch ended, never drawn full.
        import.bar.abandon();
    }

    let done = &import.done;
    if let Err(failed) = result {
        // The batch that failed began at its first line; a line refused before joining a batch
        // is where the next batch would have begun.
        let resume = import.batch_lines.first().copied().unwrap_or(failed.line);
        let blame = failed.blame.then_some(failed.line);
        let message = match blame {
            Some(line) => format!("line {line}: {}", failed.message),
            None => failed.message,
        };
        return Err(Coded {
            code: failed.code,
            message: format!(
                "{message}\n  {}",
                done.after_failure(blame, resume, args.from_line)
            ),
        }
        .into());
    }
    let name = &import.name;
    match args.output {
        Output::Json => output::json(&serde_json::json!({
            "imported": done.ids.len(),
            "embeddings": done.embeddings,
            "batches": done.batches,
            "lines": lines,
            "ids": done.ids,
        }))?,
        Output::Name => output::print(
            &done
                .ids
                .iter()
                .map(|id| format!("{id}\n"))
                .collect::<String>(),
        ),
        Output::Table => {
            let read = if args.from_line > 1 {
                format!("lines {} to {lines}", args.from_line)
            } else {
                plural(
                    usize::try_from(lines).unwrap_or(usize::MAX),
                    "line",
                    "lines",
                )
            };
            let mut text = match (done.ids.first(), done.ids.last()) {
                (Some(first), Some(last)) if first == last => {
                    format!("imported 1 capsule from {read} of {name} ({first})")
                }
                (Some(first), Some(last)) => format!(
                    "imported {} from {read} of {name} in {} ({first} .. {last})",
                    plural(done.ids.len(), "capsule", "capsules"),
                    plural(done.batches, "batch", "batches"),
                ),
                _ => format!("imported nothing: {name} holds no capsule line"),
            };
            if done.embeddings > 0 {
                text.push_str(&format!(
                    ", {} attached",
                    plural(done.embeddings, "embedding", "embeddings")
                ));
            }
            text.push('\n');
            output::print(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// serde_json's message with the position as a column of the line (every document is one
/// line, so its own `line 1` says nothing).
fn json_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = text.strip_suffix(&suffix).unwrap_or(&text);
    format!("column {}: {message}", e.column())
}
