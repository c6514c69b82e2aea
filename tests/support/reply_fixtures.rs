#![allow(dead_code)] // shared by several test crates, each using a part
//! Realistic model replies with their intended blocks (the gold), read from
//! `tests/fixtures/replies/*.toml`. Each case names where its code comes from.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use aider_tui::edit::{Edit, EditFormat, EditKind, ParsedReply};
use serde::Deserialize;

/// One fixture file.
#[derive(Debug, Deserialize)]
pub struct FixtureFile {
    pub case: Vec<Case>,
}

/// One reply and what it must parse to.
#[derive(Debug, Deserialize)]
pub struct Case {
    pub name: String,
    pub format: String,
    #[serde(default)]
    pub chat_files: Vec<String>,
    /// Where the code in the reply comes from (package, version, path).
    pub source: String,
    pub reply: String,
    /// Current texts of files, for the checks that may read them.
    #[serde(default)]
    pub current: BTreeMap<String, String>,
    #[serde(default)]
    pub edits: Vec<GoldEdit>,
    #[serde(default)]
    pub shell_commands: Option<Vec<String>>,
    /// `unfinished` (cut off) or `malformed`: the strict parse must fail.
    #[serde(default)]
    pub error: Option<String>,
}

/// An intended block.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct GoldEdit {
    pub path: String,
    #[serde(default)]
    pub search: String,
    #[serde(default)]
    pub replace: String,
    /// `whole`, `create`, `delete` or `search-replace` (the format's usual kind by default).
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub anchors: Vec<String>,
    #[serde(default)]
    pub at_end: bool,
    #[serde(default)]
    pub move_to: Option<String>,
    /// The block must be read and refused.
    #[serde(default)]
    pub refused: bool,
}

impl Case {
    /// The case's edit format.
    pub fn edit_format(&self) -> EditFormat {
        self.format
            .parse()
            .unwrap_or_else(|error| panic!("{}: {error}", self.name))
    }

    /// Compares a parse with the gold; `Err` describes the first difference.
    pub fn check(
        &self,
        parsed: &Result<ParsedReply, aider_tui::edit::ParseError>,
    ) -> Result<(), String> {
        match (&self.error, parsed) {
            (Some(expected), Err(_)) if expected == "malformed" => Ok(()),
            (Some(expected), Ok(parsed)) if expected == "unfinished" => match parsed
                .unfinished
                .as_ref()
                .or(parsed.unclosed_fence.as_ref())
            {
                Some(_) => self.check_edits(&parsed.edits),
                None => Err("expected the reply to be unfinished".to_string()),
            },
            (Some(expected), other) => Err(format!("expected {expected}, got {other:?}")),
            (None, Err(error)) => Err(format!("parse error: {error}")),
            (None, Ok(parsed)) => {
                if let Some(unfinished) = parsed
                    .unfinished
                    .as_ref()
                    .or(parsed.unclosed_fence.as_ref())
                {
                    return Err(format!("unexpectedly unfinished: {unfinished}"));
                }
                if let Some(commands) = &self.shell_commands
                    && *commands != parsed.shell_commands
                {
                    return Err(format!(
                        "shell commands {:?}, expected {commands:?}",
                        parsed.shell_commands
                    ));
                }
                self.check_edits(&parsed.edits)
            }
        }
    }

    fn check_edits(&self, edits: &[Edit]) -> Result<(), String> {
        let got: Vec<GoldEdit> = edits.iter().map(|edit| self.as_gold(edit)).collect();
        if got.len() != self.edits.len() {
            return Err(format!(
                "{} edits, expected {}: {got:#?}",
                got.len(),
                self.edits.len()
            ));
        }
        for (index, (got, want)) in got.iter().zip(&self.edits).enumerate() {
            if edits[index].id != index {
                return Err(format!("edit {index} has id {}", edits[index].id));
            }
            let mut want = want.clone();
            want.kind = Some(
                want.kind
                    .clone()
                    .unwrap_or_else(|| self.usual_kind().to_string()),
            );
            if *got != want {
                return Err(format!(
                    "edit {index} differs:\n got {got:#?}\nwant {want:#?}\nrefusal: {:?}",
                    edits[index].refusal
                ));
            }
        }
        Ok(())
    }

    fn usual_kind(&self) -> &'static str {
        if self.format == "whole" {
            "whole"
        } else {
            "search-replace"
        }
    }

    fn as_gold(&self, edit: &Edit) -> GoldEdit {
        let kind = match edit.kind {
            EditKind::SearchReplace => "search-replace",
            EditKind::WholeFile => "whole",
            EditKind::CreateFile => "create",
            EditKind::DeleteFile => "delete",
        };
        GoldEdit {
            path: edit.path.clone(),
            search: edit.search.clone(),
            replace: edit.replace.clone(),
            kind: Some(kind.to_string()),
            anchors: edit.anchors.clone(),
            at_end: edit.at_end,
            move_to: edit.move_to.clone(),
            refused: edit.refusal.is_some(),
        }
    }
}

/// Every case of every fixture file, with the file's name.
pub fn all_cases() -> Vec<(String, Case)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/replies");
    let mut names: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    names.sort();
    let mut cases = Vec::new();
    for path in names {
        let text = fs::read_to_string(&path).unwrap();
        let file: FixtureFile =
            toml::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let shape = path.file_stem().unwrap().to_string_lossy().to_string();
        for case in file.case {
            cases.push((shape.clone(), case));
        }
    }
    cases
}
