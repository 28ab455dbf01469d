//! Names for refusals and descriptions: snake case for `details`, words for sentences.

use std::fmt::{self, Debug, Write};

use crate::core::text::{insert_article, push_number};
use crate::games::village::action::Cube;
use crate::games::village::pieces::{Colour, Cubes};
use crate::games::village::state::sea::Cargo;

/// A name for `details`: the variant in snake case (`TravellingSalesman` → `travelling_salesman`).
pub(in crate::games::village::rules) fn token(x: impl Debug) -> String {
    joined(x, '_')
}

/// A name for a sentence (`travelling salesman`).
pub(in crate::games::village::rules) fn word(x: impl Debug) -> String {
    joined(x, ' ')
}

/// [`word`] written at the end of `out`.
pub(in crate::games::village::rules) fn push_word(out: &mut String, x: impl Debug) {
    push_joined(out, x, ' ');
}

/// The variant's name in lower case, its words joined by `sep`.
fn joined(x: impl Debug, sep: char) -> String {
    let mut out = String::with_capacity(16);
    push_joined(&mut out, x, sep);
    out
}

/// [`joined`] written at the end of `out`: the name is lowered as `Debug` writes it, with no
/// string of its own (descriptions are most of what LegalActions costs).
fn push_joined(out: &mut String, x: impl Debug, sep: char) {
    struct Lowered<'a> {
        out: &'a mut String,
        sep: char,
        first: bool,
    }
    impl fmt::Write for Lowered<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            // Room for the name and a separator or two: one growth at most.
            self.out.reserve(s.len() + 2);
            for ch in s.chars() {
                if ch.is_ascii_uppercase() && !self.first {
                    self.out.push(self.sep);
                }
                self.first = false;
                self.out.push(ch.to_ascii_lowercase());
            }
            Ok(())
        }
    }
    let mut lowered = Lowered {
        out,
        sep,
        first: true,
    };
    let _ = write!(lowered, "{x:?}");
}

/// A name with its article (`a horse`, `an ox`).
pub(in crate::games::village::rules) fn a(mut name: String) -> String {
    insert_article(&mut name, 0);
    name
}

pub(in crate::games::village::rules) fn cube_name(cube: Cube) -> String {
    match cube {
        Cube::Influence(c) => token(c),
        Cube::Plague => "plague".to_owned(),
    }
}

pub(in crate::games::village::rules) fn cargo_name(cargo: Cargo) -> String {
    match cargo {
        Cargo::Good(g) => word(g),
        Cargo::Chest(_) => "chest".to_owned(),
        Cargo::Cocoa => "cocoa basket".to_owned(),
        Cargo::Tea => "tea bale".to_owned(),
        other => word(other),
    }
}

/// A piece of cargo for `details`, in the short form every refusal uses (`cocoa`, `tea`,
/// `chest`, `ox`): one piece, one name (docs/errors.md).
pub(in crate::games::village::rules) fn cargo_token(cargo: Cargo) -> String {
    match cargo {
        Cargo::Good(g) => token(g),
        Cargo::Chest(_) => "chest".to_owned(),
        other => token(other),
    }
}

/// A count and its noun, plural unless one (`1 coin`, `3 coins`); grain and time are never
/// plural (`1 grain`, `2 time`). The one place sentences count things.
pub(in crate::games::village::rules) fn counted(n: u32, noun: &str) -> String {
    let mut out = String::with_capacity(noun.len() + 4);
    push_counted(&mut out, n, noun);
    out
}

/// [`counted`] written at the end of `out`.
pub(in crate::games::village::rules) fn push_counted(out: &mut String, n: u32, noun: &str) {
    push_number(out, n);
    out.push(' ');
    out.push_str(noun);
    if plural(n, noun) {
        out.push('s');
    }
}

/// Whether `n` of `noun` takes an `s`: any count but one, except of grain and time.
fn plural(n: u32, noun: &str) -> bool {
    n != 1 && !matches!(noun, "grain" | "time")
}

/// Cubes in words: `2 green and 1 brown cubes`, or `nothing`.
pub(in crate::games::village::rules) fn cubes_text(cubes: Cubes) -> String {
    let mut out = String::with_capacity(48);
    push_cubes(&mut out, cubes);
    out
}

/// [`cubes_text`] written at the end of `out`.
pub(in crate::games::village::rules) fn push_cubes(out: &mut String, cubes: Cubes) {
    let start = out.len();
    for c in Colour::ALL.into_iter().filter(|&c| cubes.of(c) > 0) {
        if out.len() > start {
            out.push_str(" and ");
        }
        push_number(out, cubes.of(c));
        out.push(' ');
        push_joined(out, c, ' ');
    }
    match cubes.total() {
        0 => out.push_str("nothing"),
        n => {
            out.push_str(" cube");
            if plural(n, "cube") {
                out.push('s');
            }
        }
    }
}

/// Cubes for `details`: `2 green,1 brown`, or `0`.
pub(in crate::games::village::rules) fn cubes_token(cubes: Cubes) -> String {
    let parts: Vec<String> = Colour::ALL
        .into_iter()
        .filter(|&c| cubes.of(c) > 0)
        .map(|c| format!("{} {}", cubes.of(c), token(c)))
        .collect();
    if parts.is_empty() {
        "0".to_owned()
    } else {
        parts.join(",")
    }
}
