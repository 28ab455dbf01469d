//! Byte-level corruption of encoded messages, shared by the gRPC mutation test and the stable
//! fuzz run: bit flips, boundary bytes, insertions, deletions, duplicated ranges, truncations and
//! splices with another input.
#![allow(dead_code)]

use referee::core::GameRng;

/// Bytes that sit on varint and wire-type boundaries.
const BOUNDARY: [u8; 8] = [0x00, 0x01, 0x07, 0x08, 0x7f, 0x80, 0xfe, 0xff];

/// Applies one to four corruptions to `bytes`; `donors` are other inputs to splice from.
pub fn bytes(bytes: &mut Vec<u8>, donors: &[Vec<u8>], rng: &mut GameRng) {
    for _ in 0..=rng.below(4) {
        if bytes.is_empty() {
            bytes.push(rng.below(256) as u8);
            continue;
        }
        let len = bytes.len() as u32;
        let i = rng.below(len) as usize;
        let span = 1 + rng.below((len - i as u32).min(16)) as usize;
        match rng.below(7) {
            0 => bytes[i] ^= 1 << rng.below(8),
            1 => bytes[i] = BOUNDARY[rng.below(8) as usize],
            2 => bytes.insert(i, rng.below(256) as u8),
            3 => {
                bytes.drain(i..i + span);
            }
            4 => {
                let copy = bytes[i..i + span].to_vec();
                let at = rng.below(len) as usize;
                bytes.splice(at..at, copy);
            }
            5 => bytes.truncate(i),
            _ => {
                if let Some(donor) = donors.get(rng.below(donors.len().max(1) as u32) as usize) {
                    let from = rng.below(donor.len().max(1) as u32) as usize;
                    bytes.truncate(i);
                    bytes.extend_from_slice(donor.get(from..).unwrap_or_default());
                }
            }
        }
    }
}

/// One field of a protobuf message on the wire.
enum Field {
    Varint(u64),
    Fixed64([u8; 8]),
    Fixed32([u8; 4]),
    Bytes(Vec<u8>),
}

fn read_varint(input: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let (&b, rest) = input.split_first()?;
        *input = rest;
        value |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Some(value);
        }
    }
    None
}

fn write_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The fields of a message, if `bytes` parses as one (groups are not used by the referee).
fn parse(mut input: &[u8]) -> Option<Vec<(u64, Field)>> {
    let mut fields = Vec::new();
    while !input.is_empty() {
        let key = read_varint(&mut input)?;
        let field = match key & 7 {
            0 => Field::Varint(read_varint(&mut input)?),
            1 => Field::Fixed64(input.split_off(..8)?.try_into().ok()?),
            2 => {
                let len = usize::try_from(read_varint(&mut input)?).ok()?;
                Field::Bytes(input.split_off(..len)?.to_vec())
            }
            5 => Field::Fixed32(input.split_off(..4)?.try_into().ok()?),
            _ => return None,
        };
        fields.push((key >> 3, field));
    }
    Some(fields)
}

fn encode(fields: &[(u64, Field)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (number, field) in fields {
        let wire = match field {
            Field::Varint(_) => 0,
            Field::Fixed64(_) => 1,
            Field::Bytes(_) => 2,
            Field::Fixed32(_) => 5,
        };
        write_varint(&mut out, number << 3 | wire);
        match field {
            Field::Varint(v) => write_varint(&mut out, *v),
            Field::Fixed64(b) => out.extend_from_slice(b),
            Field::Fixed32(b) => out.extend_from_slice(b),
            Field::Bytes(b) => {
                write_varint(&mut out, b.len() as u64);
                out.extend_from_slice(b);
            }
        }
    }
    out
}

/// Corrupts one field somewhere in a message's tree and re-encodes it with correct lengths, so
/// the result still decodes and the corruption reaches validation: a varint set to a boundary
/// value, a field dropped or repeated, a field renumbered, or a leaf's bytes corrupted (which
/// changes card ids in packed lists). Returns false when `bytes` is not a message.
pub fn wire(bytes: &mut Vec<u8>, rng: &mut GameRng) -> bool {
    let Some(mut fields) = parse(bytes) else {
        return false;
    };
    if fields.is_empty() {
        return false;
    }
    let i = rng.below(fields.len() as u32) as usize;
    match rng.below(8) {
        0 => {
            fields.remove(i);
        }
        1 => {
            let (number, field) = &fields[i];
            let copy = match field {
                Field::Varint(v) => Field::Varint(*v),
                Field::Fixed64(b) => Field::Fixed64(*b),
                Field::Fixed32(b) => Field::Fixed32(*b),
                Field::Bytes(b) => Field::Bytes(b.clone()),
            };
            fields.insert(i, (*number, copy));
        }
        2 => fields[i].0 = u64::from(1 + rng.below(20)),
        _ => match &mut fields[i].1 {
            Field::Varint(v) => {
                *v = match rng.below(6) {
                    0 => 0,
                    1 => v.wrapping_add(1),
                    2 => v.wrapping_sub(1),
                    3 => u64::from(u32::MAX),
                    4 => u64::MAX,
                    _ => u64::from(rng.below(300)),
                }
            }
            Field::Fixed64(b) => b[rng.below(8) as usize] ^= 1 << rng.below(8),
            Field::Fixed32(b) => b[rng.below(4) as usize] ^= 1 << rng.below(8),
            Field::Bytes(b) => {
                if rng.below(4) == 0 || !wire(b, rng) {
                    self::bytes(b, &[], rng);
                }
            }
        },
    }
    *bytes = encode(&fields);
    true
}

/// A message's bytes with every empty length-delimited field left out, at every depth: a
/// submessage set to its defaults and one left unset then read alike, so two encodings of the
/// same values compare equal (both sides must come from one encoder, which orders fields).
pub fn without_empty(bytes: &[u8]) -> Vec<u8> {
    let Some(fields) = parse(bytes) else {
        return bytes.to_vec();
    };
    let kept: Vec<(u64, Field)> = fields
        .into_iter()
        .filter_map(|(number, field)| match field {
            Field::Bytes(b) => {
                let inner = without_empty(&b);
                (!inner.is_empty()).then_some((number, Field::Bytes(inner)))
            }
            other => Some((number, other)),
        })
        .collect();
    encode(&kept)
}

/// Corrupts a state at the field level, for any game: one field somewhere in the message (a
/// random walk down its present sub-messages and list elements) is set to a value on a boundary
/// (0, 1, the first id out of range of small tables, the type's maximum), an unknown enum
/// number, an empty or odd string or bytes, or cleared; or one of its lists gains a duplicate or
/// a stranger, loses an element, or is emptied. The game's state message is read from the
/// contract's descriptor set, so a new game's fields are corrupted with no code of its own.
pub fn fields(state: &mut referee::pb::v1::GameState, rng: &mut GameRng) {
    use prost::Message;
    use prost_reflect::{DescriptorPool, DynamicMessage, MessageDescriptor};
    static STATE: std::sync::OnceLock<MessageDescriptor> = std::sync::OnceLock::new();
    let descriptor = STATE
        .get_or_init(|| {
            let pool =
                DescriptorPool::decode(referee::pb::FILE_DESCRIPTOR_SET).expect("the contract");
            pool.get_message_by_name("referee.v1.GameState")
                .expect("GameState is in the contract")
        })
        .clone();
    let bytes = state.encode_to_vec();
    let mut message = DynamicMessage::decode(descriptor, bytes.as_slice()).expect("a valid state");
    corrupt_message(&mut message, rng, 0);
    *state = Message::decode(message.encode_to_vec().as_slice()).expect("still a GameState");
}

/// Walks down a random present sub-message (most of the time) or corrupts a field here.
fn corrupt_message(message: &mut prost_reflect::DynamicMessage, rng: &mut GameRng, depth: u32) {
    use prost_reflect::{ReflectMessage, Value};
    let nested: Vec<_> = message
        .fields()
        .filter(|(f, _)| f.kind().as_message().is_some() && !f.is_map())
        .map(|(f, _)| f)
        .collect();
    if depth < 8 && !nested.is_empty() && rng.below(4) > 0 {
        let field = &nested[rng.below(nested.len() as u32) as usize];
        match message.get_field_mut(field) {
            Value::Message(inner) => return corrupt_message(inner, rng, depth + 1),
            Value::List(items) if !items.is_empty() => {
                let i = rng.below(items.len() as u32) as usize;
                if let Value::Message(inner) = &mut items[i] {
                    return corrupt_message(inner, rng, depth + 1);
                }
            }
            _ => {}
        }
    }
    let all: Vec<_> = message.descriptor().fields().collect();
    if all.is_empty() {
        return;
    }
    let field = &all[rng.below(all.len() as u32) as usize];
    if field.is_map() || rng.below(8) == 0 {
        message.clear_field(field);
        return;
    }
    let kind = field.kind();
    if field.is_list() {
        let Value::List(items) = message.get_field_mut(field) else {
            return;
        };
        match rng.below(4) {
            0 if !items.is_empty() => {
                let copy = items[rng.below(items.len() as u32) as usize].clone();
                items.push(copy);
            }
            1 => {
                items.pop();
            }
            2 => items.clear(),
            _ => {
                if let Some(value) = boundary(&kind, rng) {
                    let at = rng.below(items.len() as u32 + 1) as usize;
                    items.insert(at, value);
                }
            }
        }
    } else if let Some(value) = boundary(&kind, rng) {
        message.set_field(field, value);
    }
}

/// A value of `kind` on a boundary; `None` for a message (cleared instead).
fn boundary(kind: &prost_reflect::Kind, rng: &mut GameRng) -> Option<prost_reflect::Value> {
    use prost_reflect::{Kind, Value};
    const SMALL: [u64; 10] = [0, 1, 2, 5, 7, 119, 144, 255, 256, 1_000_000];
    let pick = |rng: &mut GameRng| SMALL[rng.below(SMALL.len() as u32) as usize];
    let big = rng.below(5) == 0;
    Some(match kind {
        Kind::Bool => Value::Bool(rng.below(2) == 0),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => {
            Value::I32(if big { i32::MIN } else { pick(rng) as i32 - 1 })
        }
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => {
            Value::I64(if big { i64::MAX } else { pick(rng) as i64 - 1 })
        }
        Kind::Uint32 | Kind::Fixed32 => Value::U32(if big { u32::MAX } else { pick(rng) as u32 }),
        Kind::Uint64 | Kind::Fixed64 => Value::U64(if big { u64::MAX } else { pick(rng) }),
        Kind::Float => Value::F32(f32::NAN),
        Kind::Double => Value::F64(f64::INFINITY),
        Kind::String => {
            Value::String(["", " ", "x", "\u{0}é", "village/99"][rng.below(5) as usize].to_owned())
        }
        Kind::Bytes => Value::Bytes(vec![0xff; rng.below(40) as usize].into()),
        Kind::Enum(_) => Value::EnumNumber(rng.below(12) as i32 - 2),
        Kind::Message(_) => return None,
    })
}
