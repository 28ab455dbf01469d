//! Port Royal in the oneofs of `referee.v1`: the game reads and writes its own messages
//! (`State::from_parts`/`to_parts`, `Action::from_proto`, `Event::to_proto`, `View::to_proto`);
//! here are its ListGames entry and the result fact the service adds.

use crate::core::Status;
use crate::games::port_royal::{self, State};
use crate::games::wire::{oneof_arms, Wire};
use crate::games::Contexts;
use referee_proto::v1;

impl Wire for State {
    const FIELD: &'static str = "port_royal";
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
    /// A cooperative result also counts the victory pile (`CooperativeResult.victory_pile`).
    fn status_to_proto(&self, status: &Status) -> v1::Status {
        let mut status = status.to_proto();
        let cooperative = status.result.as_mut().and_then(|r| r.cooperative.as_mut());
        if let (Some(c), Some(x)) = (cooperative, self.expansion()) {
            c.victory_pile = x.victory_pile.len() as u32;
        }
        status
    }
}
