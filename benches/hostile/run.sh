#!/usr/bin/env bash
# A hostile repository against `aider-tui map` (issue 22 items 2, 4 and 6): a v4 index
# whose paths grow by 1 kB each, a FIFO for .git/index, a tag-store segment with a huge
# length, an index that names another repository's blob for util.py, and a kept map
# written under another user's secret. One run per case; prints the exit code, wall
# time, peak memory and what the map said.
# Usage: benches/hostile/run.sh [path/to/aider-tui]   (default: target/release/aider-tui)
set -uo pipefail
binary=$(realpath "${1:-target/release/aider-tui}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state

run() { # case-name root [timeout]
    local name=$1 root=$2 limit=${3:-60}
    /usr/bin/time -f '%e %M' -o "$work/time" timeout "$limit" \
        "$binary" map --root "$root" --stats ${EXPLAIN:+--explain} >"$work/out" 2>"$work/err"
    local code=$?
    read -r wall peak < <(tail -1 "$work/time") || true
    [ "$code" = 124 ] && wall=">$limit"
    printf '%-34s exit %-3s wall %-6s s  peak %6s MiB  %s\n' "$name" "$code" "$wall" \
        "$(( ${peak:-0} / 1024 ))" "$(grep -m1 -i 'warning\|error\|abort\|memory' "$work/err" | cut -c1-150)"
}

repo() { # dir: a small git repository, files written a minute before the index
    mkdir -p "$1"
    printf 'def helper():\n    return 1\n' >"$1/util.py"
    printf 'from util import helper\n\ndef main():\n    return helper()\n' >"$1/main.py"
    touch -d '-1 min' "$1/util.py" "$1/main.py"
    git -C "$1" init -q && git -C "$1" add util.py main.py
}

# 1. A 1 MB version 4 index, each path the one before plus 1 kB (470 MB expanded).
repo "$work/bomb"
python3 - "$work/bomb/.git/index" <<'PY'
import hashlib, struct, sys
count, grow = 960, 1024
body = b"DIRC" + struct.pack(">II", 4, count)
length = 0
for number in range(count):
    length += grow
    entry = bytearray(62)
    entry[24:28] = struct.pack(">I", 0o100644)
    entry[60:62] = struct.pack(">H", min(length, 0xfff))
    body += bytes(entry) + b"\0" + bytes([97 + number % 26]) * grow + b"\0"
open(sys.argv[1], "wb").write(body + hashlib.sha1(body).digest())
PY
run "v4 index, paths +1 kB each" "$work/bomb"

# 2. A FIFO where .git/index is.
repo "$work/fifo"
rm "$work/fifo/.git/index" && mkfifo "$work/fifo/.git/index"
run "FIFO for .git/index" "$work/fifo" 10

# 3. A store segment whose entry count (and hash length) says 2^58 (a store of its own).
(
export XDG_CACHE_HOME=$work/cache-damaged
repo "$work/store"
"$binary" map --root "$work/store" >/dev/null 2>&1
python3 - "$XDG_CACHE_HOME/aider-tui/tags" <<'PY'
import os, struct, sys
folder = sys.argv[1]
for name in os.listdir(folder):
    if name.endswith(".seg"):
        path = os.path.join(folder, name)
        data = bytearray(open(path, "rb").read())
        data[16:32] = struct.pack("<QQ", 1 << 58, (1 << 58) * 20)
        open(path, "wb").write(data)
PY
rm -rf "$work/store/.aider-tui"
run "store segment, count 2^58" "$work/store"
)

# 4. util.py staged in another repository (its tags in the store), then this
#    repository's index given that blob id for its own util.py (size and time kept).
mkdir -p "$work/other"
printf 'def other_repository_secret():\n    return 22\n' >"$work/other/util.py"
git -C "$work/other" init -q && git -C "$work/other" add util.py
"$binary" map --root "$work/other" >/dev/null 2>&1
repo "$work/liar"
printf 'from util import other_repository_secret\n\ndef main():\n    return other_repository_secret()\n' >"$work/liar/main.py"
git -C "$work/liar" add main.py
foreign=$(git -C "$work/other" hash-object util.py)
size=$(stat -c %s "$work/liar/util.py")
git -C "$work/liar" hash-object -w "$work/other/util.py" >/dev/null
git -C "$work/liar" update-index --cacheinfo "100644,$foreign,util.py"
python3 - "$work/liar" "$size" <<'PY'
import hashlib, os, struct, sys
root, size = sys.argv[1], int(sys.argv[2])
path = os.path.join(root, ".git/index")
data = bytearray(open(path, "rb").read())
stat = os.stat(os.path.join(root, "util.py"))
at = data.find(b"util.py\0") - 62
data[at + 8:at + 16] = struct.pack(">II", int(stat.st_mtime), stat.st_mtime_ns % 10**9)
data[at + 36:at + 40] = struct.pack(">I", size)
body = bytes(data[:-20])
open(path, "wb").write(body + hashlib.sha1(body).digest())
PY
foreign_path=$(echo "$foreign" | sed 's|^\(..\)|\1/|')
rm -f "$work/liar/.git/objects/$foreign_path"
EXPLAIN=1 run "index names another repo's blob" "$work/liar"
if grep -q 'other_repository_secret *← main.py' "$work/out"; then
    echo "    the map credits util.py with other_repository_secret (another repository's definition)"
else
    echo "    the map shows this repository's util.py only"
fi

# 5. The kept map of one user, restored by another (another XDG_STATE_HOME).
repo "$work/kept"
"$binary" map --root "$work/kept" >/dev/null 2>&1
before=$(stat -c %i "$work/kept/.aider-tui/repomap-snapshot.bin")
XDG_STATE_HOME=$work/state-other run "snapshot of another user" "$work/kept"
after=$(stat -c %i "$work/kept/.aider-tui/repomap-snapshot.bin")
if [ "$before" = "$after" ]; then
    echo "    restored (the snapshot was not rewritten)"
else
    echo "    ignored, rebuilt and kept again under this user's secret"
fi
