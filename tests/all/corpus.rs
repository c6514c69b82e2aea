//! Runs the built `aider-tui apply` over every case of the shared edits-dev corpus
//! (../shared/corpus/edits-dev) and compares the resulting trees with the gold, the
//! way its score.py does. Fails on any wrong outcome, or when fewer than 95% of the
//! apply cases come out right. Skips, with a note, when the corpus is absent.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

const ROOT_REL: &str = "d1/d2/d3/d4/root";
const OUTSIDE_REL: &str = "d1/d2/d3/d4/outside";

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/edits-dev")
}

#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Correct,
    Refused,
    Wrong(String),
}

/// Every file under `dir`, relative to it, with its bytes (symlinks as their target).
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in fs::read_dir(&current).unwrap() {
            let path = entry.unwrap().path();
            let meta = fs::symlink_metadata(&path).unwrap();
            let rel = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if meta.file_type().is_symlink() {
                let target = fs::read_link(&path).unwrap();
                files.insert(rel, format!("<symlink>{}", target.display()).into_bytes());
            } else if meta.is_dir() {
                pending.push(path);
            } else {
                files.insert(rel, fs::read(&path).unwrap());
            }
        }
    }
    files
}

fn write_files(base: &Path, files: Option<&Value>) {
    let Some(Value::Object(files)) = files else {
        return;
    };
    for (rel, text) in files {
        let path = base.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text.as_str().unwrap()).unwrap();
    }
}

fn run_case(binary: &Path, case: &Value) -> Outcome {
    let sandbox = tempfile::tempdir().unwrap();
    let case_dir = sandbox.path().canonicalize().unwrap();
    let root = case_dir.join(ROOT_REL);
    let outside = case_dir.join(OUTSIDE_REL);
    fs::create_dir_all(&root).unwrap();
    fs::create_dir_all(&outside).unwrap();
    write_files(&root, case.get("files_before"));
    write_files(&outside, case.get("outside_files"));
    let before = snapshot(&case_dir);

    let reply_dir = tempfile::tempdir().unwrap();
    let reply_path = reply_dir.path().join("reply.txt");
    let reply = case["response"]
        .as_str()
        .unwrap()
        .replace("@@OUTSIDE@@", &outside.to_string_lossy());
    fs::write(&reply_path, reply).unwrap();

    let expect = &case["expect"];
    let kind = expect["kind"].as_str().unwrap();
    let parse_only = case
        .get("parse_only")
        .and_then(Value::as_bool)
        .unwrap_or(false)
        || kind == "parse";
    let mut command = Command::new(binary);
    command
        .arg("apply")
        .arg("--root")
        .arg(&root)
        .arg("--format")
        .arg(case["format"].as_str().unwrap());
    for file in case["chat_files"].as_array().unwrap() {
        command.arg("--file").arg(file.as_str().unwrap());
    }
    if parse_only {
        command.arg("--parse-only").arg("--json");
    }
    let output = command
        .arg(&reply_path)
        .current_dir(&case_dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let after = snapshot(&case_dir);
    let code = output.status.code();

    if parse_only {
        if after != before {
            return Outcome::Wrong("parse-only touched files".into());
        }
        if kind == "parse_error" {
            return if code == Some(2) {
                Outcome::Correct
            } else {
                Outcome::Wrong(format!("no parse error reported (exit {code:?})"))
            };
        }
        if code == Some(2) {
            return Outcome::Refused;
        }
        let printed: Value = match serde_json::from_slice(&output.stdout) {
            Ok(value) => value,
            Err(_) => return Outcome::Wrong("bad JSON".into()),
        };
        let edits: Vec<Value> = printed["edits"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|edit| {
                Value::Array(vec![
                    edit["path"].clone(),
                    edit["search"].clone(),
                    edit["replace"].clone(),
                ])
            })
            .collect();
        return if Value::Array(edits) == expect["blocks"] {
            Outcome::Correct
        } else {
            Outcome::Wrong(format!(
                "blocks differ: {}",
                String::from_utf8_lossy(&output.stdout)
            ))
        };
    }

    let mut expected = before.clone();
    if kind == "apply"
        && let Some(Value::Object(files)) = expect.get("files_after")
    {
        for (rel, text) in files {
            expected.insert(
                format!("{ROOT_REL}/{rel}"),
                text.as_str().unwrap().as_bytes().to_vec(),
            );
        }
    }
    if after == expected {
        Outcome::Correct
    } else if after == before {
        Outcome::Refused
    } else {
        let differing: Vec<&String> = expected
            .keys()
            .chain(after.keys())
            .filter(|key| expected.get(*key) != after.get(*key))
            .collect();
        Outcome::Wrong(format!("files differ from the gold: {differing:?}"))
    }
}

#[test]
fn edits_dev_corpus_has_no_wrong_outcome_and_95_percent_of_applies() {
    let dir = corpus_dir();
    if !dir.join("cases").is_dir() {
        crate::support::skip_because_absent(&dir.display().to_string());
        return;
    }
    let binary = Path::new(env!("CARGO_BIN_EXE_aider-tui"));
    let mut cases: Vec<Value> = Vec::new();
    for group in ["perturbed", "aider-tests"] {
        let text = fs::read_to_string(dir.join("cases").join(format!("{group}.jsonl"))).unwrap();
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            cases.push(serde_json::from_str(line).unwrap());
        }
    }
    // A few cases at a time: each one is a process start.
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let workers: Vec<_> = cases
            .chunks(cases.len().div_ceil(4).max(1))
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|case| run_case(binary, case))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap())
            .collect()
    });
    let total = cases.len();
    let mut wrong = Vec::new();
    let (mut applies, mut applied) = (0usize, 0usize);
    for (case, outcome) in cases.iter().zip(outcomes) {
        if case["expect"]["kind"] == "apply" {
            applies += 1;
            if outcome == Outcome::Correct {
                applied += 1;
            }
        }
        if let Outcome::Wrong(why) = outcome {
            wrong.push(format!("{}: {why}", case["id"]));
        }
    }
    let rate = applied as f64 / applies.max(1) as f64;
    eprintln!(
        "edits-dev: {total} cases, {applied}/{applies} apply cases correct ({:.1}%), {} wrong",
        rate * 100.0,
        wrong.len()
    );
    assert!(wrong.is_empty(), "wrong outcomes:\n{}", wrong.join("\n"));
    assert!(rate >= 0.95, "only {applied}/{applies} apply cases correct");
}

/// The gold replies whose results parse: the syntax check flags none of their blocks.
/// Each apply case is planned in process (as `apply` plans it), and judged only when
/// the plan writes exactly the gold and every gold file parses cleanly.
#[test]
fn gold_replies_that_parse_get_no_syntax_flag() {
    use aider_tui::edit::{
        Decision, EditFormat, FileResult, ParseOptions, Planner, Workspace, parse_reply_with,
    };
    let dir = corpus_dir();
    if !dir.join("cases").is_dir() {
        crate::support::skip_because_absent(&dir.display().to_string());
        return;
    }
    let (mut judged, mut flagged) = (0usize, Vec::new());
    for group in ["perturbed", "aider-tests"] {
        let text = fs::read_to_string(dir.join("cases").join(format!("{group}.jsonl"))).unwrap();
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).unwrap();
            let (Some(Value::Object(gold)), Some(reply)) =
                (case["expect"].get("files_after"), case["response"].as_str())
            else {
                continue;
            };
            if case["expect"]["kind"] != "apply" || case.get("outside_files").is_some() {
                continue;
            }
            let clean = gold.iter().all(|(path, text)| {
                aider_tui::repomap::syntax_errors(path, text.as_str().unwrap_or(""))
                    .is_none_or(|errors| errors.is_empty())
            });
            if !clean {
                continue;
            }
            let root = tempfile::tempdir().unwrap();
            write_files(root.path(), case.get("files_before"));
            let chat: Vec<String> = case["chat_files"]
                .as_array()
                .unwrap()
                .iter()
                .map(|file| file.as_str().unwrap().to_string())
                .collect();
            let format: EditFormat = case["format"].as_str().unwrap().parse().unwrap();
            let Ok(parsed) = parse_reply_with(reply, format, &ParseOptions::new(&chat)) else {
                continue;
            };
            let workspace = Workspace::new(root.path()).unwrap();
            let mut planner = Planner::new(&workspace, &chat);
            planner.check_syntax(aider_tui::engine::grammar_check());
            let plan = planner.plan(&parsed.edits, &|_| Decision::Accept);
            let writes_gold = plan.files.iter().all(|file| match &file.result {
                FileResult::Write(text) => {
                    gold.get(&file.path).and_then(Value::as_str) == Some(text.as_str())
                }
                FileResult::Delete => false,
            });
            if !writes_gold || plan.files.is_empty() {
                continue;
            }
            judged += 1;
            for block in &plan.blocks {
                if let Some(found) = &block.syntax_error {
                    flagged.push(format!(
                        "{} block {} ({}): line {}: {}",
                        case["id"],
                        block.id + 1,
                        block.path,
                        found.line,
                        found.message
                    ));
                }
            }
        }
    }
    eprintln!(
        "edits-dev: {judged} gold replies that parse checked, {} flagged",
        flagged.len()
    );
    assert!(judged > 50, "only {judged} cases could be judged");
    assert!(flagged.is_empty(), "false flags:\n{}", flagged.join("\n"));
}
