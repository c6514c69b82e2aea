//! The message for the model about blocks the parser read but would not apply.

use std::fmt::Write;

use super::parsed::Edit;

/// Describes the refused blocks of a reply, or `None` when no block was refused.
pub fn refusal_message(edits: &[Edit]) -> Option<String> {
    let refused: Vec<&Edit> = edits.iter().filter(|edit| edit.refusal.is_some()).collect();
    if refused.is_empty() {
        return None;
    }
    let mut text = String::new();
    let blocks = if refused.len() == 1 {
        "block was"
    } else {
        "blocks were"
    };
    let _ = writeln!(
        text,
        "{} edit {blocks} not applied because the reply could not be read without guessing:",
        refused.len()
    );
    for edit in refused {
        let reason = edit.refusal.as_deref().unwrap_or_default();
        let _ = writeln!(text, "- block {} ({}): {reason}", edit.id + 1, edit.path);
    }
    let _ = writeln!(
        text,
        "Send those edits again, written exactly in the edit format."
    );
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_blocks_are_listed_with_their_reasons() {
        let edits = vec![
            Edit::new("a.py", "x\n", "y\n"),
            Edit::new("b.py", "p\n", "q\n")
                .with_id(1)
                .refused("the listing's end is unclear"),
        ];
        let message = refusal_message(&edits).unwrap();
        assert!(message.contains("block 2 (b.py): the listing's end is unclear"));
        assert!(message.starts_with("1 edit block was not applied"));
        assert_eq!(refusal_message(&edits[..1]), None);
    }
}
