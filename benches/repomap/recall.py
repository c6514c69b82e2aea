#!/usr/bin/env python3
"""Ranking quality on real commit history: seed the map with one file a commit
touched and count how many of the commit's other files the map shows.

    benches/repomap/recall.py --repo DIR [--commits 50] [--tokens 1024 4096]
                              [--history 0 2000] [--aider-tui BIN] [--aider CMD]
                              [--current-checkout] [--scratch DIR]

For each recent non-merge commit modifying 2-8 files (files it adds or deletes
are left out: no map of its parent can name them), the first such file (in path
order) goes in the chat and recall is the share of the other files named in the
map.

By default each map is made at the commit's parent, in a scratch clone of DIR
(commits oldest first, so the co-change table is updated rather than rebuilt):
neither the commit being predicted nor any later one is in the tree or in the
history the map reads. `--history` lists the `--map-history` values to compare
(0: no co-change). `--current-checkout` maps DIR as it is instead (the old
method: later commits are in the tree, and would be in the history). Aider runs
only if found, and only with --current-checkout.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

SECTION = re.compile(r"^([^\s│⋮].*?):?$")


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


def commits(repo, limit, at_parent):
    """(commit, files) pairs, newest first."""
    log = git(repo, "log", "--no-merges", "--name-only", "--diff-filter=M", "--format=@@%H", f"-n{limit * 4}")
    found, current = [], None
    for line in log.splitlines():
        if line.startswith("@@"):
            current = (line[2:], [])
            found.append(current)
        elif line.strip() and current is not None:
            current[1].append(line.strip())
    picked = []
    for commit, files in found:
        if at_parent:
            files = sorted(set(files))
        else:
            files = sorted({f for f in files if os.path.isfile(os.path.join(repo, f))})
        if 2 <= len(files) <= 8:
            picked.append((commit, files))
        if len(picked) == limit:
            break
    return picked


def mapped_files(text):
    names = set()
    for line in text.splitlines():
        match = SECTION.match(line)
        if match and not line.startswith(("│", "⋮")):
            names.add(match.group(1))
    return names


def tui_map(binary, repo, seed, tokens, history, tag_store):
    command = [binary, "map", "--root", repo, "--chat-file", seed, "--map-tokens", str(tokens),
               "--map-history", str(history)]
    if tag_store:
        command += ["--tag-store", tag_store]
    return subprocess.run(command, capture_output=True, text=True).stdout


def aider_map(aider, repo, seed, tokens):
    out = subprocess.run([aider, "--model", "gpt-4o", seed, "--show-repo-map", "--map-tokens", str(tokens),
                          "--no-gitignore", "--no-check-update", "--no-analytics", "--no-show-release-notes",
                          "--no-show-model-warnings", "--yes-always"],
                         cwd=repo, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return out.stdout


def recall(shown, others):
    return sum(1 for f in others if f in shown) / len(others)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--commits", type=int, default=50)
    parser.add_argument("--tokens", type=int, nargs="+", default=[1024, 4096])
    parser.add_argument("--history", type=int, nargs="+", default=[0, 2000])
    parser.add_argument("--aider-tui", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"),
                                                            "release", "aider-tui"))
    parser.add_argument("--aider", default="aider")
    parser.add_argument("--current-checkout", action="store_true")
    parser.add_argument("--scratch", help="folder for the scratch clone and tag store (default: a temporary one)")
    args = parser.parse_args()
    repo = os.path.abspath(args.repo)
    binary = os.path.abspath(args.aider_tui)
    at_parent = not args.current_checkout
    cases = commits(repo, args.commits, at_parent)
    if not cases:
        sys.exit("no commits modifying 2-8 files")
    scratch = args.scratch or tempfile.mkdtemp(prefix="recall-")
    tag_store = os.path.join(scratch, "tags")
    tree = repo
    if at_parent:
        tree = os.path.join(scratch, "tree")
        if not os.path.isdir(tree):
            subprocess.run(["git", "clone", "-q", "--no-checkout", repo, tree], check=True)
        cases.reverse()
    tools = {}
    for history in args.history:
        tools[f"aider-tui h={history}"] = (lambda h: lambda seed, tokens: tui_map(binary, tree, seed, tokens, h,
                                                                                  tag_store))(history)
    if not at_parent and shutil.which(args.aider):
        tools["aider"] = lambda seed, tokens: aider_map(args.aider, repo, seed, tokens)
    recalls = {(name, tokens): [] for name in tools for tokens in args.tokens}
    for commit, files in cases:
        if at_parent:
            git(tree, "checkout", "-q", "--detach", "--force", f"{commit}^")
        seed, others = files[0], files[1:]
        for name, run in tools.items():
            for tokens in args.tokens:
                recalls[(name, tokens)].append(recall(mapped_files(run(seed, tokens)), others))
    where = "each commit's parent" if at_parent else "the current checkout"
    print(f"{len(cases)} commits from {repo}, mapped at {where}")
    for tokens in args.tokens:
        for name in tools:
            values = recalls[(name, tokens)]
            print(f"{name:18} {tokens:5} tokens: recall {statistics.mean(values):.1%} over {len(values)} commits")


if __name__ == "__main__":
    main()
