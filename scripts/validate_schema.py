#!/usr/bin/env python3
"""Validates widget extension timelines against docs/schema/timeline.schema.json (JSON Schema
draft 2020-12), with the `jsonschema` package (`pip install jsonschema`).

  validate_schema.py TIMELINE.json ...          each file must be a valid timeline
  validate_schema.py --invalid TIMELINE.json    each file after --invalid must be rejected
  validate_schema.py --views VIEWS.json         a JSON array of view trees, each checked as the
                                                view of a one-entry timeline

Prints one line per document that does not come out as expected, with the schema's reason, and
exits 1 if there was any; exits 2 when jsonschema is not installed.
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    print("validate_schema.py: the jsonschema package is not installed (pip install jsonschema)", file=sys.stderr)
    sys.exit(2)

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "schema", "timeline.schema.json")


def documents(path, as_views):
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    if not as_views:
        return [(path, data)]
    return [(f"{path}[{index}]", {"entries": [{"date": "2026-11-24T08:00:00Z", "view": view}]})
            for index, view in enumerate(data)]


def main(arguments):
    with open(SCHEMA, encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    expect_valid, as_views, failures, checked = True, False, 0, 0
    for argument in arguments:
        if argument == "--invalid":
            expect_valid, as_views = False, False
            continue
        if argument == "--views":
            expect_valid, as_views = True, True
            continue
        for name, document in documents(argument, as_views):
            checked += 1
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
            if expect_valid and errors:
                failures += 1
                error = errors[0]
                where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
                print(f"{name}: invalid at {where or '(root)'}: {error.message[:300]}")
            elif not expect_valid and not errors:
                failures += 1
                print(f"{name}: accepted, but it should be invalid")
    print(f"{checked} documents checked, {failures} not as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
