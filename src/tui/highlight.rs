//! Syntax colouring with syntect, converted by hand to ratatui spans.
//!
//! Syntaxes and themes are the ones compiled into syntect, loaded once per process.

use std::sync::OnceLock;

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use syntect::easy::HighlightLines;
use syntect::highlighting::{FontStyle, Theme as SyntectTheme, ThemeSet};
use syntect::parsing::{SyntaxReference, SyntaxSet};

use super::theme::{Theme, fold_to_ansi16};

fn syntaxes() -> &'static SyntaxSet {
    static SYNTAXES: OnceLock<SyntaxSet> = OnceLock::new();
    SYNTAXES.get_or_init(SyntaxSet::load_defaults_newlines)
}

fn themes() -> &'static ThemeSet {
    static THEMES: OnceLock<ThemeSet> = OnceLock::new();
    THEMES.get_or_init(ThemeSet::load_defaults)
}

/// Loads the syntaxes and themes now, so the first frame that colours code does not
/// pay for it (tens of milliseconds); meant for a background thread at start-up.
pub fn warm_up() {
    syntaxes();
    themes();
}

/// How code is coloured: which syntect theme, folded to 16 colours or not. Cheap to copy.
#[derive(Debug, Clone, Copy, Default)]
pub struct Palette {
    theme: Option<&'static SyntectTheme>,
    ansi16: bool,
}

impl Palette {
    /// The code palette a UI theme asks for (none when it names no or an unknown theme).
    pub fn for_theme(theme: &Theme) -> Palette {
        let code = theme
            .syntect_theme
            .as_deref()
            .and_then(|name| themes().themes.get(name));
        if theme.syntect_theme.is_some() && code.is_none() {
            tracing::warn!(theme = ?theme.syntect_theme, "unknown syntect theme; code stays plain");
        }
        Palette {
            theme: code,
            ansi16: theme.ansi16,
        }
    }

    /// A highlighter for a file path (by extension), if code is coloured and the type known.
    pub fn for_path(&self, path: &str) -> Option<CodeHighlighter> {
        let extension = path.rsplit('.').next().unwrap_or(path);
        let name = path.rsplit('/').next().unwrap_or(path);
        let syntax = syntaxes()
            .find_syntax_by_extension(extension)
            .or_else(|| syntaxes().find_syntax_by_extension(name));
        self.start(syntax?)
    }

    /// A highlighter for a fenced block's language tag (`rust`, `py`, …).
    pub fn for_language(&self, language: &str) -> Option<CodeHighlighter> {
        if language.is_empty() {
            return None;
        }
        let syntax = syntaxes()
            .find_syntax_by_token(language)
            .or_else(|| syntaxes().find_syntax_by_extension(language));
        self.start(syntax?)
    }

    fn start(&self, syntax: &'static SyntaxReference) -> Option<CodeHighlighter> {
        let theme = self.theme?;
        Some(CodeHighlighter {
            lines: HighlightLines::new(syntax, theme),
            ansi16: self.ansi16,
        })
    }
}

/// Colours consecutive lines of one piece of code, keeping parser state between lines.
pub struct CodeHighlighter {
    lines: HighlightLines<'static>,
    ansi16: bool,
}

impl CodeHighlighter {
    /// Colours one line (given without its newline).
    pub fn line(&mut self, text: &str) -> Vec<Span<'static>> {
        let with_newline = format!("{text}\n");
        let Ok(regions) = self.lines.highlight_line(&with_newline, syntaxes()) else {
            return vec![Span::raw(text.to_string())];
        };
        regions
            .into_iter()
            .filter_map(|(style, piece)| {
                let piece = piece.strip_suffix('\n').unwrap_or(piece);
                (!piece.is_empty()).then(|| Span::styled(piece.to_string(), self.convert(style)))
            })
            .collect()
    }

    fn convert(&self, style: syntect::highlighting::Style) -> Style {
        let fg = Color::Rgb(style.foreground.r, style.foreground.g, style.foreground.b);
        let fg = if self.ansi16 { fold_to_ansi16(fg) } else { fg };
        let mut converted = Style::default().fg(fg);
        if style.font_style.contains(FontStyle::BOLD) {
            converted = converted.add_modifier(Modifier::BOLD);
        }
        if style.font_style.contains(FontStyle::ITALIC) {
            converted = converted.add_modifier(Modifier::ITALIC);
        }
        if style.font_style.contains(FontStyle::UNDERLINE) {
            converted = converted.add_modifier(Modifier::UNDERLINED);
        }
        converted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_code_gets_several_colours_and_keeps_its_text() {
        let palette = Palette::for_theme(&Theme::load("dark", false).unwrap());
        let mut code = palette.for_path("src/main.rs").unwrap();
        let spans = code.line("fn main() { let x = \"hi\"; }");
        let text: String = spans.iter().map(|span| span.content.as_ref()).collect();
        assert_eq!(text, "fn main() { let x = \"hi\"; }");
        let colours: std::collections::HashSet<_> = spans.iter().map(|s| s.style.fg).collect();
        assert!(colours.len() > 2, "{spans:?}");
    }

    #[test]
    fn no_color_and_unknown_types_give_no_highlighter() {
        let plain = Palette::for_theme(&Theme::load("dark", true).unwrap());
        assert!(plain.for_path("a.rs").is_none());
        let coloured = Palette::for_theme(&Theme::load("dark", false).unwrap());
        assert!(coloured.for_path("notes.unknownext").is_none());
        assert!(coloured.for_language("python").is_some());
    }

    #[test]
    fn ansi16_palette_emits_no_rgb() {
        let palette = Palette::for_theme(&Theme::load("ansi16", false).unwrap());
        let mut code = palette.for_language("rust").unwrap();
        let spans = code.line("pub struct A { b: u8 }");
        assert!(
            spans
                .iter()
                .all(|s| !matches!(s.style.fg, Some(Color::Rgb(..))))
        );
    }
}
