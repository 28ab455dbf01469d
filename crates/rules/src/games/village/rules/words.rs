//! Names for refusals and descriptions: snake case for `details`, words for sentences. The
//! names are values that `Display` writes where they stand in a sentence (`core::text`).

use std::fmt::{self, Debug, Display, Write};

use crate::games::village::action::Cube;
use crate::games::village::pieces::{Colour, Cubes};
use crate::games::village::state::sea::Cargo;

/// A name for a sentence: the variant's name in lower case, its words joined by spaces
/// (`TravellingSalesman` → `travelling salesman`).
pub(in crate::games::village::rules) struct Word<T>(pub T);

impl<T: Debug> Display for Word<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        lowered(f, &self.0, ' ')
    }
}

/// A name for `details`: the variant in snake case (`travelling_salesman`).
struct Token<T>(T);

impl<T: Debug> Display for Token<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        lowered(f, &self.0, '_')
    }
}

/// `x`'s `Debug` name lowered as it is written, a `sep` before each capital but the first.
fn lowered(f: &mut fmt::Formatter<'_>, x: &impl Debug, sep: char) -> fmt::Result {
    struct Lowered<'a, 'b> {
        f: &'a mut fmt::Formatter<'b>,
        sep: char,
        first: bool,
    }
    impl Write for Lowered<'_, '_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            for ch in s.chars() {
                if ch.is_ascii_uppercase() && !self.first {
                    self.f.write_char(self.sep)?;
                }
                self.first = false;
                self.f.write_char(ch.to_ascii_lowercase())?;
            }
            Ok(())
        }
    }
    write!(
        Lowered {
            f,
            sep,
            first: true,
        },
        "{x:?}"
    )
}

/// [`Token`] as a string.
pub(in crate::games::village::rules) fn token(x: impl Debug) -> String {
    Token(x).to_string()
}

/// [`Word`] as a string.
pub(in crate::games::village::rules) fn word(x: impl Debug) -> String {
    Word(x).to_string()
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
pub(in crate::games::village::rules) struct Counted<'a>(pub u32, pub &'a str);

impl Display for Counted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Counted(n, noun) = *self;
        let s = if plural(n, noun) { "s" } else { "" };
        write!(f, "{n} {noun}{s}")
    }
}

/// Whether `n` of `noun` takes an `s`: any count but one, except of grain and time.
fn plural(n: u32, noun: &str) -> bool {
    n != 1 && !matches!(noun, "grain" | "time")
}

/// Cubes in words: `2 green and 1 brown cubes`, or `nothing`.
pub(in crate::games::village::rules) struct CubeWords(pub Cubes);

impl Display for CubeWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cubes = self.0;
        let mut colours = Colour::ALL.into_iter().filter(|&c| cubes.of(c) > 0);
        let Some(first) = colours.next() else {
            return f.write_str("nothing");
        };
        write!(f, "{} {}", cubes.of(first), Word(first))?;
        for c in colours {
            write!(f, " and {} {}", cubes.of(c), Word(c))?;
        }
        let s = if plural(cubes.total(), "cube") {
            "s"
        } else {
            ""
        };
        write!(f, " cube{s}")
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
