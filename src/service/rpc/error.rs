//! The one place where domain errors become gRPC statuses and protobuf violations.

use std::collections::HashMap;

use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

use crate::core::{StateErrors, Violation};
use crate::pb::v1;

/// The ErrorInfo domain of this service.
pub const ERROR_DOMAIN: &str = "referee.v1";

/// A refused state or request as the status it answers: `INVALID_ARGUMENT` with a
/// `google.rpc.BadRequest` naming each field, and the `ErrorInfo` reason if it has one. (A
/// function, not `From`: both types are other crates'.)
pub fn invalid(errs: StateErrors) -> Status {
    let mut details = ErrorDetails::new();
    for e in &errs.errors {
        details.add_bad_request_violation(e.field.clone(), e.description.clone());
    }
    if let Some(reason) = errs.reason {
        details.set_error_info(reason, ERROR_DOMAIN, HashMap::new());
    }
    Status::with_error_details(Code::InvalidArgument, errs.to_string(), details)
}

/// A violation as the protobuf message that carries it.
pub fn violation(v: Violation) -> v1::Violation {
    v1::Violation {
        code: v.code.to_owned(),
        message: v.message,
        details: v
            .details
            .into_iter()
            .map(|(k, val)| (k.to_owned(), val))
            .collect(),
    }
}

/// `?` for a result refused with [`StateErrors`], in a function that answers a [`Status`].
pub trait OrInvalid<T> {
    /// The value, or the status that refuses it ([`invalid`]).
    fn or_invalid(self) -> Result<T, Status>;
}

impl<T> OrInvalid<T> for Result<T, StateErrors> {
    fn or_invalid(self) -> Result<T, Status> {
        self.map_err(invalid)
    }
}
