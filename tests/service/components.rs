//! Village's component set as messages (`VillageComponents.set`): every value of the set reaches
//! them, on the provisional set, the test suite's other one and the third (which uses every
//! optional form of the file), and the enums say what the file says.

use referee::games::village::components::message::components_to_proto;
use referee::games::village::components::{Components, PROVISIONAL};
use referee::pb::v1;
use referee::pb::v1::village_component_set::{Label, Piece, Stack};
use toml::Value;

const SETS: [(&str, &str); 3] = [
    ("provisional", PROVISIONAL),
    (
        "other",
        include_str!("../fixtures/village/other-components.toml"),
    ),
    (
        "third",
        include_str!("../fixtures/village/third-components.toml"),
    ),
];

/// The message of a set, without what identifies the file rather than the values.
fn values(set: &Components) -> v1::VillageComponents {
    v1::VillageComponents {
        toml: String::new(),
        sha256: String::new(),
        ..components_to_proto(set)
    }
}

/// The path of every table entry and every array element that is not itself a table or array:
/// each leaf value (numbers, strings, booleans) and each key of a table.
fn leaves(value: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let nested = |v: &Value| matches!(v, Value::Table(_) | Value::Array(_));
    match value {
        Value::Table(t) => {
            for (k, v) in t {
                path.push(Step::Key(k.clone()));
                out.push(path.clone());
                leaves(v, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                path.push(Step::Index(i));
                if !nested(v) {
                    out.push(path.clone());
                }
                leaves(v, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Words the file uses for labels, pieces, stacks and colours: a string leaf is changed to each
/// of them (and to a new id) in turn.
const WORDS: [&str; 18] = [
    "all", "3-5", "4-5", "5", "horse", "ox", "wagon", "plow", "scroll", "grain", "cocoa", "tea",
    "chest", "chests", "brown", "pink", "orange", "green",
];

/// The ways to change the leaf the last step names (a value, or a key with its value).
fn variants(parent: &Value, last: &Step, key_itself: bool) -> Vec<Value> {
    let mut out = Vec::new();
    match (parent, last) {
        (Value::Table(t), Step::Key(k)) if key_itself => {
            for w in WORDS.iter().filter(|w| !t.contains_key(**w)) {
                let mut changed = t.clone();
                let v = changed.remove(k).unwrap_or(Value::Integer(0));
                changed.insert((*w).to_owned(), v);
                out.push(Value::Table(changed));
            }
        }
        _ => {
            let leaf = match (parent, last) {
                (Value::Table(t), Step::Key(k)) => &t[k],
                (Value::Array(a), Step::Index(i)) => &a[*i],
                _ => unreachable!("a path follows the value"),
            };
            let new: Vec<Value> = match leaf {
                Value::Integer(n) => vec![Value::Integer(n + 1)],
                Value::Boolean(b) => vec![Value::Boolean(!b)],
                Value::String(s) => WORDS
                    .iter()
                    .map(|w| (*w).to_owned())
                    .chain([format!("{s}-changed")])
                    .filter(|w| w != s)
                    .map(Value::String)
                    .collect(),
                _ => Vec::new(),
            };
            for v in new {
                let mut changed = parent.clone();
                match (&mut changed, last) {
                    (Value::Table(t), Step::Key(k)) => {
                        t.insert(k.clone(), v);
                    }
                    (Value::Array(a), Step::Index(i)) => a[*i] = v,
                    _ => unreachable!("a path follows the value"),
                }
                out.push(changed);
            }
        }
    }
    out
}

/// The value at a path.
fn get<'a>(value: &'a Value, path: &[Step]) -> &'a Value {
    path.iter().fold(value, |v, step| match (v, step) {
        (Value::Table(t), Step::Key(k)) => &t[k],
        (Value::Array(a), Step::Index(i)) => &a[*i],
        _ => unreachable!("a path follows the value"),
    })
}

/// The value at a path, to change.
fn at<'a>(value: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(value, |v, step| match (v, step) {
        (Value::Table(t), Step::Key(k)) => t.get_mut(k).expect("a path follows the value"),
        (Value::Array(a), Step::Index(i)) => &mut a[*i],
        _ => unreachable!("a path follows the value"),
    })
}

/// Changes each value of the set's canonical document in turn (a number by one, a flag
/// flipped, a word to another the field accepts, a map's key to another piece) and requires the
/// message to change with it: a value the message dropped, or two values it merged, would leave
/// it unchanged. The changed sets are read as the file's shape (`serde`), not validated: the
/// check is of the mapping, not of the set's rules.
#[test]
fn every_value_of_each_set_reaches_its_message() {
    for (name, text) in SETS {
        let set = Components::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let original = values(&set);
        let canonical: Value = toml::from_str(&toml::to_string(&set).unwrap()).unwrap();
        let mut paths = Vec::new();
        leaves(&canonical, &mut Vec::new(), &mut paths);
        let (mut checked, mut keys) = (0, 0);
        for path in &paths {
            let (last, parent_path) = path.split_last().unwrap();
            let is_key = matches!(last, Step::Key(_));
            let nested = matches!(get(&canonical, path), Value::Table(_) | Value::Array(_));
            // A key is changed with its value kept (a map's key is a value); a value only when
            // it is a leaf.
            let tries = [(is_key, true), (!nested, false)];
            for key_itself in tries.into_iter().filter(|t| t.0).map(|t| t.1) {
                let mut reached = false;
                let mut readable = false;
                let parent = get(&canonical, parent_path);
                for changed_parent in variants(parent, last, key_itself) {
                    let mut changed = canonical.clone();
                    *at(&mut changed, parent_path) = changed_parent;
                    let Ok(changed_set) = changed.try_into::<Components>() else {
                        continue;
                    };
                    readable = true;
                    if values(&changed_set) != original {
                        reached = true;
                        break;
                    }
                }
                if key_itself {
                    // A struct's keys cannot change and stay readable; a map's can.
                    if readable {
                        assert!(reached, "{name}: the key at {path:?} is not in the message");
                        keys += 1;
                    }
                } else {
                    assert!(readable, "{name}: no change of {path:?} was readable");
                    assert!(
                        reached,
                        "{name}: the value at {path:?} is not in the message"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 200, "{name}: only {checked} values checked");
        assert!(keys > 0, "{name}: no map key checked");
    }
}

/// The enums say what the file's words say, and indexes are the file's order.
#[test]
fn the_provisional_sets_message_reads_as_its_file() {
    let set = components_to_proto(&Components::provisional());
    let values = set.set.expect("the values");
    assert_eq!(set.name, "village-provisional-1");
    assert!(set.provisional);
    let first = &values.customers[0];
    assert_eq!(first.demand, [Piece::Horse as i32, Piece::Ox as i32]);
    assert_eq!(first.prestige, 5);
    assert_eq!(
        values.chronicle.unwrap().council,
        [
            Label::All,
            Label::All,
            Label::ThreeToFive,
            Label::FourToFive,
            Label::Five
        ]
        .map(|l| l as i32)
    );
    let market = values.market.unwrap();
    assert_eq!(
        market.waiting_line,
        [Label::All as i32; 5],
        "a number of spaces, all open"
    );
    let path = &values.travel.as_ref().unwrap().paths[0];
    assert_eq!(path.between, ["village", "A"]);
    assert_eq!(path.piece, v1::VillageGood::Wagon as i32);
    assert_eq!(path.cubes.unwrap().brown, 2);
    let stables = values.buildings.unwrap().stables.unwrap();
    assert_eq!(
        stables.produces,
        [v1::VillageGood::Horse as i32, v1::VillageGood::Ox as i32]
    );
    assert_eq!(stables.payment.unwrap().grain, 3);
    let explorer = values.life_goals.unwrap().silver.unwrap().explorer.unwrap();
    assert_eq!(
        explorer.pieces,
        [Piece::Cocoa, Piece::Tea, Piece::Chest].map(|p| p as i32)
    );
    let sea = values.port.unwrap().sea.unwrap();
    let i1 = &sea.islands[0];
    assert_eq!((i1.id.as_str(), i1.stack), ("I1", Stack::Cocoa as i32));
    assert_eq!(i1.buys[0].piece, Piece::Grain as i32);
    assert_eq!(i1.church.unwrap().cost.unwrap().wagon, 1);
    assert_eq!(sea.islands[1].stack, Stack::Unspecified as i32, "no stack");
    assert!(sea.islands[2].church.is_none(), "no missionary church");
    let bag = values.setup[0].bag_per_colour.unwrap();
    assert_eq!([bag.brown, bag.pink, bag.orange, bag.green], [4; 4]);
}
