//! The macro that turns the settings table (`table.rs`) into the [`Settings`] struct
//! and its defaults, the per-layer [`Overrides`] struct, and the [`OPTIONS`] list that
//! every layer reads (YAML keys, `AIDER_*` variables, `.env`, command-line flags).
//!
//! A row of the `options` section is one line plus its doc comment:
//!
//! ```text
//! /// Commit the model's edits.
//! auto_commits: bool = true, switch("auto-commits").negation("no-auto-commits");
//! ```
//!
//! the field, its type and default, and the option's declaration. The doc comment is
//! both the field's doc and the flag's help. The field's type decides how a layer
//! holds it ([`Layered`](super::Layered)) and how a raw value is read, unless the row
//! names a recorder of its own (`, record Overrides::lint_cmd`, in `rules.rs`). `special options` are
//! options without a field of their own (Aider's shorthands such as `dark-mode`);
//! `layered` fields are set only by such recorders; `fixed` fields are not options.
//!
//! [`Settings`]: super::Settings
//! [`Overrides`]: super::Overrides
//! [`OPTIONS`]: super::OPTIONS

/// The row's own recorder if it names one, else the one its field's type gives.
macro_rules! chosen_recorder {
    (; $by_type:expr) => {
        $by_type
    };
    ($recorder:path ; $by_type:expr) => {
        $recorder
    };
}

/// Expands the settings table; see the module documentation.
macro_rules! settings_table {
    (
        options {
            $(
                $(#[doc = $doc:literal])+
                $field:ident: $type:ty = $default:expr, $spec:expr $(, record $recorder:path)?;
            )*
        }
        special options {
            $(
                $(#[doc = $special_doc:literal])+
                $special:expr, record $special_recorder:path;
            )*
        }
        layered {
            $(
                $(#[doc = $layered_doc:literal])+
                $layered:ident: $layered_type:ty = $layered_default:expr;
            )*
        }
        fixed {
            $(
                $(#[doc = $fixed_doc:literal])+
                $fixed:ident: $fixed_type:ty = $fixed_default:expr;
            )*
        }
    ) => {
        /// Every session setting, after all layers are applied.
        #[derive(Clone, Debug, PartialEq)]
        pub struct Settings {
            $( $(#[doc = $doc])+ pub $field: $type, )*
            $( $(#[doc = $layered_doc])+ pub $layered: $layered_type, )*
            $( $(#[doc = $fixed_doc])+ pub $fixed: $fixed_type, )*
        }

        impl Default for Settings {
            fn default() -> Self {
                Settings {
                    $( $field: $default, )*
                    $( $layered: $layered_default, )*
                    $( $fixed: $fixed_default, )*
                }
            }
        }

        impl Settings {
            /// Each option's value as `Debug` writes it (a secret as `<set>`), in the
            /// order of the options with a field of their own, which lead `OPTIONS`.
            pub fn option_values(&self) -> Vec<String> {
                vec![$( format!("{:?}", self.$field), )*]
            }
        }

        /// The settings one layer (a config file, `.env`, the environment, the flags)
        /// sets. A field at its default says nothing; lists add to the layers below.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Overrides {
            $( $(#[doc = $doc])+ pub $field: <$type as $crate::config::Layered>::Layer, )*
            $( $(#[doc = $layered_doc])+ pub $layered: <$layered_type as $crate::config::Layered>::Layer, )*
            /// The options this layer set, by name, in the order they were read.
            pub given: Vec<&'static str>,
        }

        impl Overrides {
            /// Lays every field of this layer over `settings`.
            pub(super) fn lay_fields(&self, settings: &mut Settings) {
                $( $crate::config::Layered::lay(&mut settings.$field, &self.$field); )*
                $( $crate::config::Layered::lay(&mut settings.$layered, &self.$layered); )*
            }
        }

        /// Every option, in the order `--help` lists them.
        pub static OPTIONS: &[$crate::config::OptionSpec] = &[
            $(
                $spec
                    .documented(concat!($($doc, "\n"),+))
                    .recorded_by(chosen_recorder!(
                        $($recorder)? ;
                        |layer: &mut Overrides, value: &$crate::config::value::Value| {
                            <$type as $crate::config::layered::Recorded>::record(
                                &mut layer.$field,
                                value,
                            )
                        }
                    )),
            )*
            $(
                $special
                    .documented(concat!($($special_doc, "\n"),+))
                    .recorded_by($special_recorder),
            )*
        ];
    };
}
