"""The reference side of SARIFSchemaTests: validates SARIF logs against the official schema.

Usage: sarif-oracle.py SCHEMA LOG...
Prints one line per schema error ("LOG: pointer: message") and exits 1 if there is any, 0 if
every log is valid. Exits 2 if the schema is not a valid draft-07 schema.
"""

import json
import sys

from jsonschema import Draft7Validator
from jsonschema.exceptions import SchemaError


def pointer(path):
    return "".join("/" + str(token).replace("~", "~0").replace("/", "~1") for token in path)


def main(schema_path, log_paths):
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    try:
        Draft7Validator.check_schema(schema)
    except SchemaError as error:
        print(f"{schema_path} is not a valid draft-07 schema: {error.message}", file=sys.stderr)
        return 2
    validator = Draft7Validator(schema)
    status = 0
    for path in log_paths:
        with open(path, encoding="utf-8") as file:
            log = json.load(file)
        for error in sorted(validator.iter_errors(log), key=lambda error: list(map(str, error.absolute_path))):
            print(f"{path}: {pointer(error.absolute_path) or '/'}: {error.message}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
