#!/usr/bin/env bash
# What CI proves about lucid-gen's SwiftPM plugins (`make plugins`):
#   1. Examples/PluginDemo builds through the build-tool plugin and its tests pass;
#   2. a second build with an unchanged spec regenerates and recompiles nothing, a touched but unchanged spec
#      reruns the tool without recompiling anything, and a file included from outside the target is watched;
#   3. a broken spec fails the build with its file:line:col diagnostic, and a target with no spec or two specs
#      fails with an error that says what to do;
#   4. the command plugin regenerates Examples/Movies' committed code with no difference, `--check` fails on a
#      missing file, and a regeneration names the file it writes.
set -euo pipefail
cd "$(dirname "$0")"
demo=$(pwd)
spec=Sources/Weather/weather.lucid.yaml
log=$(mktemp -d)
backup="$log/weather.lucid.yaml"
cp "$spec" "$backup"
restore() { cp "$backup" "$demo/$spec"; rm -f "$demo/Sources/Weather/second.lucid.yaml"; }
trap 'restore; rm -rf "$log"' EXIT

fail() { echo "plugin check failed: $*" >&2; exit 1; }
step() { echo "== $*"; }

step "1. build through the plugin, then test"
swift build --build-tests 2>&1 | tee "$log/first.txt"
[ "$(find .build -path '*LucidGenPlugin/Generated/LucidGen_*.swift' | wc -l)" -eq 36 ] \
    || fail "the plugin's work folder does not hold the 36 declared files"
swift test

step "2. a second build regenerates and recompiles nothing"
# `swift test` builds the plugin's tool with other settings, so the next build relinks the tool, and a new tool
# reruns the command (rewriting nothing). Settle once, then build again.
swift build --build-tests 2>&1 | tee "$log/settle.txt"
if grep -E "Compiling Weather" "$log/settle.txt"; then fail "rerunning the rebuilt tool recompiled the module"; fi
swift build --build-tests 2>&1 | tee "$log/second.txt"
if grep -E "Generating Weather|Compiling Weather" "$log/second.txt"; then fail "the second build redid work"; fi
touch "$spec"
swift build --build-tests 2>&1 | tee "$log/touched.txt"
if grep -E "Compiling Weather" "$log/touched.txt"; then fail "an unchanged spec recompiled the module"; fi

step "2b. a change to a file the spec includes from outside the target regenerates and recompiles"
included=Shared/weather-entities.yaml
cp "$included" "$log/included.yaml"
# perl rather than `sed -i`, whose in-place flag differs between GNU and BSD (macOS) sed.
perl -pi -e 's/      high: double/      high: double\n      feels_like: { type: double, nullable: true }/' "$included"
swift build --build-tests 2>&1 | tee "$log/included.txt"
cp "$log/included.yaml" "$included"
grep -q "Generating Weather" "$log/included.txt" || fail "a changed included file did not rerun lucid-gen"
grep -q "Compiling Weather" "$log/included.txt" || fail "a changed included file did not recompile the module"
grep -rq "feelsLike" .build/plugins/outputs/*/Weather/destination/LucidGenPlugin/Generated || fail "the new property was not generated"
swift build --build-tests >/dev/null 2>&1 || fail "the restored include does not build"

step "3. a broken spec fails the build at its line and column"
perl -pi -e 's/      code: string/      code: strng/' "$spec"
if swift build >"$log/broken.txt" 2>&1; then fail "a broken spec built"; fi
cat "$log/broken.txt"
grep -E "^$demo/$spec:[0-9]+:[0-9]+: error: unknown type 'strng'; did you mean 'string'\?$" "$log/broken.txt" >/dev/null \
    || fail "no file:line:col diagnostic for the broken spec"
restore
mv "$spec" "$log/moved.yaml"
if swift build >"$log/none.txt" 2>&1; then mv "$log/moved.yaml" "$spec"; fail "a target without a spec built"; fi
mv "$log/moved.yaml" "$spec"
grep -q "target 'Weather' uses lucid-gen but has no \*.lucid.yaml file" "$log/none.txt" || fail "no error for a missing spec"
cp "$spec" Sources/Weather/second.lucid.yaml
if swift build >"$log/two.txt" 2>&1; then fail "a target with two specs built"; fi
grep -q "target 'Weather' has 2 \*.lucid.yaml files" "$log/two.txt" || fail "no error for two specs"
restore
swift build >/dev/null 2>&1 || fail "the restored spec does not build"

step "4. the command plugin regenerates Examples/Movies with no difference, and says what it writes"
cd ../Movies
swift package --allow-writing-to-package-directory lucid-generate 2>&1 | tee "$log/command.txt"
grep -q "0 written, 10 unchanged, 0 deleted" "$log/command.txt" || fail "the command plugin changed the committed code"
swift package --allow-writing-to-package-directory lucid-generate --check >/dev/null 2>&1 || fail "--check failed on current code"
rm Sources/Movies/Generated/Entities.swift
if swift package --allow-writing-to-package-directory lucid-generate --check >"$log/stale.txt" 2>&1; then
    fail "--check passed with a generated file missing"
fi
swift package --allow-writing-to-package-directory lucid-generate --target Movies 2>&1 | tee "$log/repair.txt"
grep -q "wrote .*/Sources/Movies/Generated/Entities.swift" "$log/repair.txt" || fail "the command plugin did not say what it wrote"
if git rev-parse --git-dir >/dev/null 2>&1; then
    changes=$(git status --porcelain -- .)
    [ -z "$changes" ] || fail "Examples/Movies differs after the command plugin: $changes"
fi
echo "plugin check: all passed"
