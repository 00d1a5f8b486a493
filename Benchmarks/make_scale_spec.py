#!/usr/bin/env python3
"""Writes the benchmark spec to standard output: N entities of 10 properties each, and N services of 3 endpoints.

Entity `itemI` has an int identifier, nine properties of common shapes (string, int, double, bool, date, url, a
nullable string, a list of strings, int64) and a nullable id-only relationship to the next entity. Service
`itemsI` gets it by id, lists it (paged, under a `results` key) and creates it from a JSON body.

Usage: make_scale_spec.py N > scale.lucid.yaml   (N = 100 is the compile-time benchmark: 700 declarations)
"""
import sys

PROPERTY_TYPES = [
    "string",
    "int",
    "double",
    "bool",
    "date",
    "url",
    "{ type: string, nullable: true }",
    '"[string]"',
    "int64",
]


def scale_spec(count):
    lines = ["lucid: 1", "module: Scale", "servers:", "  api: https://api.example.com", "entities:"]
    for i in range(count):
        lines += ["  item%d:" % i, "    identifier: int", "    properties:"]
        lines += ["      field%d: %s" % (j, kind) for j, kind in enumerate(PROPERTY_TYPES)]
        lines.append("      related: { type: item%d, id_only: true, nullable: true }" % ((i + 1) % count))
    lines.append("services:")
    for i in range(count):
        lines += [
            "  items%d:" % i,
            "    endpoints:",
            "      get:",
            "        get: /items%d/{id}" % i,
            "        params: { id: int }",
            "        response: { entity: item%d }" % i,
            "      list:",
            "        get: /items%d" % i,
            "        query: { page: { type: int, nullable: true } }",
            "        response: { entity: { name: item%d, structure: array }, base_key: results }" % i,
            "      create:",
            "        post: /items%d" % i,
            "        body: { json: item%d }" % i,
            "        response: { entity: item%d }" % i,
        ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: make_scale_spec.py N   (N >= 1: entities and services)")
    sys.stdout.write(scale_spec(int(sys.argv[1])))
