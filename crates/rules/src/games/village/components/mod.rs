//! Village's printed component values, as data: the life track, the chronicle and the graves,
//! the buildings, the council chamber and the church, the setup cards, the market and its
//! customer tiles, the travel map. None of them is in a source the project could reach, so the
//! embedded default (`crates/rules/data/village/village-provisional-1.toml`) is provisional, and an operator
//! who owns the game replaces it with a file of the same shape. The rules read every value from
//! here: none depends on a particular number.

mod library;
pub mod message;
mod validate;

use serde::{Deserialize, Serialize};

pub use super::pieces::Good;
use super::pieces::{Colour, Cubes};
use sha2::{Digest, Sha256};

pub use library::Library;
pub use validate::{ComponentError, ComponentErrors};

/// The embedded default set (TOML).
pub const PROVISIONAL: &str = include_str!("../../../../data/village/village-provisional-1.toml");

/// A validated component set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Components {
    /// The set's name, recorded in every state made with it.
    pub name: String,
    /// True while some values are stand-ins for the printed ones.
    pub provisional: bool,
    /// The life time track.
    pub life_track: LifeTrack,
    /// Each seat's family members.
    pub family: Family,
    /// The village chronicle, by section.
    pub chronicle: Chronicle,
    /// The anonymous graves.
    pub graves: Graves,
    /// The general supply and what each seat starts with.
    pub supply: Supply,
    /// The crafts buildings.
    pub buildings: Buildings,
    /// The mill.
    pub mill: Mill,
    /// The council chamber.
    pub council: Council,
    /// The church windows.
    pub church: Church,
    /// The setup cards, one per player count.
    pub setup: Vec<SetupCard>,
    /// The market's spaces.
    pub market: Market,
    /// The customer tiles.
    pub customers: Vec<Customer>,
    /// The travel map.
    pub travel: Travel,
    /// The life goal cards (the Life Goals expansion).
    pub life_goals: LifeGoals,
    /// The Village Port expansion: its setup cards, cubes, tiles, sea board and captains.
    pub port: Port,
    /// The content hash, computed once when the set is read (not part of the file).
    #[serde(skip)]
    digest: String,
}

/// The player counts at which a space is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Label {
    /// Open at every player count.
    #[serde(rename = "all")]
    All,
    /// Open with 3 to 5 players.
    #[serde(rename = "3-5")]
    ThreeToFive,
    /// Open with 4 or 5 players.
    #[serde(rename = "4-5")]
    FourToFive,
    /// Open with 5 players.
    #[serde(rename = "5")]
    Five,
}

impl Label {
    /// Whether a space with this label is open with `players` players.
    pub fn open(self, players: u8) -> bool {
        let from = match self {
            Label::All => 0,
            Label::ThreeToFive => 3,
            Label::FourToFive => 4,
            Label::Five => 5,
        };
        players >= from
    }
}

/// A piece a customer demands: a goods tile or a grain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// Horse.
    Horse,
    /// Ox.
    Ox,
    /// Wagon.
    Wagon,
    /// Plow.
    Plow,
    /// Scroll.
    Scroll,
    /// Grain.
    Grain,
}

/// Influence cubes by colour (and, in a payment, grain).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Cost {
    /// Brown cubes.
    pub brown: u32,
    /// Pink cubes.
    pub pink: u32,
    /// Orange cubes.
    pub orange: u32,
    /// Green cubes.
    pub green: u32,
    /// Grain.
    pub grain: u32,
}

impl Cost {
    /// The influence cubes of the cost, by colour (grain apart).
    pub fn cubes(&self) -> Cubes {
        Cubes([self.brown, self.pink, self.orange, self.green])
    }

    /// Cubes and grain together.
    pub fn total(&self) -> u64 {
        [self.brown, self.pink, self.orange, self.green, self.grain]
            .iter()
            .map(|&n| u64::from(n))
            .sum()
    }
}

/// The life time track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LifeTrack {
    /// Spaces per lap.
    pub spaces: u32,
}

/// Each seat's family members.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Family {
    /// Members per generation, 1 to 4; generation 1 starts on the farmyard.
    pub generations: Vec<u32>,
}

/// The village chronicle: each section's spaces, first to last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chronicle {
    /// Members who died in the council chamber.
    pub council: Vec<Label>,
    /// Members who died at a building.
    pub crafts: Vec<Label>,
    /// Members who died travelling.
    pub travel: Vec<Label>,
    /// Members who died in the church.
    pub church: Vec<Label>,
    /// Members who died on the farmyard.
    pub farmyard: Vec<Label>,
}

impl Chronicle {
    /// The sections with their names as in the data file.
    pub fn sections(&self) -> [(&'static str, &[Label]); 5] {
        [
            ("council", &self.council),
            ("crafts", &self.crafts),
            ("travel", &self.travel),
            ("church", &self.church),
            ("farmyard", &self.farmyard),
        ]
    }
}

/// The anonymous graves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Graves {
    /// The graves, first to last.
    pub spaces: Vec<Label>,
}

/// The general supply, and what each seat starts with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Supply {
    /// Influence cubes of each colour.
    pub cubes_per_colour: u32,
    /// Plague cubes (all go into the bag at every seeding).
    pub plague_cubes: u32,
    /// Grain.
    pub grain: u32,
    /// Goods tiles of each kind.
    pub goods_per_kind: u32,
    /// Black monks in the black bag.
    pub monks: u32,
    /// Grain a farmyard holds.
    pub farmyard_grain_limit: u32,
    /// Coins each seat starts with.
    pub starting_coins: u32,
}

/// The crafts buildings (the mill apart).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Buildings {
    /// Makes wagons.
    pub wainwright: Building,
    /// Breeds horses and oxen.
    pub stables: Building,
    /// Writes scrolls.
    pub office: Building,
    /// Forges plows.
    pub smithy: Building,
}

impl Buildings {
    /// The buildings with their names as in the data file.
    pub fn all(&self) -> [(&'static str, &Building); 4] {
        [
            ("wainwright", &self.wainwright),
            ("stables", &self.stables),
            ("office", &self.office),
            ("smithy", &self.smithy),
        ]
    }
}

/// One crafts building.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Building {
    /// Time to train a member here.
    pub training_time: u32,
    /// Time a trained member spends to produce.
    pub production_time: u32,
    /// The goods it produces (one per production, the player's choice).
    pub produces: Vec<Good>,
    /// What production costs instead of time.
    pub payment: Cost,
}

/// The mill: time and grain into coins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mill {
    /// Time paid.
    pub time: u32,
    /// Grain paid.
    pub grain: u32,
    /// Coins gained.
    pub coins: u32,
}

/// The council chamber.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Council {
    /// Time to advance from stage 1 to 2, 2 to 3 and 3 to 4.
    pub advance_time: Vec<u32>,
}

/// The church windows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Church {
    /// Prestige per member on each window, right to left.
    pub window_prestige: Vec<u32>,
    /// Grain to move one window left, from each window but the last.
    pub step_grain: Vec<u32>,
}

/// One setup card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupCard {
    /// The player count it is for.
    pub players: u8,
    /// Influence cubes put into the bag at every seeding: one number for every colour, or one
    /// per colour (`{ brown = 4, pink = 3, … }`).
    pub bag_per_colour: BagCount,
    /// Cubes drawn onto each action space.
    pub spaces: ActionSpaces,
}

/// The cubes a setup card puts into the bag: the same number of each colour, or one number per
/// colour (a printed card may show them apart). The first is written as a number, so a set
/// written before the second existed keeps its hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BagCount {
    /// The same number of each colour.
    Each(u32),
    /// A number per colour.
    PerColour(CubesShown),
}

impl BagCount {
    /// The cubes by colour.
    pub fn cubes(self) -> Cubes {
        match self {
            BagCount::Each(n) => Cubes([n; 4]),
            BagCount::PerColour(c) => c.cubes(),
        }
    }
}

/// A number per action space.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSpaces {
    /// Harvest.
    pub harvest: u32,
    /// Family.
    pub family: u32,
    /// Crafts.
    pub crafts: u32,
    /// Market.
    pub market: u32,
    /// Council chamber.
    pub council: u32,
    /// Travel.
    pub travel: u32,
    /// Church.
    pub church: u32,
}

impl ActionSpaces {
    /// The spaces with their names as in the data file.
    pub fn all(&self) -> [(&'static str, u32); 7] {
        [
            ("harvest", self.harvest),
            ("family", self.family),
            ("crafts", self.crafts),
            ("market", self.market),
            ("council", self.council),
            ("travel", self.travel),
            ("church", self.church),
        ]
    }
}

/// The market's spaces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Market {
    /// The stall spaces, where customers can be served.
    pub stalls: Vec<Label>,
    /// The waiting line's spaces: a number (every space open at every player count), or a label
    /// per space, front first, as the stalls have.
    pub waiting_line: WaitingLine,
}

/// The market's waiting line. A number is written as a number, so a set written before labels
/// existed keeps its hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WaitingLine {
    /// This many spaces, open at every player count.
    Spaces(u32),
    /// One label per space, front first.
    Labelled(Vec<Label>),
}

impl WaitingLine {
    /// The number of spaces (open or not).
    pub fn len(&self) -> usize {
        match self {
            WaitingLine::Spaces(n) => *n as usize,
            WaitingLine::Labelled(labels) => labels.len(),
        }
    }

    /// Whether it has no space at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether space `i` (from the front) is open with `players` players.
    pub fn open(&self, i: usize, players: u8) -> bool {
        match self {
            WaitingLine::Spaces(n) => i < *n as usize,
            WaitingLine::Labelled(labels) => labels.get(i).is_some_and(|l| l.open(players)),
        }
    }
}

/// A customer tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Customer {
    /// The pieces it demands (a piece named twice is demanded twice).
    pub demand: Vec<Piece>,
    /// Prestige it scores at the end.
    pub prestige: u32,
}

/// The travel map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Travel {
    /// Travel markers per seat.
    pub markers: u32,
    /// The city in the upper right (a Life Goals requirement).
    pub upper_right: String,
    /// The cities.
    pub cities: Vec<City>,
    /// The paths; `village` names the start.
    pub paths: Vec<Path>,
}

/// The village's name on the map, where every journey starts.
pub const VILLAGE: &str = "village";

/// A city and its reward.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// Its id on the map.
    pub id: String,
    /// What a seat gains the first time it reaches the city.
    pub reward: Reward,
}

/// A city's reward.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Reward {
    /// Prestige.
    pub prestige: u32,
    /// Influence cubes of the seat's choice.
    pub cubes_of_choice: u32,
    /// Coins.
    pub coins: u32,
}

/// A path between two places on the map, and its cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Path {
    /// Its two ends (`village` or city ids).
    pub between: [String; 2],
    /// Time.
    pub time: u32,
    /// The animal or wagon returned to the supply.
    pub piece: Good,
    /// Cubes paid.
    pub cubes: Cost,
}

/// A piece a silver life goal shows: what its owner must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Holding {
    /// Horse.
    Horse,
    /// Ox.
    Ox,
    /// Wagon.
    Wagon,
    /// Plow.
    Plow,
    /// Scroll.
    Scroll,
    /// Grain.
    Grain,
    /// A cocoa basket (Village Port).
    Cocoa,
    /// A tea bale (Village Port).
    Tea,
    /// A treasure chest (Village Port).
    Chest,
}

/// The life goal cards: the silver goals' pieces and every goal's prestige. Which goals exist
/// and what a golden goal requires are rules (the rulebook prints them); Brewer and Innkeeper
/// belong to Village Inn and are not here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LifeGoals {
    /// The silver goals: own all the pieces shown.
    pub silver: SilverGoals,
    /// The golden goals' prestige.
    pub golden: GoldenGoals,
}

/// The silver goals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SilverGoals {
    /// Carter.
    pub carter: SilverGoal,
    /// Secretary.
    pub secretary: SilverGoal,
    /// Farmer.
    pub farmer: SilverGoal,
    /// Bailiff.
    pub bailiff: SilverGoal,
    /// Writer.
    pub writer: SilverGoal,
    /// Knight.
    pub knight: SilverGoal,
    /// Explorer (its pieces count on the ship tile; Village Port only).
    pub explorer: SilverGoal,
}

impl SilverGoals {
    /// The goals with their names as in the data file.
    pub fn all(&self) -> [(&'static str, &SilverGoal); 7] {
        [
            ("carter", &self.carter),
            ("secretary", &self.secretary),
            ("farmer", &self.farmer),
            ("bailiff", &self.bailiff),
            ("writer", &self.writer),
            ("knight", &self.knight),
            ("explorer", &self.explorer),
        ]
    }
}

/// A silver goal card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SilverGoal {
    /// The pieces shown (a piece named twice is needed twice).
    pub pieces: Vec<Holding>,
    /// Influence cubes shown, by colour, held on the farmyard (a printed card may show cubes
    /// beside its pieces). Absent: none.
    #[serde(default, skip_serializing_if = "CubesShown::is_none")]
    pub cubes: CubesShown,
    /// Coins shown, held. Absent: none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coins: u32,
    /// Prestige gained when it is revealed.
    pub prestige: u32,
}

/// Influence cubes a card shows, by colour (a colour not named: none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CubesShown {
    /// Brown cubes.
    pub brown: u32,
    /// Pink cubes.
    pub pink: u32,
    /// Orange cubes.
    pub orange: u32,
    /// Green cubes.
    pub green: u32,
}

impl CubesShown {
    /// The cubes by colour.
    pub fn cubes(&self) -> Cubes {
        Cubes([self.brown, self.pink, self.orange, self.green])
    }

    /// Whether it shows none (then it is left out of the canonical form, so sets written before
    /// the field existed keep their hash).
    pub fn is_none(&self) -> bool {
        self.cubes().total() == 0
    }
}

/// Whether a count is zero (a field left out of the canonical form when it is).
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The golden goals' prestige (their requirements are rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoldenGoals {
    /// Merchant.
    pub merchant: u32,
    /// Aristocrat.
    pub aristocrat: u32,
    /// Master.
    pub master: u32,
    /// Historian.
    pub historian: u32,
    /// Travelling salesman.
    pub travelling_salesman: u32,
    /// Missionary (Village Port only).
    pub missionary: u32,
    /// Acolyte.
    pub acolyte: u32,
    /// Saint.
    pub saint: u32,
}

/// The Village Port expansion's components.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Port {
    /// Port's own setup cards, one per player count (they replace `setup`).
    pub setup: Vec<SetupCard>,
    /// Port's influence cubes of each colour, added to the supply.
    pub extra_cubes_per_colour: u32,
    /// Cocoa baskets (and as many tea bales) stacked on their islands with 2, 3, 4, 5 players.
    pub stack_tiles: Vec<u32>,
    /// The treasure chests' coin values.
    pub chests: Vec<u32>,
    /// The sea burial spaces' prestige, filled first to last.
    pub sea_burials: Vec<u32>,
    /// The sea board.
    pub sea: Sea,
    /// The captain cards.
    pub captains: Vec<Captain>,
}

/// The port's name on the sea board, where every ship starts.
pub const PORT: &str = "port";

/// The sea board: its water spaces, islands and the water lines between them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sea {
    /// The water spaces that are not islands.
    pub water: Vec<Water>,
    /// The islands (island water-spaces).
    pub islands: Vec<Island>,
    /// The water lines, each joining two spaces (`port`, water or island ids).
    pub lines: Vec<[String; 2]>,
    /// Each space's neighbours, computed once when the set is read (not part of the file).
    /// Spaces are numbered: 0 the port, then the water spaces, then the islands, in file order.
    #[serde(skip)]
    graph: Vec<Vec<u8>>,
}

impl Sea {
    /// The number of spaces (the port, water spaces and islands).
    pub fn spaces(&self) -> usize {
        1 + self.water.len() + self.islands.len()
    }

    /// A space's id (`port`, a water space's or an island's).
    pub fn id(&self, space: u8) -> &str {
        let i = usize::from(space);
        match i.checked_sub(1) {
            None => PORT,
            Some(w) if w < self.water.len() => &self.water[w].id,
            Some(w) => self
                .islands
                .get(w - self.water.len())
                .map_or("", |x| x.id.as_str()),
        }
    }

    /// The island a space is, if it is one.
    pub fn island(&self, space: u8) -> Option<&Island> {
        usize::from(space)
            .checked_sub(1 + self.water.len())
            .and_then(|i| self.islands.get(i))
    }

    /// The space of the island at this index in `islands`.
    pub fn island_space(&self, island: usize) -> u8 {
        (1 + self.water.len() + island) as u8
    }

    /// Whether entering the space costs 1 time.
    pub fn time(&self, space: u8) -> bool {
        usize::from(space)
            .checked_sub(1)
            .and_then(|w| self.water.get(w))
            .is_some_and(|w| w.time)
    }

    /// The spaces joined to `space` by a water line.
    pub fn neighbours(&self, space: u8) -> &[u8] {
        self.graph
            .get(usize::from(space))
            .map_or(&[], Vec::as_slice)
    }

    /// Builds the neighbour lists from the lines (ids already validated).
    fn build_graph(&mut self) {
        let ids: Vec<String> = (0..self.spaces() as u8)
            .map(|i| self.id(i).to_owned())
            .collect();
        let find = |id: &str| ids.iter().position(|x| x == id).map(|i| i as u8);
        let mut graph = vec![Vec::new(); ids.len()];
        for [a, b] in &self.lines {
            if let (Some(a), Some(b)) = (find(a), find(b)) {
                graph[usize::from(a)].push(b);
                graph[usize::from(b)].push(a);
            }
        }
        for n in &mut graph {
            n.sort_unstable();
        }
        self.graph = graph;
    }
}

/// A water space.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Water {
    /// Its id on the board.
    pub id: String,
    /// A time water-space: entering it costs 1 time.
    pub time: bool,
}

/// What is stacked on an island.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stack {
    /// Cocoa baskets.
    Cocoa,
    /// Tea bales.
    Tea,
    /// Treasure chests, face down.
    Chests,
}

/// An island and what a ship landing there may do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Island {
    /// Its id on the board.
    pub id: String,
    /// The stack of tiles on it, if any.
    #[serde(default)]
    pub stack: Option<Stack>,
    /// Its parchment: the pieces it buys from a ship, and the prestige each.
    #[serde(default)]
    pub buys: std::collections::BTreeMap<Piece, u32>,
    /// Its missionary church, if any.
    #[serde(default)]
    pub church: Option<Mission>,
}

/// A missionary church: what placing a member from the ship costs, and its prestige.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    /// The cost: a wagon from a hold (0 or 1) and influence cubes from the farmyard.
    pub cost: MissionCost,
    /// Prestige gained at once.
    pub prestige: u32,
}

/// A missionary church's cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MissionCost {
    /// Wagons returned from the ship's holds.
    pub wagon: u32,
    /// Brown cubes.
    pub brown: u32,
    /// Pink cubes.
    pub pink: u32,
    /// Orange cubes.
    pub orange: u32,
    /// Green cubes.
    pub green: u32,
}

/// A kind of captain card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Captain {
    /// Coins to hire it.
    pub cost: u32,
    /// Cards of this kind.
    pub copies: u32,
    /// Free steps at the start of each movement.
    pub free_steps: u32,
    /// What each further step costs: any one of these purchases.
    pub steps: Vec<StepPurchase>,
}

/// A purchase of steps: `cubes` influence cubes, each of one of `colours` (mixed as wished),
/// buy `steps` steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepPurchase {
    /// Cubes paid.
    pub cubes: u32,
    /// The colours accepted.
    pub colours: Vec<Colour>,
    /// Steps bought (up to this many).
    pub steps: u32,
}

impl Components {
    /// Reads and validates a set; every problem is reported, naming its entry.
    pub fn parse(text: &str) -> Result<Components, ComponentErrors> {
        let set: Components = toml::from_str(text).map_err(|e| {
            let at = e
                .span()
                .map(|s| {
                    let line = text[..s.start.min(text.len())].lines().count().max(1);
                    format!("line {line}")
                })
                .unwrap_or_default();
            ComponentErrors::one(at, e.message().to_owned())
        })?;
        let mut set = set;
        set.validate()?;
        set.port.sea.build_graph();
        let canonical = toml::to_string(&set).unwrap_or_default();
        set.digest = Sha256::digest(canonical.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Ok(set)
    }

    /// The embedded provisional set (validated by the test suite, so it always parses).
    pub fn provisional() -> Components {
        Components::parse(PROVISIONAL).unwrap_or_else(|e| panic!("the embedded set: {e}"))
    }

    /// A SHA-256 of the set's content in canonical form (formatting and comments of the file do
    /// not count), hex-encoded: states record it, so a state is never played under another set.
    pub fn hash(&self) -> &str {
        &self.digest
    }

    /// The setup card for a player count (Village Port's own, with Port).
    pub fn setup_card(&self, players: u8, port: bool) -> Option<&SetupCard> {
        let cards = if port { &self.port.setup } else { &self.setup };
        cards.iter().find(|c| c.players == players)
    }

    /// Influence cubes of each colour in the game (with Port's).
    pub fn cubes_per_colour(&self, port: bool) -> u32 {
        let extra = if port {
            self.port.extra_cubes_per_colour
        } else {
            0
        };
        self.supply.cubes_per_colour.saturating_add(extra)
    }
}
