//! Which comment markers a file's language uses, by its extension or name.

/// The comment markers of one language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommentSyntax {
    /// Markers that start a comment running to the end of the line (`#`, `//`).
    pub line: &'static [&'static str],
    /// Block comments as (opening, closing) pairs (`/*` … `*/`).
    pub block: &'static [(&'static str, &'static str)],
}

const C_BLOCK: &[(&str, &str)] = &[("/*", "*/")];
const HTML_BLOCK: &[(&str, &str)] = &[("<!--", "-->")];

const HASH: CommentSyntax = CommentSyntax {
    line: &["#"],
    block: &[],
};
const SLASHES: CommentSyntax = CommentSyntax {
    line: &["//"],
    block: C_BLOCK,
};
const DASHES: CommentSyntax = CommentSyntax {
    line: &["--"],
    block: &[],
};
const SEMICOLON: CommentSyntax = CommentSyntax {
    line: &[";"],
    block: &[],
};
const MARKUP: CommentSyntax = CommentSyntax {
    line: &[],
    block: HTML_BLOCK,
};
/// For files whose language is not known: every marker the watcher understands.
const ANY: CommentSyntax = CommentSyntax {
    line: &["#", "//", "--", ";"],
    block: &[("/*", "*/"), ("<!--", "-->")],
};

/// The comment syntax for a repository path, from its extension (or its name, for
/// `Makefile`, `Dockerfile` and the like).
pub fn syntax_for(path: &str) -> CommentSyntax {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name {
        "Makefile" | "makefile" | "GNUmakefile" | "Dockerfile" | "Containerfile" | "Rakefile"
        | "Gemfile" | "Justfile" | "justfile" | "CMakeLists.txt" | ".bashrc" | ".zshrc" => {
            return HASH;
        }
        _ => {}
    }
    let Some((_, extension)) = name.rsplit_once('.') else {
        return ANY;
    };
    match extension.to_ascii_lowercase().as_str() {
        "py" | "pyi" | "rb" | "sh" | "bash" | "zsh" | "fish" | "pl" | "pm" | "r" | "yaml"
        | "yml" | "toml" | "tf" | "hcl" | "ex" | "exs" | "nim" | "cmake" | "mk" | "ps1" | "jl"
        | "coffee" | "cr" | "tcl" | "conf" | "cfg" | "dockerfile" | "gd" => HASH,
        "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "hxx" | "m" | "mm" | "cs" | "java"
        | "js" | "mjs" | "cjs" | "jsx" | "ts" | "mts" | "cts" | "tsx" | "go" | "rs" | "swift"
        | "kt" | "kts" | "scala" | "sc" | "dart" | "zig" | "sol" | "groovy" | "gradle" | "v"
        | "proto" | "scss" | "less" | "glsl" | "hlsl" | "wgsl" | "d" | "fs" | "fsx" => SLASHES,
        "css" => CommentSyntax {
            line: &[],
            block: C_BLOCK,
        },
        "php" => CommentSyntax {
            line: &["//", "#"],
            block: C_BLOCK,
        },
        "vue" | "svelte" => CommentSyntax {
            line: &["//"],
            block: &[("/*", "*/"), ("<!--", "-->")],
        },
        "sql" | "lua" | "hs" | "lhs" | "elm" | "adb" | "ads" | "purs" | "vhd" | "vhdl" => DASHES,
        "lisp" | "lsp" | "clj" | "cljs" | "cljc" | "edn" | "el" | "scm" | "ss" | "rkt" | "asm"
        | "s" => SEMICOLON,
        "ini" => CommentSyntax {
            line: &[";", "#"],
            block: &[],
        },
        "html" | "htm" | "xml" | "xhtml" | "svg" | "md" | "markdown" => MARKUP,
        _ => ANY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_get_their_own_markers() {
        assert_eq!(syntax_for("src/app.py").line, ["#"]);
        assert_eq!(syntax_for("src/main.rs").line, ["//"]);
        assert_eq!(syntax_for("src/main.rs").block, [("/*", "*/")]);
        assert_eq!(syntax_for("db/schema.sql").line, ["--"]);
        assert_eq!(syntax_for("init.el").line, [";"]);
        assert_eq!(syntax_for("docs/index.html").block, [("<!--", "-->")]);
        assert_eq!(syntax_for("Makefile").line, ["#"]);
        assert_eq!(syntax_for("NOTES"), ANY);
        assert_eq!(syntax_for("data.unknown"), ANY);
    }
}
