#!/usr/bin/env bash
# Adversarial replies through the release binary (issue #16.5): many blocks against
# one 100,000-line file, parse only and full apply, and 300,000 `=======` lines.
# Usage: benches/adversarial/run.sh [path/to/aider-tui]   (default: target/release/aider-tui)
# Prints one line per case: the case, the exit code and the wall time of one run.
set -euo pipefail
binary=${1:-target/release/aider-tui}
binary=$(realpath "$binary")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import sys, os
work = sys.argv[1]
lines = 100_000
with open(os.path.join(work, "big.py"), "w") as f:
    for i in range(lines):
        f.write(f"value_{i} = compute({i})\n")
def blocks(count, name):
    # Every block replaces one distinct line, spread over the whole file.
    step = lines // count
    with open(os.path.join(work, name), "w") as f:
        for b in range(count):
            i = b * step
            f.write(f"big.py\n```\n<<<<<<< SEARCH\nvalue_{i} = compute({i})\n=======\nvalue_{i} = compute({i}) + 1\n>>>>>>> REPLACE\n```\n")
blocks(10_000, "blocks_10k.md")
blocks(100_000, "blocks_100k.md")
# Every block adds a line: the file grows under the blocks that follow.
with open(os.path.join(work, "blocks_100k_growing.md"), "w") as f:
    for i in range(lines):
        f.write(f"big.py\n```\n<<<<<<< SEARCH\nvalue_{i} = compute({i})\n=======\nvalue_{i} = compute({i})\nextra_{i} = {i}\n>>>>>>> REPLACE\n```\n")
with open(os.path.join(work, "dividers.md"), "w") as f:
    f.write("big.py\n```\n<<<<<<< SEARCH\n" + "=======\n" * 300_000 + ">>>>>>> REPLACE\n```\n")
PY

measure() {
    local label=$1; shift
    local start end code
    start=$(date +%s.%N)
    set +e
    "$@" > /dev/null 2> "$work/stderr"
    code=$?
    set -e
    end=$(date +%s.%N)
    printf '%-58s exit %d  %7.2f s\n' "$label" "$code" "$(echo "$end - $start" | bc)"
}

for case in 10k 100k 100k_growing; do
    reply="$work/blocks_$case.md"
    measure "$case blocks x 100k lines, --parse-only" \
        "$binary" apply --root "$work" --format diff --file big.py --max-edit-blocks 200000 --parse-only --json "$reply"
    cp "$work/big.py" "$work/big.py.orig"
    measure "$case blocks x 100k lines, apply" \
        "$binary" apply --root "$work" --format diff --file big.py --max-edit-blocks 200000 --json "$reply"
    mv "$work/big.py.orig" "$work/big.py"
done
measure "100k blocks, default limit (refused)" \
    "$binary" apply --root "$work" --format diff --file big.py "$work/blocks_100k.md"
measure "300,000 ======= lines, --parse-only" \
    "$binary" apply --root "$work" --format diff --file big.py --parse-only "$work/dividers.md"
measure "300,000 ======= lines, apply" \
    "$binary" apply --root "$work" --format diff --file big.py "$work/dividers.md"
