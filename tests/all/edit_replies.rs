//! Realistic replies per shape (tag fences, misplaced markers, nested-fence whole
//! listings, patches, cut-off replies), each with its intended blocks as gold.
//! Prints how many parse to the gold, per shape, and fails on any that does not.

use crate::support::reply_fixtures;

use std::collections::BTreeMap;

use aider_tui::edit::{ParseOptions, parse_reply_partial, parse_reply_with};

#[test]
fn fixture_replies_parse_to_their_gold() {
    let cases = reply_fixtures::all_cases();
    let mut tally: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut problems = Vec::new();
    for (shape, case) in &cases {
        let read = |path: &str| case.current.get(path).cloned();
        let options = ParseOptions::new(&case.chat_files).with_current_text(&read);
        let format = case.edit_format();
        // The strict parse fails exactly when the gold says the reply is broken.
        let strict = parse_reply_with(&case.reply, format, &options);
        let parsed = parse_reply_partial(&case.reply, format, &options);
        let outcome = case
            .check(&parsed)
            .and_then(|()| match (&case.error, &strict) {
                (None, Ok(_)) | (Some(_), Err(_)) => Ok(()),
                (None, Err(error)) => Err(format!("strict parse failed: {error}")),
                (Some(_), Ok(_)) => Err("strict parse succeeded on a broken reply".to_string()),
            });
        let entry = tally.entry(shape.clone()).or_default();
        entry.1 += 1;
        match outcome {
            Ok(()) => entry.0 += 1,
            Err(problem) => problems.push(format!("{shape}/{}: {problem}", case.name)),
        }
    }
    let (good, total) = tally
        .values()
        .fold((0, 0), |(good, total), (g, t)| (good + g, total + t));
    for (shape, (good, total)) in &tally {
        eprintln!("fixture replies: {shape}: {good}/{total} parse to the gold");
    }
    eprintln!("fixture replies: {good}/{total} parse to the gold");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
