//! Kenning over HTTP: the routes of the memory API on the facade, with axum.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use kenning::Kenning;
//! use kenning_server::{Auth, routes};
//!
//! let store = Kenning::open("memory.redb")?;
//! let auth = Auth::new(store.clone(), Some("an operator token of 32 characters or more".into()));
//! // Mount Kenning's routes into your own application, beside your routes.
//! let app = axum::Router::new().merge(routes(store, auth));
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! axum::serve(listener, app).await?;
//! # Ok(()) }
//! ```
//!
//! - [`routes`]: the REST routes (the table is in the README and in [`openapi`]), each one
//!   facade call under the caller's [`kenning::Principal`], on tokio's blocking pool, answering
//!   the facade's own serde types as JSON;
//! - [`Auth`] and [`require_token`]: bearer-token authentication in front of every route (an API
//!   key's secret, or the operator token), checked on every request;
//! - [`files`]: the operator token and discovery files `kenning serve` writes beside its store;
//! - [`Store`]: the one handle the routes share, opened again by itself after an I/O error
//!   when built with [`Store::reopening`] (below);
//! - [`openapi`]: the OpenAPI 3.1 document of the routes, served at `GET /openapi.json` behind
//!   the same bearer token as every route;
//! - [`ApiError`] / [`ErrorBody`]: errors as `{"code", "message"}` with the facade's stable
//!   code and statuses (`400`, `401`, `403`, `404`, `405`, `409`, `413`, `422`, `500`, `503`).
//!
//! # After an I/O error
//!
//! One I/O error (a failed sync, a full disk) leaves a redb handle unusable until the store is
//! opened again ([`kenning::Error::needs_reopen`]). [`routes`] and [`Auth`] take a
//! [`Kenning`](kenning::Kenning), served as it is for good (a spoiled handle then answers
//! every request `500 STORAGE` until the host replaces it), or a [`Store`]: give both clones of
//! one [`Store::reopening`] to have the server recover without a restart.
//!
//! ```no_run
//! # fn demo() -> kenning::Result<()> {
//! use kenning::Kenning;
//! use kenning_server::{Auth, Store, routes};
//!
//! let store = Store::reopening(|| Kenning::open("memory.redb"))?;
//! let app = routes(store.clone(), Auth::new(store.clone(), None));
//! # drop(app); Ok(()) }
//! ```
//!
//! What a client sees:
//!
//! - the request that meets the I/O error gets its own answer, `500 STORAGE`, never retried by
//!   the server; its message says that the server opens the store again for the next request,
//!   and `outcome_unknown: true` marks a write whose commit failed, so that whether it is stored
//!   is unknown: **read it back before sending it again**;
//! - the next request opens the store again (a new handle, its in-memory copies rebuilt from
//!   the tables), once the calls in flight on the old handle have finished, and is served;
//! - while that open fails, requests get `503 STORAGE` with `Retry-After`, naming the cause (in
//!   full to the operator token) and saying that the server tries again on a request, at most
//!   once per [`Store::retry_interval`] (1 s by default).
//!
//! `kenning serve` and `kenning mcp` serve a reopening store; docs/durability.md ("A server
//! after an I/O error") says what a client should do.
//!
//! This crate is not a server binary (that is `kenning serve`, in the CLI) and knows no MCP, no
//! command line, no terminal and no redb: every rule is enforced by the facade.

#![deny(missing_docs)]

pub mod auth;
pub mod error;
pub mod files;
pub mod openapi;
mod rest;
pub mod store;

pub use auth::{Auth, Caller, OPERATOR_HEADER, require_token};
pub use error::{ApiError, ErrorBody, MAX_BODY_BYTES, status_for};
pub use rest::{
    Batch, Forgotten, KeyCreated, MemoryQuery, MemoryQueryAnswer, Names, ObservationsAdded,
    RegisterScope, Registered, Revoked, Search, Stored, StoredBatch, routes,
};
pub use store::{Lease, Store, Unavailable};
