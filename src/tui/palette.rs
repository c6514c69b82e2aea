//! The command palette (`Ctrl-P`, `F1`, `?`): every slash command from the registry and
//! every key from the keymap in force, filtered as you type. Descriptions wrap; none is
//! cut. Enter on a command runs it (or puts it in the message box when it takes an
//! argument).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::keymap::{Action, KeyContext, Keymap};
use super::theme::Styles;
use crate::protocol::{Argument, COMMANDS, Command};

/// One row of the palette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The group it is listed under: "commands" or a key context's name.
    pub group: &'static str,
    /// What is typed or pressed: `/add PATH...`, `Ctrl-C`.
    pub label: String,
    pub help: &'static str,
    /// The command a choice runs; `None` for a key.
    pub command: Option<Command>,
}

/// The palette's state: the query, the rows it matches, the highlight.
#[derive(Debug, Default)]
pub struct CommandPalette {
    pub query: String,
    selected: usize,
    entries: Vec<Entry>,
    matches: Vec<usize>,
}

/// What choosing a row does.
#[derive(Debug, PartialEq, Eq)]
pub enum Choice {
    /// Send this command line as typed.
    Run(String),
    /// Put this text in the message box for the user to finish.
    Fill(String),
}

impl CommandPalette {
    /// The palette over the registry and `keymap`, nothing typed.
    pub fn new(keymap: &Keymap) -> CommandPalette {
        let mut entries: Vec<Entry> = COMMANDS
            .iter()
            .map(|row| Entry {
                group: "commands",
                label: if row.usage.is_empty() {
                    format!("/{}", row.name)
                } else {
                    format!("/{} {}", row.name, row.usage)
                },
                help: row.help,
                command: Some(row.command),
            })
            .collect();
        for context in KeyContext::ALL {
            for (keys, help) in keymap.help_rows(context) {
                entries.push(Entry {
                    group: context.name(),
                    label: keys,
                    help,
                    command: None,
                });
            }
        }
        let mut palette = CommandPalette {
            entries,
            ..CommandPalette::default()
        };
        palette.update();
        palette
    }

    /// The query changed: keeps the rows whose every word is in the label or the help.
    pub fn update(&mut self) {
        let words: Vec<String> = self
            .query
            .split_whitespace()
            .map(str::to_lowercase)
            .collect();
        self.matches = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, entry)| {
                let haystack =
                    format!("{} {} {}", entry.label, entry.help, entry.group).to_lowercase();
                words.iter().all(|word| haystack.contains(word.as_str()))
            })
            .map(|(index, _)| index)
            .collect();
        // Rows whose label has the words (the command typed) before rows whose help does.
        let entries = &self.entries;
        self.matches.sort_by_key(|index| {
            let label = entries[*index].label.to_lowercase();
            !words.iter().all(|word| label.contains(word.as_str()))
        });
        self.selected = self.selected.min(self.matches.len().saturating_sub(1));
    }

    /// Types a character into the query.
    pub fn push(&mut self, c: char) {
        self.query.push(c);
        self.selected = 0;
        self.update();
    }

    /// Deletes the query's last character.
    pub fn pop(&mut self) {
        self.query.pop();
        self.update();
    }

    /// Moves the highlight.
    pub fn move_by(&mut self, step: isize) {
        let last = self.matches.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(step).min(last);
    }

    /// The rows that match, in order.
    pub fn matching(&self) -> impl Iterator<Item = &Entry> {
        self.matches
            .iter()
            .filter_map(|index| self.entries.get(*index))
    }

    /// What Enter on the highlighted row does; `None` for a key's row.
    pub fn choice(&self) -> Option<Choice> {
        let entry = self
            .matches
            .get(self.selected)
            .and_then(|i| self.entries.get(*i))?;
        let spec = entry.command?.spec();
        let line = format!("/{}", spec.name);
        Some(if spec.argument == Argument::None {
            Choice::Run(line)
        } else {
            Choice::Fill(format!("{line} "))
        })
    }
}

/// A centred rectangle of at most `width`×`height`.
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// Draws the palette: the query, then the matching rows, each description wrapped
/// under its own column so none is cut.
pub fn draw_palette(
    frame: &mut Frame,
    area: Rect,
    palette: &CommandPalette,
    keymap: &Keymap,
    styles: &Styles,
) {
    let rect = centred(area, 100, area.height.saturating_sub(2));
    frame.render_widget(Clear, rect);
    let list = KeyContext::List;
    let title = format!(
        " Commands and keys — type to filter · {} runs · {} closes ",
        keymap.key_label(list, Action::Choose),
        keymap.key_label(list, Action::Close),
    );
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(styles.border_focused)
        .title(Span::styled(title, styles.title));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [query_area, list_area] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(inner);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled("› ", styles.user),
            Span::styled(palette.query.clone(), styles.text),
            Span::styled("█", styles.dim),
        ])),
        query_area,
    );
    let width = usize::from(list_area.width);
    let label_width = palette
        .matching()
        .map(|entry| super::cells::width(&entry.label))
        .max()
        .unwrap_or(8)
        .min(28)
        .min(width / 2)
        .max(1);
    let help_width = width.saturating_sub(label_width + 3).max(10);
    // Each row as its lines, so scrolling keeps the highlighted row whole on screen.
    let mut rows: Vec<Vec<Line>> = Vec::new();
    let mut group = "";
    for (index, entry) in palette.matching().enumerate() {
        let mut lines = Vec::new();
        if entry.group != group {
            group = entry.group;
            lines.push(Line::styled(group.to_string(), styles.heading));
        }
        // A mark as well as the colour, for terminals (and readers) without colour.
        let (style, mark) = if index == palette.selected {
            (styles.text.patch(styles.selection), '▸')
        } else {
            (styles.text, ' ')
        };
        let label_lines = textwrap::wrap(&entry.label, label_width);
        let help_lines = textwrap::wrap(entry.help, help_width);
        for line in 0..label_lines.len().max(help_lines.len()) {
            let label = label_lines.get(line).map_or("", |text| text.as_ref());
            let help = help_lines.get(line).map_or("", |text| text.as_ref());
            let mark = if line == 0 { mark } else { ' ' };
            lines.push(Line::from(vec![
                Span::styled(format!("{mark}{label:<label_width$}  "), styles.code_inline),
                Span::styled(help.to_string(), style),
            ]));
        }
        rows.push(lines);
    }
    let height = usize::from(list_area.height);
    // Skip whole rows until the highlighted one ends on screen.
    let mut skip = 0;
    let through_selected: usize = rows.iter().take(palette.selected + 1).map(Vec::len).sum();
    while skip < rows.len()
        && through_selected - rows.iter().take(skip).map(Vec::len).sum::<usize>() > height
    {
        skip += 1;
    }
    let mut lines: Vec<Line> = rows.into_iter().skip(skip).flatten().collect();
    if lines.is_empty() {
        lines.push(Line::styled("Nothing matches.", styles.dim));
    }
    frame.render_widget(Paragraph::new(lines), list_area);
}

/// Lists the commands whose names start with `typed` (`/co`) at the bottom of `area`,
/// each with its usage and help: what Tab would complete to, from the registry.
pub fn draw_command_hints(frame: &mut Frame, area: Rect, typed: &str, styles: &Styles) {
    let name = typed.trim_start_matches('/');
    let rows: Vec<&crate::protocol::CommandSpec> = COMMANDS
        .iter()
        .filter(|row| row.name.starts_with(name))
        .collect();
    if rows.is_empty() || area.height < 3 {
        return;
    }
    let width = area.width.min(100);
    let inner_width = usize::from(width.saturating_sub(2));
    let label_width = rows
        .iter()
        .map(|row| row.name.len() + row.usage.len() + 2)
        .max()
        .unwrap_or(8)
        .min(inner_width / 2);
    let room = inner_width.saturating_sub(label_width + 1).max(10);
    let mut lines: Vec<Line> = Vec::new();
    for row in rows {
        let label = format!("/{} {}", row.name, row.usage);
        // Wrapped, never cut, as in the palette.
        for (index, help) in textwrap::wrap(row.help, room).iter().enumerate() {
            let label = if index == 0 { label.as_str() } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!("{label:<label_width$} "), styles.code_inline),
                Span::styled(help.to_string(), styles.dim),
            ]));
        }
    }
    let wanted = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    let height = wanted.min(area.height).min(14);
    let rect = Rect {
        x: area.x,
        y: area.y + area.height - height,
        width,
        height,
    };
    frame.render_widget(Clear, rect);
    let hidden = lines.len() > usize::from(height.saturating_sub(2));
    let title = if hidden {
        " Commands (more below: keep typing) ".to_string()
    } else {
        " Commands ".to_string()
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(styles.border)
        .title(Span::styled(title, styles.title));
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_filters_commands_and_keys_alike() {
        let mut palette = CommandPalette::new(&Keymap::default());
        let all = palette.matching().count();
        assert!(all > COMMANDS.len(), "commands and keys");
        for c in "commit".chars() {
            palette.push(c);
        }
        let labels: Vec<&str> = palette.matching().map(|e| e.label.as_str()).collect();
        assert_eq!(labels.first(), Some(&"/commit [MESSAGE]"), "{labels:?}");
        assert!(labels.len() < all);
        assert_eq!(palette.choice(), Some(Choice::Fill("/commit ".into())));
        palette.query = "redraw".into();
        palette.update();
        let keys: Vec<&str> = palette.matching().map(|e| e.label.as_str()).collect();
        assert_eq!(keys, ["Ctrl-L"]);
        assert_eq!(palette.choice(), None, "a key's row runs nothing");
    }

    #[test]
    fn a_command_without_an_argument_runs_at_once() {
        let mut palette = CommandPalette::new(&Keymap::default());
        palette.query = "tokens".into();
        palette.update();
        assert_eq!(palette.choice(), Some(Choice::Run("/tokens".into())));
    }
}
