//! The instructions that teach a model one edit format: system rules, example
//! exchanges, and a short reminder sent with every request.

use super::format::EditFormat;

/// The prompt texts for one edit format (code mode).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatPrompts {
    /// The rules of the format, for the system message.
    pub system: String,
    /// Example exchanges: (user message, assistant reply).
    pub examples: Vec<(String, String)>,
    /// A short restatement of the rules, sent after the user's message.
    pub reminder: String,
}

/// The prompt texts for `format`.
pub fn prompts(format: EditFormat) -> FormatPrompts {
    match format {
        EditFormat::Diff => search_replace_prompts(false),
        EditFormat::DiffFenced => search_replace_prompts(true),
        EditFormat::Whole => whole_prompts(),
        EditFormat::Udiff => udiff_prompts(),
        EditFormat::Patch => patch_prompts(),
    }
}

const ROLE: &str = "You are a careful senior software engineer working in the user's repository. \
Answer the request, then make the change by writing edits in the exact format below. \
The program reads your reply, finds the edits and applies them; you have no other way to change files. \
Only edit files the user has added to the chat. If you need to see another file first, name it and ask for it, then stop. \
Keep explanations short. Suggest shell commands (tests, installs) in ```bash blocks; the user decides whether to run them.";

const EXAMPLE_REQUEST: &str = "In src/greet.py, make greet() take a name and greet that name.";

fn search_replace_prompts(fenced: bool) -> FormatPrompts {
    let (placement, example) = if fenced {
        (
            "Open a fence, write the file's path on the first line inside it, then the block, then close the fence.",
            "```python\nsrc/greet.py\n<<<<<<< SEARCH\ndef greet():\n    print(\"Hello!\")\n=======\ndef greet(name):\n    print(f\"Hello, {name}!\")\n>>>>>>> REPLACE\n```\n",
        )
    } else {
        (
            "Write the file's path alone on a line, then open a fence, write the block, and close the fence.",
            "src/greet.py\n```python\n<<<<<<< SEARCH\ndef greet():\n    print(\"Hello!\")\n=======\ndef greet(name):\n    print(f\"Hello, {name}!\")\n>>>>>>> REPLACE\n```\n",
        )
    };
    let system = format!(
        "{ROLE}\n\n\
# How to edit files: SEARCH/REPLACE blocks\n\n\
Every change is one or more SEARCH/REPLACE blocks. {placement}\n\
A block is:\n\
1. the line `<<<<<<< SEARCH`\n\
2. lines copied exactly from the current file, enough to find one place only\n\
3. the line `=======`\n\
4. the lines that take their place\n\
5. the line `>>>>>>> REPLACE`\n\n\
Rules:\n\
- SEARCH must match the file character for character: same indentation, comments, blank lines and trailing text. Never write `...` or \"existing code\" placeholders in SEARCH.\n\
- SEARCH must match one place only. If the lines occur twice, include more surrounding lines.\n\
- Keep blocks small: the lines that change plus a few lines around them. Use several blocks for several places, in file order.\n\
- Blocks are applied one after the other, so a later block may edit lines an earlier one added.\n\
- To create a file, use its new path with an empty SEARCH section.\n\
- To move code, use one block to delete it and another to insert it.\n\
- Always write the full path, exactly as the user gave it."
    );
    let reply = format!("greet() will take the name and use it in the message.\n\n{example}");
    FormatPrompts {
        system,
        examples: vec![(EXAMPLE_REQUEST.to_string(), reply)],
        reminder: format!(
            "Reminder: edit files only with SEARCH/REPLACE blocks. {placement} SEARCH copies the file exactly and matches one place; empty SEARCH creates a new file."
        ),
    }
}

fn whole_prompts() -> FormatPrompts {
    let system = format!(
        "{ROLE}\n\n\
# How to edit files: whole-file listings\n\n\
To change a file, write its path alone on a line, then a fenced block holding the complete new content of that file.\n\
Rules:\n\
- List every line of the file, changed or not. Never shorten with `...` or comments like \"rest unchanged\": what you list replaces the file.\n\
- One listing per changed file; the path line goes directly above the opening fence.\n\
- If the file itself contains ``` lines, fence the listing with four backticks.\n\
- A path that does not exist yet creates that file."
    );
    let reply = "greet() will take the name.\n\nsrc/greet.py\n```python\ndef greet(name):\n    print(f\"Hello, {name}!\")\n\n\nif __name__ == \"__main__\":\n    greet(\"world\")\n```\n".to_string();
    FormatPrompts {
        system,
        examples: vec![(EXAMPLE_REQUEST.to_string(), reply)],
        reminder: "Reminder: for each changed file, write its path on a line, then a fenced block with the file's complete new content. Never elide lines.".to_string(),
    }
}

fn udiff_prompts() -> FormatPrompts {
    let system = format!(
        "{ROLE}\n\n\
# How to edit files: unified diffs\n\n\
Write changes as a unified diff inside a ```diff fence, the way `diff -U3` would.\n\
Rules:\n\
- Start each file with `--- path` and `+++ path` lines (use `--- /dev/null` to create a file).\n\
- Each hunk starts with a `@@ ... @@` line; line numbers are not needed and are ignored.\n\
- Inside a hunk, prefix unchanged lines with a space, removed lines with `-`, added lines with `+`.\n\
- The unchanged and `-` lines must copy the file exactly, and a hunk must fit one place only; include enough unchanged lines around each change.\n\
- Rewrite a whole function or block when a change touches many lines of it, rather than many tiny hunks."
    );
    let reply = "greet() will take the name.\n\n```diff\n--- src/greet.py\n+++ src/greet.py\n@@ ... @@\n-def greet():\n-    print(\"Hello!\")\n+def greet(name):\n+    print(f\"Hello, {name}!\")\n```\n".to_string();
    FormatPrompts {
        system,
        examples: vec![(EXAMPLE_REQUEST.to_string(), reply)],
        reminder: "Reminder: write edits as unified diffs in a ```diff fence, with `--- path`/`+++ path` headers and `@@ ... @@` hunks whose unchanged and `-` lines copy the file exactly.".to_string(),
    }
}

fn patch_prompts() -> FormatPrompts {
    let system = format!(
        "{ROLE}\n\n\
# How to edit files: patches\n\n\
Write all your changes as one patch: a `*** Begin Patch` line, one section per file, and a `*** End Patch` line.\n\
Sections:\n\
- `*** Update File: path` changes an existing file. Put `*** Move to: new/path` on the next line to rename it as well.\n\
- `*** Add File: path` creates a file: every line of its content follows, each starting with `+` (a lone `+` for an empty line).\n\
- `*** Delete File: path` deletes a file; nothing follows it.\n\n\
An updated file's changes come in hunks. Each hunk starts with a `@@` line, then:\n\
- unchanged lines starting with a space, removed lines starting with `-`, added lines starting with `+`;\n\
- about three unchanged lines before and after each change, copied exactly from the file, so the hunk fits one place only.\n\
When those lines could occur in more than one place, name the enclosing class or function after the `@@` (`@@ class Cart`), \
and when that is not enough add a second `@@` line for the inner one (`@@     def total(self):`), outermost first.\n\
A hunk that must match the very end of the file ends with a `*** End of File` line.\n\
Line numbers are not used. Paths are relative to the repository root, exactly as the user gave them."
    );
    let reply = "greet() will take the name.\n\n*** Begin Patch\n*** Update File: src/greet.py\n@@\n-def greet():\n-    print(\"Hello!\")\n+def greet(name):\n+    print(f\"Hello, {name}!\")\n*** End Patch\n".to_string();
    FormatPrompts {
        system,
        examples: vec![(EXAMPLE_REQUEST.to_string(), reply)],
        reminder: "Reminder: write every change as one patch from `*** Begin Patch` to `*** End Patch`, with `*** Update File:`, `*** Add File:` or `*** Delete File:` sections and `@@` hunks whose unchanged and `-` lines copy the file exactly.".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::format::ALL_FORMATS;
    use super::super::reply::parse_reply;
    use super::*;

    #[test]
    fn every_example_reply_parses_in_its_own_format() {
        for format in ALL_FORMATS {
            let texts = prompts(format);
            assert!(!texts.system.is_empty() && !texts.reminder.is_empty());
            for (_, reply) in &texts.examples {
                let parsed = parse_reply(reply, format, &[]).unwrap();
                assert_eq!(parsed.edits.len(), 1, "{format}");
                assert_eq!(parsed.edits[0].path, "src/greet.py", "{format}");
            }
        }
    }
}
