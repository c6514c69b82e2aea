//! Counted nouns: "1 file", "2 files", "0 files".

/// `count` and the noun in the form that count takes (`one` for exactly one).
pub fn counted(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "line", "lines"), "1 line");
        assert_eq!(counted(0, "line", "lines"), "0 lines");
        assert_eq!(counted(2, "entry", "entries"), "2 entries");
    }
}
