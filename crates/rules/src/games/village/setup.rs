//! Setting up a game (village.md §1; the compensation by turn position, [R] §10.4): the families,
//! one coin each, the supply, the market filled by player count, the monks, the starting
//! compensation, and the first seeding — which waits for the 4th seat's choice of cube when
//! there is one.

use std::sync::Arc;

use crate::core::{GameRng, StateErrors};

use super::components::Components;
use super::config::{Config, Options};
use super::pieces::{Colour, Cubes, Goods};
use super::rules_version::Rules;
use super::state::sea::{Gone, Harbour};
use super::state::{goals, Board, Decision, End, Market, SeatState, State, Supply};

/// Sets up a game. The RNG is used in this order: the customer pile is shuffled, the treasure
/// chests are shuffled (with Village Port), the 3rd seat's
/// compensation cube is drawn (one of the four colours, equally likely), the life goals are dealt
/// (with Life Goals: the silver deck shuffled, then the golden one; from `village/2` after the
/// 4th seat's choice of cube, V-R38), then the first round is seeded (at once, or after that
/// choice).
pub fn new_game(
    components: Arc<Components>,
    players: u32,
    start_seat: u32,
    seed: u64,
    options: Options,
) -> Result<State, StateErrors> {
    new_game_under(
        Rules::NEWEST,
        components,
        players,
        start_seat,
        seed,
        options,
    )
}

/// Sets up a game under a given rules version (an older one: to replay a game begun under it).
pub fn new_game_under(
    rules: Rules,
    components: Arc<Components>,
    players: u32,
    start_seat: u32,
    seed: u64,
    options: Options,
) -> Result<State, StateErrors> {
    let config = Config::new(rules, components, players, start_seat, options)?;
    let c = Arc::clone(&config.components);
    let mut rng = GameRng::from_u64(seed);
    let seats = (0..config.players)
        .map(|_| SeatState::new(&c.family.generations, c.supply.starting_coins))
        .collect();
    let port = options.port;
    let supply = Supply {
        cubes: Cubes([c.cubes_per_colour(port); 4]),
        plague: c.supply.plague_cubes,
        grain: c.supply.grain,
        goods: Goods([c.supply.goods_per_kind; 5]),
    };
    let mut pile: Vec<u8> = (0..c.customers.len())
        .map(|i| u8::try_from(i).unwrap_or(u8::MAX))
        .collect();
    rng.shuffle(&mut pile);
    let market = Market::set_up(&c.market, config.players, pile);
    let mut harbour = Harbour::default();
    if port {
        let tiles = c.port.stack_tiles[usize::from(config.players) - 2];
        let mut chests = c.port.chests.clone();
        rng.shuffle(&mut chests);
        harbour = Harbour {
            captains: c.port.captains.iter().map(|k| k.copies).collect(),
            cocoa: tiles,
            tea: tiles,
            chests,
            gone: Gone {
                captains: vec![0; c.port.captains.len()],
                ..Gone::default()
            },
        };
    }
    let starting = config.start_seat;
    let mut state = State {
        config,
        rng,
        seats,
        board: Board {
            supply,
            ..Board::default()
        },
        market,
        monks: c.supply.monks,
        marker: None,
        starting,
        round: 1,
        pending: Vec::new(),
        due: 0,
        end: End::default(),
        harbour,
    };
    if !options.no_starting_compensation {
        state.compensate();
    }
    let choosing = !state.pending.is_empty();
    if !(choosing && rules.goals_after_compensation()) {
        state.deal_goals();
    }
    if !choosing {
        state.begin_round();
    }
    Ok(state)
}

impl State {
    /// The recommended starting compensation, by position in turn order from the starting
    /// player: the 2nd gets 1 grain, the 3rd 1 random influence cube, the 4th chooses 1 cube (a
    /// decision), the 5th 1 more coin.
    fn compensate(&mut self) {
        let players = self.config.players;
        for position in 1..players {
            let seat = self.config.after(self.starting, position);
            match position {
                1 => {
                    let got = self.board.supply.grain.min(1);
                    self.board.supply.grain -= got;
                    self.seats[usize::from(seat)].grain += got;
                }
                2 => {
                    let colour = Colour::ALL[self.rng.below(4) as usize];
                    let got = self.board.supply.cubes.take(colour, 1);
                    self.seats[usize::from(seat)].cubes.add(colour, got);
                }
                3 => self.pending.push(Decision::CompensationCube { seat }),
                _ => self.seats[usize::from(seat)].coins += 1,
            }
        }
    }

    /// Life Goals: deals each seat one silver and one golden goal (the silver deck shuffled,
    /// then the golden one); without Life Goals, nothing.
    pub(crate) fn deal_goals(&mut self) {
        if self.config.options.life_goals {
            let dealt = goals::deal(self.config.players, self.port(), &mut self.rng);
            for (seat, goals) in self.seats.iter_mut().zip(dealt) {
                seat.goals = goals;
            }
        }
    }

    /// Seeds the round's action spaces and hands the first turn to its starting player.
    pub(crate) fn begin_round(&mut self) {
        let components = Arc::clone(&self.config.components);
        if let Some(card) = components.setup_card(self.config.players, self.port()) {
            self.board.seed(card, &mut self.rng);
        }
        self.pending.push(Decision::Turn {
            seat: self.starting,
        });
    }
}
