"""The reference side of SchemaDifferentialTests: validates instances with python-jsonschema.

Usage: jsonschema-oracle.py SCHEMA INSTANCES
INSTANCES is a JSON array of {"name": ..., "instance": ...}. Prints a JSON object mapping each
name to the sorted list of [keyword, instance pointer] of its errors. Exits 1 if the schema
itself is not a valid draft 2020-12 schema.
"""

import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError


def pointer(path):
    """RFC 6901 pointer of an error's absolute_path (keys and indices from the root)."""
    return "".join("/" + str(token).replace("~", "~0").replace("/", "~1") for token in path)


def main(schema_path, instances_path):
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        print(f"the schema is not a valid draft 2020-12 schema: {error.message}", file=sys.stderr)
        return 1
    validator = Draft202012Validator(schema)
    with open(instances_path, encoding="utf-8") as file:
        cases = json.load(file)
    results = {}
    for case in cases:
        errors = validator.iter_errors(case["instance"])
        results[case["name"]] = sorted({(error.validator, pointer(error.absolute_path)) for error in errors})
    json.dump(results, sys.stdout, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
