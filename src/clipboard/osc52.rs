//! OSC 52, the escape sequence that asks the terminal (and through SSH, the user's own
//! terminal) to put text on its clipboard.

use base64::Engine;

/// The OSC 52 sequence that copies `text` to the clipboard (`c`), ended with BEL, which
/// more terminals accept than ST.
pub fn osc52(text: &str) -> String {
    let encoded = base64::engine::general_purpose::STANDARD.encode(text.as_bytes());
    format!("\u{1b}]52;c;{encoded}\u{7}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_travels_as_base64() {
        assert_eq!(osc52("hi"), "\u{1b}]52;c;aGk=\u{7}");
    }
}
