//! What every game's sentences share. Sentences are format strings (`format!`, or `write!` into
//! one string where a game writes many at once). A piece that many sentences use, such as a
//! name with its article, is a value that `Display` writes where it stands, so it costs no
//! string of its own (docs/architecture.md, "Sentences").

use std::fmt::{self, Display, Write};

/// Words with their article before them (`a horse`, `an ox`, `an Admiral`): "an" before a
/// vowel, in either case. The article is chosen by the first letter the words write, so `A`
/// wraps any `Display` (`A(Word(good))`) without writing it twice.
pub struct A<T>(pub T);

impl<T: Display> Display for A<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// Writes the article before the first words that reach it.
        struct Articled<'a, 'b> {
            f: &'a mut fmt::Formatter<'b>,
            started: bool,
        }
        impl Write for Articled<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                if !self.started && !s.is_empty() {
                    self.started = true;
                    let vowel = s.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
                    self.f.write_str(if vowel { "an " } else { "a " })?;
                }
                self.f.write_str(s)
            }
        }
        let mut out = Articled { f, started: false };
        write!(out, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::A;

    #[test]
    fn an_article_follows_the_first_letter_in_either_case() {
        for (words, said) in [
            ("ox", "an ox"),
            ("horse", "a horse"),
            ("Admiral", "an Admiral"),
        ] {
            assert_eq!(A(words).to_string(), said);
        }
    }

    #[test]
    fn the_article_waits_for_the_first_words_written() {
        assert_eq!(format!("{}", A(format_args!("{}{}", "", "ox"))), "an ox");
    }
}
