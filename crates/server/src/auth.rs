//! Bearer-token authentication, in front of every route.
//!
//! A request's `Authorization: Bearer <token>` is either an API key's secret (the request runs
//! as that key: its permissions and reach, never a management-class permission) or the
//! operator token (the request runs as an operator session, named by the `Kenning-Operator`
//! header for the audit log, `operator` without one). Keys are looked up on every request, so
//! a revoked key is refused from the next request on. Anything else, a missing token included,
//! is the one `401` of [`ApiError::unauthenticated`]; such a request reaches no handler.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};
use kenning::{ErrorCode, Principal};

use crate::error::{ApiError, log};
use crate::store::Store;

/// The header naming the operator of a request made with the operator token.
pub const OPERATOR_HEADER: &str = "kenning-operator";

/// The longest operator name taken from [`OPERATOR_HEADER`].
const MAX_OPERATOR_NAME: usize = 64;

/// What authenticates requests: the store's API keys and the operator token.
#[derive(Clone)]
pub struct Auth {
    store: Store,
    operator_token: Option<Arc<str>>,
}

impl std::fmt::Debug for Auth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Auth")
            .field("operator_token", &self.operator_token.as_ref().map(|_| "…"))
            .finish_non_exhaustive()
    }
}

impl Auth {
    /// API keys of `store` authenticate; so does `operator_token` when given.
    ///
    /// `store` is a [`Kenning`](kenning::Kenning) or a [`Store`]: to have a server reopen its
    /// store after an I/O error, give this and [`routes`](crate::routes) clones of one
    /// [`Store::reopening`], so that no other clone of the handle keeps the file open.
    #[must_use]
    pub fn new(store: impl Into<Store>, operator_token: Option<String>) -> Self {
        Self {
            store: store.into(),
            operator_token: operator_token.map(Arc::from),
        }
    }

    /// The store whose keys authenticate (the one to give [`routes`](crate::routes) too).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The caller of a request with these headers, or the `401`.
    ///
    /// # Errors
    /// [`ApiError::unauthenticated`] for a missing or invalid token; a storage failure while
    /// looking the key up is a `500`, and a store without a handle (see [`Store`]) a `503`.
    pub async fn caller(&self, headers: &HeaderMap) -> Result<Caller, ApiError> {
        let token = bearer(headers).ok_or_else(ApiError::unauthenticated)?;
        if let Some(operator) = &self.operator_token
            && same_secret(token.as_bytes(), operator.as_bytes())
        {
            let name = headers
                .get(OPERATOR_HEADER)
                .and_then(|v| v.to_str().ok())
                .map(str::trim)
                .filter(|n| !n.is_empty() && n.chars().count() <= MAX_OPERATOR_NAME)
                .unwrap_or("operator");
            return Ok(Caller {
                who: Principal::operator(name),
                operator: true,
            });
        }
        let store = self.store.clone();
        let secret = token.to_owned();
        let looked_up = tokio::task::spawn_blocking(move || {
            let lease = store.lease()?;
            let who = lease.authenticate(&secret);
            lease.release(who.as_ref().err());
            Ok(who.map_err(|e| {
                let refused = e.code() == ErrorCode::PermissionDenied;
                (refused, ApiError::from_call(&e, false, &store))
            }))
        });
        match looked_up.await {
            Ok(Ok(Ok(who))) => Ok(Caller {
                who,
                operator: false,
            }),
            Ok(Ok(Err((true, _)))) => Err(ApiError::unauthenticated()),
            Ok(Ok(Err((false, e)))) => Err(e),
            Ok(Err(unavailable)) => Err(ApiError::unavailable(&unavailable, false)),
            Err(e) => {
                log(&format!("authenticating a request failed: {e}"));
                Err(ApiError::internal())
            }
        }
    }
}

/// The authenticated caller of a request, put in its extensions by [`require_token`].
#[derive(Debug, Clone)]
pub struct Caller {
    /// Who the request runs as.
    pub who: Principal,
    /// Whether it came with the operator token (storage details are shown to it).
    pub operator: bool,
}

/// Middleware: answers `401` to a request without a valid token, and gives the others their
/// [`Caller`] (in the request's extensions) before they reach a handler.
pub async fn require_token(State(auth): State<Auth>, mut request: Request, next: Next) -> Response {
    match auth.caller(request.headers()).await {
        Ok(caller) => {
            request.extensions_mut().insert(caller);
            next.run(request).await
        }
        Err(e) => e.into_response(),
    }
}

/// The token of `Authorization: Bearer <token>`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim())
        .filter(|t| !t.is_empty())
}

/// Compares two secrets in time that depends on their lengths only, not on where they differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_tokens_are_read_case_insensitively_and_trimmed() {
        let mut h = HeaderMap::new();
        assert_eq!(bearer(&h), None);
        h.insert(
            header::AUTHORIZATION,
            "bearer  abc ".parse().unwrap_or_else(|_| unreachable!()),
        );
        assert_eq!(bearer(&h), Some("abc"));
        h.insert(
            header::AUTHORIZATION,
            "Basic abc".parse().unwrap_or_else(|_| unreachable!()),
        );
        assert_eq!(bearer(&h), None);
        h.insert(
            header::AUTHORIZATION,
            "Bearer ".parse().unwrap_or_else(|_| unreachable!()),
        );
        assert_eq!(bearer(&h), None);
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret(b"abcd", b"abcd"));
        assert!(!same_secret(b"abcd", b"abce"));
        assert!(!same_secret(b"abc", b"abcd"));
    }
}
