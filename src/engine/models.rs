//! The session's models: the main one, the weak one (commit messages, summaries) and
//! the editor (architect mode), each resolved from the model table and connected.

use std::sync::Arc;

use crate::config::{Secret, Settings};
use crate::edit::EditFormat;
use crate::llm::{
    self, Connection, ModelCatalog, ModelFile, ModelFileKind, ModelSettings, Provider,
};
use crate::protocol::{Problem, ProblemKind};

use super::session_keys::{SessionKeys, key_target};

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
    /// What the model files set that is not obeyed, said once at start.
    pub notices: Vec<String>,
    /// The model tables with the user's files laid over them, read once.
    catalog: ModelCatalog,
    /// Keys typed with `/key` this session; they win over the environment and
    /// `--api-key` for their provider's models.
    pub keys: SessionKeys,
    /// A switch refused for want of a key, done once `/key` gives it.
    pending: Option<PendingSwitch>,
    /// The provider `--api-base` and a bare `--api-key` are for: the one the main
    /// model named at start (or picked by default) goes to. Other providers never get them.
    flags_provider: Option<&'static str>,
    /// The formats the main and the editor model write edits in: chosen for the models
    /// by [`Models::follow_formats`], or restored from a saved session.
    formats: EditFormats,
}

/// The edit formats of a session's models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct EditFormats {
    main: EditFormat,
    editor: EditFormat,
}

impl Default for EditFormats {
    fn default() -> Self {
        EditFormats {
            main: EditFormat::Diff,
            editor: EditFormat::Diff,
        }
    }
}

/// Which of the session's models a switch replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Main,
    Weak,
    Editor,
}

impl Slot {
    /// The command that switches it.
    fn command(self) -> &'static str {
        match self {
            Slot::Main => "/model",
            Slot::Weak => "/weak-model",
            Slot::Editor => "/editor-model",
        }
    }
}

/// A `/model NAME` waiting for its provider's key.
#[derive(Debug, Clone)]
struct PendingSwitch {
    slot: Slot,
    name: String,
    provider: String,
}

/// What giving a key changed.
#[derive(Debug, Default)]
pub struct KeyGiven {
    /// The provider, as the table spells it.
    pub provider: &'static str,
    /// The models connected again (or for the first time) with the key.
    pub connected: Vec<String>,
    /// The waiting switch it completed (`/model`, `gpt-4o`).
    pub switched: Option<(&'static str, String)>,
}

/// The one line shown when no model is configured.
pub const NO_MODEL_HELP: &str = "No model is set up: export OPENAI_API_KEY or ANTHROPIC_API_KEY, or pass --model (e.g. --model openai/gpt-4o --api-key KEY), or run Ollama locally and pass --model ollama/qwen2.5-coder";

impl Models {
    /// Resolves and connects the models the settings name. Never fails: a problem
    /// with the main model is kept in `problem` so the session still starts.
    pub fn load(settings: &Settings) -> Models {
        Models::load_with(settings, SessionKeys::default())
    }

    /// [`Models::load`] with the keys given this session.
    fn load_with(settings: &Settings, keys: SessionKeys) -> Models {
        let mut models = Models {
            keys,
            ..Models::default()
        };
        match catalog_of(settings) {
            Ok(catalog) => {
                models.notices = catalog.notices().to_vec();
                models.catalog = catalog;
            }
            Err(error) => {
                models.problem = Some(problem_of(error));
                return models;
            }
        }
        let main_name = main_model_name(settings, &models.keys);
        models.flags_provider = main_name
            .as_deref()
            .and_then(|name| flags_provider(&models.catalog, name));
        let Some(main_name) = main_name else {
            models.problem = Some(Problem {
                kind: ProblemKind::NoModel,
                message: NO_MODEL_HELP.to_string(),
                key_provider: None,
            });
            return models;
        };
        match connect_model(settings, &models.catalog, &models.reach(), &main_name) {
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
        match connect_model(settings, &self.catalog, &self.reach(), &name) {
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

    /// The keys and flags a model is connected with.
    fn reach(&self) -> Reach<'_> {
        Reach {
            keys: &self.keys,
            flags_provider: self.flags_provider,
        }
    }

    /// The provider `--api-base` and a bare `--api-key` are for (`openai`, `ollama`, …):
    /// the main model's as the settings named it; `None` when no main model was named.
    pub fn flags_provider(&self) -> Option<&'static str> {
        self.flags_provider
    }

    /// The model for small jobs (commit messages, summaries): the weak model, else the
    /// main one.
    pub fn weak_or_main(&self) -> Option<&Model> {
        self.weak.as_ref().or(self.main.as_ref())
    }

    /// Replaces the main model (`/model`); the helpers follow it unless named.
    pub fn switch_main(&mut self, settings: &Settings, name: &str) -> Result<(), String> {
        self.switch(Slot::Main, settings, name)
    }

    /// Replaces the weak model (`/weak-model`).
    pub fn switch_weak(&mut self, settings: &Settings, name: &str) -> Result<(), String> {
        self.switch(Slot::Weak, settings, name)
    }

    /// Replaces the editor model (`/editor-model`).
    pub fn switch_editor(&mut self, settings: &Settings, name: &str) -> Result<(), String> {
        self.switch(Slot::Editor, settings, name)
    }

    /// Connects `name` into `slot`. Refused for want of a key, the switch waits for
    /// `/key`, and the answer says every way to give one.
    fn switch(&mut self, slot: Slot, settings: &Settings, name: &str) -> Result<(), String> {
        let (model, warning) = match connect_model(settings, &self.catalog, &self.reach(), name) {
            Ok(connected) => connected,
            Err(problem) => return Err(self.wait_for_key(slot, name, problem)),
        };
        self.pending = None;
        self.warnings.extend(warning);
        match slot {
            Slot::Main => {
                self.main = Some(model);
                self.problem = None;
                self.weak = self.connect_helper(settings, settings.weak_model.clone(), |main| {
                    main.weak_model.clone()
                });
                self.editor =
                    self.connect_helper(settings, settings.editor_model.clone(), |main| {
                        main.editor_model.clone()
                    });
            }
            Slot::Weak => self.weak = Some(model),
            Slot::Editor => self.editor = Some(model),
        }
        Ok(())
    }

    /// The answer to a refused switch; one refused for want of a key is kept to do
    /// once `/key` gives it.
    fn wait_for_key(&mut self, slot: Slot, name: &str, problem: Problem) -> String {
        let Some(provider) = problem.key_provider else {
            return problem.message;
        };
        let variable = key_target(&provider).map_or("its API key variable", |(_, var)| var);
        let command = slot.command();
        let message = format!(
            "{name} needs an API key for {provider} and none is set: export {variable} (or put it in .env), pass --api-key {provider}=KEY, or type /key {provider} to give it for this session; {command} {name} follows once it is set"
        );
        self.pending = Some(PendingSwitch {
            slot,
            name: name.to_string(),
            provider,
        });
        message
    }

    /// Keeps a key typed with `/key` for this session and connects what it opens: the
    /// models of that provider again, a switch that waited for it, or, when no main
    /// model could be called, the whole set as at start.
    pub fn give_key(
        &mut self,
        settings: &Settings,
        provider: &str,
        key: Secret,
    ) -> Result<KeyGiven, String> {
        let (provider, variable) = key_target(provider)?;
        self.keys.insert(variable, key);
        let mut given = KeyGiven {
            provider,
            connected: self.reconnect(settings, variable),
            switched: None,
        };
        if let Some(pending) = self.pending.take_if(|pending| pending.provider == provider)
            && self.switch(pending.slot, settings, &pending.name).is_ok()
        {
            given.switched = Some((pending.slot.command(), pending.name));
        }
        if self.main.is_none() {
            let reloaded = Models::load_with(settings, std::mem::take(&mut self.keys));
            *self = reloaded;
            given
                .connected
                .extend(self.main.iter().map(|main| main.name.clone()));
        }
        Ok(given)
    }

    /// Connects the models whose provider keeps its key in `variable` again; returns
    /// their names.
    fn reconnect(&mut self, settings: &Settings, variable: &str) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let catalog = &self.catalog;
        let reach = Reach {
            keys: &self.keys,
            flags_provider: self.flags_provider,
        };
        for slot in [&mut self.main, &mut self.weak, &mut self.editor] {
            let Some(model) = slot.as_mut() else { continue };
            if llm::key_variable(&model.settings) != Some(variable) {
                continue;
            }
            // Connecting makes no request: it fails only as it did at start.
            if let Ok((connected, _)) = connect_model(settings, catalog, &reach, &model.name) {
                *model = connected;
                if !names.contains(&model.name) {
                    names.push(model.name.clone());
                }
            }
        }
        names
    }

    /// The format the main model writes its edits in.
    pub fn edit_format(&self) -> EditFormat {
        self.formats.main
    }

    /// The format the editor model writes its edits in (architect mode).
    pub fn editor_edit_format(&self) -> EditFormat {
        self.formats.editor
    }

    /// Chooses both formats again for the models as they are now (after a switch);
    /// true when the main model's format changed.
    pub fn follow_formats(&mut self, settings: &Settings) -> bool {
        let before = self.formats.main;
        self.formats = EditFormats {
            main: self.chosen_edit_format(settings),
            editor: self.chosen_editor_edit_format(settings),
        };
        self.formats.main != before
    }

    /// The formats a saved session wrote in; `None` takes the one chosen for the models.
    pub fn restore_formats(
        &mut self,
        settings: &Settings,
        main: Option<EditFormat>,
        editor: Option<EditFormat>,
    ) {
        self.formats = EditFormats {
            main: main.unwrap_or_else(|| self.chosen_edit_format(settings)),
            editor: editor.unwrap_or_else(|| self.chosen_editor_edit_format(settings)),
        };
    }

    /// The edit format of the main model: the user's choice, else the table's.
    fn chosen_edit_format(&self, settings: &Settings) -> EditFormat {
        chosen_format(settings.edit_format.as_deref())
            .or_else(|| {
                self.main
                    .as_ref()
                    .and_then(|main| chosen_format(Some(&main.settings.edit_format)))
            })
            .unwrap_or(EditFormat::Diff)
    }

    /// The edit format the editor model writes in architect mode: the user's choice,
    /// else the main model's table entry.
    fn chosen_editor_edit_format(&self, settings: &Settings) -> EditFormat {
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
fn main_model_name(settings: &Settings, keys: &SessionKeys) -> Option<String> {
    if let Some(name) = settings
        .model
        .clone()
        .filter(|name| !name.trim().is_empty())
    {
        return Some(name);
    }
    DEFAULT_MODELS
        .iter()
        .find(|(variable, _)| {
            keys.get(variable).is_some() || settings.lookup_env(variable).is_some()
        })
        .map(|(_, model)| model.to_string())
}

/// The model tables with the session's model files laid over them: Aider's files found
/// in the home folder, the repository root and the start folder, then the files named
/// with `--model-settings-file` and `--model-metadata-file`, then `--alias`.
pub fn catalog_of(settings: &Settings) -> Result<ModelCatalog, llm::LlmError> {
    let shown = |path: &std::path::Path, from_repository: bool| {
        let home = dirs::home_dir();
        let relative = if from_repository {
            path.strip_prefix(&settings.root).ok()
        } else {
            home.as_deref()
                .and_then(|home| path.strip_prefix(home).ok())
        };
        match relative {
            Some(relative) if from_repository => relative.display().to_string(),
            Some(relative) => format!("~/{}", relative.display()),
            None => path.display().to_string(),
        }
    };
    let found = settings.model_files.iter().map(|file| ModelFile {
        path: file.path.clone(),
        kind: if file.metadata {
            ModelFileKind::Metadata
        } else {
            ModelFileKind::Settings
        },
        from_repository: file.from_repository,
        shown: shown(&file.path, file.from_repository),
    });
    let named = [
        (&settings.model_settings_file, ModelFileKind::Settings),
        (&settings.model_metadata_file, ModelFileKind::Metadata),
    ]
    .into_iter()
    .filter_map(|(path, kind)| {
        let path = settings.cwd.join(path.as_ref()?);
        Some(ModelFile {
            shown: path.display().to_string(),
            path,
            kind,
            from_repository: false,
        })
    });
    let files: Vec<ModelFile> = found.chain(named).collect();
    ModelCatalog::load(&files, &settings.alias)
}

/// What a model is connected with beside the settings: the keys typed this session,
/// and which provider the connection flags are for.
struct Reach<'a> {
    keys: &'a SessionKeys,
    flags_provider: Option<&'static str>,
}

/// The provider the main model `name` goes to, which `--api-base` and a bare
/// `--api-key` are for, as the catalog resolves it (so `--alias` and the user's model
/// files count); `None` when the name is refused (then they are for nobody).
pub(super) fn flags_provider(catalog: &ModelCatalog, name: &str) -> Option<&'static str> {
    let (resolved, _) = catalog.resolve(name).ok()?;
    Some(llm::service_for(&resolved).provider())
}

/// Resolves one model name and connects to its provider; errors are one line. A key
/// typed for the model's provider this session comes first; `--api-base` and a bare
/// `--api-key` reach only the provider they are for, so no key or request goes to a
/// provider the user did not name.
fn connect_model(
    settings: &Settings,
    catalog: &ModelCatalog,
    reach: &Reach<'_>,
    name: &str,
) -> Result<(Model, Option<String>), Problem> {
    let (model_settings, warning) = catalog.resolve(name).map_err(problem_of)?;
    let defaults = Connection::default();
    let typed = llm::key_variable(&model_settings).and_then(|variable| reach.keys.get(variable));
    let flags_apply = reach.flags_provider == Some(llm::service_for(&model_settings).provider());
    let flag_key = settings.api_key.as_ref().filter(|_| flags_apply);
    let connection = Connection {
        api_base: settings.api_base.clone().filter(|_| flags_apply),
        api_key: typed.or(flag_key).map(|key| key.expose().to_string()),
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
    let (kind, key_provider) = match &error {
        llm::LlmError::MissingKey { provider, .. } => {
            (ProblemKind::MissingKey, Some(provider.clone()))
        }
        llm::LlmError::InvalidModel { .. } | llm::LlmError::UnservedProvider { .. } => {
            (ProblemKind::UnknownModel, None)
        }
        _ => (ProblemKind::Other, None),
    };
    Problem {
        kind,
        message: error.to_string(),
        key_provider,
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
        let none = SessionKeys::default();
        assert_eq!(main_model_name(&with_keys(&[]), &none), None);
        let both = with_keys(&["OPENAI_API_KEY", "ANTHROPIC_API_KEY"]);
        assert_eq!(main_model_name(&both, &none).as_deref(), Some("sonnet"));
        let router = with_keys(&["OPENROUTER_API_KEY"]);
        assert_eq!(
            main_model_name(&router, &none).as_deref(),
            Some("openrouter/anthropic/claude-sonnet-4.5")
        );
        let mut named = with_keys(&["ANTHROPIC_API_KEY"]);
        named.model = Some("gpt-4o".into());
        assert_eq!(main_model_name(&named, &none).as_deref(), Some("gpt-4o"));
        // Every default resolves to a model the table knows.
        for (_, model) in DEFAULT_MODELS {
            let (_, warning) = llm::resolve_model(model, None).unwrap();
            assert!(warning.is_none(), "{model}: {warning:?}");
        }
    }

    #[test]
    fn the_formats_follow_the_models_unless_a_saved_session_restores_them() {
        let mut settings = with_keys(&[]);
        let mut models = Models::default();
        assert!(!models.follow_formats(&settings), "diff stays diff");
        settings.edit_format = Some("whole".into());
        assert!(models.follow_formats(&settings));
        assert_eq!(models.edit_format(), EditFormat::Whole);
        assert_eq!(models.editor_edit_format(), EditFormat::Diff);
        models.restore_formats(&settings, None, Some(EditFormat::Whole));
        assert_eq!(models.edit_format(), EditFormat::Whole);
        assert_eq!(models.editor_edit_format(), EditFormat::Whole);
    }
}
