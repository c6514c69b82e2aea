//! Fuzzy matching for the file finder and completion: the query's characters must
//! appear in order; runs of adjacent matches, matches at word starts and matches in
//! the file name score higher.

/// The score of `candidate` for `query` (higher is better), or `None` if it does not match.
pub fn score(query: &str, candidate: &str) -> Option<i64> {
    if query.is_empty() {
        return Some(0);
    }
    let name_start = candidate.rfind('/').map_or(0, |slash| slash + 1);
    let lower: Vec<(usize, char)> = candidate
        .char_indices()
        .map(|(at, c)| (at, c.to_ascii_lowercase()))
        .collect();
    let mut total = 0i64;
    let mut position = 0;
    let mut previous: Option<usize> = None;
    for wanted in query.chars().map(|c| c.to_ascii_lowercase()) {
        let found = lower[position..].iter().position(|(_, c)| *c == wanted)?;
        let index = position + found;
        let (byte, _) = lower[index];
        let mut gain = 1;
        if previous.is_some_and(|p| p + 1 == index) {
            gain += 5;
        }
        let before = index.checked_sub(1).map(|i| lower[i].1);
        if matches!(before, None | Some('/' | '_' | '-' | '.' | ' ')) {
            gain += 4;
        }
        if byte >= name_start {
            gain += 2;
        }
        total += gain;
        previous = Some(index);
        position = index + 1;
    }
    // Shorter paths win ties.
    Some(total * 100 - i64::try_from(candidate.len()).unwrap_or(i64::MAX / 200))
}

/// The best `limit` candidates for a query, best first.
pub fn rank<'a>(query: &str, candidates: &'a [String], limit: usize) -> Vec<&'a String> {
    let mut scored: Vec<(i64, &String)> = candidates
        .iter()
        .filter_map(|candidate| score(query, candidate).map(|s| (s, candidate)))
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored
        .into_iter()
        .take(limit)
        .map(|(_, candidate)| candidate)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_must_appear_in_order() {
        assert!(score("mrs", "src/main.rs").is_some());
        assert!(score("srm", "src/main.rs").is_some());
        assert!(score("xyz", "src/main.rs").is_none());
    }

    #[test]
    fn file_names_and_adjacent_runs_rank_first() {
        let files: Vec<String> = ["src/mainframe/other.rs", "src/main.rs", "docs/manual.md"]
            .map(String::from)
            .to_vec();
        assert_eq!(rank("main", &files, 3)[0], "src/main.rs");
        assert_eq!(rank("manual", &files, 3)[0], "docs/manual.md");
        assert_eq!(rank("", &files, 2).len(), 2);
    }
}
