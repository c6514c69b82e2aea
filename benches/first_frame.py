#!/usr/bin/env python3
"""Time to the first useful frame of the full-screen session, measured from outside.

Starts the real binary in tmux (160x48) on a repository and polls `tmux capture-pane`
until the screen shows the chat file, the model and the last commit's subject: the
first frame a user can act on. The clock starts just before `tmux new-session`. Each
run uses a fresh tag store (a cold repo map); a generated repository also gets a fresh
`.aider-tui/` (a given one keeps its own). A baseline run
of a shell printing the same words measures what tmux and the polling cost by
themselves; subtract it.

    benches/first_frame.py --bin target/release/aider-tui                 # a generated 20,000-file repo
    benches/first_frame.py --bin BIN --repo DIR --file PATH --runs 5      # any git repository with a commit

Needs tmux and git. Prints one line per run and the median.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

POLL = 0.005


def generate(root, count):
    body = "".join(f"def helper_{i}(value):\n    return value + {i}\n\n" for i in range(20))
    for i in range(count):
        folder = os.path.join(root, "pkg", f"d{i % 50:02}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"m{i:05}.py"), "w") as out:
            out.write(body)
    with open(os.path.join(root, "hello.py"), "w") as out:
        out.write('def greet():\n    return "hello"\n')
    git = ["git", "-C", root, "-c", "user.name=Bench", "-c", "user.email=bench@example.com"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "initial commit"], check=True)


def subject(root):
    out = subprocess.run(["git", "-C", root, "log", "-1", "--format=%s"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()[:20]


def one_run(command, root, needles):
    # A server of its own per run: a killed one may still hold its socket.
    one_run.count = getattr(one_run, "count", 0) + 1
    tmux = ["tmux", "-L", f"first-frame-{os.getpid()}-{one_run.count}"]
    started = time.perf_counter()
    subprocess.run(tmux + ["-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "48",
                           "-s", "bench", "-c", root, command], check=True)
    try:
        while True:
            screen = subprocess.run(tmux + ["capture-pane", "-p", "-t", "bench"],
                                    capture_output=True, text=True).stdout
            if all(needle in screen for needle in needles):
                return time.perf_counter() - started
            if time.perf_counter() - started > 60:
                sys.exit(f"no first frame after 60 s; screen:\n{screen}")
            time.sleep(POLL)
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--repo", help="a git repository (default: generate one)")
    parser.add_argument("--file", default="hello.py", help="the chat file, relative to the repo")
    parser.add_argument("--files", type=int, default=20_000, help="files to generate")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    binary = os.path.abspath(args.bin)
    work = tempfile.mkdtemp(prefix="first-frame-")
    try:
        root = args.repo
        if root is None:
            root = os.path.join(work, "repo")
            os.makedirs(root)
            generate(root, args.files)
        root = os.path.abspath(root)
        needles = [f"rw {args.file}", "openai/gpt-4o", subject(root)]
        home = os.path.join(work, "home")
        os.makedirs(home, exist_ok=True)

        shown = " ".join(needles)
        baseline = [one_run(f"printf '%s\\n' '{shown}'; sleep 30", root, needles)
                    for _ in range(args.runs)]
        times = []
        for run in range(args.runs):
            store = os.path.join(work, f"tags-{run}")
            if args.repo is None:
                shutil.rmtree(os.path.join(root, ".aider-tui"), ignore_errors=True)
            command = (f"env -i PATH='{os.environ.get('PATH', '')}' HOME='{home}' TERM=xterm-256color "
                       f"'{binary}' '{args.file}' --model openai/gpt-4o --api-key sk-bench "
                       f"--api-base http://127.0.0.1:9/v1 --tag-store '{store}'")
            elapsed = one_run(command, root, needles)
            times.append(elapsed)
            print(f"run {run + 1}: {elapsed * 1000:.0f} ms")
        print(f"baseline (tmux + polling, a shell printing the words): median "
              f"{statistics.median(baseline) * 1000:.0f} ms")
        print(f"first frame: median {statistics.median(times) * 1000:.0f} ms, "
              f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
