#!/bin/sh
# Removes an example package's .build when LucidRuntime's sources changed since that build, then records them.
#
#   Scripts/fresh_example_build.sh Examples/Movies
#
# The examples depend on this package by path. After a change to the layout of a runtime type (a stored property
# added to HTTPRequest, say), SwiftPM's incremental build of an example has run its tests against code built for
# the old layout, which crashed them (seen twice, 2026-12); a clean build, as CI makes, was fine. So the example is
# built clean whenever the runtime's sources differ from those of its last build. Only the example's own .build
# is ever removed.
set -eu
example=$1
stamp="$example/.build/lucid-runtime.sources"
current=$(cd "$(dirname "$0")/.." && find Sources/LucidRuntime -name '*.swift' -type f | LC_ALL=C sort | xargs cat | cksum)
if [ -d "$example/.build" ] && [ "$(cat "$stamp" 2>/dev/null)" != "$current" ]; then
    echo "fresh_example_build: LucidRuntime changed since $example was built; building it clean"
    rm -rf "$example/.build"
fi
mkdir -p "$example/.build"
printf '%s\n' "$current" > "$stamp"
