//! The one place where domain errors become gRPC statuses and protobuf violations.

use std::collections::HashMap;

use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

use crate::core::{StateErrors, Violation};
use crate::pb::v1;

/// The ErrorInfo domain of this service.
pub const ERROR_DOMAIN: &str = "referee.v1";

impl From<StateErrors> for Status {
    fn from(errs: StateErrors) -> Status {
        let mut details = ErrorDetails::new();
        for e in &errs.errors {
            details.add_bad_request_violation(e.field.clone(), e.description.clone());
        }
        if let Some(reason) = errs.reason {
            details.set_error_info(reason, ERROR_DOMAIN, HashMap::new());
        }
        Status::with_error_details(Code::InvalidArgument, errs.to_string(), details)
    }
}

impl From<Violation> for v1::Violation {
    fn from(v: Violation) -> Self {
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
}
