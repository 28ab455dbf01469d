//! Port Royal (Pegasus Spiele, 2014) and "Just One More Contract" (2015): spec `port-royal.md`;
//! rulings in `docs/rules.md`.

pub mod action;
mod bot;
pub mod cards;
pub mod codes;
pub mod components;
pub mod contracts;
mod rules;
pub mod rules_version;
pub mod setup;
pub mod state;
pub mod view;
mod wire;

pub use action::{Action, CoinReason, Event};
pub use codes::Code;
pub use rules_version::Rules;
pub use setup::{new_game, new_game_under};
pub use state::{Mode, Options, State};
pub use view::View;

/// The component set: the printed cards of the 2014 base game.
pub const COMPONENT_SET: &str = "port-royal-2014";

impl crate::games::RulesVersion for Rules {
    const VERSIONS: &'static [Rules] = &Rules::ALL;

    fn name(self) -> &'static str {
        self.as_str()
    }
}

impl crate::games::Definition for State {
    const ID: &'static str = "port-royal";
    const TITLE: &'static str = "Port Royal";
    const PLAYERS: std::ops::RangeInclusive<u8> = 1..=state::MAX_PLAYERS;
    const OPTIONS: &'static [(&'static str, &'static str)] = &state::OPTIONS;
    type Rules = Rules;
    type Options = Options;
    type Context = ();
    type Action = Action;
    type Event = Event;
    type View = View;

    /// The base game, its expedition variant (§5), and Just One More Contract competitive and
    /// cooperative, the last also at a difficulty (three cards set aside).
    fn variants() -> Vec<crate::games::Variant<State>> {
        use crate::games::Variant;
        let contracts = Options {
            contracts: true,
            ..Options::default()
        };
        let cooperative = Options {
            mode: Mode::Cooperative,
            ..contracts
        };
        let variant = |name, options: Options, players| Variant {
            name,
            options,
            players,
            cooperative: options.cooperative(),
        };
        vec![
            variant("base", Options::default(), 2..=5),
            variant(
                "expedition-variant",
                Options {
                    expedition_variant: true,
                    ..Options::default()
                },
                2..=5,
            ),
            variant("contracts", contracts, 2..=5),
            variant("cooperative", cooperative, 1..=5),
            variant(
                "cooperative-difficulty",
                Options {
                    difficulty: 3,
                    ..cooperative
                },
                1..=5,
            ),
        ]
    }

    fn new_game(
        _: &(),
        rules: Rules,
        players: u32,
        start_seat: u32,
        seed: u64,
        options: Options,
    ) -> Result<Self, crate::core::StateErrors> {
        new_game_under(rules, players, start_seat, seed, options)
    }
    fn rules(&self) -> Rules {
        self.config.rules
    }
    fn players(&self) -> u8 {
        self.config.players
    }
    fn rng(&self) -> &crate::core::GameRng {
        &self.rng
    }
}
