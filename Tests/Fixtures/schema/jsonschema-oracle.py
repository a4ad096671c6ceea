"""The reference side of SchemaDifferentialTests and SARIFSchemaTests: validates instances
with python-jsonschema.

Usage: jsonschema-oracle.py SCHEMA INSTANCES
INSTANCES is a JSON array of {"name": ..., "instance": ...}. Prints a JSON object mapping each
name to the sorted list of [keyword, instance pointer] of its errors. The schema's `$schema`
picks the draft (our schema is 2020-12, SARIF's draft-07). Exits 1 if the schema itself is not
valid for its draft.
"""

import json
import sys

from jsonschema.validators import validator_for
from jsonschema.exceptions import SchemaError


def pointer(path):
    """RFC 6901 pointer of an error's absolute_path (keys and indices from the root)."""
    return "".join("/" + str(token).replace("~", "~0").replace("/", "~1") for token in path)


def main(schema_path, instances_path):
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    draft = validator_for(schema)
    try:
        draft.check_schema(schema)
    except SchemaError as error:
        print(f"the schema is not valid for {draft.__name__}: {error.message}", file=sys.stderr)
        return 1
    validator = draft(schema)
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
