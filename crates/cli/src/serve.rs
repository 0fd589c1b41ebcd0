//! `kenning serve`: one store served over HTTP to many processes (the REST routes of
//! `kenning-server` and MCP over Streamable HTTP at `/mcp`), until SIGINT or SIGTERM.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context as _;
use kenning::OpenOptions;
use kenning_server::files::{self, Discovery};
use kenning_server::{Auth, Store, require_token};

use crate::cli::{Cli, ServeArgs};
use crate::output;

/// The directory the store lives in.
fn directory(store: &Path) -> &Path {
    match store.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Serves the store until a signal asks it to stop.
pub(crate) fn run(cli: &Cli, args: &ServeArgs) -> anyhow::Result<ExitCode> {
    let path = &cli.store;
    if !args.create && !path.exists() {
        anyhow::bail!(
            "there is no store at {}: check --store (or KENNING_STORE), prepare it with the CLI \
             (`kenning --store {} scopes register ID --kind agent`), or pass --create to serve a \
             new, empty one",
            path.display(),
            path.display()
        );
    }
    files::check_directory(directory(path)).map_err(anyhow::Error::msg)?;
    if let Some(found) = Discovery::read(path)
        && crate::remote::find(cli).ok().flatten().is_some()
    {
        anyhow::bail!(
            "the store {} is already served at {} (process {}): stop that server first, or use it",
            path.display(),
            found.url,
            found.pid
        );
    }
    let store = reopening(path)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let served = runtime.block_on(serve(store.clone(), path, &args.addr, &args.allow_host));
    // Every request has finished: make the last commits durable and let the file go.
    let flushed = store.close();
    drop(store);
    runtime.shutdown_timeout(std::time::Duration::from_secs(5));
    served?;
    flushed.context("flushing the store")?;
    output::note("kenning serve: stopped; the store is flushed and closed");
    Ok(ExitCode::SUCCESS)
}

/// The files written on start, removed when the server stops.
struct Written<'a>(&'a Path);

impl Drop for Written<'_> {
    fn drop(&mut self) {
        drop(std::fs::remove_file(files::discovery_path(self.0)));
        drop(std::fs::remove_file(files::token_path(self.0)));
    }
}

/// The store at `path`, opened now (created if it does not exist: the callers decide that
/// before) and opened again by the server after an I/O error spoiled its handle, with the same
/// options; a reopen never creates a store whose file has gone.
pub(crate) fn reopening(path: &Path) -> anyhow::Result<Store> {
    let options = OpenOptions::new();
    let first = options
        .open(path)
        .with_context(|| format!("opening the store {}", path.display()))?;
    let path = path.to_path_buf();
    let opener = move || {
        if !path.exists() {
            return Err(kenning::Error::Storage {
                message: format!(
                    "the store file {} is gone: restore it, or restart the server",
                    path.display()
                ),
                source: None,
            });
        }
        options.open(&path)
    };
    Ok(Store::reopening_from(first, opener))
}

async fn serve(
    store: Store,
    path: &Path,
    addr: &str,
    allow_hosts: &[String],
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("listening on --addr {}", kenning::vocab::quote(addr)))?;
    let local = listener.local_addr().context("reading the bound address")?;
    let token = files::generate_token().context("generating the operator token")?;
    let token_file = files::token_path(path);
    files::write_private(&token_file, &format!("{token}\n"))
        .with_context(|| format!("writing the operator token to {}", token_file.display()))?;
    let written = Written(path);
    let url = format!("http://{local}");
    let discovery = serde_json::to_string(&Discovery {
        url: url.clone(),
        pid: std::process::id(),
    })?;
    let discovery_file = files::discovery_path(path);
    files::write_atomic(&discovery_file, &format!("{discovery}\n"))
        .with_context(|| format!("writing the discovery file {}", discovery_file.display()))?;

    let auth = Auth::new(store.clone(), Some(token));
    let cancel = tokio_util::sync::CancellationToken::new();
    let mut hosts = vec![
        "localhost".to_owned(),
        "127.0.0.1".to_owned(),
        "::1".to_owned(),
    ];
    hosts.push(local.ip().to_string());
    hosts.extend(allow_hosts.iter().cloned());
    let mcp = axum::Router::new()
        .route_service(
            "/mcp",
            crate::mcp::http_service(store.clone(), cancel.clone(), hosts),
        )
        .layer(axum::middleware::from_fn_with_state(
            auth.clone(),
            require_token,
        ));
    let app = mcp.merge(kenning_server::routes(store, auth));

    output::print(&format!(
        "store {}\nlistening on {url}\noperator token in {}\n",
        path.display(),
        token_file.display()
    ));
    let stop = cancel.clone();
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            signal().await;
            stop.cancel();
        })
        .await
        .context("serving")?;
    drop(written);
    Ok(())
}

/// Resolves on SIGINT or SIGTERM.
async fn signal() {
    use tokio::signal::unix::{SignalKind, signal};
    match (
        signal(SignalKind::interrupt()),
        signal(SignalKind::terminate()),
    ) {
        (Ok(mut int), Ok(mut term)) => {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
        }
        // Without handlers, serve until killed rather than stop at once.
        _ => std::future::pending::<()>().await,
    }
}
