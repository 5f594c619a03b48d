#!/usr/bin/env python3
"""Draws docs/images/architecture.svg: TenFoot's source targets in their layers, with an arrow for each direct
dependency that no longer path already implies (the transitive reduction of Package.swift's graph). Needs
Graphviz's `dot` (Debian: graphviz); only the documentation's picture needs it.

    scripts/architecture-picture.py [OUT.svg]

The layers are the ones Tests/ArchitectureTests/LayeringTests.swift checks; the dependencies are read from
Package.swift, so the picture shows the graph as it is.
"""
import html
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def layers():
    text = open(os.path.join(ROOT, "Tests/ArchitectureTests/LayeringTests.swift"), encoding="utf-8").read()
    block = re.search(r"static let layers: \[\[String\]\] = \[(.*?)\n    \]", text, re.S).group(1)
    return [re.findall(r'"([^"]+)"', row) for row in re.findall(r"\[([^\]]*)\]", block)]


def dependencies():
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    out = {}
    for m in re.finditer(r'\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)"', text):
        body = text[m.end():m.end() + 1500]
        deps = re.search(r"dependencies:\s*\[(.*?)\]\s*[,)]", body, re.S)
        out[m.group(1)] = re.findall(r'"([^"]+)"', deps.group(1)) if deps else []
    return out


ROLES = {
    "FocusEngine": "focus model: search, sections, guides, memory",
    "TenFootCore": "JSON with positions, diagnostics, tar, ZIP",
    "CSDLLoader": "C: SDL loaded on first use",
    "CRasterKernel": "C: the tilt's run, SDL's blend, SIMD",
    "TenFootScene": "scene files, layout, assets, focus tree",
    "TenFootSim": "simulator: state, events, clock",
    "TenFootSwiftUI": "SwiftUI input: the door, the reader's wire",
    "TenFootSwiftUIReader": "the reader (dlopen): SwiftParser, interpreter",
    "TenFootPresentation": "display lists: screen, overlays, map",
    "TenFootTools": "audit, stress, policy diff, expectations",
    "TenFootInput": "keys, pads, mouse → remote events",
    "TenFootRaster": "display list → pixels, fonts, PNG (no window)",
    "TenFootSDL": "the SDL window and its events",
    "TenFootRecorder": "PNG and video files, the safe writer",
    "TenFootApp": "the interactive window and its tools",
    "TenFootCLI": "commands, parsing, help",
    "tenfoot": "the executable",
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs/images/architecture.svg")
    rows = layers()
    deps = dependencies()
    known = set(sum(rows, []))
    graph = {t: {d for d in deps.get(t, []) if d in known} for t in known}

    def reach(t, seen=None):
        seen = set() if seen is None else seen
        for d in graph[t]:
            if d not in seen:
                seen.add(d)
                reach(d, seen)
        return seen

    reduced = {t: {d for d in graph[t] if not any(d in reach(o) for o in graph[t] if o != d)} for t in known}

    lines = [
        "digraph tenfoot {",
        '  graph [rankdir=TB, nodesep=0.35, ranksep=0.45, fontname="DejaVu Sans", fontsize=13, '
        'label="TenFoot\'s targets: each uses only targets below it\\nArrows: direct dependencies that no longer path '
        'implies. Grey: the SwiftUI reader, a library tenfoot loads for .swift input.\\nAmber: the only targets SDL '
        'reaches (the raster never starts SDL video or events).", labelloc=t];',
        '  node [shape=box, style="rounded,filled", fontname="DejaVu Sans", fontsize=12, color="#3b4a6b", '
        'fillcolor="#e8f0fe", margin="0.15,0.06"];',
        '  edge [color="#7a8494", arrowsize=0.7];',
    ]
    for level, row in enumerate(reversed(rows)):
        names = " ".join(f'"{t}"' for t in row)
        lines.append(f"  {{ rank=same; {names} }}")
    for t in sorted(known):
        fill = "#fff4dc" if t in ("TenFootSDL", "TenFootRaster") else "#e8f0fe"
        if t == "TenFootSwiftUIReader":
            fill = "#eeeeee"
        label = f'<<b>{html.escape(t)}</b><br/><font point-size="10">{html.escape(ROLES.get(t, ""))}</font>>'
        lines.append(f'  "{t}" [label={label}, fillcolor="{fill}"];')
    for t in sorted(known):
        for d in sorted(reduced[t]):
            lines.append(f'  "{t}" -> "{d}";')
    lines.append("}")
    dot = "\n".join(lines) + "\n"
    svg = subprocess.run(["dot", "-Tsvg"], input=dot.encode(), capture_output=True, check=True).stdout
    with open(out, "wb") as f:
        f.write(svg)
    print(out)


if __name__ == "__main__":
    main()
