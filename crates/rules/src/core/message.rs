//! Reading a client's message, the same way in every game: where a value sits ([`At`], written
//! out only for an error), lists read entry by entry under a limit, small ids, required fields,
//! and enums ([`proto_enum!`]). A game reads its messages with these in plain code; every error
//! names its field as the request spells it (`seats[1].goals[0].goal`, `take.card`).

use std::fmt;

use super::StateErrors;

/// Where a value sits in a message, built as reading descends and written out only for an error
/// (reading runs on every request, an error on few): `seats[1].goals[0].goal`.
#[derive(Clone, Copy)]
pub enum At<'a> {
    /// The message being read.
    Root,
    /// A field of the message at the parent.
    Field(&'a At<'a>, &'static str),
    /// An entry of the list at the parent.
    Item(&'a At<'a>, usize),
}

impl<'a> At<'a> {
    /// The field `name` of this message (a oneof's arm is a field too: `claim_expedition`).
    pub fn field(&'a self, name: &'static str) -> At<'a> {
        At::Field(self, name)
    }
    /// The entry `i` of this list.
    pub fn item(&'a self, i: usize) -> At<'a> {
        At::Item(self, i)
    }
    /// One error at this place.
    pub fn error(&self, description: impl Into<String>) -> StateErrors {
        StateErrors::one(self.to_string(), description)
    }
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Root => Ok(()),
            At::Field(At::Root, name) => f.write_str(name),
            At::Field(parent, name) => write!(f, "{parent}.{name}"),
            At::Item(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// A small id or count from a message: one out of range becomes one no state has (`u8::MAX`),
/// for the game's checks to name.
pub fn small(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// A field the message marks `optional` and the game requires: absent is "is required".
pub fn required<T>(value: Option<T>, at: &At) -> Result<T, StateErrors> {
    value.ok_or_else(|| at.error("is required"))
}

/// The list at `at`, each entry read by `read`: every entry is read and every entry's errors
/// kept in `errs`, at its index (the entries that read are returned; with an error kept the
/// whole message is refused). A list longer than `max` is refused whole, naming it, before any
/// entry is read (the longest list no game fills, docs/operations.md "Limits").
pub fn list<P, T>(
    p: &[P],
    max: usize,
    at: &At,
    errs: &mut StateErrors,
    mut read: impl FnMut(&P, &At) -> Result<T, StateErrors>,
) -> Vec<T> {
    if !errs.within(p.len(), max, || at.to_string()) {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(p.len());
    for (i, entry) in p.iter().enumerate() {
        match read(entry, &at.item(i)) {
            Ok(t) => out.push(t),
            Err(e) => errs.keep(e),
        }
    }
    out
}

/// Ids or counts at `at` ([`list`] of [`small`] numbers).
pub fn small_list(p: &[u32], max: usize, at: &At, errs: &mut StateErrors) -> Vec<u8> {
    list(p, max, at, errs, |&n, _| Ok(small(n)))
}

/// Ids or counts as a message spells them (what [`small_list`] reads).
pub fn ids(v: &[u8]) -> Vec<u32> {
    v.iter().map(|&n| u32::from(n)).collect()
}

/// A core enum and its proto enum, variant for variant under the same names: `to_proto`, and
/// `from_proto`, which refuses `UNSPECIFIED` and any number the proto does not define as "must
/// name a `noun`". Both matches are exhaustive over the core enum, so a variant added to it
/// without its proto counterpart does not compile.
macro_rules! proto_enum {
    ($core:ident => $proto:ty, $noun:literal { $($variant:ident),+ $(,)? }) => {
        impl $core {
            /// This value as its proto enum.
            pub fn to_proto(self) -> $proto {
                match self {
                    $($core::$variant => <$proto>::$variant,)+
                }
            }
            /// The value a message's enum number names (`at`: its field).
            pub fn from_proto(
                n: i32,
                at: &$crate::core::message::At,
            ) -> Result<Self, $crate::core::StateErrors> {
                match <$proto>::try_from(n) {
                    $(Ok(<$proto>::$variant) => Ok($core::$variant),)+
                    _ => Err(at.error(concat!("must name a ", $noun))),
                }
            }
        }
    };
}
pub(crate) use proto_enum;

#[cfg(test)]
mod tests {
    use super::*;

    /// A field path is written as the request spells it: fields by name, list entries by index.
    #[test]
    fn paths_are_spelled_as_the_request_spells_them() {
        let root = At::Root;
        let seats = root.field("seats");
        let seat = seats.item(1);
        assert_eq!(seat.field("goals").item(0).to_string(), "seats[1].goals[0]");
        let arm = root.field("claim_expedition");
        assert_eq!(arm.field("persons").to_string(), "claim_expedition.persons");
    }

    /// Every entry of a list is read and every entry's error kept, each at its index; a list
    /// over its limit is refused whole, before any entry is read.
    #[test]
    fn every_entrys_error_is_kept_at_its_index_and_a_long_list_refused_whole() {
        let at = At::Root;
        let members = at.field("members");
        let mut errs = StateErrors::default();
        let read = |&n: &Option<u32>, at: &At| required(n, at);
        let ids = list(&[Some(1), None, None], 10, &members, &mut errs, read);
        assert_eq!(ids, [1]);
        let fields: Vec<&str> = errs.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["members[1]", "members[2]"]);
        assert!(errs.errors.iter().all(|e| e.description == "is required"));

        let mut errs = StateErrors::default();
        let pile = at.field("draw_pile");
        assert!(small_list(&[1; 4], 3, &pile, &mut errs).is_empty());
        assert_eq!(errs.errors.len(), 1);
        assert_eq!(errs.errors[0].field, "draw_pile");
        assert_eq!(
            errs.errors[0].description,
            "has 4 entries; at most 3 are possible"
        );
        let mut errs = StateErrors::default();
        assert_eq!(small_list(&[7, 300], 3, &pile, &mut errs), [7, u8::MAX]);
        assert!(
            errs.errors.is_empty(),
            "an id out of range is the checks' to name"
        );
    }
}
