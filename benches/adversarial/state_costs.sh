#!/usr/bin/env bash
# State, git and map costs (issue 33 items 8 and 9), through release builds:
#   - the cold map's peak memory with the co-change walk (`--map-history 2000`) and
#     without it (`--map-history 0`), and the history walk's own peak;
#   - the warm map's listing time (`map --stats`' "list:") and wall time;
#   - a damaged 1 GiB `.aider-tui/repomap-history.bin`: the map's peak memory;
#   - a resumed session of 64 MB: the largest request sent (the summary, the turn).
# Usage: benches/adversarial/state_costs.sh [DIR] [TREE...]
#   DIR holds aider-tui, examples/mock_llm and examples/history_walk (default
#   target/release; `cargo build --release --bin aider-tui --example mock_llm
#   --example history_walk`). Each TREE is a git clone (default: tokio, ansible and
#   playwright under $BENCH_TREES). Each figure is one run; `RUNS=3` repeats them.
# Prints one line per figure. Needs GNU time (/usr/bin/time) and python3.
set -euo pipefail
dir=$(realpath "${1:-target/release}")
shift || true
binary="$dir/aider-tui"
examples="$dir/examples"
trees_dir="${BENCH_TREES:-$PWD/bench-trees}"
if [ "$#" -eq 0 ]; then
    set -- "$trees_dir/tokio" "$trees_dir/ansible" "$trees_dir/playwright"
fi
runs="${RUNS:-1}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"

# `peak LABEL COMMAND...`: wall seconds and peak resident memory of one run.
peak() {
    local label=$1; shift
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
    # A failing command's line ("Command exited with non-zero status N") comes first.
    read -r wall kib < <(tail -n 1 "$work/time")
    printf '%-64s %6.2f s  peak %6.1f MiB\n' "$label" "$wall" "$(echo "$kib / 1024" | bc -l)"
}

for tree in "$@"; do
    name=$(basename "$tree")
    for _ in $(seq "$runs"); do
        for history in 2000 0; do
            rm -rf "$XDG_CACHE_HOME" "$tree/.aider-tui"
            peak "$name: cold map, --map-history $history" \
                "$binary" map --root "$tree" --map-history "$history"
        done
        peak "$name: history walk alone (2,000 commits)" \
            "$examples/history_walk" --root "$tree" --commits 2000
        # Warm: the tag store and the table kept from a run before.
        "$binary" map --root "$tree" > /dev/null 2>&1
        peak "$name: warm map, --stats" "$binary" map --root "$tree" --stats
        printf '%-64s %s\n' "$name: warm map's listing" "$(grep -o 'list: [0-9.]*s' "$work/err")"
    done
done

# A damaged history table of 1 GiB (sparse): the map must not read it whole.
tree=$1
name=$(basename "$tree")
"$binary" map --root "$tree" > /dev/null 2>&1
table="$tree/.aider-tui/repomap-history.bin"
python3 - "$table" <<'PY'
import sys
with open(sys.argv[1], "r+b") as f:
    f.truncate(1 << 30)
PY
peak "$name: warm map over a 1 GiB damaged history table" "$binary" map --root "$tree"
grep -o 'history table[^;]*' "$work/err" | head -n 1 | sed 's/^/    /'
rm -rf "$tree/.aider-tui"

# A resumed session of 64 MB: a real session made by one turn, its messages grown.
repo="$work/repo"
mkdir -p "$repo"
git -C "$repo" init -q
printf 'def greet():\n    return "hello"\n' > "$repo/hello.py"
git -C "$repo" add hello.py
git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -qm init
"$examples/mock_llm" --record "$work/requests.jsonl" > "$work/port" &
mock=$!
trap 'kill "$mock" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
base="http://127.0.0.1:$(head -n 1 "$work/port")/v1"
model=(--model openai/gpt-4o --weak-model openai/gpt-4o-mini --api-base "$base" --api-key sk-bench)
(cd "$repo" && HOME="$work" "$binary" "${model[@]}" --no-auto-commits --message "hi" hello.py > /dev/null 2>&1)
python3 - "$repo/.aider-tui/sessions" <<'PY'
import json, os, sys
folder = sys.argv[1]
name = sorted(os.listdir(folder))[-1]
path = os.path.join(folder, name)
record = json.load(open(path))
messages = record["conversation"]["messages"]
text = "".join(f"line {i}: some words of an old conversation\n" for i in range(40_000))
while sum(len(m["text"]) for m in messages) < 64 * 1024 * 1024:
    messages.append({"role": "user", "text": text})
    messages.append({"role": "assistant", "text": text})
json.dump(record, open(path, "w"))
print(f"    session {name}: {os.path.getsize(path) / 2**20:.1f} MiB, {len(messages)} messages")
PY
: > "$work/requests.jsonl"
peak "64 MB session resumed, one message" env HOME="$work" \
    bash -c 'cd "$1" && shift && exec "$@"' _ "$repo" \
    "$binary" "${model[@]}" --no-auto-commits --resume --message "and now?" hello.py
cat "$work/out" "$work/err" | grep -v '^\s*$' | tail -n 3 | cut -c1-160 | sed 's/^/    said: /'
sleep 1
# Headless, the process may end before the summary it started is sent; the
# full-screen session stays, so it is resumed there too, for 15 s after a message.
if command -v tmux > /dev/null; then
    tmux -L state-costs new-session -d -x 160 -y 48 -s resume \
        "cd '$repo' && HOME='$work' '$binary' ${model[*]} --no-auto-commits hello.py --resume"
    sleep 5
    tmux -L state-costs send-keys -t resume "and now?" Enter
    sleep 15
    tmux -L state-costs kill-server
    printf '%-64s\n' "64 MB session resumed full-screen, one message, 15 s"
    sleep 1
fi
python3 - "$work/requests.jsonl" <<'PY'
import json, sys
sizes = []
for line in open(sys.argv[1]):
    request = json.loads(line)
    body = request["body"]
    system = next((m.get("content", "") for m in body.get("messages", []) if m.get("role") == "system"), "")
    kind = "summary" if "condense a conversation" in str(system) else ("commit message" if "commit messages" in str(system) else "turn")
    sizes.append((len(json.dumps(body)), kind))
largest = sorted(sizes, reverse=True)[:3]
print(f"    requests sent: {len(sizes)}; largest: " + ", ".join(f"{kind} {size / 1024:.1f} KiB" for size, kind in largest))
PY
