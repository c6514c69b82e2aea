//! Putting the layers together.

use std::path::{Path, PathBuf};

use super::{
    ConfigError, Overrides, Settings, dotenv_file, environment, model_files, overrides, yaml_file,
};

/// Where the command line's settings come from, in messages and `/settings`.
pub const COMMAND_LINE_ORIGIN: &str = "the command line";

/// The name of Aider's config file, read from the home and repository folders.
const CONFIG_FILE_NAME: &str = ".aider.conf.yml";
/// The name of the environment file, read from the same folders.
const DOTENV_FILE_NAME: &str = ".env";

/// Loads the settings for a session started in `cwd`.
///
/// Layers, lowest first: defaults < `<home>/.aider.conf.yml` < `<root>/.aider.conf.yml`
/// (< `<cwd>/.aider.conf.yml` when `cwd` is below the root, as Aider does), or
/// `flags.config_file` instead of those < `.env` (`~/.env` < `<root>/.env` <
/// `<cwd>/.env` as Aider reads them, or instead of those the file named by
/// `--env-file` / `AIDER_ENV_FILE` / a config's `env-file`) < `AIDER_*` variables < `flags`.
/// `root` is the git repository root of `cwd` if any, else `cwd` (also when the
/// final `git` setting is off). `process_env` is how environment variables are read.
pub fn load(
    cwd: &Path,
    flags: &Overrides,
    home: Option<&Path>,
    process_env: &dyn Fn(&str) -> Option<String>,
) -> Result<Settings, ConfigError> {
    // Canonical, like the git module's root, so paths from both compare equal.
    let cwd = cwd
        .canonicalize()
        .or_else(|_| std::path::absolute(cwd))
        .unwrap_or_else(|_| cwd.to_path_buf());
    let repository_root = git_root(&cwd).unwrap_or_else(|| cwd.clone());
    let mut settings = Settings {
        cwd: cwd.clone(),
        root: repository_root.clone(),
        ..Settings::default()
    };

    let config_files = match &flags.config_file {
        Some(explicit) => vec![cwd.join(expand_home(explicit, home))],
        None => {
            let mut candidates = Vec::new();
            if let Some(home) = home {
                candidates.push(home.join(CONFIG_FILE_NAME));
            }
            candidates.push(repository_root.join(CONFIG_FILE_NAME));
            candidates.push(cwd.join(CONFIG_FILE_NAME));
            existing_files(candidates)
        }
    };
    let mut config_layers = Vec::new();
    for path in &config_files {
        // An explicit --config file that is missing is an error (read fails).
        config_layers.push(yaml_file::read(path)?);
        settings.sources.push(path.clone());
    }

    let process_layer = environment::from_process(process_env)?;
    let chosen_env_file = flags
        .env_file
        .clone()
        .or_else(|| process_layer.env_file.clone())
        .or_else(|| {
            config_layers
                .iter()
                .rev()
                .find_map(|layer| layer.env_file.clone())
        });
    let chosen_env_file_named = chosen_env_file.is_some();
    let dotenv_files = match chosen_env_file {
        // Named explicitly: it must exist, and it replaces the usual files.
        Some(path) => vec![cwd.join(expand_home(&path, home))],
        // Aider's search path: home, then the repository root, then the start folder.
        None => {
            let mut candidates = Vec::new();
            if let Some(home) = home {
                candidates.push(home.join(DOTENV_FILE_NAME));
            }
            candidates.push(repository_root.join(DOTENV_FILE_NAME));
            candidates.push(cwd.join(DOTENV_FILE_NAME));
            existing_files(candidates)
        }
    };
    let mut dotenv_layers = Vec::new();
    for path in &dotenv_files {
        let variables = dotenv_file::read(path)?;
        dotenv_layers.push(environment::from_dotenv(&variables, path)?);
        settings.sources.push(path.clone());
    }

    // Only the files found in the repository: a file the user named or keeps in their
    // home folder is theirs.
    let discovered = flags.config_file.is_none().then_some(&config_files);
    let discovered_dotenv = (!chosen_env_file_named).then_some(&dotenv_files);
    let in_repository = |path: &&PathBuf| {
        path.starts_with(&repository_root) && home.is_none_or(|home| path.parent() != Some(home))
    };
    let repository_layers = config_layers
        .iter()
        .zip(discovered.into_iter().flatten())
        .chain(
            dotenv_layers
                .iter()
                .zip(discovered_dotenv.into_iter().flatten()),
        );
    for (layer, path) in repository_layers {
        if in_repository(&path) {
            let found = overrides::sensitive_in(layer, path);
            settings.repository_settings.extend(found);
        }
    }

    let file_layers = config_layers.iter().zip(&config_files);
    let dotenv_layers = dotenv_layers.iter().zip(&dotenv_files);
    for (layer, path) in file_layers.chain(dotenv_layers) {
        layer.apply_to(&mut settings, &path.display().to_string());
    }
    process_layer.apply_to(&mut settings, environment::PROCESS_ORIGIN);
    flags.apply_to(&mut settings, COMMAND_LINE_ORIGIN);
    if !settings.git {
        settings.root = cwd;
    }
    // `read: ~/CONVENTIONS.md` in a home config is common; Aider expands it too.
    for path in settings.files.iter_mut().chain(settings.read.iter_mut()) {
        *path = expand_home(path, home);
    }
    settings.model_files = model_files::discover(home, &repository_root, &settings.cwd);
    for path in [
        &mut settings.model_settings_file,
        &mut settings.model_metadata_file,
        &mut settings.message_file,
        &mut settings.load,
    ]
    .into_iter()
    .flatten()
    {
        *path = expand_home(path, home);
    }
    Ok(settings)
}

/// [`load`] with the real home folder and process environment.
pub fn load_from_process(cwd: &Path, flags: &Overrides) -> Result<Settings, ConfigError> {
    let home = dirs::home_dir();
    load(cwd, flags, home.as_deref(), &|name| {
        std::env::var(name).ok()
    })
}

/// `path` with a leading `~` replaced by the home folder (when there is one).
fn expand_home(path: &Path, home: Option<&Path>) -> PathBuf {
    match (path.strip_prefix("~"), home) {
        (Ok(rest), Some(home)) => home.join(rest),
        _ => path.to_path_buf(),
    }
}

/// The candidates that exist, each once, in order.
fn existing_files(candidates: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut existing: Vec<PathBuf> = Vec::new();
    for candidate in candidates {
        if candidate.is_file() && !existing.contains(&candidate) {
            existing.push(candidate);
        }
    }
    existing
}

/// The nearest folder at or above `start` that holds `.git` (a folder, or a file
/// for worktrees and submodules).
fn git_root(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|folder| folder.join(".git").exists())
        .map(Path::to_path_buf)
}
