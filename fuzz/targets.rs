//! The fuzz targets, shared by the coverage-guided cargo-fuzz binaries (`fuzz/fuzz_targets/`,
//! libFuzzer, nightly) and the bounded stable run in `tests/service/fuzz.rs`. Each takes the raw bytes of
//! a request, runs the service handlers exactly as a gRPC call would after decoding, and checks
//! what must hold for any input: no panic, and every refusal is `INVALID_ARGUMENT` naming fields
//! that exist in the request message (docs/errors.md: paths name request fields).

#[path = "../tests/common/paths.rs"]
mod paths;

use std::future::Future;
use std::pin::pin;
use std::sync::OnceLock;
use std::task::{Context, Poll, Waker};

use prost::Message;
use referee::pb::v1;
use referee::service::metrics::Metrics;
use referee::service::Referee;
use tonic::{Code, Request, Status};
use tonic_types::StatusExt;
use v1::apply_response::Outcome;
use v1::referee_service_server::RefereeService;

/// How far an input got, for the stable run's summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reached {
    /// Not protobuf of the request type.
    Undecodable,
    /// Refused with `INVALID_ARGUMENT`.
    Refused,
    /// Answered with a violation.
    Violation,
    /// Accepted: the state was usable, or the action applied.
    Accepted,
}

/// Legal actions tried per accepted state (a harbor decision lists a few dozen at most).
const MAX_ACTIONS_TRIED: usize = 64;

fn referee() -> &'static Referee {
    static REFEREE: OnceLock<Referee> = OnceLock::new();
    REFEREE.get_or_init(|| Referee::new(Metrics::new(&[])))
}

/// Runs a handler: handlers never wait on anything, so one poll finishes them.
fn run<T>(f: impl Future<Output = T>) -> T {
    match pin!(f).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(t) => t,
        Poll::Pending => panic!("a handler waited"),
    }
}

/// A refusal must be `INVALID_ARGUMENT` with at least one field path, each a field of `request`
/// (the request message's name).
fn assert_refusal(status: &Status, request: &str) {
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    let fields: Vec<String> = status
        .get_details_bad_request()
        .map(|b| b.field_violations.into_iter().map(|f| f.field).collect())
        .unwrap_or_default();
    assert!(!fields.is_empty(), "a refusal names its fields: {status:?}");
    for field in &fields {
        if let Err(e) = paths::resolve(request, field) {
            panic!("a refusal names a field the request does not have: {e} ({status:?})");
        }
    }
}

/// The legal actions of a state, or its refusal (checked).
fn legal_actions(state: &v1::GameState) -> Result<v1::LegalActionsResponse, Status> {
    let request = Request::new(v1::LegalActionsRequest {
        state: Some(state.clone()),
        seat: None,
    });
    let answer = run(referee().legal_actions(request)).map(|r| r.into_inner());
    if let Err(s) = &answer {
        assert_refusal(s, "LegalActionsRequest");
    }
    answer
}

/// A state the referee returned must be accepted again.
fn assert_accepted_again(from: &v1::GameState, next: &v1::GameState) {
    if let Err(s) = legal_actions(next) {
        panic!(
            "the referee refused a state it returned: {}\nfrom {from:?}\nto {next:?}",
            s.message()
        );
    }
}

/// Target `state`: any bytes as a `GameState`. A state the referee accepts must be usable: every
/// action it lists applies, the state it returns is accepted again, and every seat's view works.
/// A state it refuses is refused by the other state-taking calls as well.
pub fn state(data: &[u8]) -> Reached {
    let Ok(state) = v1::GameState::decode(data) else {
        return Reached::Undecodable; // the codec's answer, tested over gRPC
    };
    let Ok(legal) = legal_actions(&state) else {
        let request = Request::new(v1::ViewRequest {
            state: Some(state),
            seat: None,
        });
        match run(referee().view(request)) {
            Ok(_) => panic!("View accepted a state LegalActions refused"),
            Err(s) => assert_refusal(&s, "ViewRequest"),
        }
        return Reached::Refused;
    };
    let status = legal.status.unwrap_or_default();
    assert_eq!(status.finished, legal.actions.is_empty(), "{status:?}");
    for action in legal.actions.iter().take(MAX_ACTIONS_TRIED) {
        assert!(
            action.seat.is_some_and(|s| status.to_act.contains(&s)),
            "{action:?}"
        );
        let request = Request::new(v1::ApplyRequest {
            state: Some(state.clone()),
            action: Some(action.clone()),
        });
        let outcome = run(referee().apply(request)).map(|r| r.into_inner().outcome);
        match outcome {
            Ok(Some(Outcome::Applied(applied))) => {
                let next = applied.state.unwrap_or_default();
                assert_eq!(next.sequence, state.sequence.saturating_add(1));
                assert_accepted_again(&state, &next);
            }
            other => panic!("a listed action was not applied: {action:?} → {other:?}"),
        }
    }
    for seat in (0..6).map(Some).chain([None]) {
        let request = Request::new(v1::ViewRequest {
            state: Some(state.clone()),
            seat,
        });
        if let Err(s) = run(referee().view(request)) {
            assert_refusal(&s, "ViewRequest");
            assert!(
                seat.is_some(),
                "the spectator view of an accepted state failed"
            );
        }
    }
    Reached::Accepted
}

/// Target `apply`: any bytes as an `ApplyRequest` — an arbitrary action on an arbitrary state.
/// `Validate` and `Apply` must agree (the same refusal, the same violation, or legal and applied),
/// and a state the referee returns must be accepted again.
pub fn apply(data: &[u8]) -> Reached {
    let Ok(request) = v1::ApplyRequest::decode(data) else {
        return Reached::Undecodable;
    };
    let validated = run(referee().validate(Request::new(v1::ValidateRequest {
        state: request.state.clone(),
        action: request.action.clone(),
    })));
    let sequence = request.state.as_ref().map(|s| s.sequence);
    let original = request.state.clone().unwrap_or_default();
    let applied = run(referee().apply(Request::new(request)));
    match (validated, applied) {
        (Err(a), Err(b)) => {
            assert_refusal(&a, "ValidateRequest");
            assert_refusal(&b, "ApplyRequest");
            assert_eq!((a.code(), a.message()), (b.code(), b.message()));
            Reached::Refused
        }
        (Ok(v), Ok(a)) => match (v.into_inner().violation, a.into_inner().outcome) {
            (None, Some(Outcome::Applied(applied))) => {
                let next = applied.state.unwrap_or_default();
                assert_eq!(Some(next.sequence), sequence.map(|s| s.saturating_add(1)));
                assert_accepted_again(&original, &next);
                Reached::Accepted
            }
            (Some(v), Some(Outcome::Violation(w))) => {
                assert_eq!(v, w);
                assert!(!v.code.is_empty() && !v.message.is_empty());
                Reached::Violation
            }
            other => panic!("Validate and Apply disagree: {other:?}"),
        },
        other => panic!("Validate and Apply disagree: {other:?}"),
    }
}
