//! Colour themes: TOML files in `themes/` (built in: dark, light, ansi16), chosen by
//! name or by path, each naming the syntect theme that colours code.
//!
//! A theme file may `inherits = "dark"` and list only the styles it changes. With
//! `NO_COLOR` set, every colour is dropped and only bold/reverse/underline remain.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// The built-in themes, by name.
const BUILT_IN: [(&str, &str); 3] = [
    ("dark", include_str!("../../themes/dark.toml")),
    ("light", include_str!("../../themes/light.toml")),
    ("ansi16", include_str!("../../themes/ansi16.toml")),
];

/// Why a theme could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ThemeError {
    #[error("no theme named {0:?} (built in: dark, light, ansi16; or give a path to a .toml file)")]
    NotFound(String),
    #[error("cannot read theme file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("theme {name}: {source}")]
    Parse {
        name: String,
        source: toml::de::Error,
    },
    #[error("theme {name}: style {key}: unknown colour {value:?}")]
    Colour {
        name: String,
        key: &'static str,
        value: String,
    },
    #[error("theme {0}: `inherits` goes round in a circle")]
    InheritsCycle(String),
}

/// One style as written in a theme file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct StyleSpec {
    fg: Option<String>,
    bg: Option<String>,
    #[serde(default)]
    bold: bool,
    #[serde(default)]
    italic: bool,
    #[serde(default)]
    dim: bool,
    #[serde(default)]
    underline: bool,
    #[serde(default)]
    reversed: bool,
}

/// Declares the named styles once: the file table (every key optional) and the
/// resolved set (every key present).
macro_rules! style_keys {
    ($($(#[doc = $doc:literal])* $key:ident),* $(,)?) => {
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct StyleTable {
            $($key: Option<StyleSpec>,)*
        }

        /// Every style the panes use, resolved.
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct Styles {
            $($(#[doc = $doc])* pub $key: Style,)*
        }

        impl Styles {
            fn patch(&mut self, name: &str, table: &StyleTable) -> Result<(), ThemeError> {
                $(if let Some(spec) = &table.$key {
                    self.$key = resolve(name, stringify!($key), spec)?;
                })*
                Ok(())
            }

            fn map(&mut self, change: impl Fn(Style) -> Style) {
                $(self.$key = change(self.$key);)*
            }
        }
    };
}

style_keys! {
    /// Ordinary text.
    text,
    /// Secondary text, hints.
    dim,
    /// Pane borders.
    border,
    /// The focused pane's border.
    border_focused,
    /// Pane titles.
    title,
    /// The selected row of a list.
    selection,
    /// The user's messages.
    user,
    /// The model's replies.
    assistant,
    /// Markdown headings.
    heading,
    /// `inline code`.
    code_inline,
    /// Code fence lines.
    fence,
    /// SEARCH/REPLACE markers.
    marker,
    /// Info notices.
    info,
    /// Warnings.
    warn,
    /// Errors.
    error,
    /// Added-line sign and numbers.
    added,
    /// Removed-line sign and numbers.
    removed,
    /// Background of an added line.
    added_line,
    /// Background of a removed line.
    removed_line,
    /// The words an added line changed in the line it replaced.
    added_word,
    /// The words a removed line lost to the line that replaced it.
    removed_word,
    /// Hunk headers.
    hunk,
    /// An accepted block.
    accepted,
    /// A rejected block.
    rejected,
    /// An undecided block.
    pending,
    /// The status bar.
    status,
    /// Highlighted parts of the status bar.
    status_accent,
    /// A tab title (small terminals).
    tab,
    /// The current tab title.
    tab_selected,
}

/// A theme file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    name: Option<String>,
    inherits: Option<String>,
    syntect_theme: Option<String>,
    ansi16: Option<bool>,
    #[serde(default)]
    styles: StyleTable,
}

/// A loaded theme.
#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    pub name: String,
    /// The syntect theme for code, if code is coloured at all.
    pub syntect_theme: Option<String>,
    /// Fold every colour onto the 16 basic terminal colours.
    pub ansi16: bool,
    /// `NO_COLOR`: no colours, only text attributes.
    pub no_color: bool,
    pub styles: Styles,
}

impl Default for Theme {
    fn default() -> Self {
        // The built-in dark theme parses (tested); fall back to plain styles regardless.
        Theme::load("dark", false).unwrap_or_else(|_| Theme {
            name: "plain".into(),
            syntect_theme: None,
            ansi16: false,
            no_color: false,
            styles: Styles::default(),
        })
    }
}

impl Theme {
    /// Loads a built-in theme by name, or a theme file by path; `no_color` drops colours.
    pub fn load(name_or_path: &str, no_color: bool) -> Result<Theme, ThemeError> {
        let mut chain = Vec::new();
        let mut next = Some(name_or_path.to_string());
        while let Some(current) = next.take() {
            if chain.len() > 8 {
                return Err(ThemeError::InheritsCycle(name_or_path.to_string()));
            }
            let (label, text) = read_source(&current)?;
            let file: ThemeFile = toml::from_str(&text).map_err(|source| ThemeError::Parse {
                name: label.clone(),
                source,
            })?;
            next = file.inherits.clone();
            chain.push((label, file));
        }
        let mut theme = Theme {
            name: String::new(),
            syntect_theme: None,
            ansi16: false,
            no_color,
            styles: Styles::default(),
        };
        // Apply the most distant ancestor first so nearer files override it.
        for (label, file) in chain.iter().rev() {
            theme.name = file.name.clone().unwrap_or_else(|| label.clone());
            if let Some(syntect) = &file.syntect_theme {
                theme.syntect_theme = (syntect != "none").then(|| syntect.clone());
            }
            if let Some(ansi16) = file.ansi16 {
                theme.ansi16 = ansi16;
            }
            theme.styles.patch(label, &file.styles)?;
        }
        if theme.ansi16 {
            theme.styles.map(|style| Style {
                fg: style.fg.map(fold_to_ansi16),
                bg: style.bg.map(fold_to_ansi16),
                ..style
            });
        }
        if no_color {
            theme.syntect_theme = None;
            theme.styles.map(strip_colour);
        }
        Ok(theme)
    }

    /// Whether `NO_COLOR` is set to a non-empty value in this environment.
    pub fn no_color_from_env() -> bool {
        std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
    }

    /// The names of the built-in themes.
    pub fn built_in_names() -> Vec<&'static str> {
        BUILT_IN.iter().map(|(name, _)| *name).collect()
    }
}

/// Finds a theme's text: a built-in name or a file path.
fn read_source(name_or_path: &str) -> Result<(String, String), ThemeError> {
    if let Some((name, text)) = BUILT_IN.iter().find(|(name, _)| *name == name_or_path) {
        return Ok((name.to_string(), text.to_string()));
    }
    let path = Path::new(name_or_path);
    let looks_like_path = name_or_path.ends_with(".toml") || name_or_path.contains('/');
    if !looks_like_path {
        return Err(ThemeError::NotFound(name_or_path.to_string()));
    }
    let text = std::fs::read_to_string(path).map_err(|source| ThemeError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    Ok((path.display().to_string(), text))
}

fn resolve(name: &str, key: &'static str, spec: &StyleSpec) -> Result<Style, ThemeError> {
    let colour = |value: &Option<String>| -> Result<Option<Color>, ThemeError> {
        value
            .as_deref()
            .map(|text| {
                Color::from_str(text).map_err(|_| ThemeError::Colour {
                    name: name.to_string(),
                    key,
                    value: text.to_string(),
                })
            })
            .transpose()
    };
    let mut style = Style {
        fg: colour(&spec.fg)?,
        bg: colour(&spec.bg)?,
        ..Style::default()
    };
    let flags = [
        (spec.bold, Modifier::BOLD),
        (spec.italic, Modifier::ITALIC),
        (spec.dim, Modifier::DIM),
        (spec.underline, Modifier::UNDERLINED),
        (spec.reversed, Modifier::REVERSED),
    ];
    for (on, modifier) in flags {
        if on {
            style = style.add_modifier(modifier);
        }
    }
    Ok(style)
}

/// Drops colours, keeping attributes; a style that was only a background becomes reversed
/// so selections stay visible.
fn strip_colour(style: Style) -> Style {
    let had_background = matches!(style.bg, Some(colour) if colour != Color::Reset);
    let mut plain = Style {
        fg: None,
        bg: None,
        ..style
    };
    if had_background && style.fg.is_some() {
        plain = plain.add_modifier(Modifier::REVERSED);
    }
    plain
}

/// The 16 basic colours and their usual RGB values.
const ANSI16: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (205, 49, 49)),
    (Color::Green, (13, 188, 121)),
    (Color::Yellow, (229, 229, 16)),
    (Color::Blue, (36, 114, 200)),
    (Color::Magenta, (188, 63, 188)),
    (Color::Cyan, (17, 168, 205)),
    (Color::Gray, (229, 229, 229)),
    (Color::DarkGray, (102, 102, 102)),
    (Color::LightRed, (241, 76, 76)),
    (Color::LightGreen, (35, 209, 139)),
    (Color::LightYellow, (245, 245, 67)),
    (Color::LightBlue, (59, 142, 234)),
    (Color::LightMagenta, (214, 112, 214)),
    (Color::LightCyan, (41, 184, 219)),
    (Color::White, (255, 255, 255)),
];

/// Maps an RGB or indexed colour to the nearest of the 16 basic colours.
pub fn fold_to_ansi16(colour: Color) -> Color {
    let Color::Rgb(r, g, b) = colour else {
        return match colour {
            Color::Indexed(_) => Color::Reset,
            other => other,
        };
    };
    let distance = |(cr, cg, cb): (u8, u8, u8)| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(r, cr) + d(g, cg) + d(b, cb)
    };
    ANSI16
        .iter()
        .min_by_key(|(_, rgb)| distance(*rgb))
        .map_or(Color::Reset, |(colour, _)| *colour)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_theme_loads_and_names_a_known_syntect_theme() {
        let syntect = syntect::highlighting::ThemeSet::load_defaults();
        for name in Theme::built_in_names() {
            let theme = Theme::load(name, false).unwrap();
            assert_eq!(theme.name, name);
            let code = theme.syntect_theme.clone().unwrap();
            assert!(syntect.themes.contains_key(&code), "{name}: {code}");
        }
    }

    #[test]
    fn ansi16_theme_has_no_rgb_colours() {
        let theme = Theme::load("ansi16", false).unwrap();
        let debug = format!("{:?}", theme.styles);
        assert!(!debug.contains("Rgb"), "{debug}");
    }

    #[test]
    fn no_color_strips_every_colour_but_keeps_selection_visible() {
        let theme = Theme::load("dark", true).unwrap();
        let debug = format!("{:?}", theme.styles);
        assert!(!debug.contains("fg: Some"), "{debug}");
        assert!(!debug.contains("bg: Some"), "{debug}");
        assert!(
            theme
                .styles
                .selection
                .add_modifier
                .contains(Modifier::REVERSED)
        );
        assert_eq!(theme.syntect_theme, None);
    }

    #[test]
    fn a_theme_file_inherits_and_overrides() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mine.toml");
        std::fs::write(
            &path,
            "inherits = \"light\"\nname = \"mine\"\n[styles]\nuser = { fg = \"red\" }\n",
        )
        .unwrap();
        let theme = Theme::load(path.to_str().unwrap(), false).unwrap();
        let light = Theme::load("light", false).unwrap();
        assert_eq!(theme.name, "mine");
        assert_eq!(theme.styles.user.fg, Some(Color::Red));
        assert_eq!(theme.styles.added, light.styles.added);
        assert_eq!(theme.syntect_theme, light.syntect_theme);
    }

    #[test]
    fn unknown_names_keys_and_colours_are_errors() {
        assert!(matches!(
            Theme::load("neon", false),
            Err(ThemeError::NotFound(_))
        ));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.toml");
        std::fs::write(&path, "[styles]\nusr = { fg = \"red\" }\n").unwrap();
        assert!(matches!(
            Theme::load(path.to_str().unwrap(), false),
            Err(ThemeError::Parse { .. })
        ));
        std::fs::write(&path, "[styles]\nuser = { fg = \"reddish\" }\n").unwrap();
        assert!(matches!(
            Theme::load(path.to_str().unwrap(), false),
            Err(ThemeError::Colour { .. })
        ));
    }

    #[test]
    fn rgb_folds_to_the_nearest_basic_colour() {
        assert_eq!(fold_to_ansi16(Color::Rgb(250, 10, 10)), Color::Red);
        assert_eq!(fold_to_ansi16(Color::Rgb(240, 80, 80)), Color::LightRed);
        assert_eq!(fold_to_ansi16(Color::Rgb(0, 0, 0)), Color::Black);
        assert_eq!(fold_to_ansi16(Color::Cyan), Color::Cyan);
    }
}
