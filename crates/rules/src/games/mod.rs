//! The games, behind one trait per concern (bundled as [`Game`]), and the envelope checks every
//! game shares.
//!
//! A game is a folder here (its state, actions, rules and view as pure functions, and how its
//! messages are read and written), a proto file, and its place in the oneofs in `service/`; the
//! service is written once over [`Game`].

pub mod contexts;
pub mod goofspiel;
pub mod port_royal;
pub mod table;
pub mod village;
pub mod wire;

pub use contexts::Contexts;

use crate::core::{EnvelopeCode, GameRng, Seat, StateErrors, Status, Violation};

/// The rules versions of one game. A state carries the version it was set up under and is
/// answered under that version's rules to its end, so each game lists every version it plays.
pub trait RulesVersion: Copy + Eq + std::fmt::Debug + 'static {
    /// Every version this release plays, oldest first; the last is the one new games get.
    const VERSIONS: &'static [Self];

    /// The spelling in `GameState.rules_version`, e.g. `port-royal/2`.
    fn name(self) -> &'static str;

    /// The version with this spelling, if this release plays it.
    fn parse(name: &str) -> Option<Self> {
        Self::VERSIONS.iter().copied().find(|v| v.name() == name)
    }

    /// The version new games are set up under.
    fn newest() -> Self {
        // A game plays at least one version (checked by `versions_are_listed` below).
        Self::VERSIONS[Self::VERSIONS.len() - 1]
    }
}

/// A named set of options that plays differently from the others (a variant, an expansion, a
/// mode) and the player counts it seats: what the benches, the fuzz seeds, the load test and the
/// generic tests run each game in, so that none of them spells a game's options.
#[derive(Clone, Debug)]
pub struct Variant<G: Definition> {
    /// A short name for reports and file names (`contracts`, `port-and-life-goals`).
    pub name: &'static str,
    /// Its options.
    pub options: G::Options,
    /// Every player count it seats.
    pub players: std::ops::RangeInclusive<u8>,
    /// Whether its seats win or lose together, as a team.
    pub cooperative: bool,
}

/// What a game is — its name, seats, options, rules versions and types — how one is set up, and
/// what every other part reads of a state (its rules version, seats and RNG). A state and what it
/// holds are `Send + 'static`: a bot's search takes the state to a thread of its own.
///
/// A game is served once it has this and the concerns written beside their data, each in the
/// module it names: [`Play`] (its `rules/`), [`Views`] (its `view.rs`), [`StateMessage`] (its
/// state's message), [`Sentences`] and [`Bots`]. [`Game`] is all of them together.
pub trait Definition: Clone + Sized + Send + 'static {
    /// The identifier in `NewGameRequest.game`, metrics labels and logs, e.g. `port-royal`.
    const ID: &'static str;
    /// The game's name, as ListGames shows it.
    const TITLE: &'static str;
    /// The fewest and the most seats any of its variants seats.
    const PLAYERS: std::ops::RangeInclusive<u8>;
    /// Each option's field in its options message, and what it does (ListGames).
    const OPTIONS: &'static [(&'static str, &'static str)];
    /// The rules versions it plays.
    type Rules: RulesVersion + Send;
    /// What is chosen at setup (variants, expansions).
    type Options: Default + Clone + std::fmt::Debug + Send;
    /// What the server provides besides the request: Village's component set (loaded at start,
    /// replaceable by the operator); `()` for a game whose components are fixed in code.
    type Context;
    /// A seat's decision.
    type Action: Clone + PartialEq + std::fmt::Debug + Send;
    /// Something that happened (public).
    type Event: std::fmt::Debug;
    /// What a seat may see.
    type View: PartialEq + std::fmt::Debug;

    /// Each way of playing it that its options give (the defaults first): see [`Variant`].
    fn variants() -> Vec<Variant<Self>>;

    /// Sets up a game: `players` seats, `start_seat` plays first, every random draw from `seed`.
    /// Field paths of errors are relative to the request (`players`, `options.…`).
    fn new_game(
        context: &Self::Context,
        rules: Self::Rules,
        players: u32,
        start_seat: u32,
        seed: u64,
        options: Self::Options,
    ) -> Result<Self, StateErrors>;
    /// The rules version the state was set up under.
    fn rules(&self) -> Self::Rules;
    /// The number of seats.
    fn players(&self) -> u8;
    /// The RNG every random draw comes from: an action that moved it consumed randomness, and
    /// cannot be taken back fairly.
    fn rng(&self) -> &GameRng;
}

/// The rules of play, as pure functions of the state: who must act, what is open, whether an
/// action is accepted (and why not), and what it does.
pub trait Play: Definition {
    /// Who must act, and the result once finished.
    fn status(&self) -> Status;
    /// Every action open now (only `seat`'s if given), with the seat that may take it.
    fn legal_actions(&self, seat: Option<Seat>) -> Vec<(Seat, Self::Action)>;
    /// The move a platform plays for `seat` when it must act and is absent (timed out, left):
    /// one of `own`, the seat's listed actions, chosen by the game's written rule per decision
    /// (docs/rules.md, "Default actions"), deterministic, and one that moves the game on; a
    /// game every seat plays by its defaults ends. `None` when the seat need not act.
    fn default_action(&self, seat: Seat, own: &[&Self::Action]) -> Option<Self::Action>;
    /// [`Play::default_action`] of `seat`, its actions listed first (for tests and tools; the
    /// service passes the list it already has).
    fn default_for(&self, seat: Seat) -> Option<Self::Action> {
        let listed = self.legal_actions(Some(seat));
        let own: Vec<&Self::Action> = listed.iter().map(|(_, a)| a).collect();
        self.default_action(seat, &own)
    }
    /// Whether an action would be accepted; changes nothing.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Violation>;
    /// Checks and applies in place; on a violation nothing has changed.
    fn apply_in_place(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Violation>;
}

/// What each seat may see of the state, and whether an action showed something hidden.
pub trait Views: Definition {
    /// The view of a seat (`None` = spectator).
    fn view(&self, viewer: Option<Seat>) -> Self::View;
    /// Whether an action whose events are `events`, applied to give this state, showed anyone
    /// something that was hidden (a card drawn face up, a tile turned or looked at): taking it
    /// back would let that seat act again knowing it. Randomness consumed is seen by the caller
    /// through [`Definition::rng`].
    fn reveals(&self, events: &[Self::Event]) -> bool;
}

/// The state as a client sends it: the game's state message is its unchecked input, read here
/// field by field (docs/architecture.md, "How a state crosses the wire").
pub trait StateMessage: Definition {
    /// The state's pieces as a client's state delivers them, unchecked: the game's state message
    /// (`v1::PortRoyalState`).
    type Parts: Clone + PartialEq + std::fmt::Debug;

    /// The one way to make a state from outside the game: the state these parts describe
    /// under `rules`, or every field (paths relative to the game's state message) that no game
    /// can have. Every check of a client's state is behind it.
    fn from_parts(
        parts: &Self::Parts,
        rules: Self::Rules,
        context: &Self::Context,
    ) -> Result<Self, StateErrors>;
    /// The parts of this state: `from_parts` of them gives this state back.
    fn to_parts(&self) -> Self::Parts;
}

/// A game with every concern the service and the generic tests need of one: what generic code
/// is written over.
pub trait Game: Definition + Play + Views + StateMessage {}

impl<G: Definition + Play + Views + StateMessage> Game for G {}

/// A game's sentences: what an action does and what happened, in short English made from the
/// data (for logs, move lists and bots' debugging; not a translation source).
pub trait Sentences: Game {
    /// What `seat` taking `action` does.
    fn describe_action(&self, seat: Seat, action: &Self::Action) -> String;
    /// What happened; `self` is the state the event led to.
    fn describe_event(&self, event: &Self::Event) -> String;
}

/// What the bots need of a game beyond its rules: worlds dealt from a seat's view, and a value of
/// a state for each seat (`crate::bot` searches any game that has them).
pub trait Bots: Game {
    /// How many actions a bot's random playout takes past its search tree before the game's
    /// [`Bots::evaluate`] judges the position from here (a whole game is too long to play out
    /// per iteration within a request's budget; 0 judges the tree's leaf itself).
    fn playout_depth(&self) -> usize;
    /// Whether several seats may decide at once (Goofspiel's bids): the search then lets each
    /// choose without seeing the others' choices ([`crate::bot`]'s decoupled selection).
    const SIMULTANEOUS: bool = false;
    /// A state that `view`'s viewer cannot tell from the real one: every fact hidden from it
    /// (cards and tiles it has not seen, their order, the RNG) dealt again from `rng`, so that
    /// `sample(&s.view(v), rng).view(v) == s.view(v)`. The bots search only such states: they
    /// never see what their seat cannot.
    fn sample(view: &Self::View, rng: &mut GameRng) -> Self;
    /// Each seat's value of this state to the bots, from 0 (lost) to 1 (won): the result once
    /// finished, else the game's estimate from its score sheet and holdings
    /// ([`crate::core::value`]).
    fn evaluate(&self) -> Vec<f64>;
    /// The iterations a `SEARCH` request that names none gets in this game and mode
    /// ([`crate::bot::DEFAULT_ITERATIONS`] unless the game measured that more pays).
    fn default_iterations(&self) -> u32 {
        crate::bot::DEFAULT_ITERATIONS
    }
}

/// The checks every game shares before its own rules: a stale `expected_sequence`, and a seat
/// number that no game seats. (Whether the seat is in this game and may act now is the game's
/// `check`, which sees its player count and turn.)
pub fn check_envelope(
    sequence: u64,
    expected_sequence: Option<u64>,
    seat: u32,
) -> Result<Seat, Violation> {
    if let Some(expected) = expected_sequence {
        if expected != sequence {
            return Err(Violation::new(
                EnvelopeCode::StaleSequence,
                format!("The action expects state {expected}, but the state is at {sequence}."),
            )
            .with("sequence", sequence));
        }
    }
    Seat::try_from(seat).map_err(|_| {
        Violation::new(
            EnvelopeCode::NoSuchSeat,
            format!("Seat {seat} does not exist."),
        )
    })
}

/// The seats of a new game, checked once for every game: `players` within `range` (else
/// `played_by`, the game's sentence, at `players`), and `start_seat` one of them (field paths of
/// the request). Returns both as the state holds them.
pub fn seating(
    players: u32,
    start_seat: u32,
    range: std::ops::RangeInclusive<u8>,
    played_by: &str,
) -> Result<(u8, Seat), StateErrors> {
    let players = u8::try_from(players)
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| StateErrors::one("players", played_by))?;
    let start_seat = u8::try_from(start_seat)
        .ok()
        .filter(|&s| s < players)
        .ok_or_else(|| StateErrors::one("start_seat", "no such seat"))?;
    Ok((players, start_seat))
}

/// The checks every game's `check` begins with, written once: the game goes on (`now` is what
/// must be decided, `None` once it is over: `GAME_FINISHED`), and `seat` is one of its `players`
/// (`NO_SUCH_SEAT`, so a seat no game has gets the same answer in every game). Returns `now`;
/// whether `seat` may act when it is not the one to decide is the game's (Village's free
/// actions), and [`not_your_turn`] the answer when it may not.
pub fn check_seat<T>(seat: Seat, players: u8, now: Option<T>) -> Result<T, Violation> {
    let now = now.ok_or_else(game_over)?;
    if seat < players {
        return Ok(now);
    }
    Err(Violation::new(
        EnvelopeCode::NoSuchSeat,
        format!("Seat {seat} does not exist in a {players}-player game."),
    )
    .with("players", players))
}

/// An action of a seat that is not the one to decide: `NOT_YOUR_TURN`, naming the seat to act
/// (`to_act`) in the game's own `sentence`.
pub fn not_your_turn(actor: Seat, sentence: String) -> Violation {
    Violation::new(EnvelopeCode::NotYourTurn, sentence).with("to_act", actor)
}

/// The answer to an action once the game is over (`GAME_FINISHED`).
pub fn game_over() -> Violation {
    Violation::new(EnvelopeCode::GameFinished, "The game is over.")
}

/// Every state of a game played from `game` to its end by random listed actions drawn from
/// `seed`, in order (the first is `game`): the sample positions that the tests, the benches and
/// the tools draw on, for any game.
pub fn random_play<G: Game>(mut game: G, seed: u64) -> Vec<G> {
    let mut rng = GameRng::from_u64(seed);
    let mut events = Vec::new();
    let mut out = vec![game.clone()];
    loop {
        let mut listed = game.legal_actions(None);
        if listed.is_empty() {
            return out;
        }
        let (seat, action) = listed.swap_remove(rng.below(listed.len() as u32) as usize);
        events.clear();
        if game.apply_in_place(seat, &action, &mut events).is_err() {
            unreachable!("a listed action applies");
        }
        out.push(game.clone());
    }
}

/// For the games' own quick tests of their sampler: plays a seeded random game from `game` to
/// its end, samples a world from a view at every step (the seats in turn) and requires it to show
/// that view and to be valued for every seat, then hands `check` the state, the world and the
/// viewer. Returns the number of steps played.
#[cfg(test)]
pub(crate) fn sample_through<G: Bots>(
    mut game: G,
    seed: u64,
    mut check: impl FnMut(&G, &G, Option<Seat>),
) -> u32 {
    let mut rng = GameRng::from_u64(seed);
    let mut events = Vec::new();
    for step in 0u32.. {
        let viewer = Some((step % u32::from(game.players())) as Seat);
        let view = game.view(viewer);
        let world = G::sample(&view, &mut rng);
        assert!(
            world.view(viewer) == view,
            "step {step}: the world shows another view"
        );
        assert_eq!(world.evaluate().len(), usize::from(game.players()));
        check(&game, &world, viewer);
        let mut listed = game.legal_actions(None);
        if listed.is_empty() {
            return step;
        }
        let (seat, action) = listed.swap_remove(rng.below(listed.len() as u32) as usize);
        events.clear();
        assert!(game.apply_in_place(seat, &action, &mut events).is_ok());
    }
    unreachable!("a game ends")
}
