//! Village in the oneofs of `referee.v1`: the game reads and writes its own messages
//! (`State::from_parts`/`to_parts`, `Action::from_proto`, `Event::to_proto`, `View::to_proto`,
//! `components::message`); here is its ListGames entry, with every component set it serves.

use std::sync::Arc;

use crate::games::village::components::message::components_to_proto;
use crate::games::village::components::Library;
use crate::games::village::State;
use crate::games::wire::{oneof_arms, Wire};
use crate::games::Contexts;
use referee_proto::v1;

impl Wire for State {
    const FIELD: &'static str = "village";
    type ActionProto = v1::VillageAction;
    type OptionsProto = v1::VillageOptions;

    oneof_arms!(Village);

    fn info(library: &Arc<Library>) -> v1::GameInfo {
        let set = library.current();
        v1::GameInfo {
            component_set: set.name.clone(),
            component_set_hash: set.hash().to_owned(),
            provisional: set.provisional,
            components: Some(v1::game_info::Components::Village(components_to_proto(set))),
            village_component_sets: library
                .sets()
                .iter()
                .map(|s| components_to_proto(s))
                .collect(),
            ..v1::GameInfo::default()
        }
    }
    fn context(all: &Contexts) -> &Arc<Library> {
        &all.village
    }
}
