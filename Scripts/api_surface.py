#!/usr/bin/env python3
"""LucidRuntime's public API as text, one declaration a line, for `make api-check` and `make api-baseline`.

Reads the module's symbol graph (swift-symbolgraph-extract, public symbols only: what `@_spi(Generated)` marks for
generated code is left out, since it may change in any minor version) from the built module, and writes each public
declaration with its path and generic constraints, and each conformance, sorted. `--check FILE` compares with the
committed baseline and fails with the difference; `--write FILE` records it.

Why text from the symbol graph rather than `swift api-digester -diagnose-sdk`: the digester reports what breaks
clients, but not what was added, and the issue is an *unannounced* change of any kind; a sorted text file shows
every change in review as one line.
"""
import argparse
import difflib
import json
import os
import subprocess
import sys
import tempfile

HEADER = """\
# LucidRuntime's public API (Scripts/api_surface.py; docs/Releasing.md). `make api-check` fails when the built
# module differs from this file; after an intended change, `make api-baseline` rewrites it, and CHANGELOG.md says
# what changed. Generated code's helpers (`@_spi(Generated)`) are not listed: they may change in any minor version.
"""


IMPLIED = {"Copyable", "Escapable", "SendableMetatype", "BitwiseCopyable"}


def fragments(items):
    return "".join(item["spelling"] for item in items or []).replace("\n", " ")


def constraints(symbol):
    found = []
    for holder in ("swiftExtension", "swiftGenerics"):
        for constraint in (symbol.get(holder) or {}).get("constraints", []):
            kind = {"conformance": ":", "superclass": ":", "sameType": "=="}.get(constraint["kind"], "?")
            found.append(f"{constraint['lhs']} {kind} {constraint['rhs']}")
    return sorted(set(found))


def surface(graph_dir):
    lines = set()
    for name in sorted(os.listdir(graph_dir)):
        if not name.endswith(".symbols.json"):
            continue
        with open(os.path.join(graph_dir, name), encoding="utf-8") as handle:
            graph = json.load(handle)
        paths = {}
        for symbol in graph["symbols"]:
            path = ".".join(symbol["pathComponents"])
            paths[symbol["identifier"]["precise"]] = path
            line = f"{path} :: {fragments(symbol.get('declarationFragments'))}"
            where = constraints(symbol)
            if where and " where " not in line:
                line += " where " + ", ".join(where)
            lines.add(line)
        for relation in graph.get("relationships", []):
            if relation["kind"] not in ("conformsTo", "inheritsFrom"):
                continue
            source = paths.get(relation["source"])
            # Conformances every type has (Copyable, Escapable) or the compiler infers (SendableMetatype,
            # BitwiseCopyable) say nothing about the API, and vary between toolchains.
            if source is None or relation.get("targetFallback", "").split(".")[-1] in IMPLIED:
                continue
            target = paths.get(relation["target"]) or relation.get("targetFallback") or relation["target"]
            lines.add(f"{source} :: conforms to {target.split('.')[-1] if '.' in target else target}")
    return sorted(lines)


def extract(modules):
    with tempfile.TemporaryDirectory(prefix="lucid-api-") as folder:
        command = [
            "swift-symbolgraph-extract", "-module-name", "LucidRuntime", "-I", modules,
            "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", folder,
        ]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"api_surface: swift-symbolgraph-extract failed:\n{result.stderr}")
        return surface(folder)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--modules", required=True, help="the folder holding LucidRuntime.swiftmodule")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--check", metavar="FILE")
    action.add_argument("--write", metavar="FILE")
    arguments = parser.parse_args()
    text = HEADER + "\n".join(extract(arguments.modules)) + "\n"
    if arguments.write:
        with open(arguments.write, "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"api_surface: wrote {arguments.write} ({text.count(chr(10)) - HEADER.count(chr(10))} declarations)")
        return
    with open(arguments.check, encoding="utf-8") as handle:
        baseline = handle.read()
    if baseline == text:
        print(f"api_surface: LucidRuntime's public API matches {arguments.check}")
        return
    sys.stdout.writelines(
        difflib.unified_diff(
            baseline.splitlines(keepends=True), text.splitlines(keepends=True), arguments.check, "built module"))
    sys.exit(
        f"api_surface: LucidRuntime's public API differs from {arguments.check} (above: - removed, + added). If the "
        "change is intended, run `make api-baseline`, commit the file, and say what changed in CHANGELOG.md.")


if __name__ == "__main__":
    main()
