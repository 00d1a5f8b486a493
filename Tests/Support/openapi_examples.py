#!/usr/bin/env python3
"""The example answers an OpenAPI document gives for some of its operations, for the corpus' loopback tests
(Tests/LucidGenCLITests/OpenAPILoopbackTests.swift).

usage: openapi_examples.py DOCUMENT 'GET /path/{id}' ...
Prints one JSON object: for each operation, the body of its first 2xx JSON response as the document shows it —
the media type's `example`, else its first `examples` entry's `value` (a `$ref` to `components/examples`
followed), else one built from the schema's own `example`s (objects from their properties, lists of one item, an
enum's first value; a required property without one gets an empty value of its type) — or null when the document
shows none. Needs PyYAML (openapi-spec-validator's dependency, in `make test-deps`' environment); prints MISSING
when it is absent.
"""
import json
import sys

try:
    import yaml
except ImportError:
    print("MISSING")
    sys.exit(0)


def follow(document, node):
    """`node` with its local `$ref`s (chains included) followed."""
    for _ in range(32):
        if not (isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/")):
            return node
        target = document
        for token in node["$ref"][2:].split("/"):
            target = target[token.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def built(document, schema, depth=0):
    """A value made of the schema's own examples, or None where it shows none."""
    schema = follow(document, schema)
    if not isinstance(schema, dict) or depth > 6:
        return None
    if "example" in schema:
        return schema["example"]
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return schema["examples"][0]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    if "allOf" in schema:
        merged = {}
        for part in schema["allOf"]:
            value = built(document, part, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
        return merged or None
    kind = schema.get("type")
    if kind == "array" or "items" in schema:
        item = built(document, schema.get("items", {}), depth + 1)
        return None if item is None else [item]
    if kind == "object" or "properties" in schema:
        value = {}
        required = schema.get("required") or []
        for name, property_schema in (schema.get("properties") or {}).items():
            property_value = built(document, property_schema, depth + 1)
            if property_value is None and name in required:
                property_value = placeholder(follow(document, property_schema))
            if property_value is not None:
                value[name] = property_value
        return value or None
    return None


def placeholder(schema):
    """A value of a required property the document gives no example of: an empty one of its type."""
    kind = schema.get("type") if isinstance(schema, dict) else None
    return {"string": "", "integer": 0, "number": 0, "boolean": False, "array": [], "object": {}}.get(kind)


def example(document, operation):
    for code in sorted(operation.get("responses", {})):
        if not str(code).startswith("2"):
            continue
        response = follow(document, operation["responses"][code])
        for media_type, media in (response.get("content") or {}).items():
            if "json" not in media_type:
                continue
            media = follow(document, media)
            if "example" in media:
                return media["example"]
            for entry in (media.get("examples") or {}).values():
                entry = follow(document, entry)
                if isinstance(entry, dict) and "value" in entry:
                    return entry["value"]
            return built(document, media.get("schema", {}))
    return None


def main():
    path = sys.argv[1]
    with open(path) as f:
        document = json.load(f) if path.endswith(".json") else yaml.safe_load(f)
    answers = {}
    for key in sys.argv[2:]:
        method, route = key.split(" ", 1)
        operation = (follow(document, document.get("paths", {}).get(route, {})) or {}).get(method.lower())
        answers[key] = example(document, operation) if operation else None
    print(json.dumps(answers, sort_keys=True, default=str))


if __name__ == "__main__":
    main()
