//! The calls the service tests make most, one line each: the request built from a state (and an
//! action or a seat), the answer unwrapped (a transport error fails the test).

use referee::pb::v1::{self, referee_service_client::RefereeServiceClient};
use tonic::transport::Channel;

/// LegalActions, Validate, Apply and View on a state.
pub trait Calls {
    /// Every action open now (all seats).
    async fn legal_on(&mut self, state: &v1::GameState) -> v1::LegalActionsResponse;
    /// Whether `action` would be accepted.
    async fn validate_on(
        &mut self,
        state: &v1::GameState,
        action: &v1::Action,
    ) -> v1::ValidateResponse;
    /// `action` applied to `state`.
    async fn apply_on(&mut self, state: &v1::GameState, action: &v1::Action) -> v1::ApplyResponse;
    /// What `seat` (or a spectator) sees.
    async fn view_on(&mut self, state: &v1::GameState, seat: Option<u32>) -> v1::ViewResponse;
}

impl Calls for RefereeServiceClient<Channel> {
    async fn legal_on(&mut self, state: &v1::GameState) -> v1::LegalActionsResponse {
        let request = v1::LegalActionsRequest {
            state: Some(state.clone()),
            seat: None,
        };
        self.legal_actions(request).await.unwrap().into_inner()
    }
    async fn validate_on(
        &mut self,
        state: &v1::GameState,
        action: &v1::Action,
    ) -> v1::ValidateResponse {
        let request = v1::ValidateRequest {
            state: Some(state.clone()),
            action: Some(action.clone()),
        };
        self.validate(request).await.unwrap().into_inner()
    }
    async fn apply_on(&mut self, state: &v1::GameState, action: &v1::Action) -> v1::ApplyResponse {
        let request = v1::ApplyRequest {
            state: Some(state.clone()),
            action: Some(action.clone()),
        };
        self.apply(request).await.unwrap().into_inner()
    }
    async fn view_on(&mut self, state: &v1::GameState, seat: Option<u32>) -> v1::ViewResponse {
        let request = v1::ViewRequest {
            state: Some(state.clone()),
            seat,
        };
        self.view(request).await.unwrap().into_inner()
    }
}
