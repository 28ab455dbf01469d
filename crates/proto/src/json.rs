//! How the proto3 JSON mapping's numbers are read (Connect's JSON): a JSON number, or a string
//! holding one (64-bit integers are written as strings).
//!
//! pbjson's own reader tries each number as a string first, through an untagged enum: for every
//! JSON number it buffers the value and builds, formats and drops an error before reading it as a
//! number. That was 70 % of a Connect JSON Apply's cost (`tools/handler-cost json`). The build
//! script points pbjson's generated code at [`Number`] instead; it accepts and refuses exactly
//! what pbjson's does (an integer field takes an integer in its range, or a string `FromStr`
//! reads; a float field any number), with an error that says what it expected.
//!
//! Kept because a user sees it: in the load test, Connect JSON Apply went from 0.45 to 0.59 of
//! native gRPC Apply for Port Royal, and from 0.39 to 0.54 for Village (BENCHMARKS.md,
//! "Connect's JSON numbers"), far above the 5 % a patch of generated code must be worth.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Deserializer, Unexpected, Visitor};

/// A number field's value, read from a JSON number or a string.
pub struct Number<T>(pub T);

/// A numeric type of the proto (`uint32`, `int64`, `double`…) as JSON gives it.
pub trait JsonNumber: FromStr + Sized {
    /// What the field takes, for an error.
    const EXPECTING: &'static str;
    /// From a JSON integer that is not negative.
    fn from_u64(n: u64) -> Option<Self>;
    /// From a negative JSON integer.
    fn from_i64(n: i64) -> Option<Self>;
    /// From a JSON number with a fraction or an exponent.
    fn from_f64(n: f64) -> Option<Self>;
}

macro_rules! integers {
    ($($t:ty),+) => {$(
        impl JsonNumber for $t {
            const EXPECTING: &'static str = concat!("a ", stringify!($t), " as a number or a string");
            fn from_u64(n: u64) -> Option<Self> {
                n.try_into().ok()
            }
            fn from_i64(n: i64) -> Option<Self> {
                n.try_into().ok()
            }
            fn from_f64(_: f64) -> Option<Self> {
                None
            }
        }
    )+};
}
integers!(u32, i32, u64, i64);

macro_rules! floats {
    ($($t:ty),+) => {$(
        impl JsonNumber for $t {
            const EXPECTING: &'static str = concat!("a ", stringify!($t), " as a number or a string");
            fn from_u64(n: u64) -> Option<Self> {
                Some(n as $t)
            }
            fn from_i64(n: i64) -> Option<Self> {
                Some(n as $t)
            }
            fn from_f64(n: f64) -> Option<Self> {
                Some(n as $t)
            }
        }
    )+};
}
floats!(f32, f64);

struct NumberVisitor<T>(PhantomData<T>);

impl<T: JsonNumber> Visitor<'_> for NumberVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = Number<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
        T::from_u64(n)
            .map(Number)
            .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(n), &self))
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
        T::from_i64(n)
            .map(Number)
            .ok_or_else(|| E::invalid_value(Unexpected::Signed(n), &self))
    }
    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Self::Value, E> {
        T::from_f64(n)
            .map(Number)
            .ok_or_else(|| E::invalid_type(Unexpected::Float(n), &self))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
        s.parse().map(Number).map_err(E::custom)
    }
}

impl<'de, T: JsonNumber> serde::Deserialize<'de> for Number<T>
where
    T::Err: fmt::Display,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(NumberVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: JsonNumber>(json: &str) -> Option<T>
    where
        T::Err: fmt::Display,
    {
        serde_json::from_str::<Number<T>>(json).ok().map(|n| n.0)
    }

    /// What pbjson's reader takes, this one takes: an integer in range, as a number or a
    /// string; a float from any number or its string (`"NaN"`, `"Infinity"`).
    #[test]
    fn takes_what_the_proto3_json_mapping_writes() {
        assert_eq!(read::<u32>("7"), Some(7));
        assert_eq!(read::<u32>("\"7\""), Some(7));
        assert_eq!(read::<i32>("-3"), Some(-3));
        assert_eq!(read::<u64>("\"18446744073709551615\""), Some(u64::MAX));
        assert_eq!(read::<i64>("\"-9\""), Some(-9));
        assert_eq!(read::<f64>("0.25"), Some(0.25));
        assert_eq!(read::<f64>("2"), Some(2.0));
        assert!(read::<f64>("\"NaN\"").is_some_and(f64::is_nan));
        assert_eq!(read::<f64>("\"Infinity\""), Some(f64::INFINITY));
    }

    /// And refuses what it refuses: out of range, a fraction for an integer, a string that is
    /// not the number, null, or another type.
    #[test]
    fn refuses_what_is_not_the_fields_number() {
        assert_eq!(read::<u32>("-1"), None);
        assert_eq!(read::<u32>("4294967296"), None);
        assert_eq!(read::<i32>("\"2147483648\""), None);
        assert_eq!(read::<u32>("1.5"), None);
        assert_eq!(read::<u32>("1e2"), None);
        assert_eq!(read::<u32>("\" 1\""), None);
        assert_eq!(read::<u32>("null"), None);
        assert_eq!(read::<u32>("true"), None);
        assert_eq!(read::<u32>("[1]"), None);
    }

    /// An error says what the field expected.
    #[test]
    fn an_error_names_what_was_expected() {
        let e = serde_json::from_str::<Number<u32>>("1.5").err().unwrap();
        assert!(
            e.to_string().contains("a u32 as a number or a string"),
            "{e}"
        );
    }
}
