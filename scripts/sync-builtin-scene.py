#!/usr/bin/env python3
"""Copies scenes/home.json into Sources/TenFootScene/BuiltInScenes.swift (the built-in default scene)."""
import pathlib, sys
root = pathlib.Path(__file__).resolve().parent.parent
text = (root / "scenes/home.json").read_text().rstrip("\n")
src = (root / "Sources/TenFootScene/BuiltInScenes.swift").read_text()
start = src.index('    public static let homeJSON = #"""')
src = src[:start] + '    public static let homeJSON = #"""\n' + text + '\n"""#\n}\n'
(root / "Sources/TenFootScene/BuiltInScenes.swift").write_text(src)
print("BuiltInScenes.swift now holds scenes/home.json", file=sys.stderr)
