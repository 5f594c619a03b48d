#!/usr/bin/env python3
"""Validates scene files against docs/scene.schema.json (the JSON Schema for editors).

Usage: scripts/validate-scenes.py [FILE...]   (default: every scenes/*.json)
Prints one line per problem and exits 1 when any file does not validate.

Scene files are JSON with comments (docs/scene-format.md): `//` and `/* */` comments and trailing
commas are removed before validating, so the schema checks the data, not the comments. Comments
become spaces and keep their line breaks, so line numbers in parse errors stay the file's."""
import json, pathlib, sys
import jsonschema


def strip_comments(text):
    """JSON with comments → JSON: comments blanked (line breaks kept), trailing commas dropped."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':  # a string, escapes included, copied as it is
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise ValueError(f"unterminated comment at line {text.count(chr(10), 0, i) + 1}")
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j + 2]))
            i = j + 2
        else:
            out.append(c)
            i += 1
    # A comma whose next non-space character (outside strings: strings were copied as single
    # pieces) closes an array or object is a trailing comma.
    pieces = out
    for k, piece in enumerate(pieces):
        if piece == ",":
            rest = next((p for p in pieces[k + 1:] if p.strip()), "")
            if rest[:1] in ("]", "}"):
                pieces[k] = " "
    return "".join(pieces)


root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "docs/scene.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
# Layered images' descriptions (an .imagestack's Contents.json files, a .layers.json list) live among the scenes'
# art but are not scenes (docs/rendering.md, "Layered images").
def is_layered_image(p):
    return p.name.endswith(".layers.json") or any(part.endswith(".imagestack") for part in p.parts)
files = [pathlib.Path(a) for a in sys.argv[1:]] or sorted(p for p in (root / "scenes").rglob("*.json") if not is_layered_image(p))
bad = 0
for f in files:
    try:
        data = json.loads(strip_comments(f.read_text(encoding="utf-8")))
    except ValueError as e:
        print(f"{f}: {e}")
        bad += 1
        continue
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.path))
    for e in errors[:5]:
        print(f"{f}: {'/'.join(map(str, e.path)) or '(top)'}: {e.message[:200]}")
    bad += bool(errors)
print(f"{len(files) - bad} valid, {bad} invalid")
sys.exit(1 if bad else 0)
