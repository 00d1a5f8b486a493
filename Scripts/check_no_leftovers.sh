#!/usr/bin/env bash
# Runs a command (a test run) with TMPDIR set to a new, empty folder, then fails when the run left anything in
# it: tests must remove what they create, also when they fail. What SwiftPM itself leaves there (its lock files,
# and the folders of a build it runs) is not the tests' doing and is ignored; build first (`--skip-build`) so
# that nothing else of SwiftPM's lands there.
#
# usage: Scripts/check_no_leftovers.sh COMMAND [ARGUMENT...]
set -uo pipefail

if [ $# -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGUMENT...]" >&2
    exit 2
fi

folder=$(mktemp -d "${TMPDIR:-/tmp}/lucid-gen-leftovers.XXXXXX")
trap 'rm -rf "$folder"' EXIT

TMPDIR="$folder" "$@"
status=$?

leftovers=$(cd "$folder" && find . -mindepth 1 -maxdepth 1 \
    ! -name '*.lock' ! -name 'TemporaryDirectory.*' ! -name 'swift-generated-sources' | sed 's|^\./||' | sort)
if [ -n "$leftovers" ]; then
    echo "error: the run left $(echo "$leftovers" | wc -l | tr -d ' ') item(s) in the temporary folder:" >&2
    echo "$leftovers" | head -20 | sed 's/^/  /' >&2
    [ "$status" -eq 0 ] && status=1
else
    echo "temporary folder: nothing left behind"
fi
exit "$status"
