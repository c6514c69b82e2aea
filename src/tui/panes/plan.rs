//! The architect's plan, in the diff pane's place while it waits for a decision: `y`
//! sends it to the editor model, `e` edits it here (Ctrl-S keeps and sends, Esc goes
//! back to the plan as written), `n` drops it. The engine owns the waiting; this pane
//! only shows the plan and sends one decision.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use ratatui_textarea::TextArea;

use crate::protocol::{Op, PlanDecision, PlanId};
use crate::text::printable;
use crate::tui::app_event::AppEvent;
use crate::tui::highlight::Palette;
use crate::tui::keymap::Action;
use crate::tui::markdown::MarkdownRenderer;
use crate::tui::pane::{Component, DrawContext, Handled};
use crate::tui::theme::Styles;

/// A plan on screen.
struct Shown {
    id: PlanId,
    text: String,
    editor: Option<TextArea<'static>>,
    scroll: u16,
}

/// The plan pane.
pub struct PlanPane {
    palette: Palette,
    styles: Styles,
    plan: Option<Shown>,
}

impl PlanPane {
    /// A pane with no plan.
    pub fn new(palette: Palette, styles: Styles) -> PlanPane {
        PlanPane {
            palette,
            styles,
            plan: None,
        }
    }

    /// Shows a plan that waits for a decision.
    pub fn show(&mut self, id: PlanId, text: String) {
        self.plan = Some(Shown {
            id,
            text,
            editor: None,
            scroll: 0,
        });
    }

    /// The plan was decided or the turn ended: nothing waits any more.
    pub fn close(&mut self) {
        self.plan = None;
    }

    /// A plan waits for a decision.
    pub fn is_open(&self) -> bool {
        self.plan.is_some()
    }

    /// The plan is being edited (the editor takes the keys).
    pub fn is_editing(&self) -> bool {
        self.plan.as_ref().is_some_and(|plan| plan.editor.is_some())
    }

    fn decide(&mut self, decision: PlanDecision, bus: &mut Vec<AppEvent>) {
        if let Some(plan) = self.plan.take() {
            bus.push(AppEvent::Send(Op::PlanDecide {
                plan: plan.id,
                decision,
            }));
        }
    }

    /// A key of the diff context while the plan shows; `false` when it has no use here.
    pub fn on_action(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> bool {
        let Some(plan) = self.plan.as_mut() else {
            return false;
        };
        match action {
            Action::Accept | Action::FinishReview => self.decide(PlanDecision::Send, bus),
            Action::Reject => self.decide(PlanDecision::Drop, bus),
            Action::EditBlock => {
                let mut textarea = TextArea::from(plan.text.lines().map(str::to_string));
                textarea.set_cursor_line_style(Style::default());
                textarea.set_cursor_style(Style::default().add_modifier(Modifier::REVERSED));
                // The pane's title names the editor's keys.
                plan.editor = Some(textarea);
                bus.push(AppEvent::Flash("Editing the plan.".into()));
            }
            Action::Up | Action::PrevBlock => plan.scroll = plan.scroll.saturating_sub(1),
            Action::Down | Action::NextBlock => plan.scroll = plan.scroll.saturating_add(1),
            Action::PageUp => plan.scroll = plan.scroll.saturating_sub(10),
            Action::PageDown => plan.scroll = plan.scroll.saturating_add(10),
            Action::Top => plan.scroll = 0,
            _ => return false,
        }
        true
    }

    /// A key while the plan is being edited, with the editor keymap's action for it:
    /// `Keep` keeps and sends, `Cancel` cancels the edit (the plan stays, waiting), the
    /// rest edits.
    pub fn editor_key(&mut self, key: KeyEvent, action: Option<Action>, bus: &mut Vec<AppEvent>) {
        let Some(plan) = self.plan.as_mut() else {
            return;
        };
        let Some(editor) = plan.editor.as_mut() else {
            return;
        };
        match action {
            Some(Action::Cancel) => {
                plan.editor = None;
                bus.push(AppEvent::Flash(
                    "Edit cancelled: the plan is as the architect wrote it".into(),
                ));
            }
            Some(Action::Keep) => {
                let mut text = editor.lines().join("\n");
                if plan.text.ends_with('\n') {
                    text.push('\n');
                }
                let decision = if text == plan.text {
                    PlanDecision::Send
                } else {
                    PlanDecision::SendEdited { text }
                };
                self.decide(decision, bus);
            }
            _ => {
                editor.input(key);
            }
        }
    }

    /// Draws the plan (or its editor).
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let styles = context.styles;
        let Some(plan) = &self.plan else {
            return;
        };
        let note = if plan.editor.is_some() {
            format!("editing · {}", context.hints.plan_editor)
        } else {
            context.hints.plan.clone()
        };
        let block = context.block("Plan", Some(note));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if let Some(editor) = &plan.editor {
            frame.render_widget(editor, inner);
            return;
        }
        let [body, hint] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(inner);
        let mut renderer = MarkdownRenderer::new(self.palette, &self.styles, styles.text);
        let mut rendered: Vec<_> = printable(&plan.text)
            .lines()
            .flat_map(|line| renderer.push_line(line))
            .collect();
        rendered.extend(renderer.finish());
        let lines: Vec<Line> = rendered.into_iter().map(|rendered| rendered.line).collect();
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((plan.scroll, 0)),
            body,
        );
        frame.render_widget(
            Paragraph::new(Line::styled(
                "The editor model has not run yet: nothing changes until you send the plan.",
                styles.dim,
            )),
            hint,
        );
    }
}

impl Component for PlanPane {
    fn title(&self) -> &'static str {
        "Plan"
    }

    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext) {
        PlanPane::draw(self, frame, area, *context);
    }

    fn handle(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> Handled {
        self.on_action(action, bus).into()
    }

    fn awaits_decision(&self) -> bool {
        self.is_open()
    }

    fn editing(&self) -> bool {
        self.is_editing()
    }

    fn editor_key(&mut self, key: KeyEvent, action: Option<Action>, bus: &mut Vec<AppEvent>) {
        PlanPane::editor_key(self, key, action, bus);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    use super::*;
    use crate::tui::keymap::{KeyContext, Keymap};
    use crate::tui::theme::Theme;

    fn pane() -> PlanPane {
        let theme = Theme::default();
        let mut pane = PlanPane::new(Palette::for_theme(&theme), theme.styles.clone());
        pane.show(7, "1. Rename greet.\n2. Return wave.\n".into());
        pane
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// A key into the plan's editor, read as the app reads it.
    fn type_key(pane: &mut PlanPane, key: KeyEvent, bus: &mut Vec<AppEvent>) {
        let action = Keymap::default().own_action(KeyContext::Editor, &key);
        pane.editor_key(key, action, bus);
    }

    use crate::tui::app_event::sent_ops as sent;

    #[test]
    fn an_edit_kept_with_ctrl_s_sends_the_edited_plan() {
        let mut pane = pane();
        let mut bus = Vec::new();
        assert!(pane.on_action(Action::EditBlock, &mut bus));
        assert!(pane.is_editing());
        type_key(&mut pane, key(KeyCode::End), &mut bus);
        for c in " now".chars() {
            type_key(&mut pane, key(KeyCode::Char(c)), &mut bus);
        }
        let ctrl_s = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL);
        type_key(&mut pane, ctrl_s, &mut bus);
        assert!(!pane.is_open());
        assert_eq!(
            sent(&bus),
            [Op::PlanDecide {
                plan: 7,
                decision: PlanDecision::SendEdited {
                    text: "1. Rename greet. now\n2. Return wave.\n".into()
                }
            }]
        );
    }

    #[test]
    fn esc_leaves_the_plan_waiting_and_n_drops_it() {
        let mut pane = pane();
        let mut bus = Vec::new();
        pane.on_action(Action::EditBlock, &mut bus);
        type_key(&mut pane, key(KeyCode::Char('x')), &mut bus);
        type_key(&mut pane, key(KeyCode::Esc), &mut bus);
        assert!(pane.is_open() && !pane.is_editing());
        assert!(sent(&bus).is_empty());
        pane.on_action(Action::Reject, &mut bus);
        assert_eq!(
            sent(&bus),
            [Op::PlanDecide {
                plan: 7,
                decision: PlanDecision::Drop
            }]
        );
    }
}
