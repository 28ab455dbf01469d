//! Errors in a client's state or request: they become `INVALID_ARGUMENT`, naming the field.

use std::fmt;

/// One thing wrong with a state or request, at a field path such as `state.port_royal.harbor[2]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError {
    /// The field path.
    pub field: String,
    /// What is wrong.
    pub description: String,
}

/// Every reason a state or request was refused (at least one), plus an optional machine-readable
/// reason for `google.rpc.ErrorInfo`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StateErrors {
    /// The field violations.
    pub errors: Vec<StateError>,
    /// For example `UNSUPPORTED_EXPANSION`.
    pub reason: Option<&'static str>,
}

/// Error lists are capped so a hostile state cannot make the answer huge.
const MAX_ERRORS: usize = 20;

impl StateErrors {
    /// A single error.
    pub fn one(field: impl Into<String>, description: impl Into<String>) -> Self {
        let mut e = Self::default();
        e.push(field, description);
        e
    }

    /// Adds an error (up to a cap).
    pub fn push(&mut self, field: impl Into<String>, description: impl Into<String>) {
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(StateError {
                field: field.into(),
                description: description.into(),
            });
        }
    }

    /// Whether a list of `len` entries has at most `max`: a longer one is refused whole, naming
    /// it (`field` is written only then), before any work per entry. Every list of a state has
    /// such a limit, far above any game's (docs/operations.md, "Limits").
    pub fn within(&mut self, len: usize, max: usize, field: impl FnOnce() -> String) -> bool {
        if len > max {
            self.keep(Self::one(
                field(),
                format!("has {len} entries; at most {max} are possible"),
            ));
        }
        len <= max
    }

    /// Keeps every error of `e` (reading a message keeps each field's errors, in the order its
    /// fields are read, uncapped: the message's limits bound them).
    #[cold]
    pub fn keep(&mut self, e: StateErrors) {
        self.errors.extend(e.errors);
    }

    /// Sets the ErrorInfo reason.
    pub fn with_reason(mut self, reason: &'static str) -> Self {
        self.reason = Some(reason);
        self
    }

    /// Prefixes every field path, e.g. with `state.`; an empty path (the message as a whole)
    /// becomes the prefix's own path.
    pub fn under(mut self, prefix: &str) -> Self {
        for e in &mut self.errors {
            e.field = if e.field.is_empty() {
                prefix.trim_end_matches('.').to_owned()
            } else {
                format!("{prefix}{}", e.field)
            };
        }
        self
    }

    /// Moves the errors under `from` to `to` (request and state name the same fields apart).
    pub fn rebase(mut self, from: &str, to: &str) -> Self {
        for e in &mut self.errors {
            if let Some(rest) = e.field.strip_prefix(from) {
                e.field = format!("{to}{rest}");
            }
        }
        self
    }

    /// `Ok(())` when nothing was pushed.
    pub fn into_result(self) -> Result<(), Self> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for StateErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{}: {}", e.field, e.description)?;
        }
        Ok(())
    }
}

impl std::error::Error for StateErrors {}
