//! Which files are the project's own and which are vendored or generated, decided
//! the way GitHub's linguist decides it: `.gitattributes` first
//! (`linguist-vendored`, `linguist-generated` and their negations), then
//! conventional folders and names, then a generated-file marker in the first
//! lines. Vendored and generated files are parsed last and weigh less in the
//! ranking; each classification names the rule that made it.

use crate::git::LinguistAttributes;

/// What a file is to the project, and the rule that said so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Origin {
    /// The project's own code (no rule matched).
    #[default]
    Project,
    /// Kept as the project's own by a negated attribute, against a path rule.
    KeptByAttribute(Rule),
    /// Someone else's code carried along.
    Vendored(Rule),
    /// Written by a tool.
    Generated(Rule),
}

/// The rule behind a classification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// `linguist-vendored` / `linguist-generated` (or their negation) in `.gitattributes`.
    Attribute,
    /// A conventional folder such as `vendor/` (the folder name).
    Folder(&'static str),
    /// A conventional file name pattern such as `*.pb.go`.
    Name(&'static str),
    /// A "generated, do not edit" marker in the file's first lines.
    Marker,
}

impl Origin {
    /// Whether the file is parsed last and damped in the ranking.
    pub fn is_damped(self) -> bool {
        matches!(self, Origin::Vendored(_) | Origin::Generated(_))
    }

    /// Why the file has this origin, in words; `None` for plain project code.
    pub fn describe(self) -> Option<String> {
        let rule = |rule: Rule, attribute: &str| match rule {
            Rule::Attribute => format!("`{attribute}` in .gitattributes"),
            Rule::Folder(folder) => format!("folder `{folder}/`"),
            Rule::Name(pattern) => format!("name `{pattern}`"),
            Rule::Marker => "a generated-code marker in its first lines".to_string(),
        };
        match self {
            Origin::Project => None,
            Origin::KeptByAttribute(overruled) => Some(format!(
                "project code: a negated linguist attribute in .gitattributes overrules {}",
                rule(overruled, "")
            )),
            Origin::Vendored(why) => Some(format!("vendored: {}", rule(why, "linguist-vendored"))),
            Origin::Generated(why) => {
                Some(format!("generated: {}", rule(why, "linguist-generated")))
            }
        }
    }
}

/// Folders whose contents are other people's code, at any depth.
const VENDOR_FOLDERS: &[&str] = &[
    "vendor",
    "vendors",
    "third_party",
    "third-party",
    "thirdparty",
    "3rdparty",
    "3rd_party",
    "3rd-party",
    "node_modules",
    "bower_components",
    "jspm_packages",
    "Pods",
    "Carthage",
    "site-packages",
    "extern",
    "external",
    "externals",
    "dist",
    ".yarn",
];

/// Folders that hold other people's code only at the top of the tree (a nested
/// `deps/` is as often the project's own).
const TOP_VENDOR_FOLDERS: &[&str] = &["deps", "Godeps"];

/// File names (whole) that tools write.
const GENERATED_NAMES: &[&str] = &[
    "package-lock.json",
    "npm-shrinkwrap.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "bun.lockb",
    "Cargo.lock",
    "Gemfile.lock",
    "poetry.lock",
    "Pipfile.lock",
    "uv.lock",
    "composer.lock",
    "go.sum",
    "flake.lock",
    "mix.lock",
    "Podfile.lock",
    "pubspec.lock",
    "packages.lock.json",
];

/// File name endings that tools write (protocol buffers, source maps, …), with
/// the pattern shown to the user.
const GENERATED_ENDINGS: &[(&str, &str)] = &[
    (".pb.go", "*.pb.go"),
    (".pb.gw.go", "*.pb.gw.go"),
    (".pb.cc", "*.pb.cc"),
    (".pb.h", "*.pb.h"),
    ("_pb2.py", "*_pb2.py"),
    ("_pb2.pyi", "*_pb2.pyi"),
    ("_pb2_grpc.py", "*_pb2_grpc.py"),
    ("_pb.js", "*_pb.js"),
    ("_pb.d.ts", "*_pb.d.ts"),
    (".g.dart", "*.g.dart"),
    (".freezed.dart", "*.freezed.dart"),
    (".designer.cs", "*.Designer.cs"),
    (".js.map", "*.js.map"),
    (".css.map", "*.css.map"),
];

/// Minified files, by name (their content check is the map's minified test).
const VENDORED_ENDINGS: &[(&str, &str)] = &[
    (".min.js", "*.min.js"),
    (".min.css", "*.min.css"),
    ("-min.js", "*-min.js"),
];

/// How much of a file's start is searched for a generated-code marker.
const MARKER_PROBE_BYTES: usize = 1024;

/// The origin of `path` from its attributes and name alone (before it is read).
pub fn classify_path(path: &str, attributes: LinguistAttributes) -> Origin {
    let by_rule = path_rule(path);
    let overruled = |rule: Rule| Origin::KeptByAttribute(rule);
    match (attributes.vendored, attributes.generated) {
        (Some(true), _) => Origin::Vendored(Rule::Attribute),
        (_, Some(true)) => Origin::Generated(Rule::Attribute),
        (vendored, generated) => match by_rule {
            Origin::Vendored(rule) if vendored == Some(false) => overruled(rule),
            Origin::Generated(rule) if generated == Some(false) => overruled(rule),
            other => other,
        },
    }
}

/// The origin once the file's first bytes are known: a path-level project file
/// with a generated-code marker is generated, unless an attribute says it is not.
pub fn classify_content(
    origin: Origin,
    attributes: LinguistAttributes,
    has_marker: bool,
) -> Origin {
    if has_marker && origin == Origin::Project && attributes.generated != Some(false) {
        Origin::Generated(Rule::Marker)
    } else {
        origin
    }
}

fn path_rule(path: &str) -> Origin {
    let (folders, name) = path.rsplit_once('/').unwrap_or(("", path));
    for (depth, folder) in folders.split('/').enumerate() {
        if let Some(known) = VENDOR_FOLDERS.iter().find(|known| **known == folder) {
            return Origin::Vendored(Rule::Folder(known));
        }
        if depth == 0
            && let Some(known) = TOP_VENDOR_FOLDERS.iter().find(|known| **known == folder)
        {
            return Origin::Vendored(Rule::Folder(known));
        }
    }
    if let Some(known) = GENERATED_NAMES.iter().find(|known| **known == name) {
        return Origin::Generated(Rule::Name(known));
    }
    let lowered = name.to_ascii_lowercase();
    if lowered.starts_with("zz_generated") {
        return Origin::Generated(Rule::Name("zz_generated*"));
    }
    for (ending, pattern) in GENERATED_ENDINGS {
        if lowered.ends_with(ending) {
            return Origin::Generated(Rule::Name(pattern));
        }
    }
    for (ending, pattern) in VENDORED_ENDINGS {
        if lowered.ends_with(ending) {
            return Origin::Vendored(Rule::Name(pattern));
        }
    }
    Origin::Project
}

/// Whether the file's first bytes say a tool wrote it: Go's `Code generated …
/// DO NOT EDIT.`, `@generated`, or "generated" beside "do not edit".
pub fn has_generated_marker(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(MARKER_PROBE_BYTES)];
    let lowered: Vec<u8> = head.iter().map(u8::to_ascii_lowercase).collect();
    let contains = |needle: &[u8]| lowered.windows(needle.len()).any(|window| window == needle);
    contains(b"@generated")
        || (contains(b"generated") && contains(b"do not edit"))
        || contains(b"automatically generated")
        || contains(b"auto-generated file")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attributes(vendored: Option<bool>, generated: Option<bool>) -> LinguistAttributes {
        LinguistAttributes {
            vendored,
            generated,
        }
    }

    #[test]
    fn folders_names_and_attributes() {
        let none = LinguistAttributes::default();
        assert_eq!(classify_path("src/main.go", none), Origin::Project);
        assert_eq!(
            classify_path("vendor/github.com/x/y.go", none),
            Origin::Vendored(Rule::Folder("vendor"))
        );
        assert_eq!(
            classify_path("web/node_modules/a/index.js", none),
            Origin::Vendored(Rule::Folder("node_modules"))
        );
        assert_eq!(
            classify_path("deps/lua/lua.c", none),
            Origin::Vendored(Rule::Folder("deps"))
        );
        assert_eq!(classify_path("src/deps/graph.rs", none), Origin::Project);
        // A file merely named like a folder is not in it.
        assert_eq!(classify_path("src/vendor", none), Origin::Project);
        assert_eq!(
            classify_path("api/types.pb.go", none),
            Origin::Generated(Rule::Name("*.pb.go"))
        );
        assert_eq!(
            classify_path("proto/service_pb2.py", none),
            Origin::Generated(Rule::Name("*_pb2.py"))
        );
        assert_eq!(
            classify_path("Cargo.lock", none),
            Origin::Generated(Rule::Name("Cargo.lock"))
        );
        assert_eq!(
            classify_path("static/jquery.min.js", none),
            Origin::Vendored(Rule::Name("*.min.js"))
        );
        assert_eq!(
            classify_path("src/lib.rs", attributes(Some(true), None)),
            Origin::Vendored(Rule::Attribute)
        );
        assert_eq!(
            classify_path("src/lib.rs", attributes(None, Some(true))),
            Origin::Generated(Rule::Attribute)
        );
        assert_eq!(
            classify_path("vendor/ours.go", attributes(Some(false), None)),
            Origin::KeptByAttribute(Rule::Folder("vendor"))
        );
        assert!(!Origin::KeptByAttribute(Rule::Folder("vendor")).is_damped());
    }

    #[test]
    fn markers_in_the_first_lines() {
        assert!(has_generated_marker(
            b"// Code generated by protoc-gen-go. DO NOT EDIT.\npackage x\n"
        ));
        assert!(has_generated_marker(b"# @generated by tool\n"));
        assert!(has_generated_marker(
            b"/* This file is automatically generated. */"
        ));
        assert!(!has_generated_marker(b"// Package x generates reports.\n"));
        let mut late = vec![b' '; 2000];
        late.extend_from_slice(b"@generated");
        assert!(!has_generated_marker(&late));
        let none = LinguistAttributes::default();
        assert_eq!(
            classify_content(Origin::Project, none, true),
            Origin::Generated(Rule::Marker)
        );
        assert_eq!(
            classify_content(Origin::Project, attributes(None, Some(false)), true),
            Origin::Project
        );
    }

    #[test]
    fn every_origin_says_why() {
        assert_eq!(Origin::Project.describe(), None);
        let vendored = Origin::Vendored(Rule::Folder("vendor")).describe().unwrap();
        assert!(vendored.contains("vendor/"), "{vendored}");
        let attribute = Origin::Generated(Rule::Attribute).describe().unwrap();
        assert!(attribute.contains("linguist-generated"), "{attribute}");
    }
}
