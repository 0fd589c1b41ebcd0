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
//! - [`ApiError`] / [`ErrorBody`]: errors as `{"code", "message"}` with the facade's stable
//!   code and statuses (`400`, `401`, `403`, `404`, `405`, `409`, `413`, `422`, `500`).
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
pub use rest::{Batch, Names, RegisterScope, Search, routes};
pub use store::{Lease, Store, Unavailable};
