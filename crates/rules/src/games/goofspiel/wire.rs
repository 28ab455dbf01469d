//! Goofspiel in the oneofs of `referee.v1`: the game reads and writes its own messages; here is
//! its ListGames entry.

use crate::games::goofspiel::{State, CARDS};
use crate::games::wire::{oneof_arms, Wire};
use crate::games::Contexts;
use referee_proto::v1;

impl Wire for State {
    const FIELD: &'static str = "goofspiel";
    type ActionProto = v1::GoofspielAction;
    type OptionsProto = v1::GoofspielOptions;

    oneof_arms!(Goofspiel);

    fn info(_: &()) -> v1::GameInfo {
        v1::GameInfo {
            component_set: "goofspiel".to_owned(),
            components: Some(v1::game_info::Components::Goofspiel(
                v1::GoofspielComponents {
                    cards_per_suit: u32::from(CARDS),
                },
            )),
            ..v1::GameInfo::default()
        }
    }
    fn context(_: &Contexts) -> &() {
        &()
    }
}
