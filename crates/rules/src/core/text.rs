//! What every game's sentences share: the article rule, and a number written without the
//! formatting machinery.
//!
//! `push_number` (and Village's `Sentence`, which writes a description into one string) is kept
//! for one measured reason: written with `format!`, Village's LegalActions, which describes every
//! action it lists, cost 77 % more in the handler (123,463 → 217,967 instructions, 133 → 400
//! allocations: `tools/handler-cost village legal`) and fell from 0.49 to 0.43 of its echo in the
//! load test (`tools/loadtest`; BENCHMARKS.md, "Plain code"). Port Royal's sentences, whose
//! plain form measured no difference, are written with `format!`.

/// `n` in decimal, at the end of `out` (as `write!(out, "{n}")` writes it).
pub fn push_number(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    let mut rest = n;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
}

/// The article of the words written in `out` from `start` on (`a horse`, `an ox`, `an Admiral`),
/// put before them: "an" before a vowel, in either case.
pub fn insert_article(out: &mut String, start: usize) {
    let vowel = out[start..].starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    out.insert_str(start, if vowel { "an " } else { "a " });
}

/// `words` with their article ([`insert_article`]).
pub fn with_article(words: &str) -> String {
    let mut out = words.to_owned();
    insert_article(&mut out, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::{push_number, with_article};

    #[test]
    fn an_article_follows_the_first_letter_in_either_case() {
        for (words, said) in [
            ("ox", "an ox"),
            ("horse", "a horse"),
            ("Admiral", "an Admiral"),
        ] {
            assert_eq!(with_article(words), said);
        }
    }

    #[test]
    fn numbers_are_written_as_display_writes_them() {
        let samples = (0..=1_100).chain([9_999, 10_000, 65_535, 1_000_000, u32::MAX - 1, u32::MAX]);
        for n in samples {
            let mut out = String::from("x");
            push_number(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }
}
