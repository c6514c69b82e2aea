#!/usr/bin/env python3
"""Does the map find the files a request is about? Real commits as requests:
the commit's message (subject and body) is the request, the map is made at the
commit's parent, and recall is the share of the commit's changed source files
(those that exist at the parent) the map names.

    benches/repomap/message_recall.py --repo NAME=GIT_DIR [--repo ...]
        [--commits 20] [--part tune|held-out|all] [--scratch DIR]
        [--aider-tui BIN] [--aider-python PY] [--tools aider-tui aider]
        [--cases FILE]
    benches/repomap/message_recall.py --report CASES [CASES ...]

Each GIT_DIR (a clone or a bare repository) is cloned into the scratch folder
(nothing is written to it). Per repository the latest `--commits` commits that
qualify are taken: not a merge, not from a bot or a release/dependency chore,
a message of at least six words, and one to eight changed source files that
the parent has. A commit whose id starts with 0-7 is in the tuning part, 8-f
in the held-out part.

Budgets are the size of the map: 1,024 and 4,096 tokens, and the default (an
8,192-token map with no chat file, 1,024 with one). With no chat file both
tools are given an eighth of the budget as `--map-tokens`, since each
multiplies it by eight when the chat is empty. "One chat file" puts the first
changed file (in path order) in the chat and counts the others (commits with
at least two). Aider runs through `aider_message_map.py` with the Python that
has aider-chat (default: the `python` beside `aider` on PATH).

`--cases` keeps each commit's figures as JSON lines; `--report` prints the
table from such files (runs of the two tools made apart, say).
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

SECTION = re.compile(r"^([^\s│⋮].*?):?$")
SOURCE_EXTENSIONS = {
    ".py", ".pyi", ".rs", ".rb", ".rake", ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts",
    ".go", ".c", ".h", ".cc", ".cpp", ".hpp", ".java", ".kt", ".cs", ".php", ".swift", ".scala",
    ".lua", ".ex", ".exs", ".erb", ".vue", ".svelte", ".sh",
}
CHORE = re.compile(r"^(bump|merge|release|prepare|version|update (dependency|changelog)|chore\(deps|"
                   r"build\(deps|\[ci skip\]|revert \"bump)", re.IGNORECASE)
TRAILER = re.compile(r"^(signed-off-by|co-authored-by|reviewed-by|cc|fixes|closes|refs?):", re.IGNORECASE)
BUDGETS = ["1024", "4096", "default"]


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True,
                          errors="replace").stdout


def is_source(path):
    return os.path.splitext(path)[1].lower() in SOURCE_EXTENSIONS


def request_text(subject, body):
    lines = [line for line in body.splitlines() if not TRAILER.match(line.strip())]
    return (subject.strip() + "\n\n" + "\n".join(lines).strip()).strip()


def qualifying(repo, limit):
    """(commit, message, changed files) of the latest qualifying commits of the
    cloned branch, newest first (HEAD may be any commit's parent by now)."""
    log = git(repo, "log", "--no-merges", "--name-status", "--format=%x01%H%x02%an%x02%s%x02%b%x03",
              f"-n{limit * 40}", "origin/HEAD")
    found = []
    for block in log.split("\x01")[1:]:
        header, _, names = block.partition("\x03")
        commit, author, subject, body = (header.split("\x02") + ["", "", "", ""])[:4]
        if "bot" in author.lower() or CHORE.match(subject.strip()):
            continue
        message = request_text(subject, body)
        if len(re.findall(r"[A-Za-z]{2,}", message)) < 6:
            continue
        modified, other_source = [], False
        for line in names.strip().splitlines():
            parts = line.split("\t")
            if len(parts) < 2 or not is_source(parts[-1]):
                continue
            if parts[0] == "M":
                modified.append(parts[1])
            else:
                other_source = True
        # Only files the parent has can be named by a map of the parent.
        files = sorted(set(modified))
        if 1 <= len(files) <= 8 and not (other_source and not files):
            found.append((commit, message, files))
        if len(found) == limit:
            break
    return found


def part_of(commit):
    return "tune" if commit[0] in "01234567" else "held-out"


def mapped_files(text):
    names = set()
    for line in text.splitlines():
        match = SECTION.match(line)
        # A path has no spaces; Aider's map opens with sentences.
        if match and not line.startswith(("│", "⋮")) and " " not in line.strip():
            names.add(match.group(1).strip())
    return names


def bare_paths(text):
    """Files named without any definition line after them."""
    lines = text.splitlines()
    count = 0
    for index, line in enumerate(lines):
        if (SECTION.match(line) and not line.startswith(("│", "⋮")) and not line.endswith(":")
                and " " not in line.strip() and line.strip()):
            following = lines[index + 1] if index + 1 < len(lines) else ""
            if not following.startswith(("│", "⋮")):
                count += 1
    return count


def setting(budget, chat):
    """The --map-tokens value that gives a map of `budget` tokens."""
    if budget == "default":
        return 1024
    return int(budget) if chat else int(budget) // 8


def tui_maps(binary, tree, message_file, chat, tag_store):
    maps = {}
    with open(message_file, encoding="utf-8") as handle:
        message = handle.read()
    for budget in BUDGETS:
        command = [binary, "map", "--root", tree, "--message", message,
                   "--map-tokens", str(setting(budget, chat)), "--tag-store", tag_store]
        if chat:
            command += ["--chat-file", chat]
        maps[budget] = subprocess.run(command, capture_output=True, text=True).stdout
    return maps


def aider_maps(python, driver, tree, message_file, chat):
    """Aider's maps, with no chat file and with `chat` (when given), in one process:
    {(chat or None, budget): text}."""
    out_file = message_file + ".aider.json"
    if os.path.exists(out_file):
        os.remove(out_file)
    values = sorted({str(setting(budget, c)) for budget in BUDGETS for c in (None, chat)})
    command = [python, driver, "--root", tree, "--message-file", message_file, "--out", out_file,
               "--map-tokens", *values]
    if chat:
        command += ["--chat-file", chat]
    out = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    try:
        with open(out_file, encoding="utf-8") as handle:
            made = json.load(handle)
    except (OSError, json.JSONDecodeError):
        sys.stderr.write(f"aider failed in {tree}: {out.stderr[-500:]}\n")
        made = {}
    maps = {}
    for c in ([None, chat] if chat else [None]):
        for budget in BUDGETS:
            maps[(c, budget)] = made.get(f"{c or ''} {setting(budget, c)}", "")
    return maps


def recall(text, wanted):
    shown = mapped_files(text)
    return sum(1 for path in wanted if path in shown) / len(wanted)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", action="append", default=[], help="NAME=GIT_DIR")
    parser.add_argument("--commits", type=int, default=20)
    parser.add_argument("--part", choices=["tune", "held-out", "all"], default="all")
    parser.add_argument("--scratch")
    parser.add_argument("--aider-tui", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"),
                                                            "release", "aider-tui"))
    parser.add_argument("--aider-python")
    parser.add_argument("--tools", nargs="+", default=["aider-tui", "aider"])
    parser.add_argument("--cases", help="write each commit's figures here as JSON lines")
    parser.add_argument("--report", nargs="+", help="print the table of these --cases files")
    parser.add_argument("--common", action="store_true",
                        help="with --report: only the commits every file has")
    args = parser.parse_args()
    if args.report:
        return report(args.report, args.common)
    if not args.repo:
        parser.error("--repo is needed")
    binary = os.path.abspath(args.aider_tui)
    scratch = args.scratch or tempfile.mkdtemp(prefix="message-recall-")
    os.makedirs(scratch, exist_ok=True)
    tag_store = os.path.join(scratch, "tags")
    driver = os.path.join(os.path.dirname(os.path.abspath(__file__)), "aider_message_map.py")
    python = args.aider_python
    if python is None and shutil.which("aider"):
        python = os.path.join(os.path.dirname(shutil.which("aider")), "python")
    tools = [tool for tool in args.tools if tool != "aider" or python]
    results = {}  # (part, tool, chat?, budget) -> [recall]
    cases_out = open(args.cases, "w") if args.cases else None
    for spec in args.repo:
        name, _, source = spec.partition("=")
        tree = os.path.join(scratch, name)
        if not os.path.isdir(tree):
            subprocess.run(["git", "clone", "-q", "--no-checkout", os.path.abspath(source), tree], check=True)
        cases = qualifying(tree, args.commits)
        cases.reverse()  # oldest first: the co-change table is updated, not rebuilt
        for commit, message, files in cases:
            part = part_of(commit)
            if args.part != "all" and part != args.part:
                continue
            git(tree, "checkout", "-q", "--detach", "--force", f"{commit}^")
            git(tree, "clean", "-q", "-f", "-d", "-x", "-e", ".aider-tui", "-e", ".aider.tags.cache.v4")
            message_file = os.path.join(scratch, "message.txt")
            with open(message_file, "w", encoding="utf-8") as handle:
                handle.write(message)
            modes = [(None, files)] + ([(files[0], files[1:])] if len(files) >= 2 else [])
            case = {"repo": name, "commit": commit, "part": part, "files": files}
            aider = None
            if "aider" in tools:
                aider = aider_maps(python, driver, tree, message_file, modes[-1][0])
            for chat, wanted in modes:
                for tool in tools:
                    if tool == "aider-tui":
                        maps = tui_maps(binary, tree, message_file, chat, tag_store)
                    else:
                        maps = {budget: aider[(chat, budget)] for budget in BUDGETS}
                    for budget, text in maps.items():
                        value = recall(text, wanted)
                        label = f"{tool} {'chat' if chat else 'no chat'} {budget}"
                        case.setdefault("named", {})[label] = [len(mapped_files(text)), bare_paths(text)]
                        for which in (part, "all"):
                            results.setdefault((which, tool, chat is not None, budget), []).append(value)
                        case[f"{tool} {'chat' if chat else 'no chat'} {budget}"] = value
            if cases_out:
                cases_out.write(json.dumps(case) + "\n")
                cases_out.flush()
            print(f"{name} {commit[:10]} {part:8} {len(files)} files: "
                  + " ".join(f"{k}={v:.2f}" for k, v in case.items() if k.endswith("no chat default")),
                  flush=True)
    print()
    print_table(results)


def print_table(results):
    """results: (part, tool, chat?, budget) -> [recall]"""
    tools = sorted({key[1] for key in results}, key=lambda tool: tool != "aider-tui")
    print(f"{'part':9} {'tool':10} {'chat':6} " + " ".join(f"{b:>8}" for b in BUDGETS) + "  commits")
    for part in ["tune", "held-out", "all"]:
        for chat in [False, True]:
            for tool in tools:
                values = [results.get((part, tool, chat, budget), []) for budget in BUDGETS]
                if not values[0]:
                    continue
                row = " ".join(f"{statistics.mean(v):8.3f}" for v in values)
                print(f"{part:9} {tool:10} {'one' if chat else 'none':6} {row}  {len(values[0])}")


def report(paths, common=False):
    results = {}
    named = {}
    loaded = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            loaded.append([json.loads(line) for line in handle])
    shared = set.intersection(*[{case["commit"] for case in cases} for cases in loaded])
    for cases in loaded:
        for case in cases:
                if common and case["commit"] not in shared:
                    continue
                for label, (files, bare) in case.get("named", {}).items():
                    named.setdefault(label, []).append((files, bare))
                for key, value in case.items():
                    if not isinstance(value, float) and not isinstance(value, int):
                        continue
                    parts = key.split(" ")
                    if len(parts) < 3 or parts[0] not in ("aider-tui", "aider"):
                        continue
                    tool, chat, budget = parts[0], parts[1:-1] == ["chat"], parts[-1]
                    for part in (case["part"], "all"):
                        results.setdefault((part, tool, chat, budget), []).append(value)
    print_table(results)
    print()
    print("files named per map (of them bare paths), mean over all commits:")
    for label in sorted(named):
        values = named[label]
        print(f"  {label:28} {statistics.mean(v[0] for v in values):6.1f} "
              f"({statistics.mean(v[1] for v in values):5.1f} bare)")


if __name__ == "__main__":
    main()
