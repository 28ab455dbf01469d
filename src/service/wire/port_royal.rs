//! Port Royal in the oneofs of `referee.v1`: the game reads and writes its own messages
//! (`State::from_parts`/`to_parts`, `Action::from_proto`, `Event::to_proto`, `View::to_proto`);
//! here are its ListGames entry and the result fact the service adds.

use crate::core::{StateErrors, Status};
use crate::games::port_royal::{self, Action, Event, Options, Rules, State, View};
use crate::pb::v1;
use crate::service::wire::declare::ToWire;
use crate::service::wire::{oneof_arms, Wire};
use crate::service::Contexts;

impl ToWire<v1::PortRoyalState> for State {
    fn to_wire(&self) -> v1::PortRoyalState {
        self.to_parts()
    }
}
impl ToWire<v1::PortRoyalOptions> for Options {
    fn to_wire(&self) -> v1::PortRoyalOptions {
        self.to_proto()
    }
}
impl ToWire<v1::PortRoyalAction> for Action {
    fn to_wire(&self) -> v1::PortRoyalAction {
        self.to_proto()
    }
}
impl ToWire<v1::PortRoyalEvent> for Event {
    fn to_wire(&self) -> v1::PortRoyalEvent {
        self.to_proto()
    }
}
impl ToWire<v1::PortRoyalView> for View {
    fn to_wire(&self) -> v1::PortRoyalView {
        self.to_proto()
    }
}

impl Wire for State {
    const FIELD: &'static str = "port_royal";
    type StateProto = v1::PortRoyalState;
    type ActionProto = v1::PortRoyalAction;
    type OptionsProto = v1::PortRoyalOptions;

    oneof_arms!(PortRoyal);

    /// Port Royal's entry in ListGames.
    fn info(_: &()) -> v1::GameInfo {
        v1::GameInfo {
            component_set: port_royal::COMPONENT_SET.to_owned(),
            provisional: false,
            components: Some(v1::game_info::Components::PortRoyal(
                port_royal::components::components(),
            )),
            ..Default::default()
        }
    }
    fn context(_: &Contexts) -> &() {
        &()
    }
    fn options_from_proto(o: &v1::PortRoyalOptions) -> Result<Options, StateErrors> {
        Options::from_proto(o).map_err(|e| e.under("options."))
    }
    /// The state message is the game's parts: `State::from_parts` reads it.
    fn parts_from_proto(
        p: v1::PortRoyalState,
        _: Rules,
    ) -> Result<v1::PortRoyalState, StateErrors> {
        Ok(p)
    }
    fn action_from_proto(a: &v1::PortRoyalAction) -> Result<Option<Action>, StateErrors> {
        Action::from_proto(a)
    }
    /// A cooperative result also counts the victory pile (`CooperativeResult.victory_pile`).
    fn status_to_proto(&self, status: &Status) -> v1::Status {
        let mut status = crate::service::wire::status_to_proto(status);
        let cooperative = status.result.as_mut().and_then(|r| r.cooperative.as_mut());
        if let (Some(c), Some(x)) = (cooperative, self.expansion()) {
            c.victory_pile = x.victory_pile.len() as u32;
        }
        status
    }
}
