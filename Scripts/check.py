#!/usr/bin/env python3
"""`make check`: the fast loop. Builds once (debug, incremental), then runs the tests of what changed.

What changed: `git diff` from where HEAD left BASE (default HEAD: the uncommitted work; `BASE=main` for a whole
branch) plus untracked files. Each changed file picks test targets:

- a file of a module under Sources/ (or of LucidTestSupport): the test targets that depend on that module, directly
  or through other modules (read from `swift package dump-package`), so a change to LucidSpec runs LucidSpecTests
  and the tests of LucidCodeGen, LucidExport, LucidImport, LucidGenCLI and LucidFuzz;
- a file of a test target: that target;
- a template (Templates/*.mustache): LucidCodeGenTests, after embedding the templates (`make templates`) when the
  embedded copy differs;
- a golden case (Tests/Golden/<Case>/): GoldenTests and the case's own Golden<Case>Tests;
- docs/lucid*.schema.json: LucidSpecTests; anything else (Package.swift, the Makefile, Scripts/, Examples/, docs):
  every test target. No change at all runs every test target too.

The slow tests (SLOW_SUITES below: the ones that compile generated code or import the OpenAPI corpus, 4 to 81 s
each on 2 cores, four minutes of the whole run's six) are skipped unless `--slow` (`make check SLOW=1`);
ThreadSanitizer, the Movies example, the plugins and the README's snippets are `make test`'s.

usage: Scripts/check.py [--base REF] [--all] [--slow] [--dry-run] [--self-test]
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT", "swift")
# SwiftPM caches the evaluated manifest and its build plan; a file added or removed since is missed without these.
FRESH = ["--manifest-cache", "none", "--disable-build-manifest-caching"]

# Tests too slow for the fast loop, as `Target.Suite` (the whole suite) or `Target.Suite/test` (one test): each
# takes seconds to minutes on a 2-core machine because it compiles generated code with swiftc or imports a corpus of
# documents. `make test` runs them; so does `make check SLOW=1`. Figures: one serial run (`swift test --no-parallel`)
# on the 2-core machine, busy with other builds; see CONTRIBUTING.md, "Which command answers which question".
SLOW_SUITES = [
    "LucidCodeGenTests.LintMeansCompilesTests",  # 65 s: compiles random specs' code
    "LucidCodeGenTests.ClashSpecTests",  # 35 s: compiles or refuses 31 clashing specs, and three programs
    "LucidCodeGenTests.UnionGenerationTests/edgeCasesCompileCleanly",  # 4 s: compiles the unions' code
    "LucidCodeGenTests.UnionGenerationTests/recursiveUnionsCompileCleanly",  # 4 s: unions that hold themselves
    "LucidGenCLITests.ImportOpenAPICommandTests/aDocumentImportsLintsGeneratesAndCompiles",  # 81 s: 13 documents
    "LucidFuzzTests.ImportMeansCompilesTests",  # 40 s: compiles imported mutants
    "LucidFuzzTests.OpenAPIFuzzTests",  # 50 s: imports the OpenAPI fuzz seeds and mutants
    "LucidGenCLITests.OpenAPIRoundTripTests/theCorpusImportsExportValidDocuments",  # 36 s: the OpenAPI corpus
    "LucidGenCLITests.OpenAPILoopbackTests",  # 12 s: compiles three documents' code, runs it over loopback
]

# Test targets that are helpers, not tests: a change to them reaches the targets that use them, but a change to a
# module they use does not go on through them (LucidTestSupport uses LucidSpec for its schema checks only).
HELPER_TARGETS = {"LucidTestSupport"}


def git(*arguments):
    return subprocess.run(["git", *arguments], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def changed_files(base):
    """Paths (relative to the root) changed since `base`, with untracked files, and whether any was added, removed
    or renamed (SwiftPM must then re-read the package)."""
    # From where this branch left BASE, so that what BASE gained since is not taken for a change here.
    fork = git("merge-base", base, "HEAD").strip()
    diff = git("diff", "--name-status", "--no-renames", fork).splitlines()
    untracked = git("ls-files", "--others", "--exclude-standard").splitlines()
    files, structural = set(), bool(untracked)
    for line in diff:
        status, path = line.split("\t", 1)
        files.add(path)
        structural = structural or status[0] in "AD"
    return sorted(files | set(untracked)), structural


def package_description():
    """`swift package dump-package`, kept in .build/check/ until Package.swift or the golden cases change."""
    golden = os.path.join(ROOT, "Tests", "Golden")
    key = hashlib.sha256()
    with open(os.path.join(ROOT, "Package.swift"), "rb") as f:
        key.update(f.read())
    for name in sorted(os.listdir(golden)) if os.path.isdir(golden) else []:
        key.update((name + str(os.path.isdir(os.path.join(golden, name, "Generated")))).encode())
    cache = os.path.join(ROOT, ".build", "check", "package-%s.json" % key.hexdigest()[:16])
    if os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            return json.load(f)
    text = subprocess.run([SWIFT, "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True)
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    with open(cache, "w", encoding="utf-8") as f:
        f.write(text.stdout)
    return json.loads(text.stdout)


class Package:
    """The targets of the package: where each one's files are, and which targets each one depends on."""

    def __init__(self, description):
        self.folders, self.tests, self.users = {}, set(), {}
        for target in description["targets"]:
            name, kind = target["name"], target["type"]
            if kind in ("system", "plugin"):
                folder = target.get("path") or ("Sources/" + name if kind == "system" else "Plugins/" + name)
            else:
                folder = target.get("path") or ("Tests/" if kind == "test" else "Sources/") + name
            self.folders[name] = folder.rstrip("/") + "/"
            if kind == "test":
                self.tests.add(name)
            for dependency in target["dependencies"]:
                for form in ("byName", "target"):
                    if form in dependency:
                        self.users.setdefault(dependency[form][0], set()).add(name)

    def target_of(self, path):
        """The target whose folder holds `path` (the deepest one), or None."""
        owners = [name for name, folder in self.folders.items() if path.startswith(folder)]
        return max(owners, key=lambda name: len(self.folders[name])) if owners else None

    def tests_of(self, target):
        """The test targets that depend on `target`, directly or through modules (not through helpers)."""
        found, seen, queue = set(), set(), [target]
        while queue:
            current = queue.pop()
            if current in seen:
                continue
            seen.add(current)
            if current in self.tests:
                found.add(current)
            if current in HELPER_TARGETS and current != target:
                continue
            queue.extend(self.users.get(current, ()))
        return found


def select(files, package):
    """The test targets to run (None: all) and extra suite filters, each with the reason it was chosen."""
    targets, suites, reasons = set(), set(), []
    for path in files:
        golden = re.match(r"Tests/Golden/([^/]+)/", path)
        if path.startswith("Templates/"):
            chosen = {"LucidCodeGenTests"}
        elif golden:
            chosen = {"Golden%sTests" % golden.group(1)} & package.tests
            suites.add("LucidCodeGenTests.GoldenTests")
        elif re.fullmatch(r"docs/lucid[-a-z]*\.schema\.json", path):
            chosen = {"LucidSpecTests"}
        elif package.target_of(path):
            chosen = package.tests_of(package.target_of(path))
        else:
            return None, set(), ["%s: not inside a module or a test target, so every test target runs" % path]
        targets |= chosen
        reasons.append("%s → %s" % (path, ", ".join(sorted(chosen)) or "(no tests)"))
    suites = {suite for suite in suites if suite.split(".")[0] not in targets}
    return targets, suites, reasons


def run(command, **options):
    print("+ " + " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, **options).returncode


def self_test():
    """The mapping on a package shaped like this one, without building anything."""
    package = Package(
        {
            "targets": [
                {"name": "LucidSpec", "type": "regular", "dependencies": []},
                {"name": "LucidCodeGen", "type": "regular", "dependencies": [{"byName": ["LucidSpec", None]}]},
                {"name": "LucidRuntime", "type": "regular", "dependencies": []},
                {"name": "LucidTestSupport", "type": "regular", "path": "Tests/LucidTestSupport",
                 "dependencies": [{"byName": ["LucidSpec", None]}]},
                {"name": "LucidSpecTests", "type": "test",
                 "dependencies": [{"byName": ["LucidSpec", None]}, {"byName": ["LucidTestSupport", None]}]},
                {"name": "LucidCodeGenTests", "type": "test", "dependencies": [{"byName": ["LucidCodeGen", None]}]},
                {"name": "LucidRuntimeTests", "type": "test",
                 "dependencies": [{"byName": ["LucidRuntime", None]}, {"byName": ["LucidTestSupport", None]}]},
                {"name": "GoldenMovies", "type": "regular", "path": "Tests/Golden/Movies/Generated",
                 "dependencies": [{"byName": ["LucidRuntime", None]}]},
                {"name": "GoldenMoviesTests", "type": "test", "path": "Tests/Golden/Movies",
                 "dependencies": [{"target": ["GoldenMovies", None]}]},
            ]
        }
    )
    cases = [
        (["Sources/LucidSpec/YAML/YAMLNode.swift"], {"LucidSpecTests", "LucidCodeGenTests"}, set()),
        (["Sources/LucidRuntime/Cache/ResponseCache.swift"], {"LucidRuntimeTests", "GoldenMoviesTests"}, set()),
        (["Tests/LucidTestSupport/Locked.swift"], {"LucidSpecTests", "LucidRuntimeTests"}, set()),
        (["Tests/LucidSpecTests/YAML/YAMLHostileInputTests.swift"], {"LucidSpecTests"}, set()),
        (["Templates/Entity.mustache"], {"LucidCodeGenTests"}, set()),
        (["Tests/Golden/Movies/Spec/movies.lucid.yaml"], {"GoldenMoviesTests"}, {"LucidCodeGenTests.GoldenTests"}),
        (["Tests/Golden/Movies/Spec/x.yaml", "Templates/A.mustache"], {"GoldenMoviesTests", "LucidCodeGenTests"},
         set()),
        (["docs/lucid.schema.json"], {"LucidSpecTests"}, set()),
        (["Package.swift"], None, set()),
        (["Sources/LucidSpec/A.swift", "Makefile"], None, set()),
    ]
    failures = 0
    for files, targets, suites in cases:
        got_targets, got_suites, _ = select(files, package)
        if (got_targets, got_suites) != (targets, suites):
            print("check.py self-test: %s gave %s %s, not %s %s" % (files, got_targets, got_suites, targets, suites))
            failures += 1
    print("check.py self-test: %d of %d cases right" % (len(cases) - failures, len(cases)))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="HEAD", help="compare with this commit (default HEAD)")
    parser.add_argument("--all", action="store_true", help="every test target, whatever changed")
    parser.add_argument("--slow", action="store_true", help="the slow suites too")
    parser.add_argument("--dry-run", action="store_true", help="say what would run, and run nothing")
    parser.add_argument("--self-test", action="store_true", help="check the file-to-tests mapping and stop")
    options = parser.parse_args()
    if options.self_test:
        return self_test()

    started = time.monotonic()
    try:
        files, structural = changed_files(options.base)
    except subprocess.CalledProcessError as error:
        print("check: git cannot compare with %s: %s" % (options.base, error.stderr.strip()))
        return 2
    package = Package(package_description())
    if options.all or not files:
        targets, suites = None, set()
        print("check: %s: every test target" % ("--all" if options.all else "nothing changed since " + options.base))
    else:
        targets, suites, reasons = select(files, package)
        print("check: %d changed file(s) since %s" % (len(files), options.base))
        for reason in reasons[:20]:
            print("  " + reason)
        if len(reasons) > 20:
            print("  … and %d more" % (len(reasons) - 20))
    if targets is not None and not targets and not suites:
        print("check: no test covers these files; nothing to run (`make check ALL=1` runs every test target)")
        return 0

    if any(path.startswith("Templates/") for path in files) and not options.dry_run:
        # What `make templates` does; the embedded file is rewritten only when a template differs from it.
        if run([sys.executable, os.path.join(ROOT, "Scripts", "embed_templates.py")]):
            return 1

    patterns = ["%s\\." % re.escape(target) for target in sorted(targets)] if targets is not None else []
    patterns += ["%s/" % re.escape(suite) for suite in sorted(suites)]
    filters = ["--filter", "^(%s)" % "|".join(patterns)] if patterns else []
    skips = [] if options.slow else ["--skip", "^(%s)[/(]" % "|".join(re.escape(slow) for slow in SLOW_SUITES)]
    build = [SWIFT, "build", "--build-tests"] + (FRESH if structural else [])
    test = [os.path.join(ROOT, "Scripts", "check_no_leftovers.sh"), SWIFT, "test", "--skip-build"]
    test += filters + (skips if SLOW_SUITES else [])
    if options.dry_run:
        print("would run:\n  %s\n  %s" % (" ".join(build), " ".join(test)))
        return 0
    if run(build):
        return 1
    built = time.monotonic()
    # What the filters pick, counted here, and a slow suite that no longer exists (renamed, moved) is an error:
    # its skip would silently skip nothing.
    listed = subprocess.run([SWIFT, "test", "--skip-build", "list"], cwd=ROOT, capture_output=True, text=True)
    tests = listed.stdout.split()
    missing = [slow for slow in SLOW_SUITES if not any(re.match(re.escape(slow) + "[/(]", test) for test in tests)]
    if listed.returncode != 0 or missing:
        print("check: %s" % ("SLOW_SUITES in Scripts/check.py names suites that do not exist: %s" % ", ".join(missing)
                             if missing else "`swift test list` failed:\n" + listed.stderr))
        return 1
    chosen = [test for test in tests if not filters or re.search(filters[1], test)]
    skipped = [test for test in chosen if skips and SLOW_SUITES and re.search(skips[1], test)]
    print("check: %d of %d tests (%d slow ones skipped)" % (len(chosen) - len(skipped), len(tests), len(skipped)))
    status = run(test)
    done = time.monotonic()
    print(
        "check: build %.0f s, tests %.0f s, total %.0f s%s"
        % (
            built - started,
            done - built,
            done - started,
            "" if options.slow else "; slow suites skipped (`make check SLOW=1` runs them)",
        )
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
