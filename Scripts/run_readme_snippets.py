#!/usr/bin/env python3
"""Runs the README's snippets that are marked for CI, so they stay copy-pasteable (`make readme`).

A snippet is a fenced code block right after a marker line:

  <!-- ci: sh DIR [NAME=VALUE ...] -->        the block runs in bash (-euo pipefail) in DIR, with the variables set
  <!-- ci: make DIR TARGET ... -->            the block is a Makefile: make runs its TARGETs in DIR
  <!-- ci: manifest FILE -->                  the block is FILE, but for where lucid-gen comes from (the checkout
                                              two folders up instead of ../lucid-gen)
  <!-- ci: file DIR NAME -->                  the block is written to DIR/NAME
  <!-- ci: console DIR -->                    the block is a terminal session: each `$ COMMAND` line runs in bash in
                                              DIR, and what it prints (standard output and error together) must be
                                              the lines below it; `...` stands for any lines, and times such as
                                              `0.01 s)` for any time

and one marker stands alone, for a step the reader is told in words:

  <!-- ci: run DIR -- COMMAND -->             COMMAND runs in bash in DIR

DIR is a folder of the repository, or `@tour`: a new folder for the README's tour, shared by its snippets in
order and removed at the end (its generation stamps too, in `@tour/.cache`); there `$LUCID_GEN_CHECKOUT` is this
repository.

`lucid-gen` is found first on PATH in the folder given as the first argument (the build's bin folder).
Exits 1 when a snippet fails, or when fewer snippets than expected are marked (a lost marker is a failure).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = re.compile(r"^<!-- ci: (\w+) (.+?) -->$")
EXPECTED = 12
TIME = re.compile(r"\b\d+\.\d\d s\)")


def snippets(text):
    """(kind, arguments, code) for each marked block, in order."""
    lines = text.split("\n")
    found = []
    for index, line in enumerate(lines):
        match = MARKER.match(line)
        if not match:
            continue
        if match.group(1) == "run":
            folder, _, command = match.group(2).partition(" -- ")
            found.append(("run", [folder], command + "\n"))
            continue
        if index + 1 >= len(lines) or not lines[index + 1].startswith("```"):
            raise SystemExit("README line %d: a ci marker must be followed by a code block" % (index + 1))
        end = lines.index("```", index + 2)
        found.append((match.group(1), match.group(2).split(), "\n".join(lines[index + 2:end]) + "\n"))
    return found


def normalized_manifest(text):
    """The manifest from `let package` on, end-of-line comments dropped, lucid-gen's location made generic."""
    text = text.replace("lucidGenCheckout.path", '"../lucid-gen"')
    body = text[text.index("let package = Package("):]
    return [re.sub(r"\s+//.*$", "", line) if not line.strip().startswith("//") else line for line in body.split("\n")]


def check_manifest(arguments, code):
    with open(os.path.join(ROOT, arguments[0]), encoding="utf-8") as f:
        actual = f.read()
    for line in code.split("\n")[:2]:
        if line not in actual:
            return "%s lacks the line %r" % (arguments[0], line)
    if normalized_manifest(actual) != normalized_manifest(code):
        return "%s and the README's manifest differ (after `let package`)" % arguments[0]
    return None


def expected_lines(lines, actual):
    """Whether `actual` is `lines`, where `...` matches any lines (none too) and times any time."""
    if not lines:
        return not actual
    if lines[0] == "...":
        return any(expected_lines(lines[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and TIME.sub("T s)", lines[0]) == TIME.sub("T s)", actual[0]) and expected_lines(
        lines[1:], actual[1:])


def check_console(folder, code, environment):
    """Runs each `$ COMMAND` of a terminal session and compares what it prints with the lines below it."""
    session = code.rstrip("\n").split("\n")
    starts = [index for index, line in enumerate(session) if line.startswith("$ ")]
    if not starts or starts[0] != 0:
        return "a console snippet starts with a `$ COMMAND` line"
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(session)
        command = session[start][2:]
        result = subprocess.run(["bash", "-c", command + " 2>&1"], cwd=folder, env=environment,
                                stdout=subprocess.PIPE, text=True)
        actual = result.stdout.rstrip("\n").split("\n") if result.stdout.strip("\n") else []
        if not expected_lines(session[start + 1:end], actual):
            return "`%s` printed:\n%s\nnot what the README shows:\n%s" % (
                command, "\n".join(actual), "\n".join(session[start + 1:end]))
    return None


def run(kind, arguments, code, environment, tour):
    if kind == "manifest":
        return check_manifest(arguments, code)
    folder = tour if arguments[0] == "@tour" else os.path.join(ROOT, arguments[0])
    if kind == "file":
        with open(os.path.join(folder, arguments[1]), "w", encoding="utf-8") as f:
            f.write(code)
        return None
    if kind == "console":
        return check_console(folder, code, environment)
    if kind == "run":
        result = subprocess.run(["bash", "-euo", "pipefail", "-c", code], cwd=folder, env=environment)
    elif kind == "sh":
        env = dict(environment, **dict(pair.split("=", 1) for pair in arguments[1:]))
        result = subprocess.run(["bash", "-euo", "pipefail", "-c", code], cwd=folder, env=env)
    elif kind == "make":
        with tempfile.NamedTemporaryFile("w", suffix=".mk", delete=False) as makefile:
            makefile.write(code)
        try:
            result = subprocess.run(["make", "-f", makefile.name] + arguments[1:], cwd=folder, env=environment)
        finally:
            os.unlink(makefile.name)
    else:
        return "unknown snippet kind %r" % kind
    return None if result.returncode == 0 else "exit code %d" % result.returncode


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: run_readme_snippets.py BIN_DIR")
    environment = dict(os.environ, PATH=os.path.abspath(sys.argv[1]) + os.pathsep + os.environ.get("PATH", ""))
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        found = snippets(f.read())
    failures = 0
    tour = tempfile.mkdtemp(prefix="lucid-gen-tour.")
    tour_environment = dict(environment, LUCID_GEN_CACHE=os.path.join(tour, ".cache"), LUCID_GEN_CHECKOUT=ROOT)
    try:
        for kind, arguments, code in found:
            print("== README snippet: %s %s" % (kind, " ".join(arguments)), flush=True)
            on_tour = arguments[0] == "@tour"
            problem = run(kind, arguments, code, tour_environment if on_tour else environment, tour)
            if problem:
                failures += 1
                print("README snippet failed: %s" % problem, flush=True)
    finally:
        shutil.rmtree(tour, ignore_errors=True)
    if len(found) < EXPECTED:
        failures += 1
        print("README snippets: expected at least %d marked snippets, found %d" % (EXPECTED, len(found)))
    print("README snippets: %d run, %d failed" % (len(found), failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
