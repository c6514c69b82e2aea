//! The session's models: the main one, the weak one (commit messages, summaries) and
//! the editor (architect mode), each resolved from the model table and connected.

use std::sync::Arc;

use crate::config::Settings;
use crate::edit::EditFormat;
use crate::llm::{self, Connection, ModelSettings, Provider};
use crate::protocol::{Problem, ProblemKind};

/// One connected model.
#[derive(Clone)]
pub struct Model {
    /// The name as the user wrote it (or the default picked for them).
    pub name: String,
    pub settings: ModelSettings,
    pub provider: Arc<dyn Provider>,
}

/// The models a session uses, and why none can be called if that is so.
#[derive(Clone, Default)]
pub struct Models {
    pub main: Option<Model>,
    pub weak: Option<Model>,
    pub editor: Option<Model>,
    /// Why no main model can be called, and how to set one up.
    pub problem: Option<Problem>,
    /// Warnings met while resolving (unknown model, safe defaults used).
    pub warnings: Vec<String>,
}

/// The one line shown when no model is configured.
pub const NO_MODEL_HELP: &str = "No model is set up: export OPENAI_API_KEY or ANTHROPIC_API_KEY, or pass --model (e.g. --model openai/gpt-4o --api-key KEY), or run Ollama locally and pass --model ollama/qwen2.5-coder";

impl Models {
    /// Resolves and connects the models the settings name. Never fails: a problem
    /// with the main model is kept in `problem` so the session still starts.
    pub fn load(settings: &Settings) -> Models {
        let mut models = Models::default();
        let Some(main_name) = main_model_name(settings) else {
            models.problem = Some(Problem {
                kind: ProblemKind::NoModel,
                message: NO_MODEL_HELP.to_string(),
            });
            return models;
        };
        match connect_model(settings, &main_name) {
            Ok((model, warning)) => {
                models.warnings.extend(warning);
                models.main = Some(model);
            }
            Err(problem) => {
                models.problem = Some(problem);
                return models;
            }
        }
        models.weak = models.connect_helper(settings, settings.weak_model.clone(), |main| {
            main.weak_model.clone()
        });
        models.editor = models.connect_helper(settings, settings.editor_model.clone(), |main| {
            main.editor_model.clone()
        });
        models
    }

    /// Connects a helper model (weak or editor): the one the user named, else the one
    /// the main model's table entry suggests, else the main model itself.
    fn connect_helper(
        &mut self,
        settings: &Settings,
        named: Option<String>,
        suggested: impl Fn(&ModelSettings) -> Option<String>,
    ) -> Option<Model> {
        let main = self.main.as_ref()?;
        let name = named.or_else(|| suggested(&main.settings));
        let Some(name) = name.filter(|name| *name != main.name) else {
            return Some(main.clone());
        };
        match connect_model(settings, &name) {
            Ok((model, warning)) => {
                self.warnings.extend(warning);
                Some(model)
            }
            Err(problem) => {
                self.warnings
                    .push(format!("{}; using {} instead", problem.message, main.name));
                Some(main.clone())
            }
        }
    }

    /// The model for small jobs (commit messages, summaries): the weak model, else the
    /// main one.
    pub fn weak_or_main(&self) -> Option<&Model> {
        self.weak.as_ref().or(self.main.as_ref())
    }

    /// Replaces the main model (`/model`); the helpers follow it unless named.
    pub fn switch_main(&mut self, settings: &Settings, name: &str) -> Result<(), String> {
        let (model, warning) = connect_model(settings, name).map_err(|problem| problem.message)?;
        self.warnings.extend(warning);
        self.main = Some(model);
        self.problem = None;
        self.weak = self.connect_helper(settings, settings.weak_model.clone(), |main| {
            main.weak_model.clone()
        });
        self.editor = self.connect_helper(settings, settings.editor_model.clone(), |main| {
            main.editor_model.clone()
        });
        Ok(())
    }

    /// Replaces the weak model (`/weak-model`).
    pub fn switch_weak(&mut self, settings: &Settings, name: &str) -> Result<(), String> {
        let (model, warning) = connect_model(settings, name).map_err(|problem| problem.message)?;
        self.warnings.extend(warning);
        self.weak = Some(model);
        Ok(())
    }

    /// Replaces the editor model (`/editor-model`).
    pub fn switch_editor(&mut self, settings: &Settings, name: &str) -> Result<(), String> {
        let (model, warning) = connect_model(settings, name).map_err(|problem| problem.message)?;
        self.warnings.extend(warning);
        self.editor = Some(model);
        Ok(())
    }

    /// The edit format of the main model: the user's choice, else the table's.
    pub fn edit_format(&self, settings: &Settings) -> EditFormat {
        chosen_format(settings.edit_format.as_deref())
            .or_else(|| {
                self.main
                    .as_ref()
                    .and_then(|main| chosen_format(Some(&main.settings.edit_format)))
            })
            .unwrap_or(EditFormat::Diff)
    }

    /// The edit format the editor model writes in architect mode.
    pub fn editor_edit_format(&self, settings: &Settings) -> EditFormat {
        chosen_format(settings.editor_edit_format.as_deref())
            .or_else(|| {
                self.main
                    .as_ref()
                    .and_then(|main| main.settings.editor_edit_format.as_deref())
                    .and_then(|format| chosen_format(Some(format)))
            })
            .unwrap_or(EditFormat::Diff)
    }
}

fn chosen_format(name: Option<&str>) -> Option<EditFormat> {
    name.and_then(|name| name.parse().ok())
}

/// With no model named, the first key found picks its provider's usual coding model,
/// as Aider does.
const DEFAULT_MODELS: [(&str, &str); 5] = [
    ("ANTHROPIC_API_KEY", "sonnet"),
    ("DEEPSEEK_API_KEY", "deepseek"),
    (
        "OPENROUTER_API_KEY",
        "openrouter/anthropic/claude-sonnet-4.5",
    ),
    ("OPENAI_API_KEY", "gpt-4o"),
    ("GEMINI_API_KEY", "gemini"),
];

/// The main model's name: the setting, else a default for the key that is present.
fn main_model_name(settings: &Settings) -> Option<String> {
    if let Some(name) = settings
        .model
        .clone()
        .filter(|name| !name.trim().is_empty())
    {
        return Some(name);
    }
    DEFAULT_MODELS
        .iter()
        .find(|(variable, _)| settings.lookup_env(variable).is_some())
        .map(|(_, model)| model.to_string())
}

/// Resolves one model name and connects to its provider; errors are one line.
fn connect_model(settings: &Settings, name: &str) -> Result<(Model, Option<String>), Problem> {
    let (model_settings, warning) =
        llm::resolve_model(name, settings.model_settings_file.as_deref()).map_err(problem_of)?;
    let defaults = Connection::default();
    let connection = Connection {
        api_base: settings.api_base.clone(),
        api_key: settings
            .api_key
            .as_ref()
            .map(|key| key.expose().to_string()),
        stream: settings.stream,
        request_timeout: settings.request_timeout.unwrap_or(defaults.request_timeout),
        ..defaults
    };
    let provider = llm::connect(&model_settings, &connection, &|key: &str| {
        settings.lookup_env(key)
    })
    .map_err(problem_of)?;
    Ok((
        Model {
            name: name.to_string(),
            settings: model_settings,
            provider,
        },
        warning,
    ))
}

/// A provider error as a problem the front ends can tell apart.
fn problem_of(error: llm::LlmError) -> Problem {
    let kind = match &error {
        llm::LlmError::MissingKey { .. } => ProblemKind::MissingKey,
        llm::LlmError::InvalidModel { .. } => ProblemKind::UnknownModel,
        _ => ProblemKind::Other,
    };
    Problem {
        kind,
        message: error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_keys(keys: &[&str]) -> Settings {
        let mut settings = Settings {
            read_process_env: false,
            ..Settings::default()
        };
        for key in keys {
            settings.env.insert(key.to_string(), "x".to_string());
        }
        settings
    }

    #[test]
    fn the_first_key_found_picks_a_default_model_and_a_named_model_wins() {
        assert_eq!(main_model_name(&with_keys(&[])), None);
        let both = with_keys(&["OPENAI_API_KEY", "ANTHROPIC_API_KEY"]);
        assert_eq!(main_model_name(&both).as_deref(), Some("sonnet"));
        let router = with_keys(&["OPENROUTER_API_KEY"]);
        assert_eq!(
            main_model_name(&router).as_deref(),
            Some("openrouter/anthropic/claude-sonnet-4.5")
        );
        let mut named = with_keys(&["ANTHROPIC_API_KEY"]);
        named.model = Some("gpt-4o".into());
        assert_eq!(main_model_name(&named).as_deref(), Some("gpt-4o"));
        // Every default resolves to a model the table knows.
        for (_, model) in DEFAULT_MODELS {
            let (_, warning) = llm::resolve_model(model, None).unwrap();
            assert!(warning.is_none(), "{model}: {warning:?}");
        }
    }
}
