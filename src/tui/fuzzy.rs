//! Fuzzy matching of file paths for the file finder and completion, with
//! nucleo-matcher (helix's matcher): it scores the best placement of the query in a
//! path, not the first one, with bonuses for path separators, word starts and
//! consecutive runs, and it folds case and accents (`resume` finds `Résumé.md`).
//! Words of the query separated by spaces must all match (`src main` finds
//! `src/bin/main.rs`); fzf's `^start`, `end$`, `'exact` and `!not` work too.
//! Equal scores rank the shorter path first.

use nucleo_matcher::pattern::{CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32Str};

/// How many candidates are matched between two checks for a newer query.
const CHECK_EVERY: usize = 1024;

/// The best `limit` candidates for a query, best first.
pub fn rank<'a>(query: &str, candidates: &'a [String], limit: usize) -> Vec<&'a String> {
    rank_unless(query, candidates, limit, || false)
        .unwrap_or_default()
        .into_iter()
        .map(|index| &candidates[index])
        .collect()
}

/// The indices of the best `limit` candidates, best first; `None` as soon as
/// `superseded` says the answer is no longer wanted (checked every few candidates).
pub fn rank_unless(
    query: &str,
    candidates: &[String],
    limit: usize,
    superseded: impl Fn() -> bool,
) -> Option<Vec<usize>> {
    let pattern = Pattern::parse(query, CaseMatching::Smart, Normalization::Smart);
    let mut matcher = Matcher::new(Config::DEFAULT.match_paths());
    let mut buffer = Vec::new();
    let mut scored: Vec<(u32, usize)> = Vec::new();
    for (index, candidate) in candidates.iter().enumerate() {
        if index % CHECK_EVERY == 0 && superseded() {
            return None;
        }
        if let Some(score) = pattern.score(Utf32Str::new(candidate, &mut buffer), &mut matcher) {
            scored.push((score, index));
        }
    }
    let better = |a: &(u32, usize), b: &(u32, usize)| {
        b.0.cmp(&a.0)
            .then_with(|| candidates[a.1].len().cmp(&candidates[b.1].len()))
            .then_with(|| candidates[a.1].cmp(&candidates[b.1]))
    };
    // Only the shown few need sorting; the rest need only be worse than them.
    if scored.len() > limit && limit > 0 {
        scored.select_nth_unstable_by(limit - 1, better);
    }
    scored.truncate(limit);
    scored.sort_unstable_by(better);
    Some(scored.into_iter().map(|(_, index)| index).collect())
}

/// Where the query matched in `candidate`: the char positions to highlight, in order.
pub fn matched_chars(query: &str, candidate: &str) -> Vec<usize> {
    let pattern = Pattern::parse(query, CaseMatching::Smart, Normalization::Smart);
    let mut matcher = Matcher::new(Config::DEFAULT.match_paths());
    let mut buffer = Vec::new();
    let mut indices = Vec::new();
    pattern.indices(
        Utf32Str::new(candidate, &mut buffer),
        &mut matcher,
        &mut indices,
    );
    let mut chars: Vec<usize> = indices.into_iter().map(|index| index as usize).collect();
    chars.sort_unstable();
    chars.dedup();
    chars
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_matched_letters_are_found_for_highlighting() {
        assert_eq!(matched_chars("mrs", "src/main.rs"), [4, 9, 10]);
        assert!(matched_chars("xyz", "src/main.rs").is_empty());
    }

    fn paths(list: &[&str]) -> Vec<String> {
        list.iter().map(|path| path.to_string()).collect()
    }

    fn first<'a>(query: &str, candidates: &'a [String]) -> &'a str {
        rank(query, candidates, 10)
            .first()
            .map_or("(none)", |path| path.as_str())
    }

    #[test]
    fn characters_must_appear_in_order() {
        let files = paths(&["src/main.rs"]);
        assert_eq!(rank("mrs", &files, 5).len(), 1);
        assert_eq!(rank("srm", &files, 5).len(), 1);
        assert!(rank("xyz", &files, 5).is_empty());
        assert!(rank("sm.rs", &files, 5).len() == 1);
    }

    #[test]
    fn file_names_and_adjacent_runs_rank_first() {
        let files = paths(&["src/mainframe/other.rs", "src/main.rs", "docs/manual.md"]);
        assert_eq!(first("main", &files), "src/main.rs");
        assert_eq!(first("manual", &files), "docs/manual.md");
        assert_eq!(rank("", &files, 2).len(), 2);
    }

    // The hand-written matcher took the first place each letter of the query appeared,
    // so a path where the query's letters merely occur early beat one that holds the
    // query as one word. These are cases it ranked the wrong way round.
    #[test]
    fn the_best_placement_wins_over_the_first() {
        // Greedy: e·d·i·t at four word starts scored 2785, "edits" 2381.
        let files = paths(&["docs/e-d-i-t.md", "src/engine/edits.rs"]);
        assert_eq!(first("edit", &files), "src/engine/edits.rs");
        // Greedy: c·o·n·f·i·g at six word starts scored 2979, "src/config/" 2583.
        let files = paths(&["crates/o_n_f_i_g/x.rs", "src/config/mod.rs"]);
        assert_eq!(first("config", &files), "src/config/mod.rs");
    }

    #[test]
    fn case_and_accents_fold_and_words_all_match() {
        let files = paths(&[
            "docs/Résumé.md",
            "src/resume.rs",
            "src/bin/main.rs",
            "src/lib.rs",
        ]);
        let found: Vec<&str> = rank("resume", &files, 10)
            .iter()
            .map(|p| p.as_str())
            .collect();
        assert!(found.contains(&"docs/Résumé.md"), "{found:?}");
        assert_eq!(first("src main", &files), "src/bin/main.rs");
        // An upper-case letter asks for that case (smart case).
        assert_eq!(first("Résumé", &files), "docs/Résumé.md");
    }

    #[test]
    fn at_most_limit_results_best_first_and_stable_on_ties() {
        let files: Vec<String> = (0..500).map(|n| format!("dir{n}/file.rs")).collect();
        let top = rank("file", &files, 3);
        assert_eq!(top.len(), 3);
        // Equal scores: shorter first, then by name.
        assert_eq!(top, [&files[0], &files[1], &files[2]]);
    }

    #[test]
    fn a_superseded_search_stops() {
        let files: Vec<String> = (0..10_000).map(|n| format!("f{n}.rs")).collect();
        assert_eq!(rank_unless("f", &files, 5, || true), None);
        assert_eq!(
            rank_unless("f", &files, 5, || false).map(|v| v.len()),
            Some(5)
        );
    }
}
