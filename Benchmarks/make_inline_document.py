#!/usr/bin/env python3
"""Writes a forum-shaped OpenAPI 3.0 document in which every schema is written in place, for `make bench-openapi`.

Real forum APIs describe each operation's body in full, with no components: the same user summary, tag, empty
object and `{success}` answer appear under a different name in every operation (Discourse's 93 operations have
375 inline schemas, 120 of them another's body). That is the case where an importer that makes one type per place
costs the most compile time. The document is made here, deterministically, rather than copied: its shapes are
those of such an API, its text is ours.

Usage: make_inline_document.py OUTPUT.json [OPERATIONS]   (default 93 operations)
"""
import json
import sys


def user(nullable=False):
    properties = {
        "id": {"type": "integer"},
        "username": {"type": "string"},
        "name": {"type": "string", "nullable": True},
        "avatar_template": {"type": "string"},
    }
    schema = {"type": "object", "properties": properties}
    if not nullable:
        schema["required"] = ["id", "username", "avatar_template"]
    return schema


def tag():
    return {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                                             "slug": {"type": "string"}}}


def empty():
    return {"type": "object"}


def poster():
    return {"type": "object", "properties": {
        "extras": {"type": "string", "nullable": True}, "description": {"type": "string"},
        "user_id": {"type": "integer"}, "primary_group_id": {"type": "integer", "nullable": True}}}


def topic():
    return {"type": "object", "properties": {
        "id": {"type": "integer"}, "title": {"type": "string"}, "fancy_title": {"type": "string"},
        "posts_count": {"type": "integer"}, "created_at": {"type": "string", "format": "date-time"},
        "tags": {"type": "array", "items": tag()}, "posters": {"type": "array", "items": poster()},
        "custom_fields": empty(), "last_poster": user(), "details": {"type": "object", "properties": {
            "created_by": user(), "last_poster": user(), "participants": {"type": "array", "items": poster()},
            "links": {"type": "array", "items": {"type": "object", "properties": {
                "url": {"type": "string"}, "title": {"type": "string"}, "clicks": {"type": "integer"}}}}}}}}


def post():
    return {"type": "object", "properties": {
        "id": {"type": "integer"}, "cooked": {"type": "string"}, "post_number": {"type": "integer"},
        "user": user(), "actions_summary": {"type": "array", "items": {"type": "object", "properties": {
            "id": {"type": "integer"}, "can_act": {"type": "boolean"}}}},
        "custom_fields": empty(), "reply_to_user": user(nullable=True)}}


def success():
    return {"type": "object", "properties": {"success": {"type": "string"}}}


# Each resource's operations: (method, path suffix, response body maker, description).
RESOURCES = [
    ("topics", lambda: {"type": "object", "properties": {"topic_list": {"type": "object", "properties": {
        "topics": {"type": "array", "items": topic()}, "more_topics_url": {"type": "string"}}},
        "users": {"type": "array", "items": user()}}}),
    ("posts", lambda: {"type": "object", "properties": {"latest_posts": {"type": "array", "items": post()}}}),
    ("users", lambda: {"type": "object", "properties": {"user": user(), "badges": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                                         "sort_order": {"type": "integer"}}}}}}),
    ("categories", lambda: {"type": "object", "properties": {"category": {"type": "object", "properties": {
        "id": {"type": "integer"}, "name": {"type": "string"}, "custom_fields": empty(),
        "required_tag_groups": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"}, "min_count": {"type": "integer"}}}}}}}}),
    ("tags", lambda: {"type": "object", "properties": {"tags": {"type": "array", "items": tag()},
                                                       "extras": {"type": "object", "properties": {
                                                           "categories": {"type": "array", "items": empty()}}}}}),
    ("groups", lambda: {"type": "object", "properties": {"group": {"type": "object", "properties": {
        "id": {"type": "integer"}, "name": {"type": "string"}, "owners": {"type": "array", "items": user()},
        "members": {"type": "array", "items": user(nullable=True)}}}}}),
    ("badges", lambda: {"type": "object", "properties": {"badge_types": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                                         "sort_order": {"type": "integer"}}}}}}),
    ("notifications", lambda: {"type": "object", "properties": {"notifications": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "integer"}, "read": {"type": "boolean"},
                                         "data": empty(), "acting_user": user()}}}}}),
    ("invites", lambda: {"type": "object", "properties": {"invite": {"type": "object", "properties": {
        "id": {"type": "integer"}, "invited_by": user(), "topics": {"type": "array", "items": topic()}}}}}),
    ("uploads", lambda: {"type": "object", "properties": {"id": {"type": "integer"}, "url": {"type": "string"},
                                                          "width": {"type": "integer"},
                                                          "height": {"type": "integer"}}}),
    ("search", lambda: {"type": "object", "properties": {"posts": {"type": "array", "items": post()},
                                                         "users": {"type": "array", "items": user()},
                                                         "tags": {"type": "array", "items": tag()}}}),
    ("backups", lambda: success()),
]
# Each resource has these operations (a read of one, a list, and writes answering `{success}` or the resource).
ACTIONS = [("get", "", "list"), ("get", "/{id}", "get"), ("put", "/{id}", "update"), ("delete", "/{id}", "delete"),
           ("post", "", "create"), ("post", "/{id}/archive", "archive"), ("put", "/{id}/status", "status"),
           ("get", "/{id}/history", "history")]


def document(operations):
    paths = {}
    for index in range(operations):
        name, body = RESOURCES[index % len(RESOURCES)]
        method, suffix, action = ACTIONS[(index // len(RESOURCES)) % len(ACTIONS)]
        path = "/%s%s.json" % (name, suffix) if index < len(RESOURCES) * len(ACTIONS) else \
            "/%s/%d%s.json" % (name, index, suffix)
        # Each operation's own body has a field of its own, as real ones do; what it nests repeats.
        response = success() if method in ("delete", "put") and action != "update" else body()
        response["properties"]["%s_%d_at" % (action, index)] = {"type": "string", "format": "date-time"}
        operation = {
            "operationId": "%s%s%d" % (action, name.capitalize(), index),
            "tags": [name],
            "summary": "%s %s" % (action.capitalize(), name),
            "responses": {"200": {"description": "success", "content": {"application/json": {"schema": response}}}},
        }
        if "{id}" in path:
            operation["parameters"] = [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}]
        if method in ("post", "put"):
            operation["requestBody"] = {"content": {"application/json": {"schema": {
                "type": "object", "properties": {"title": {"type": "string"}, "raw": {"type": "string"},
                                                 "custom_fields": empty()}}}}}
        paths.setdefault(path, {})[method] = operation
    return {"openapi": "3.0.3", "info": {"title": "Forum", "version": "1.0"},
            "servers": [{"url": "https://forum.example.com"}], "paths": paths}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    operations = int(sys.argv[2]) if len(sys.argv) > 2 else 93
    with open(sys.argv[1], "w") as f:
        json.dump(document(operations), f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
