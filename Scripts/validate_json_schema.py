#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft-07) with Python's jsonschema, printing each error at its
JSON path. The tests run it on docs/lucid.schema.json with the specs converted to JSON by lucid-gen's own YAML
loader (Tests/LucidTestSupport/SpecSchema.swift).

usage: validate_json_schema.py SCHEMA [--json] [FILE...]

  SCHEMA   the schema; `$ref`s to other files are resolved relative to its folder
  FILE     a JSON document to validate; without FILEs, standard input holds one JSON object that maps names to
           documents (a batch)
  --json   print one JSON object mapping each document's name to its list of errors (empty when it is valid)
           instead of lines

Without --json, prints `NAME: ok` or `NAME: $.json.path: message` per error. The schema itself is checked against
the draft-07 metaschema first. Non-finite numbers (Infinity, -Infinity, NaN) are accepted in the documents, as
Python's json module reads them. Exit status: 0 when every document is valid, 1 when some is not, 2 for a usage
error or a broken schema, 3 when jsonschema is not installed.
"""
import json
import os
import re
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write("validate_json_schema.py: Python's jsonschema is not installed in %s; run `make test-deps`, "
                     "which makes a virtual environment with it (.build/python) that the tests use\n"
                     % sys.executable)
    sys.exit(3)

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def json_path(path):
    """`$.services.movies['fixed-headers'][0]` for the keys and indexes of `path`."""
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += "[%d]" % part
        elif IDENTIFIER.match(part):
            text += "." + part
        else:
            text += "[%s]" % json.dumps(part, ensure_ascii=False)
    return text


def validator_for(schema_path):
    """A draft-07 validator whose `$ref`s to sibling files (`lucid.schema.json#/definitions/x`) resolve."""
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    folder = os.path.dirname(os.path.abspath(schema_path))
    siblings = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and os.path.isfile(os.path.join(folder, name)):
            try:
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    siblings[name] = json.load(f)
            except ValueError:
                pass  # not a schema
    try:  # jsonschema 4.18 and later
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT7
        registry = Registry().with_resources(
            (name, Resource.from_contents(contents, default_specification=DRAFT7))
            for name, contents in siblings.items())
        return jsonschema.Draft7Validator(schema, registry=registry)
    except ImportError:  # older: a resolver with the siblings in its store
        resolver = jsonschema.RefResolver(base_uri="", referrer=schema, store=siblings)
        return jsonschema.Draft7Validator(schema, resolver=resolver)


def message_of(error):
    """jsonschema's message, but `unknown key 'servrs'` for a key `additionalProperties: false` refuses (its own
    message lists the `patternProperties` regexes instead)."""
    if error.validator == "additionalProperties" and error.validator_value is False \
            and isinstance(error.instance, dict):
        known = set(error.schema.get("properties", {}))
        patterns = [re.compile(p) for p in error.schema.get("patternProperties", {})]
        unknown = [k for k in error.instance if k not in known and not any(p.search(k) for p in patterns)]
        if unknown:
            return "unknown key%s %s" % ("s" if len(unknown) > 1 else "", ", ".join(repr(k) for k in unknown))
    return error.message


def errors_of(validator, document):
    """Every error as `$.path: message`, sorted by path."""
    found = []
    for error in validator.iter_errors(document):
        # An anyOf/oneOf failure says little on its own; its best-matching branch's error says what to fix.
        best = jsonschema.exceptions.best_match([error]) if error.context else error
        message = message_of(best)
        if len(message) > 300:
            message = message[:300] + "..."
        found.append("%s: %s" % (json_path(best.absolute_path), message))
    return sorted(set(found))


def main(arguments):
    as_json = "--json" in arguments
    arguments = [a for a in arguments if a != "--json"]
    if not arguments or any(a.startswith("-") for a in arguments):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    schema_path, files = arguments[0], arguments[1:]
    try:
        validator = validator_for(schema_path)
    except (OSError, ValueError, jsonschema.exceptions.SchemaError) as error:
        sys.stderr.write("validate_json_schema.py: %s: %s\n" % (schema_path, error))
        return 2
    if files:
        documents = {}
        for path in files:
            with open(path, encoding="utf-8") as f:
                documents[path] = json.load(f)
    else:
        documents = json.load(sys.stdin)
        if not isinstance(documents, dict):
            sys.stderr.write("validate_json_schema.py: standard input must be a JSON object of named documents\n")
            return 2
    results = {name: errors_of(validator, document) for name, document in documents.items()}
    if as_json:
        json.dump(results, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for name, errors in results.items():
            for error in errors or ["ok"]:
                print("%s: %s" % (name, error))
    return 1 if any(results.values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
