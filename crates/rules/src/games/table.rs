//! A game as the referee serves it: the game itself, preceded, when the platform asked for a
//! fair shuffle, by the setup step in which every seat contributes randomness
//! ([`crate::core::fair_shuffle`]). Written once over [`Game`], so every game has it.

use super::{Game, Sentences};
use crate::core::fair_shuffle::{FairShuffle, FairShuffleCode, SERVER_SEED_LEN};
use crate::core::{GameRng, Seat, StateErrors, Status, Violation};

/// What `NewGame` asked for, kept until the game is dealt.
#[derive(Clone, Debug)]
pub struct Setup<G: Game> {
    /// The rules version.
    pub rules: G::Rules,
    /// The number of seats.
    pub players: u32,
    /// The seat that plays first.
    pub start_seat: u32,
    /// The game's options.
    pub options: G::Options,
}

impl<G: Game> Setup<G> {
    /// The game, dealt from `seed` (field paths relative to the request).
    pub fn deal(&self, context: &G::Context, seed: u64) -> Result<G, StateErrors> {
        G::new_game(
            context,
            self.rules,
            self.players,
            self.start_seat,
            seed,
            self.options.clone(),
        )
    }

    /// Checks the setup by dealing it once from a throwaway seed (whether a setup deals does
    /// not depend on the seed); its number of seats.
    pub fn check(&self, context: &G::Context) -> Result<u8, StateErrors> {
        Ok(self.deal(context, 0)?.players())
    }
}

/// A game, or the fair shuffle's setup step before it.
#[derive(Clone, Debug)]
pub enum Table<G: Game> {
    /// Dealt: a plain game, or a fair one whose record is kept to reveal at the end.
    Playing {
        /// The game.
        game: G,
        /// The fair shuffle it was dealt from, if any.
        fair: Option<FairShuffle>,
    },
    /// Waiting for the seats' contributions; nothing is dealt yet.
    Contributing {
        /// What to deal.
        setup: Setup<G>,
        /// The record so far.
        fair: FairShuffle,
    },
}

/// An action at the table: the game's own, or a seat's contribution to the shuffle.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAction<A> {
    /// A move of the game.
    Game(A),
    /// Randomness for the fair shuffle (0 to 64 bytes).
    Contribute(Vec<u8>),
}

/// A seat contributed (public, like every event); `dealt` when it was the last one owed and the
/// game was dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contributed {
    /// The seat.
    pub seat: Seat,
    /// What it contributed.
    pub randomness: Vec<u8>,
    /// The game seed was derived and the game set up.
    pub dealt: bool,
}

/// What applying an action did besides the game's own events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// Whether taking the action back by restoring the state before it is fair: false when it
    /// revealed hidden information (to anyone) or consumed randomness.
    pub undoable: bool,
    /// The contribution, when the action was one (it has no game events).
    pub contributed: Option<Contributed>,
}

/// What a fair shuffle shows: the commitment and contributions always, the server seed and the
/// game seed once the game is finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairView {
    /// SHA-256 commitment to the server seed.
    pub commitment: [u8; 32],
    /// The contributions made, by seat.
    pub contributions: Vec<(Seat, Vec<u8>)>,
    /// Once finished: the server seed and the game seed.
    pub revealed: Option<([u8; SERVER_SEED_LEN], u64)>,
}

/// A seat's (or a spectator's) view of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView<V> {
    /// The game's view, once dealt.
    pub game: Option<V>,
    /// The fair shuffle, if the game has one.
    pub fair: Option<FairView>,
    /// Who must act, as the viewer may see it ([`Status::seen_by`]).
    pub status: Status,
}

/// The phase name of the setup step.
pub const CONTRIBUTING: &str = "fair_shuffle";

impl<G: Game> Table<G> {
    /// A plain game.
    pub fn plain(game: G) -> Self {
        Table::Playing { game, fair: None }
    }

    /// A fair shuffle's setup step. The setup is checked now (field paths relative to the
    /// request), so a mistake is refused at `NewGame`, not at the last contribution.
    pub fn fair(
        context: &G::Context,
        setup: Setup<G>,
        server_seed: [u8; SERVER_SEED_LEN],
    ) -> Result<Self, StateErrors> {
        let players = setup.check(context)?;
        Ok(Table::Contributing {
            setup,
            fair: FairShuffle::new(server_seed, players),
        })
    }

    /// A setup step from a client's state: the setup checked (field paths under `setup.`), then
    /// the record restored for its number of seats; some seat must still owe its contribution.
    pub fn resume(
        context: &G::Context,
        setup: Setup<G>,
        record: impl FnOnce(u8) -> Result<FairShuffle, StateErrors>,
    ) -> Result<Self, StateErrors> {
        let players = setup.check(context).map_err(|e| e.under("setup."))?;
        let fair = record(players)?;
        if fair.waiting().is_empty() {
            return Err(StateErrors::one(
                "contributions",
                "every seat has contributed, yet nothing is dealt: the referee deals at the last contribution",
            ));
        }
        Ok(Table::Contributing { setup, fair })
    }

    /// A dealt game from a client's state, with the fair shuffle it was dealt from, if any:
    /// every seat has contributed and the game's RNG starts from the derived game seed (field
    /// paths relative to the record).
    pub fn dealt(game: G, fair: Option<FairShuffle>) -> Result<Self, StateErrors> {
        if let Some(f) = &fair {
            if !f.waiting().is_empty() {
                return Err(StateErrors::one(
                    "contributions",
                    "lacks a seat's contribution, yet the game is dealt",
                ));
            }
            let seeded = f
                .game_seed()
                .is_some_and(|seed| game.rng().seed() == GameRng::from_u64(seed).seed());
            if !seeded {
                return Err(StateErrors::one(
                    "",
                    "the game was not dealt from this record's game seed",
                ));
            }
        }
        Ok(Table::Playing { game, fair })
    }

    /// The dealt game, if any.
    pub fn game(&self) -> Option<&G> {
        match self {
            Table::Playing { game, .. } => Some(game),
            Table::Contributing { .. } => None,
        }
    }

    /// The fair shuffle's record, if the game has one.
    pub fn fair_shuffle(&self) -> Option<&FairShuffle> {
        match self {
            Table::Playing { fair, .. } => fair.as_ref(),
            Table::Contributing { fair, .. } => Some(fair),
        }
    }

    /// The rules version.
    pub fn rules(&self) -> G::Rules {
        match self {
            Table::Playing { game, .. } => game.rules(),
            Table::Contributing { setup, .. } => setup.rules,
        }
    }

    /// The number of seats.
    pub fn players(&self) -> u8 {
        match self {
            Table::Playing { game, .. } => game.players(),
            // Checked by dealing it once when the table was made.
            Table::Contributing { setup, .. } => setup.players as u8,
        }
    }

    /// Who must act: in the setup step, the seats that have not contributed.
    pub fn status(&self) -> Status {
        match self {
            Table::Playing { game, .. } => game.status(),
            Table::Contributing { fair, .. } => Status {
                to_act: fair.waiting(),
                phase: CONTRIBUTING,
                ..Status::default()
            },
        }
    }

    /// Every action open now (only `seat`'s if given). A contribution is listed empty: usable
    /// as is (it adds nothing), or filled with the seat's own randomness.
    pub fn legal_actions(&self, seat: Option<Seat>) -> Vec<(Seat, TableAction<G::Action>)> {
        match self {
            Table::Playing { game, .. } => game
                .legal_actions(seat)
                .into_iter()
                .map(|(s, a)| (s, TableAction::Game(a)))
                .collect(),
            Table::Contributing { fair, .. } => fair
                .waiting()
                .into_iter()
                .filter(|s| seat.is_none_or(|only| only == *s))
                .map(|s| (s, TableAction::Contribute(Vec::new())))
                .collect(),
        }
    }

    /// The default action of each seat that must act (only `seat`'s if given), in seat order,
    /// which is `Status.to_act`'s, chosen among `listed` (what [`Table::legal_actions`] gave for
    /// the same `seat`): the game's, or in the setup step the empty contribution.
    pub fn default_actions(
        &self,
        seat: Option<Seat>,
        listed: &[(Seat, TableAction<G::Action>)],
    ) -> Vec<(Seat, TableAction<G::Action>)> {
        let seats = (0..self.players()).filter(|s| seat.is_none_or(|only| only == *s));
        match self {
            Table::Playing { game, .. } => seats
                .filter_map(|s| {
                    // Borrowed, not copied: a listed action may own a list (Port Royal's persons).
                    let own: Vec<&G::Action> = listed
                        .iter()
                        .filter(|(by, _)| *by == s)
                        .filter_map(|(_, a)| match a {
                            TableAction::Game(a) => Some(a),
                            TableAction::Contribute(_) => None,
                        })
                        .collect();
                    Some((s, TableAction::Game(game.default_action(s, &own)?)))
                })
                .collect(),
            Table::Contributing { fair, .. } => {
                let waiting = fair.waiting();
                seats
                    .filter(|s| waiting.contains(s))
                    .map(|s| (s, TableAction::Contribute(Vec::new())))
                    .collect()
            }
        }
    }

    /// Whether an action would be accepted; changes nothing.
    pub fn check(&self, seat: Seat, action: &TableAction<G::Action>) -> Result<(), Violation> {
        match (self, action) {
            (Table::Playing { game, .. }, TableAction::Game(a)) => game.check(seat, a),
            (Table::Playing { .. }, TableAction::Contribute(_)) => Err(Violation::new(
                FairShuffleCode::NoShufflePending,
                "No shuffle is waiting for contributions: the game is dealt, or was set up without fair_shuffle.",
            )),
            (Table::Contributing { fair, .. }, TableAction::Contribute(r)) => fair.check(seat, r),
            (Table::Contributing { fair, .. }, TableAction::Game(_)) => {
                // The seat must exist before anything is said about its contribution.
                fair.check(seat, &[]).or_else(|v| match v.code {
                    "ALREADY_CONTRIBUTED" => Ok(()),
                    _ => Err(v),
                })?;
                let waiting: Vec<String> = fair.waiting().iter().map(Seat::to_string).collect();
                Err(Violation::new(
                    FairShuffleCode::AwaitingContributions,
                    format!(
                        "Nothing is dealt yet: seats {} must first contribute to the fair shuffle.",
                        waiting.join(", ")
                    ),
                )
                .with("waiting", waiting.join(",")))
            }
        }
    }

    /// Checks and applies in place (on a violation nothing has changed), the game's events
    /// pushed onto `events`; says whether taking the action back is fair.
    pub fn apply(
        &mut self,
        context: &G::Context,
        seat: Seat,
        action: &TableAction<G::Action>,
        events: &mut Vec<G::Event>,
    ) -> Result<Applied, Violation> {
        match (&mut *self, action) {
            (Table::Playing { game, .. }, TableAction::Game(a)) => {
                let (drawn, from) = (game.rng().word_pos(), events.len());
                game.apply_in_place(seat, a, events)?;
                let undoable = game.rng().word_pos() == drawn && !game.reveals(&events[from..]);
                Ok(Applied {
                    undoable,
                    contributed: None,
                })
            }
            (Table::Contributing { setup, fair }, TableAction::Contribute(r)) => {
                let mut after = fair.clone();
                let seed = after.contribute(seat, r)?;
                let dealt = match seed {
                    // The setup was checked by dealing it once when the table was made.
                    Some(seed) => Some(setup.deal(context, seed).map_err(|e| {
                        Violation::new(FairShuffleCode::AwaitingContributions, e.to_string())
                    })?),
                    None => None,
                };
                let contributed = Contributed {
                    seat,
                    randomness: r.clone(),
                    dealt: dealt.is_some(),
                };
                let undoable = dealt.is_none();
                match dealt {
                    Some(game) => {
                        *self = Table::Playing {
                            game,
                            fair: Some(after),
                        }
                    }
                    None => *fair = after,
                }
                Ok(Applied {
                    undoable,
                    contributed: Some(contributed),
                })
            }
            _ => self.check(seat, action).map(|()| Applied {
                undoable: false,
                contributed: None,
            }),
        }
    }

    /// The view of a seat (`None` = spectator).
    pub fn view(&self, viewer: Option<Seat>) -> TableView<G::View> {
        let game = self.game();
        TableView {
            game: game.map(|g| g.view(viewer)),
            fair: self.fair_shuffle().map(|f| FairView {
                commitment: f.commitment(),
                contributions: f.contributions().map(|(s, c)| (s, c.to_vec())).collect(),
                revealed: game
                    .filter(|g| g.status().finished)
                    .and_then(|_| Some((*f.server_seed(), f.game_seed()?))),
            }),
            status: self.status().seen_by(viewer),
        }
    }

    /// The violation an action of `seat`, which has none listed, gets: what checking another
    /// seat's listed action as its own answers, or that the game is over.
    pub fn refusal(&self, seat: Seat) -> Violation {
        let any = self.legal_actions(None).into_iter().next();
        match any {
            Some((_, action)) => self.check(seat, &action).err(),
            None => None,
        }
        .unwrap_or_else(super::game_over)
    }
}

impl<G: Sentences> Table<G> {
    /// A short sentence saying what `seat` taking `action` does ([`Sentences::describe_action`]).
    pub fn describe_action(&self, seat: Seat, action: &TableAction<G::Action>) -> String {
        match (self.game(), action) {
            (Some(game), TableAction::Game(a)) => game.describe_action(seat, a),
            (_, TableAction::Contribute(r)) => format!(
                "Seat {seat} contributes {} bytes of randomness to the fair shuffle",
                r.len()
            ),
            (None, TableAction::Game(_)) => format!("Seat {seat} makes a move"),
        }
    }
}
