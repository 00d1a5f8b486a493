#!/usr/bin/env bash
# What CI proves about lucid-gen's SwiftPM plugins (`make plugins`):
#   1. Examples/PluginDemo builds through the build-tool plugin and its tests pass;
#   2. a second build with an unchanged spec regenerates and recompiles nothing, a touched but unchanged spec
#      reruns the tool without recompiling anything, and a file included from outside the target is watched;
#   3. a broken spec fails the build with its file:line:col diagnostic, and a target with no spec or two specs
#      fails with an error that says what to do;
#   4. the command plugin regenerates Examples/Movies' committed code with no difference, `--check` fails on a
#      missing file, and a regeneration names the file it writes;
#   5. what `lucid-gen init` tells a newcomer is true: a target holding only the files it writes builds through
#      the plugin; another target sees the generated code only with `access: public`, as the starter spec says;
#      and code `lucid-gen generate` wrote into the target fails the build with one error that says what to do.
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

step "5. a target holding only what 'lucid-gen init' writes, with the plugin applied, as init's report says"
# A package of its own in the temporary folder, depending on this checkout like the demo; its build folder is its
# own (a fresh build of lucid-gen, about half a minute on two cores), so the demo's stays as it was. SwiftPM's
# lock files, named after the package's path, go in the temporary folder too, and leave with it.
cd "$demo"
build_fresh() { mkdir -p "$log/tmp" && TMPDIR="$log/tmp" swift build --package-path "$fresh"; }
tool=$(find .build -name lucid-gen-tool -type f -perm -u+x | head -n 1)
[ -n "$tool" ] || fail "no lucid-gen-tool in .build: step 1 builds it for the plugin"
checkout=$(cd ../.. && pwd)
fresh="$log/Fresh"
target="$fresh/Sources/Bookshelf"
"$tool" init "$target" 2>"$log/init.txt" >"$log/init-out.txt" || fail "lucid-gen init failed: $(cat "$log/init.txt")"
[ ! -s "$log/init-out.txt" ] || fail "lucid-gen init printed on standard output, which is for a command's product"
grep -q "keep the three files in a" "$log/init.txt" || fail "init's report does not point to the plugin"
[ "$(cd "$target" && ls | LC_ALL=C sort | tr '\n' ' ')" = "Bookshelf.swift book.json bookshelf.lucid.yaml " ] \
    || fail "init did not write the spec, the example and the Swift file: $(ls "$target")"
mkdir -p "$fresh/Sources/app"
cat >"$fresh/Sources/app/main.swift" <<'SWIFT'
import Bookshelf
import Foundation
import LucidRuntime

// An app target using the generated code of the Bookshelf target: the server and the example book.
print(BookshelfServers.environments().baseURLString(for: BookshelfServers.api) ?? "no server")
let book = try JSONDecoder().decode(Book.self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
print(book.title)
SWIFT
cat >"$fresh/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Fresh",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(name: "lucid-gen", path: "$checkout")],   // as the README's "Use it in your package"
    targets: [
        .target(
            name: "Bookshelf",
            dependencies: [.product(name: "LucidRuntime", package: "lucid-gen")],
            plugins: [.plugin(name: "LucidGenPlugin", package: "lucid-gen")]
        ),
        .executableTarget(name: "app", dependencies: ["Bookshelf"]),
    ]
)
MANIFEST
# The starter's `access: internal`: the Bookshelf target builds, the app target cannot see its declarations.
if build_fresh >"$log/internal.txt" 2>&1; then fail "an internal generated module was usable from another target"; fi
grep -q "Generating Bookshelf's networking layer" "$log/internal.txt" || { cat "$log/internal.txt"; fail "the plugin did not run on the init target"; }
grep -q "error: cannot find 'BookshelfServers' in scope" "$log/internal.txt" || { cat "$log/internal.txt"; fail "no 'cannot find' error, which the starter spec quotes"; }
perl -pi -e 's/^access: internal$/access: public/' "$target/bookshelf.lucid.yaml"
build_fresh >"$log/public.txt" 2>&1 || { cat "$log/public.txt"; fail "the init target with access: public did not build"; }
if grep "Source files for target" "$log/public.txt"; then fail "SwiftPM does not see the init folder as a target"; fi
[ "$("$fresh/.build/debug/app" "$target/book.json")" = "$(printf 'https://api.example.com/v1\nThe Left Hand of Darkness')" ] \
    || fail "the app did not read the server and the example book through the generated code"
# init's other next step, `lucid-gen generate`, into the same target: one error that says what to do, not the
# hundreds of "'Book' is ambiguous" the two copies of every declaration would give.
"$tool" generate "$target/bookshelf.lucid.yaml" --quiet
if build_fresh >"$log/twice.txt" 2>&1; then fail "a target with generated code and the plugin built"; fi
# (The path as SwiftPM has it: on a Mac the temporary folder is behind a link.)
grep -Eq "error: target 'Bookshelf' already holds the code lucid-gen generated from bookshelf\.lucid\.yaml \([0-9]+ files in [^ ]*/Sources/Bookshelf/Generated\), and LucidGenPlugin generates the same code at every build, so every declaration would be there twice: delete those files" "$log/twice.txt" \
    || { cat "$log/twice.txt"; fail "no error for generated code already in the target"; }
if grep -q "ambiguous" "$log/twice.txt"; then fail "the compiler ran on two copies of the generated code"; fi
rm -r "$target/Generated"
build_fresh >/dev/null 2>&1 || fail "the target does not build again once the generated files are deleted"

echo "plugin check: all passed"
