//! Tag extraction: the definitions and references in one file, from its tags query.
//!
//! A query match names the identifier with `@name` and says what it is with a
//! `@definition.KIND` or `@reference.KIND` capture on the surrounding node; the
//! one-capture form `@name.definition.KIND` / `@name.reference.KIND` works too.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use tree_sitter::{Parser, QueryCursor, StreamingIterator};

use super::language::{self, LANGUAGES};

/// Bumped whenever extraction changes in a way that makes cached tags stale.
pub const EXTRACTOR_VERSION: &str = "tags-v3";

/// Longest identifier kept (longer captures are noise, e.g. a whole heading paragraph).
const MAX_NAME_CHARS: usize = 120;

/// What a definition defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TagKind {
    Class,
    Struct,
    Enum,
    Interface,
    Trait,
    Type,
    /// A Rust `impl` block: shown as the scope of its methods, not ranked itself.
    Impl,
    Function,
    Method,
    Module,
    Constant,
    Variable,
    Field,
    Macro,
    Heading,
    Other,
}

impl TagKind {
    /// Every kind, in declaration order: a kind's position is how stored maps
    /// name it (`kind as u32`).
    pub const ALL: [TagKind; 16] = [
        TagKind::Class,
        TagKind::Struct,
        TagKind::Enum,
        TagKind::Interface,
        TagKind::Trait,
        TagKind::Type,
        TagKind::Impl,
        TagKind::Function,
        TagKind::Method,
        TagKind::Module,
        TagKind::Constant,
        TagKind::Variable,
        TagKind::Field,
        TagKind::Macro,
        TagKind::Heading,
        TagKind::Other,
    ];

    /// The kind named by a capture suffix such as `function` in `definition.function`.
    pub fn from_capture(suffix: &str) -> TagKind {
        match suffix {
            "class" => TagKind::Class,
            "struct" => TagKind::Struct,
            "enum" => TagKind::Enum,
            "interface" => TagKind::Interface,
            "trait" => TagKind::Trait,
            "type" => TagKind::Type,
            "impl" => TagKind::Impl,
            "function" => TagKind::Function,
            "method" => TagKind::Method,
            "module" => TagKind::Module,
            "constant" => TagKind::Constant,
            "variable" => TagKind::Variable,
            "field" => TagKind::Field,
            "macro" => TagKind::Macro,
            "heading" => TagKind::Heading,
            _ => TagKind::Other,
        }
    }

    /// A lower-case word for the kind.
    pub fn as_str(self) -> &'static str {
        match self {
            TagKind::Class => "class",
            TagKind::Struct => "struct",
            TagKind::Enum => "enum",
            TagKind::Interface => "interface",
            TagKind::Trait => "trait",
            TagKind::Type => "type",
            TagKind::Impl => "impl",
            TagKind::Function => "function",
            TagKind::Method => "method",
            TagKind::Module => "module",
            TagKind::Constant => "constant",
            TagKind::Variable => "variable",
            TagKind::Field => "field",
            TagKind::Macro => "macro",
            TagKind::Heading => "heading",
            TagKind::Other => "other",
        }
    }

    /// When two patterns define the same name on the same line, the more specific
    /// kind wins (a function inside a class body is a method).
    fn specificity(self) -> u8 {
        match self {
            TagKind::Other => 0,
            TagKind::Variable | TagKind::Constant => 1,
            // A value bound to a function is a function (OCaml `let f x = …`).
            TagKind::Function => 2,
            _ => 3,
        }
    }
}

/// One definition found in a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Definition {
    /// The defined identifier (for Markdown, the heading text).
    pub name: String,
    pub kind: TagKind,
    /// Zero-based line of the identifier.
    pub line: u32,
    /// Zero-based last line of the definition's node (its scope).
    pub end_line: u32,
}

/// Everything the map needs from one file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileTags {
    /// Definitions in source order.
    pub definitions: Vec<Definition>,
    /// Referenced identifiers with how often each is referenced, sorted by name.
    pub references: Vec<(String, u32)>,
    /// Number of lines in the file.
    pub line_count: u32,
}

/// What a capture of the query means.
#[derive(Clone, Copy)]
enum CaptureRole {
    Name,
    NameDefinition(TagKind),
    NameReference,
    Definition(TagKind),
    Reference,
    Ignored,
}

fn capture_role(capture_name: &str) -> CaptureRole {
    if capture_name == "name" {
        CaptureRole::Name
    } else if let Some(kind) = capture_name.strip_prefix("name.definition.") {
        CaptureRole::NameDefinition(TagKind::from_capture(kind))
    } else if capture_name.starts_with("name.reference.") {
        CaptureRole::NameReference
    } else if let Some(kind) = capture_name.strip_prefix("definition.") {
        CaptureRole::Definition(TagKind::from_capture(kind))
    } else if capture_name.starts_with("reference.") {
        CaptureRole::Reference
    } else {
        CaptureRole::Ignored
    }
}

thread_local! {
    /// One parser per language per thread (rayon workers reuse theirs).
    static PARSERS: RefCell<HashMap<usize, Parser>> = RefCell::new(HashMap::new());
    /// One query cursor per thread: its match buffers are kept between files.
    static CURSOR: RefCell<QueryCursor> = RefCell::new(QueryCursor::new());
}

/// The role of each capture of each language's query, computed once.
static ROLES: [std::sync::OnceLock<Vec<CaptureRole>>; LANGUAGES.len()] =
    [const { std::sync::OnceLock::new() }; LANGUAGES.len()];

fn capture_roles(language_id: usize, query: &tree_sitter::Query) -> &'static [CaptureRole] {
    match ROLES.get(language_id) {
        Some(cell) => cell.get_or_init(|| {
            query
                .capture_names()
                .iter()
                .map(|name| capture_role(name))
                .collect()
        }),
        None => &[],
    }
}

/// Parses `source` with the language's grammar, on this thread's parser.
pub(crate) fn parse(language_id: usize, source: &[u8]) -> Option<tree_sitter::Tree> {
    parse_after(language_id, source, None)
}

/// Parses `source`, reusing `old` (the tree of an earlier text, already edited to
/// match `source`) for the parts that did not change.
pub(crate) fn parse_after(
    language_id: usize,
    source: &[u8],
    old: Option<&tree_sitter::Tree>,
) -> Option<tree_sitter::Tree> {
    PARSERS.with(|parsers| {
        let mut parsers = parsers.borrow_mut();
        let parser = match parsers.entry(language_id) {
            std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::hash_map::Entry::Vacant(entry) => {
                let mut parser = Parser::new();
                parser
                    .set_language(&(LANGUAGES.get(language_id)?.grammar)())
                    .ok()?;
                entry.insert(parser)
            }
        };
        parser.parse(source, old)
    })
}

/// Tags of a file named `rel_path` with contents `source`; `None` when no grammar
/// handles the file's extension.
pub fn extract_tags(rel_path: &str, source: &str) -> Option<FileTags> {
    extract(language::language_for_path(rel_path)?, source.as_bytes())
}

/// Tags of `source` parsed as language `language_id`.
pub fn extract(language_id: usize, source: &[u8]) -> Option<FileTags> {
    let query = language::query(language_id)?;
    let tree = parse(language_id, source)?;
    let roles = capture_roles(language_id, query);

    struct Found {
        name_start: usize,
        name_end: usize,
        line: u32,
        end_line: u32,
        kind: Option<TagKind>,
    }
    let mut found: Vec<Found> = Vec::new();
    CURSOR.with_borrow_mut(|cursor| {
        let mut matches = cursor.matches(query, tree.root_node(), source);
        while let Some(query_match) = matches.next() {
            let mut name_node = None;
            let mut outer_node = None;
            // None = not a tag; Some(None) = reference; Some(Some(kind)) = definition.
            let mut role: Option<Option<TagKind>> = None;
            for capture in query_match.captures() {
                match roles
                    .get(capture.index as usize)
                    .copied()
                    .unwrap_or(CaptureRole::Ignored)
                {
                    CaptureRole::Name => name_node = Some(capture.node),
                    CaptureRole::NameDefinition(kind) => {
                        name_node = Some(capture.node);
                        role = Some(Some(kind));
                    }
                    CaptureRole::NameReference => {
                        name_node = Some(capture.node);
                        role = Some(None);
                    }
                    CaptureRole::Definition(kind) => {
                        outer_node = Some(capture.node);
                        role = Some(Some(kind));
                    }
                    CaptureRole::Reference => {
                        outer_node = Some(capture.node);
                        role = Some(None);
                    }
                    CaptureRole::Ignored => {}
                }
            }
            let (Some(name_node), Some(kind)) = (name_node, role) else {
                continue;
            };
            let end_line = outer_node.unwrap_or(name_node).end_position().row as u32;
            found.push(Found {
                name_start: name_node.start_byte(),
                name_end: name_node.end_byte(),
                line: name_node.start_position().row as u32,
                end_line,
                kind,
            });
        }
    });
    // The tree is no longer needed: free it before building the tags.
    drop(tree);

    // A definition's own name is not a reference to it (the broad "every type
    // identifier" patterns would otherwise count it). Impl blocks are the exception:
    // `impl Foo` does use `Foo`.
    let defined_at: HashSet<usize> = found
        .iter()
        .filter(|tag| matches!(tag.kind, Some(kind) if kind != TagKind::Impl))
        .map(|tag| tag.name_start)
        .collect();

    let mut definitions: Vec<Definition> = Vec::new();
    let mut definition_slots: HashMap<(String, u32), usize> = HashMap::new();
    let mut reference_counts: HashMap<String, u32> = HashMap::new();
    let mut referenced_at: HashSet<usize> = HashSet::new();
    for tag in &found {
        let Some(name) = identifier_text(source, tag.name_start, tag.name_end) else {
            continue;
        };
        match tag.kind {
            Some(kind) => {
                let key = (name, tag.line);
                if let Some(&slot) = definition_slots.get(&key) {
                    let existing = &mut definitions[slot];
                    if kind.specificity() > existing.kind.specificity() {
                        existing.kind = kind;
                        existing.end_line = tag.end_line;
                    }
                    continue;
                }
                definition_slots.insert(key.clone(), definitions.len());
                definitions.push(Definition {
                    name: key.0,
                    kind,
                    line: tag.line,
                    end_line: tag.end_line.max(tag.line),
                });
            }
            None => {
                if defined_at.contains(&tag.name_start) || !referenced_at.insert(tag.name_start) {
                    continue;
                }
                *reference_counts.entry(name).or_insert(0) += 1;
            }
        }
    }
    definitions.sort_by(|a, b| (a.line, &a.name).cmp(&(b.line, &b.name)));
    let mut references: Vec<(String, u32)> = reference_counts.into_iter().collect();
    references.sort();
    Some(FileTags {
        definitions,
        references,
        line_count: count_lines(source),
    })
}

/// The identifier text at a byte range, trimmed; `None` if empty, not UTF-8 or too long.
fn identifier_text(source: &[u8], start: usize, end: usize) -> Option<String> {
    // Ruby's `attr_reader :name` names a symbol: the colon is not part of the name.
    let text = std::str::from_utf8(source.get(start..end)?)
        .ok()?
        .trim()
        .trim_start_matches(':');
    if text.is_empty() || text.chars().count() > MAX_NAME_CHARS || text.contains('\n') {
        return None;
    }
    Some(text.to_string())
}

/// Number of lines, counting a last line without a line break.
pub(crate) fn count_lines(source: &[u8]) -> u32 {
    let breaks = source.iter().filter(|&&b| b == b'\n').count();
    let unterminated = usize::from(!source.is_empty() && !source.ends_with(b"\n"));
    (breaks + unterminated) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn definition_names(tags: &FileTags) -> Vec<(&str, TagKind)> {
        tags.definitions
            .iter()
            .map(|d| (d.name.as_str(), d.kind))
            .collect()
    }

    #[test]
    fn python_definitions_and_references() {
        let source = "LIMIT = 3\n\nclass Shape(Base):\n    def area(self):\n        return compute_area(self)\n\ndef main():\n    Shape().area()\n";
        let tags = extract_tags("shapes.py", source).unwrap();
        assert_eq!(
            definition_names(&tags),
            vec![
                ("LIMIT", TagKind::Constant),
                ("Shape", TagKind::Class),
                ("area", TagKind::Method),
                ("main", TagKind::Function)
            ]
        );
        let shape = &tags.definitions[1];
        assert_eq!((shape.line, shape.end_line), (2, 4));
        let names: Vec<&str> = tags.references.iter().map(|(n, _)| n.as_str()).collect();
        assert!(names.contains(&"compute_area"));
        assert!(names.contains(&"Base"));
        assert!(names.contains(&"area"));
        assert_eq!(tags.line_count, 8);
    }

    #[test]
    fn a_definition_name_is_not_a_reference() {
        let tags = extract_tags(
            "lib.rs",
            "struct Point { x: i32 }\nfn origin() -> Point { Point { x: 0 } }\n",
        )
        .unwrap();
        let point_refs = tags
            .references
            .iter()
            .find(|(n, _)| n == "Point")
            .map(|(_, c)| *c);
        assert_eq!(point_refs, Some(2));
    }

    #[test]
    fn unknown_extension_has_no_tags() {
        assert!(extract_tags("notes.txt", "hello").is_none());
    }
}
