#!/usr/bin/env python3
"""Fails when a public symbol of a module has no doc comment (`make docs` runs it on LucidRuntime).

usage: check_doc_coverage.py SYMBOL_GRAPH_DIR MODULE

Reads the symbol graphs the compiler emitted for MODULE (`MODULE.symbols.json`, and `MODULE@Other.symbols.json` for
its extensions of other modules' types: those members are public API too) and lists every public symbol whose doc
comment is missing or empty, by file and line, then exits 1. The graphs hold only what the compiler was asked for
(public and open symbols by default; `@_spi` ones are left out unless asked for), so that is what is checked.

Three kinds of symbol are not the module's to document, and are left out of the check:

- synthesized members (`::SYNTHESIZED::` in their identifier): what a type gets from a protocol extension of
  another module (`!=`, `Actor.preconditionIsolated`, ...); their declaration and documentation are that module's;
- symbols without a source location: members the compiler writes itself, such as a `Codable` type's `init(from:)`
  or a raw-value enum's `init(rawValue:)`, which have no line to write a comment on;
- implementations of a protocol requirement (their `memberOf` relationship names a `sourceOrigin`): an
  `AsyncSequence`'s `makeAsyncIterator()`, a `CustomStringConvertible`'s `description`, an `EntityContaining`
  type's `collectEntities(into:)`. The requirement's documentation describes them; a requirement declared in
  MODULE is itself a public symbol of MODULE, so it is checked like any other.
"""

import glob
import json
import os
import sys


def undocumented(directory, module):
    """(file, line, kind, path) of each public symbol of `module` without a doc comment, and how many were checked."""
    graphs = sorted(glob.glob(os.path.join(directory, module + ".symbols.json")))
    graphs += sorted(glob.glob(os.path.join(directory, module + "@*.symbols.json")))
    if not graphs:
        raise SystemExit("check_doc_coverage: no symbol graph of %s in %s" % (module, directory))
    found = []
    checked = 0
    for path in graphs:
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        implementations = {
            relation["source"]
            for relation in graph.get("relationships", [])
            if relation["kind"] == "memberOf" and "sourceOrigin" in relation
        }
        for symbol in graph["symbols"]:
            identifier = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in identifier or "location" not in symbol or identifier in implementations:
                continue
            checked += 1
            comment = symbol.get("docComment", {})
            if "".join(line["text"] for line in comment.get("lines", [])).strip():
                continue
            location = symbol["location"]
            file = location["uri"].removeprefix("file://")
            file = os.path.relpath(file) if os.path.isabs(file) else file
            found.append((file, location["position"]["line"] + 1, symbol["kind"]["displayName"].lower(),
                          ".".join(symbol["pathComponents"])))
    return sorted(set(found)), checked


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.split("\n\n")[1])
    missing, checked = undocumented(sys.argv[1], sys.argv[2])
    for file, line, kind, name in missing:
        print("%s:%d: error: public %s '%s' has no doc comment" % (file, line, kind, name))
    if missing:
        print("check_doc_coverage: %d of %d public symbols of %s have no doc comment" % (
            len(missing), checked, sys.argv[2]))
        sys.exit(1)
    print("check_doc_coverage: all %d public symbols of %s have a doc comment" % (checked, sys.argv[2]))


if __name__ == "__main__":
    main()
