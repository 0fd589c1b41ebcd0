//! Wall-clock time as the store records it.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// Milliseconds since the Unix epoch, UTC. Serialized as a plain integer.
///
/// Displays as RFC 3339 (`2023-05-08T13:56:00.000Z`); [`Timestamp::parse`] reads RFC 3339 back.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "schema",
    schemars(description = "Milliseconds since the Unix epoch, UTC")
)]
#[serde(transparent)]
pub struct Timestamp(i64);

impl Timestamp {
    /// The current time. A clock set before 1970 reads as the epoch.
    #[must_use]
    pub fn now() -> Self {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        Self(ms)
    }

    /// The instant `ms` milliseconds after the epoch (negative: before it).
    #[must_use]
    pub const fn from_millis(ms: i64) -> Self {
        Self(ms)
    }

    /// Milliseconds since the epoch.
    #[must_use]
    pub const fn as_millis(self) -> i64 {
        self.0
    }

    /// Parses RFC 3339, e.g. `2023-05-08T13:56:00Z` or `2023-05-08 13:56:00.250Z`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming `field`.
    pub fn parse(field: &str, text: &str) -> crate::Result<Self> {
        let t = humantime::parse_rfc3339_weak(text.trim()).map_err(|e| {
            crate::Error::invalid(
                field,
                format!(
                    "{} is not an RFC 3339 time ({e}); write e.g. 2023-05-08T13:56:00Z",
                    kenning_vocab::quote(text)
                ),
            )
        })?;
        Ok(Self::from(t))
    }
}

impl From<SystemTime> for Timestamp {
    fn from(t: SystemTime) -> Self {
        match t.duration_since(UNIX_EPOCH) {
            Ok(d) => Self(i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
            Err(e) => Self(i64::try_from(e.duration().as_millis()).map_or(i64::MIN, |ms| -ms)),
        }
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let system = if self.0 >= 0 {
            UNIX_EPOCH.checked_add(Duration::from_millis(self.0.unsigned_abs()))
        } else {
            UNIX_EPOCH.checked_sub(Duration::from_millis(self.0.unsigned_abs()))
        };
        match system {
            // humantime formats 1970 to 9999 (and panics before 1970); outside, print raw millis.
            Some(t) if (0..253_402_300_800_000).contains(&self.0) => {
                write!(f, "{}", humantime::format_rfc3339_millis(t))
            }
            _ => write!(f, "{}ms", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_parse_round_trip() {
        let t = Timestamp::from_millis(1_683_554_160_250);
        assert_eq!(t.to_string(), "2023-05-08T13:56:00.250Z");
        assert_eq!(Timestamp::parse("at", &t.to_string()).unwrap(), t);
        assert!(Timestamp::parse("at", "yesterday").is_err());
    }

    #[test]
    fn extremes_do_not_panic() {
        for ms in [i64::MIN, -1, 0, i64::MAX] {
            let _ = Timestamp::from_millis(ms).to_string();
        }
    }
}
