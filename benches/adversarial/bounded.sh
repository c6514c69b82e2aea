#!/usr/bin/env bash
# Bounded cost of a reply (issue 21.7) and of a deep page (issue 22.5), through release
# builds: many failing blocks against a 5,000-line file (the closest-lines search),
# many blocks appending to one file, and pages nested tens of thousands deep.
# Usage: benches/adversarial/bounded.sh [DIR]   (default DIR: target/release; it must
# hold aider-tui and examples/web_markdown, built with
# `cargo build --release --bin aider-tui --example web_markdown`)
# Prints one line per case: the case, the exit code (124: killed at 60 s, 134: abort)
# and the wall time of one run.
set -euo pipefail
dir=$(realpath "${1:-target/release}")
binary="$dir/aider-tui"
pages="$dir/examples/web_markdown"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import sys, os
work = sys.argv[1]
def write(name, text):
    with open(os.path.join(work, name), "w") as f:
        f.write(text)
lines = 5_000
write("five.py", "".join(f"value_{i} = compute({i})\n" for i in range(lines)))
write("grow.py", "start = 0\n")
def failing(count):
    # Each SEARCH looks like a line of the file (the same words) but matches none.
    return "".join(
        f"five.py\n```\n<<<<<<< SEARCH\nvalue_{i % lines} = compute({i % lines}, {i})\n=======\nvalue_{i % lines} = 0\n>>>>>>> REPLACE\n```\n"
        for i in range(count))
write("failing_5k.md", failing(5_000))
write("failing_20k.md", failing(20_000))
def appending(count):
    # An empty SEARCH appends its REPLACE to the file.
    return "".join(
        f"grow.py\n```\n<<<<<<< SEARCH\n=======\nv{i} = {i}\n>>>>>>> REPLACE\n```\n"
        for i in range(count))
write("append_20k.md", appending(20_000))
write("append_100k.md", appending(100_000))
write("div_20k.html", "<html><body>" + "<div>" * 20_000 + "deep" + "</div>" * 20_000 + "</body></html>")
write("div_200k.html", "<html><body>" + "<div>" * 200_000 + "deep" + "</div>" * 200_000 + "</body></html>")
write("blockquote_3k.html", "<html><body>" + "<blockquote>" * 3_000 + "deep" + "</blockquote>" * 3_000 + "</body></html>")
write("list_3k.html", "<html><body>" + "<ul><li>" * 3_000 + "deep" + "</li></ul>" * 3_000 + "</body></html>")
PY

measure() {
    local label=$1; shift
    local start end code
    start=$(date +%s.%N)
    set +e
    timeout 60 "$@" > "$work/stdout" 2> "$work/stderr"
    code=$?
    set -e
    end=$(date +%s.%N)
    printf '%-62s exit %3d  %7.2f s  (%s bytes of output)\n' "$label" "$code" \
        "$(echo "$end - $start" | bc)" "$(wc -c < "$work/stdout")"
}

size() { wc -c < "$work/$1"; }

for case in 5k 20k; do
    measure "$case failing blocks x 5,000 lines ($(size failing_$case.md) B), apply" \
        "$binary" apply --root "$work" --format diff --file five.py "$work/failing_$case.md"
done
for case in 20k 100k; do
    cp "$work/grow.py" "$work/grow.py.orig"
    extra=()
    [ "$case" = 100k ] && extra=(--max-edit-blocks 200000)
    measure "$case appending blocks ($(size append_$case.md) B) ${extra[*]}, apply" \
        "$binary" apply --root "$work" --format diff --file grow.py "${extra[@]}" "$work/append_$case.md"
    mv "$work/grow.py.orig" "$work/grow.py"
done
for page in div_20k blockquote_3k list_3k div_200k; do
    measure "page $page.html ($(size $page.html) B) to Markdown" "$pages" "$work/$page.html"
done
