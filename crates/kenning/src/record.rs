//! Versioned record encoding for the facade's own tables.
//!
//! A record is one format byte followed by the JSON of the value. JSON keeps records readable
//! with any redb tool and lets fields be added compatibly (`#[serde(default)]`); the format byte
//! lets a later version change the encoding outright. A record with a format byte this build does
//! not know is a [`Error::Storage`] telling the user to upgrade, never a silent misread.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// The record format this build writes.
pub(crate) const RECORD_FORMAT: u8 = 1;

pub(crate) fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    out.push(RECORD_FORMAT);
    serde_json::to_writer(&mut out, value)
        .map_err(|e| Error::storage("a record could not be encoded", e))?;
    Ok(out)
}

pub(crate) fn decode<T: DeserializeOwned>(table: &str, bytes: &[u8]) -> Result<T> {
    match bytes.split_first() {
        Some((&RECORD_FORMAT, json)) => serde_json::from_slice(json).map_err(|e| {
            Error::storage(
                format!("a record in table {table} is corrupt; restore the store from a backup"),
                e,
            )
        }),
        Some((&format, _)) => Err(Error::Storage {
            message: format!(
                "a record in table {table} has format {format}, newer than this build of kenning \
                 reads ({RECORD_FORMAT}): upgrade kenning"
            ),
            source: None,
        }),
        None => Err(Error::Storage {
            message: format!("an empty record in table {table}: the store is corrupt"),
            source: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let bytes = encode(&vec![1u32, 2]).unwrap();
        assert_eq!(bytes[0], RECORD_FORMAT);
        assert_eq!(decode::<Vec<u32>>("t", &bytes).unwrap(), [1, 2]);
        let mut future = bytes.clone();
        future[0] = 9;
        assert!(
            decode::<Vec<u32>>("t", &future)
                .unwrap_err()
                .to_string()
                .contains("upgrade")
        );
        assert!(decode::<Vec<u32>>("t", &[]).is_err());
        assert!(decode::<Vec<u32>>("t", &[RECORD_FORMAT, b'{']).is_err());
    }
}
