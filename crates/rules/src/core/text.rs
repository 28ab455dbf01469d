//! Sentences written without the formatting machinery: a description is written for every action
//! LegalActions lists, and `write!` of a small number was a large part of each.

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
/// put before them.
pub fn insert_article(out: &mut String, start: usize) {
    let vowel = out[start..].starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    out.insert_str(start, if vowel { "an " } else { "a " });
}

#[cfg(test)]
mod tests {
    use super::{insert_article, push_number};

    #[test]
    fn an_article_follows_the_first_letter_in_either_case() {
        for (words, said) in [
            ("ox", "an ox"),
            ("horse", "a horse"),
            ("Admiral", "an Admiral"),
        ] {
            let mut out = format!("Seat 1 hires {words}");
            insert_article(&mut out, "Seat 1 hires ".len());
            assert_eq!(out, format!("Seat 1 hires {said}"));
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
