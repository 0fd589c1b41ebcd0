//! Kenning's routes mounted into a host's own axum application: the library use case.
//!
//! ```sh
//! export KENNING_OPERATOR_TOKEN=$(openssl rand -hex 32)
//! cargo run --example http_server -- kenning.redb 127.0.0.1:8080
//! ```
//!
//! A service that already has an HTTP server links the library and merges
//! [`kenning_server::routes`] into its router, beside its own routes (here `/healthz`): every
//! route of the memory API, each one facade call under the principal of the request's bearer
//! token (an API key's secret, or the operator token given here), with the facade's serde types
//! as bodies and the statuses of [`kenning_server::status_for`]. The README's route table lists
//! them.
//!
//! The store is a [`kenning_server::Store::reopening`]: after an I/O error (a full disk, a
//! failed sync) spoils the handle, the request that met it gets its own `STORAGE` answer and
//! the next request opens the store again, so the service recovers once the cause is fixed
//! without a restart (`routes(Kenning)` also works, and serves that one handle for good).
//!
//! To serve a store on its own, with MCP at `/mcp`, the token and discovery files and the CLI
//! working through it, run `kenning serve` instead.

#![allow(clippy::print_stdout)]

use axum::Router;
use axum::routing::get;
use kenning::Kenning;
use kenning_server::{Auth, Store, routes};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "kenning.redb".to_owned());
    let addr = args.next().unwrap_or_else(|| "127.0.0.1:8080".to_owned());
    let store = {
        let path = path.clone();
        Store::reopening(move || Kenning::open(&path))?
    };
    let operator = std::env::var("KENNING_OPERATOR_TOKEN")
        .ok()
        .filter(|t| t.len() >= 32);
    let app = Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .merge(routes(store.clone(), Auth::new(store.clone(), operator)));
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            drop(tokio::signal::ctrl_c().await);
        })
        .await?;
    // Every request has finished: make the last commits durable and let the file go.
    store.close()?;
    Ok(())
}
