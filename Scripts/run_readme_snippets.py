#!/usr/bin/env python3
"""Runs the README's snippets that are marked for CI, so they stay copy-pasteable (`make readme`).

A snippet is a fenced code block right after a marker line:

  <!-- ci: sh DIR [NAME=VALUE ...] -->        the block runs in bash (-euo pipefail) in DIR, with the variables set
  <!-- ci: make DIR TARGET ... -->            the block is a Makefile: make runs its TARGETs in DIR
  <!-- ci: manifest FILE -->                  the block is FILE, but for where lucid-gen comes from (a path
                                              dependency whose name SwiftPM takes from the checkout's folder)

`lucid-gen` is found first on PATH in the folder given as the first argument (the build's bin folder).
Exits 1 when a snippet fails, or when fewer snippets than expected are marked (a lost marker is a failure).
"""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = re.compile(r"^<!-- ci: (\w+) (.+?) -->$")
EXPECTED = 4


def snippets(text):
    """(kind, arguments, code) for each marked block, in order."""
    lines = text.split("\n")
    found = []
    for index, line in enumerate(lines):
        match = MARKER.match(line)
        if not match:
            continue
        if index + 1 >= len(lines) or not lines[index + 1].startswith("```"):
            raise SystemExit("README line %d: a ci marker must be followed by a code block" % (index + 1))
        end = lines.index("```", index + 2)
        found.append((match.group(1), match.group(2).split(), "\n".join(lines[index + 2:end]) + "\n"))
    return found


def normalized_manifest(text):
    """The manifest from `let package` on, end-of-line comments dropped, lucid-gen's location made generic."""
    text = text.replace("lucidGenCheckout.path", '"../lucid-gen"').replace("package: lucidGen)", 'package: "lucid-gen")')
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


def run(kind, arguments, code, environment):
    if kind == "manifest":
        return check_manifest(arguments, code)
    folder = os.path.join(ROOT, arguments[0])
    if kind == "sh":
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
    for kind, arguments, code in found:
        print("== README snippet: %s %s" % (kind, " ".join(arguments)), flush=True)
        problem = run(kind, arguments, code, environment)
        if problem:
            failures += 1
            print("README snippet failed: %s" % problem, flush=True)
    if len(found) < EXPECTED:
        failures += 1
        print("README snippets: expected at least %d marked snippets, found %d" % (EXPECTED, len(found)))
    print("README snippets: %d run, %d failed" % (len(found), failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
