#!/usr/bin/env python3
"""Validates scene files against docs/scene.schema.json (the JSON Schema for editors).

Usage: scripts/validate-scenes.py [FILE...]   (default: every scenes/*.json)
Prints one line per problem and exits 1 when any file does not validate."""
import json, pathlib, sys
import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "docs/scene.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
files = [pathlib.Path(a) for a in sys.argv[1:]] or sorted((root / "scenes").rglob("*.json"))
bad = 0
for f in files:
    errors = sorted(validator.iter_errors(json.loads(f.read_text())), key=lambda e: list(e.path))
    for e in errors[:5]:
        print(f"{f}: {'/'.join(map(str, e.path)) or '(top)'}: {e.message[:200]}")
    bad += bool(errors)
print(f"{len(files) - bad} valid, {bad} invalid")
sys.exit(1 if bad else 0)
