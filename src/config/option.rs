//! What the table says about one option: its names in every layer, the kind of value
//! it takes, the values it accepts, and how it is recorded in a layer.

use super::Overrides;
use super::value::{Expected, Value};

/// The kind of value an option takes; it decides how the command line spells the option
/// and how a layer's raw value is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// On or off: `--x` (and `--no-x` where the option has a negation), `x: true`.
    Switch,
    /// A whole number, 0 or more.
    Count,
    /// Text.
    Text,
    /// Several texts: repeat the flag, or a YAML list, or `[a, b]` in a variable.
    List,
    /// A file path (a leading `~` is the home folder).
    Path,
    /// A number of seconds; fractions allowed.
    Seconds,
    /// On or off, or a text when given a value (`--resume` or `--resume ID`).
    SwitchOrText,
}

impl Kind {
    /// The placeholder shown for the value in `--help`.
    pub fn placeholder(self) -> &'static str {
        match self {
            Kind::Switch => "",
            Kind::Count => "N",
            Kind::Text => "TEXT",
            Kind::List => "VALUE",
            Kind::Path => "FILE",
            Kind::Seconds => "SECONDS",
            Kind::SwitchOrText => "ID",
        }
    }
}

/// The layers an option can be given in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layers {
    /// `.aider.conf.yml` files (home, repository, start folder, or `--config`).
    pub files: bool,
    /// `AIDER_*` variables, from the process environment or a `.env` file.
    pub environment: bool,
    /// Command-line flags.
    pub command_line: bool,
}

impl Layers {
    /// Every layer.
    pub const ALL: Layers = Layers {
        files: true,
        environment: true,
        command_line: true,
    };
    /// The command line only (`--config`, which chooses the files).
    pub const COMMAND_LINE: Layers = Layers {
        files: false,
        environment: false,
        command_line: true,
    };
}

/// Records a raw value in a layer; `Err` says what the option expected.
pub(crate) type Recorder = fn(&mut Overrides, &Value) -> Result<(), Expected>;

/// One option of the table.
#[derive(Clone, Copy)]
pub struct OptionSpec {
    /// Aider's name: the YAML key, `--name`, and `AIDER_NAME` (upper case, `_` for `-`).
    pub name: &'static str,
    /// Other names accepted in every layer (`yes` for `yes-always`, `msg` for `message`).
    pub aliases: &'static [&'static str],
    /// The one-letter flag (`-m`), if any.
    pub short: Option<char>,
    /// The flag that turns a switch off (`no-auto-commits`), if any.
    pub negation: Option<&'static str>,
    /// The placeholder of the positional arguments that also set this option (`FILES`).
    pub positional: Option<&'static str>,
    /// The kind of value.
    pub kind: Kind,
    /// The placeholder of the value in `--help` (default: the kind's).
    pub value_name: Option<&'static str>,
    /// The values accepted and listed in messages (empty: any).
    pub choices: &'static [&'static str],
    /// Further values accepted but not listed (the edit formats `--chat-mode` also takes).
    pub other_choices: &'static [&'static str],
    /// What the other choices are, for messages ("an edit format").
    pub other_choices_are: &'static str,
    /// Values are keys: never shown in messages.
    pub secret: bool,
    /// Where the option can be given.
    pub layers: Layers,
    /// The option's documentation (its doc comment in the table), shown by `--help`.
    pub doc: &'static str,
    pub(crate) record: Recorder,
}

impl std::fmt::Debug for OptionSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OptionSpec")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

/// Records nothing: the placeholder until the table fills in the real recorder.
fn unrecorded(_: &mut Overrides, _: &Value) -> Result<(), Expected> {
    Err("an option with a recorder (this is a bug in the settings table)".into())
}

const fn declared(name: &'static str, kind: Kind) -> OptionSpec {
    OptionSpec {
        name,
        aliases: &[],
        short: None,
        negation: None,
        positional: None,
        kind,
        value_name: None,
        choices: &[],
        other_choices: &[],
        other_choices_are: "",
        secret: false,
        layers: Layers::ALL,
        doc: "",
        record: unrecorded,
    }
}

/// An on/off option.
pub(crate) const fn switch(name: &'static str) -> OptionSpec {
    declared(name, Kind::Switch)
}

/// A whole-number option.
pub(crate) const fn count(name: &'static str) -> OptionSpec {
    declared(name, Kind::Count)
}

/// A text option.
pub(crate) const fn text(name: &'static str) -> OptionSpec {
    declared(name, Kind::Text)
}

/// A text option whose value is a key: never shown.
pub(crate) const fn secret(name: &'static str) -> OptionSpec {
    declared(name, Kind::Text).hidden_value()
}

/// An option that takes several values.
pub(crate) const fn list(name: &'static str) -> OptionSpec {
    declared(name, Kind::List)
}

/// A file path option.
pub(crate) const fn path(name: &'static str) -> OptionSpec {
    declared(name, Kind::Path)
}

/// A duration in seconds.
pub(crate) const fn seconds(name: &'static str) -> OptionSpec {
    declared(name, Kind::Seconds)
}

/// A switch that may carry a text (`--resume` or `--resume ID`).
pub(crate) const fn switch_or_text(name: &'static str) -> OptionSpec {
    declared(name, Kind::SwitchOrText)
}

impl OptionSpec {
    /// Other names for the option, in every layer.
    pub(crate) const fn alias(mut self, aliases: &'static [&'static str]) -> OptionSpec {
        self.aliases = aliases;
        self
    }

    /// A one-letter flag.
    pub(crate) const fn short(mut self, letter: char) -> OptionSpec {
        self.short = Some(letter);
        self
    }

    /// The `--no-X` flag that turns the switch off.
    pub(crate) const fn negation(mut self, name: &'static str) -> OptionSpec {
        self.negation = Some(name);
        self
    }

    /// Positional arguments set the option too.
    pub(crate) const fn positional(mut self, placeholder: &'static str) -> OptionSpec {
        self.positional = Some(placeholder);
        self
    }

    /// The placeholder of the value in `--help` (`MODEL`).
    pub(crate) const fn value_name(mut self, placeholder: &'static str) -> OptionSpec {
        self.value_name = Some(placeholder);
        self
    }

    /// Only these values are accepted.
    pub(crate) const fn choices(mut self, choices: &'static [&'static str]) -> OptionSpec {
        self.choices = choices;
        self
    }

    /// These values are accepted too, without being listed; `what` names them in messages.
    pub(crate) const fn also(
        mut self,
        what: &'static str,
        choices: &'static [&'static str],
    ) -> OptionSpec {
        self.other_choices_are = what;
        self.other_choices = choices;
        self
    }

    /// The values are keys: never shown in messages.
    pub(crate) const fn hidden_value(mut self) -> OptionSpec {
        self.secret = true;
        self
    }

    /// The option can be given only in these layers.
    pub(crate) const fn only(mut self, layers: Layers) -> OptionSpec {
        self.layers = layers;
        self
    }

    /// The doc comment (set by the table from the option's `///` lines).
    pub(crate) const fn documented(mut self, doc: &'static str) -> OptionSpec {
        self.doc = doc;
        self
    }

    /// How the option is recorded in a layer (set by the table).
    pub(crate) const fn recorded_by(mut self, record: Recorder) -> OptionSpec {
        self.record = record;
        self
    }

    /// The placeholder of the value in `--help`.
    pub fn placeholder(&self) -> &'static str {
        self.value_name.unwrap_or(self.kind.placeholder())
    }

    /// The help text: the doc comment as one paragraph.
    pub fn help(&self) -> String {
        self.doc.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The `AIDER_*` variable of a name (`auto-commits` -> `AIDER_AUTO_COMMITS`).
    pub fn environment_name(name: &str) -> String {
        format!("AIDER_{}", name.to_ascii_uppercase().replace('-', "_"))
    }

    /// The option's name and aliases.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + use<> {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }

    /// Whether `value` (already trimmed) is one the option accepts.
    pub fn accepts(&self, value: &str) -> bool {
        self.choices.is_empty()
            || self.choices.contains(&value)
            || self.other_choices.contains(&value)
    }

    /// What the option accepts, for messages ("one of code, ask, ...").
    pub fn expected(&self) -> String {
        let mut expected = format!("one of {}", self.choices.join(", "));
        if !self.other_choices.is_empty() {
            expected.push_str(&format!(
                ", or {} ({})",
                self.other_choices_are,
                self.other_choices.join(", ")
            ));
        }
        expected
    }

    /// Records `value` in `layer` after checking it against the choices, and notes
    /// that this layer set the option.
    pub(crate) fn record_in(&self, layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        if *value == Value::Null {
            return Ok(());
        }
        if !self.choices.is_empty() {
            let given = value.to_text()?;
            if !self.accepts(given.trim()) {
                return Err(self.expected().into());
            }
        }
        (self.record)(layer, value)?;
        if !layer.given.contains(&self.name) {
            layer.given.push(self.name);
        }
        Ok(())
    }
}
