//! Key material from the configuration: at least [`Secret::MIN_LEN`] bytes, and never printed
//! (its `Debug` is redacted, so a logged or panicking `Config` shows no key).

/// Key material: never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Vec<u8>);

impl Secret {
    /// The fewest bytes a key may have (HMAC-SHA256's output size).
    pub const MIN_LEN: usize = 32;

    /// A key from a flag or variable, refused when shorter than [`Secret::MIN_LEN`].
    pub fn parse(s: &str) -> Result<Self, String> {
        if s.len() < Self::MIN_LEN {
            return Err(format!(
                "a state key needs at least {} bytes (try `openssl rand -hex 32`)",
                Self::MIN_LEN
            ));
        }
        Ok(Self(s.as_bytes().to_vec()))
    }

    /// The key's bytes.
    pub fn expose(&self) -> &[u8] {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(redacted)")
    }
}
