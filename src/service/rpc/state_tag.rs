//! Optional tamper evidence (docs/operations.md, "Tamper evidence"). With a key, every state the
//! referee returns carries an HMAC-SHA256 tag, and a state whose tag is missing or wrong is
//! refused.
//!
//! The tag covers the canonical encoding of the state without its tag (prost's, of the decoded
//! message), not the bytes as received: a client that decodes and re-encodes the state in any
//! language keeps it valid, and unknown fields added on the way are dropped before use anyway.

use hmac::{Hmac, Mac};
use prost::Message;
use sha2::Sha256;

use crate::core::StateErrors;
use crate::pb::v1;
use crate::secret::Secret;

/// Separates these tags from any other use of the same key.
const DOMAIN: &[u8] = b"referee.v1.GameState\0";

/// The ErrorInfo reason of a refused tag.
pub const STATE_TAMPERED: &str = "STATE_TAMPERED";

type HmacSha256 = Hmac<Sha256>;

/// The keys: states are tagged with the current one; the previous one is still accepted.
#[derive(Clone)]
pub struct StateTags {
    current: HmacSha256,
    previous: Option<HmacSha256>,
}

impl std::fmt::Debug for StateTags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StateTags(redacted)")
    }
}

fn keyed(key: &Secret) -> HmacSha256 {
    // HMAC takes keys of any length; `Secret` has at least 32 bytes.
    <HmacSha256 as Mac>::new_from_slice(key.expose()).unwrap_or_else(|_| unreachable!())
}

impl StateTags {
    /// Tags from the current key and, during a rotation, the previous one.
    pub fn new(current: &Secret, previous: Option<&Secret>) -> Self {
        Self {
            current: keyed(current),
            previous: previous.map(keyed),
        }
    }

    /// The MAC of a state whose `auth_tag` is empty.
    fn mac(key: &HmacSha256, state: &v1::GameState) -> HmacSha256 {
        let mut mac = key.clone();
        mac.update(DOMAIN);
        mac.update(&state.encode_to_vec());
        mac
    }

    /// Sets the state's tag.
    pub fn seal(&self, state: &mut v1::GameState) {
        state.auth_tag.clear();
        state.auth_tag = Self::mac(&self.current, state)
            .finalize()
            .into_bytes()
            .to_vec();
    }

    /// Checks (in constant time) and removes the state's tag.
    pub fn open(&self, state: &mut v1::GameState) -> Result<(), StateErrors> {
        let tag = std::mem::take(&mut state.auth_tag);
        let refused = |why: &str| {
            StateErrors::one("state.auth_tag", why.to_owned()).with_reason(STATE_TAMPERED)
        };
        if tag.is_empty() {
            return Err(refused(
                "is missing: this referee accepts only states it returned, with their tag",
            ));
        }
        let genuine = std::iter::once(&self.current)
            .chain(&self.previous)
            .any(|key| Self::mac(key, state).verify_slice(&tag).is_ok());
        if genuine {
            Ok(())
        } else {
            Err(refused(
                "does not match the state: it was changed after the referee returned it, or tagged under another key",
            ))
        }
    }
}
