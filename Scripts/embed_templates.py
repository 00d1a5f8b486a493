#!/usr/bin/env python3
"""Writes Sources/LucidCodeGen/Templates/EmbeddedTemplates.swift from Templates/*.mustache.

The generator carries its templates inside the binary, so an installed lucid-gen needs no files beside it.
A test (EmbeddedTemplatesTests) fails when this file is out of date; `make templates` runs this script.
"""
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
folder = os.path.join(root, "Templates")
target = os.path.join(root, "Sources", "LucidCodeGen", "Templates", "EmbeddedTemplates.swift")

entries = []
for name in sorted(os.listdir(folder)):
    if not name.endswith(".mustache"):
        continue
    with open(os.path.join(folder, name), encoding="utf-8") as f:
        text = f.read()
    hashes = "#"
    while '"""' + hashes in text or '"' + hashes in text:
        hashes += "#"
    # A multi-line literal drops the line break before its closing delimiter, so add one.
    entries.append('        "%s": %s"""\n%s\n"""%s,' % (name[: -len(".mustache")], hashes, text, hashes))

source = """// This file is written by Scripts/embed_templates.py from Templates/*.mustache (`make templates`).
// Do not edit it by hand: EmbeddedTemplatesTests fails when it differs from Templates/.

/// The templates compiled into the binary, by name (the file name without `.mustache`).
enum EmbeddedTemplates {
    static let all: [String: String] = [
%s
    ]
}
""" % "\n".join(entries)

# An unchanged file is left alone, so that its date does not make the next build recompile LucidCodeGen.
try:
    with open(target, encoding="utf-8") as f:
        unchanged = f.read() == source
except FileNotFoundError:
    unchanged = False
if unchanged:
    print("%s is up to date (%d templates)" % (os.path.relpath(target, root), len(entries)), file=sys.stderr)
else:
    with open(target, "w", encoding="utf-8") as f:
        f.write(source)
    print("wrote %s (%d templates)" % (os.path.relpath(target, root), len(entries)), file=sys.stderr)
