#!/usr/bin/env python3
"""Fails when Swift code that must build on Apple platforms uses something only Linux has, unguarded.

CI runs on Linux, where an unguarded `import FoundationNetworking` or a `/proc/self/exe` path compiles and works;
on macOS and iOS the same line breaks the build or the run. This check reads every Swift file and Mustache
template under the given folders (default: Sources, Plugins, Templates, Examples, Tests) and reports, in the
`file:line:col: error: message` form, each of these outside a branch that Apple platforms never compile:

- an import of a module only Linux (or another non-Apple system) has: Glibc, Musl, Bionic, Android, WASILibc,
  FoundationNetworking, FoundationXML, WinSDK, ucrt;
- a `/proc/` path (procfs);
- the Linux-only spellings `posix_spawn_file_actions_t()` / `posix_spawnattr_t()` (optional pointers on Darwin)
  and the `environ` global (not visible to Swift on Darwin);
- an API above the declared platform floor that Linux builds without complaint (Synchronization, discarding task
  groups, Observation, immediate tasks, InlineArray / Span, RangeSet), unless its line says
  `// portability: ok (reason)`.

A branch is Linux-only when its condition names `canImport(<that module>)` or `os(Linux)` (or another non-Apple
OS), or when it is the `#else` / `#elseif` of a branch whose condition names `canImport(Darwin)` or an Apple
`os(...)`. `python3 Scripts/check_portability.py --self-test` checks the checker.
"""

import os
import re
import subprocess
import sys

LINUX_ONLY_MODULES = {
    "Glibc", "Musl", "Bionic", "Android", "WASILibc", "FoundationNetworking", "FoundationXML", "WinSDK", "ucrt",
}
NON_APPLE_OSES = {"Linux", "Android", "Windows", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "PS4", "Haiku"}
APPLE_OSES = {"macOS", "iOS", "tvOS", "watchOS", "visionOS", "xrOS", "OSX"}
APPLE_MODULES = {"Darwin", "ObjectiveC", "UIKit", "AppKit", "XcodeProjectPlugin"}

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|typealias)\s+)?"
                    r"([A-Za-z_][A-Za-z0-9_]*)")
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")
# APIs above the declared platform floor (macOS 13, iOS 16, tvOS 16, watchOS 9): they build on Linux, where
# Swift ignores Apple availability, and fail on a Mac. A line may opt out with `// portability: ok (reason)`,
# e.g. inside `if #available(...)`.
ABOVE_FLOOR = [
    (re.compile(r"^\s*import\s+Synchronization\b"), "the Synchronization module (Mutex, Atomic: macOS 15, iOS 18)"),
    (re.compile(r"\bwith(Throwing)?DiscardingTaskGroup\b"), "discarding task groups (macOS 14, iOS 17)"),
    (re.compile(r"^\s*import\s+Observation\b"), "the Observation module (macOS 14, iOS 17)"),
    (re.compile(r"\bTask\.immediate\b|\bTask\s*\(\s*immediate"), "immediate tasks (macOS 26, iOS 26)"),
    (re.compile(r"\bInlineArray\s*<|\bMutableSpan\s*<|\bRawSpan\b"), "InlineArray / Span (macOS 26, iOS 26)"),
    (re.compile(r"\bRangeSet\s*<"), "RangeSet (macOS 15, iOS 18)"),
]
OTHER_USES = [
    (re.compile(r"/proc/"), "procfs path '/proc/...'"),
    (re.compile(r"\bposix_spawn_file_actions_t\(\)"), "'posix_spawn_file_actions_t()' (an optional pointer on Darwin)"),
    (re.compile(r"\bposix_spawnattr_t\(\)"), "'posix_spawnattr_t()' (an optional pointer on Darwin)"),
    (re.compile(r"(?<![\w.\"])environ\b(?!\w)"), "the 'environ' global (not visible on Darwin)"),
]
SUFFIXES = (".swift", ".mustache")
SKIPPED_FOLDERS = {".build", ".swiftpm", "__pycache__", ".git"}


def names_linux(condition):
    """Whether a branch condition can only hold off Apple platforms."""
    modules = set(re.findall(r"canImport\(\s*(\w+)", condition))
    oses = set(re.findall(r"os\(\s*(\w+)\s*\)", condition))
    negated = "!" in condition
    return not negated and (bool(modules & LINUX_ONLY_MODULES) or bool(oses & NON_APPLE_OSES))


def names_apple(condition):
    """Whether a branch condition can only hold on Apple platforms (so its #else is for the others)."""
    modules = set(re.findall(r"canImport\(\s*(\w+)", condition))
    oses = set(re.findall(r"os\(\s*(\w+)\s*\)", condition))
    negated = "!" in condition
    return not negated and (bool(modules & APPLE_MODULES) or bool(oses & APPLE_OSES))


def strip_comment(line):
    """The line without a trailing `//` comment (string contents are kept: a path in a string counts)."""
    in_string = False
    for index, char in enumerate(line):
        if char == '"' and (index == 0 or line[index - 1] != "\\"):
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[:index]
    return line


def check_text(path, text):
    """The problems in one file, as `path:line:col: error: message` lines."""
    problems = []
    # One entry per open #if: (this branch is Linux-only, an earlier branch of the chain named Apple).
    stack = []
    in_block_comment = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw
        if in_block_comment:
            if "*/" not in line:
                continue
            line = line.split("*/", 1)[1]
            in_block_comment = False
        if "/*" in line and "*/" not in line.split("/*", 1)[1]:
            line = line.split("/*", 1)[0]
            in_block_comment = True
        line = strip_comment(line)
        directive = DIRECTIVE.match(line)
        if directive:
            kind, condition = directive.group(1), directive.group(2)
            if kind == "if":
                stack.append((names_linux(condition), names_apple(condition)))
            elif kind == "elseif" and stack:
                _, apple_before = stack[-1]
                stack[-1] = (names_linux(condition) or apple_before, apple_before or names_apple(condition))
            elif kind == "else" and stack:
                _, apple_before = stack[-1]
                stack[-1] = (apple_before, apple_before)
            elif kind == "endif" and stack:
                stack.pop()
            continue
        if any(linux_only for linux_only, _ in stack):
            continue
        found = IMPORT.match(line)
        if found and found.group(1) in LINUX_ONLY_MODULES:
            module = found.group(1)
            problems.append(f"{path}:{number}:{line.index(module) + 1}: error: 'import {module}' is Linux-only: "
                            f"wrap it in '#if canImport({module})' ... '#endif'")
            continue
        if "portability: ok" not in raw:
            for pattern, what in ABOVE_FLOOR:
                match = pattern.search(line)
                if match:
                    problems.append(f"{path}:{number}:{match.start() + 1}: error: {what} is above the platform "
                                    "floor (macOS 13, iOS 16, tvOS 16, watchOS 9): use an older API")
        for pattern, what in OTHER_USES:
            match = pattern.search(line)
            if match:
                problems.append(f"{path}:{number}:{match.start() + 1}: error: {what} exists only on Linux: "
                                "use it under '#if os(Linux)' with an Apple branch beside it")
    return problems


def swift_files(roots):
    for root in roots:
        if os.path.isfile(root):
            yield root
            continue
        for folder, subfolders, files in os.walk(root):
            subfolders[:] = sorted(name for name in subfolders
                                   if name not in SKIPPED_FOLDERS and not name.startswith(".build"))
            for name in sorted(files):
                if name.endswith(SUFFIXES):
                    yield os.path.join(folder, name)


SELF_TEST_CASES = [
    ("import Foundation\nimport FoundationNetworking\n", 1),
    ("#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n", 0),
    ("#if canImport(Darwin)\nimport Darwin\n#else\nimport Glibc\n#endif\n", 0),
    ("#if canImport(Darwin)\nimport Darwin\n#elseif canImport(Musl)\nimport Musl\n#else\nimport Glibc\n#endif\n", 0),
    ("#if os(Linux)\nlet exe = \"/proc/self/exe\"\n#endif\n", 0),
    ("#if DEBUG\nimport Glibc\n#endif\n", 1),
    ("#if !canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n", 1),
    ("#if canImport(Glibc)\n#else\nimport Glibc\n#endif\n", 1),
    ("let exe = URL(fileURLWithPath: \"/proc/self/exe\")\n", 1),
    ("// reads /proc/self/exe on Linux\n/* import Glibc\n environ */\n", 0),
    ("var actions = posix_spawn_file_actions_t()\nposix_spawn(&pid, path, &actions, nil, argv, environ)\n", 2),
    ("@preconcurrency import FoundationNetworking\n", 1),
    ("let environment = ProcessInfo.processInfo.environment\n", 0),
    ("import Synchronization\nlet lock = Mutex(0)\n", 1),
    ("await withDiscardingTaskGroup { group in }\n", 1),
    ("if #available(macOS 15, *) { let x = RangeSet<Int>() } // portability: ok (guarded)\n", 0),
    ("// Mutex and Atomic need macOS 15: import Synchronization is avoided\n", 0),
]


def self_test():
    failures = 0
    for index, (text, expected) in enumerate(SELF_TEST_CASES):
        found = check_text(f"case{index}.swift", text)
        if len(found) != expected:
            failures += 1
            print(f"self-test case {index}: expected {expected} problem(s), found {found}")
    collisions = case_collisions(["Generated/Services/HTMLPagesService.swift", "Generated/Services/HtmlPagesService.swift",
                                  "Generated/Services/OtherService.swift"])
    if len(collisions) != 1:
        failures += 1
        print(f"self-test case collisions: expected 1 problem, found {collisions}")
    print(f"check_portability self-test: {len(SELF_TEST_CASES) + 1 - failures} passed, {failures} failed")
    return 1 if failures else 0


def case_collisions(paths):
    """Paths that differ only in case: one file on macOS's (and Windows') default file systems, so a clone there
    loses one of them."""
    seen, problems = {}, []
    for path in sorted(paths):
        first = seen.setdefault(path.lower(), path)
        if first != path:
            problems.append(f"{path}:1:1: error: differs from '{first}' only in case; a clone on macOS would keep one "
                            "of the two files")
    return problems


def tracked_files():
    """The files git tracks here, or nothing outside a git checkout."""
    try:
        listing = subprocess.run(["git", "ls-files", "-z"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return [name for name in listing.decode("utf-8", "replace").split("\0") if name]


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    roots = arguments or ["Sources", "Plugins", "Templates", "Examples", "Tests"]
    problems, count = [], 0
    for path in swift_files(root for root in roots if os.path.exists(root)):
        count += 1
        with open(path, encoding="utf-8", errors="replace") as file:
            problems += check_text(path, file.read())
    problems += case_collisions(tracked_files())
    for problem in problems:
        print(problem)
    print(f"portability: {count} files checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
