#!/usr/bin/env bash
# Runs the Movies example: starts the mock server on a free port of 127.0.0.1, runs movies-app against it
# (default command: demo), then stops the server. Arguments go to movies-app, e.g. `./run.sh show 680`.
set -euo pipefail
cd "$(dirname "$0")"

swift build --product movies-app >&2
app="$(swift build --show-bin-path)/movies-app"

# The server prints its port first; a fifo lets us read it while the server keeps running. Its lifetime is
# bounded, and it stops when this script ends (its stdin lifeline closes).
work=$(mktemp -d)
trap 'exec 3>&- 2>/dev/null; kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
mkfifo "$work/port" "$work/lifeline"
python3 MockServer/mock_server.py --lifetime 120 --stdin-lifeline <"$work/lifeline" >"$work/port" &
server=$!
exec 3>"$work/lifeline"
read -r port <"$work/port"

echo "mock server on 127.0.0.1:$port"
"$app" --server "http://127.0.0.1:$port" --state "$work/state" "${@:-demo}"
