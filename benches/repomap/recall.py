#!/usr/bin/env python3
"""Ranking quality on real commit history: seed the map with one file a commit
touched and count how many of the commit's other files the map shows.

    benches/repomap/recall.py --repo DIR [--commits 50] [--tokens 1024 4096]
                              [--aider-tui BIN] [--aider CMD]

For each recent non-merge commit touching 2-8 files that still exist, the first
such file (in path order) goes in the chat and recall is the share of the other
files named in the map. Maps are made from the current checkout (not each
commit's parent), which is the same for both tools. Aider runs only if found.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

SECTION = re.compile(r"^([^\s│⋮].*?):?$")


def commits(repo, limit):
    log = subprocess.run(
        ["git", "-C", repo, "log", "--no-merges", "--name-only", "--format=@@%H", f"-n{limit * 4}"],
        check=True, capture_output=True, text=True).stdout
    found, current = [], None
    for line in log.splitlines():
        if line.startswith("@@"):
            current = []
            found.append(current)
        elif line.strip() and current is not None:
            current.append(line.strip())
    picked = []
    for files in found:
        files = sorted({f for f in files if os.path.isfile(os.path.join(repo, f))})
        if 2 <= len(files) <= 8:
            picked.append(files)
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


def tui_map(binary, repo, seed, tokens):
    out = subprocess.run([binary, "map", "--root", repo, "--chat-file", seed, "--map-tokens", str(tokens)],
                         capture_output=True, text=True)
    return out.stdout


def aider_map(aider, repo, seed, tokens):
    out = subprocess.run([aider, "--model", "gpt-4o", seed, "--show-repo-map", "--map-tokens", str(tokens),
                          "--no-gitignore", "--no-check-update", "--no-analytics", "--no-show-release-notes",
                          "--no-show-model-warnings", "--yes-always"],
                         cwd=repo, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return out.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--commits", type=int, default=50)
    parser.add_argument("--tokens", type=int, nargs="+", default=[1024, 4096])
    parser.add_argument("--aider-tui", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"),
                                                            "release", "aider-tui"))
    parser.add_argument("--aider", default="aider")
    args = parser.parse_args()
    repo = os.path.abspath(args.repo)
    cases = commits(repo, args.commits)
    if not cases:
        sys.exit("no commits touching 2-8 existing files")
    tools = {"aider-tui": lambda seed, tokens: tui_map(args.aider_tui, repo, seed, tokens)}
    if shutil.which(args.aider):
        tools["aider"] = lambda seed, tokens: aider_map(args.aider, repo, seed, tokens)
    print(f"{len(cases)} commits from {repo}")
    for tokens in args.tokens:
        for name, run in tools.items():
            recalls = []
            for files in cases:
                seed, others = files[0], files[1:]
                shown = mapped_files(run(seed, tokens))
                recalls.append(sum(1 for f in others if f in shown) / len(others))
            print(f"{name:10} {tokens:5} tokens: recall {statistics.mean(recalls):.1%} over {len(recalls)} commits")


if __name__ == "__main__":
    main()
