#!/usr/bin/env python3
"""A spec of N entities (10 properties each: every common scalar, a nullable, a list, a default and an id-only
relationship to the next entity) and N services of 3 endpoints each (get by id, a paged list, a JSON create),
the shape issue 17 measures lucid-gen on. usage: make_scale_spec.py N > scale.lucid.yaml
"""
import sys

PROPERTY_TYPES = ["string", "int", "double", "bool", "date", "url", "{ type: string, nullable: true }",
                  '"[string]"', "int64"]


def scale_spec(n):
    out = ["lucid: 1\nmodule: Scale\nservers:\n  api: https://api.example.com\nentities:\n"]
    for i in range(n):
        out.append("  item%d:\n    identifier: int\n    properties:\n" % i)
        out.extend("      field%d: %s\n" % (j, kind) for j, kind in enumerate(PROPERTY_TYPES))
        out.append("      related: { type: item%d, id_only: true, nullable: true }\n" % ((i + 1) % n))
    out.append("services:\n")
    for i in range(n):
        out.append("  items%d:\n    endpoints:\n" % i)
        out.append("      get:\n        get: /items%d/{id}\n        params: { id: int }\n"
                   "        response: { entity: item%d }\n" % (i, i))
        out.append("      list:\n        get: /items%d\n        query: { page: { type: int, nullable: true } }\n"
                   "        response: { entity: { name: item%d, structure: array }, base_key: results }\n" % (i, i))
        out.append("      create:\n        post: /items%d\n        body: { json: item%d }\n"
                   "        response: { entity: item%d }\n" % (i, i, i))
    return "".join(out)


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: make_scale_spec.py N > scale.lucid.yaml")
    sys.stdout.write(scale_spec(int(sys.argv[1])))
