#!/usr/bin/env python3
"""Runs two tenfoot binaries over the same command matrix and says where their outputs differ.

    scripts/compare-outputs.py BASE_TENFOOT NEW_TENFOOT [--quick] [--mutations N] [--jobs J] [--keep DIR]
                               [--only TEXT] [--repeat N]

For every gallery scene (scenes/*.json, the SwiftUI gallery and fixtures, the CLI fixtures, the repro
bundles in the tests) it runs path, explain, audit (text, JSON, SARIF), test, map, diff, stress, lint,
convert, screenshot, record (PNG frames, GIF, MP4 with its trace), bundle and replay, the help texts and
the command-line errors; then `path` and `audit` over N seeded mutations of the gallery scenes (spans
cut, doubled and inserted, keys misspelt, values retyped). Each command runs in a folder of its own for
each binary, at the same relative path, so messages that name outputs compare too. Standard output,
standard error, the exit status and every file written are compared byte for byte (but for the binary's
own path and a recording's wall-clock speed in messages).

Exit 0 when everything is identical, 1 otherwise (the first differences are printed, and all of them
are listed; with --keep DIR the mutated scenes stay in DIR). Nothing here depends on the wall clock or on hash order.

--repeat N runs the new binary N more times on each command and holds every run to the base's: output that changes
from one process to the next only now and then (a race between threads) shows under the load of several --jobs.
`TENFOOT_BANDS=2 scripts/compare-outputs.py T T --only "record frames" --repeat 20 --jobs 4` is how a race in
drawing frames in two bands was found: one recording in a hundred stretched its shadows otherwise.
"""
import argparse
import concurrent.futures
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

MOVES = ["right", "right", "down", "down", "select", "left", "menu", "up", "playpause", "down", "right"]


def gallery():
    scenes = sorted(
        os.path.join(ROOT, "scenes", f)
        for f in os.listdir(os.path.join(ROOT, "scenes"))
        if f.endswith(".json") and f != "catalogue-10k.json"
    )
    swift = sorted(
        os.path.join(ROOT, "scenes", "swiftui", f)
        for f in os.listdir(os.path.join(ROOT, "scenes", "swiftui"))
        if f.endswith(".swift")
    )
    fixtures = os.path.join(ROOT, "Tests", "TenFootSwiftUITests", "Fixtures")
    swift += sorted(os.path.join(fixtures, f) for f in os.listdir(fixtures) if f.endswith(".swift"))
    cli = os.path.join(ROOT, "Tests", "CLITests", "Fixtures")
    broken = sorted(os.path.join(cli, f) for f in os.listdir(cli) if f.endswith(".json"))
    bundles = sorted(os.path.join(cli, f) for f in os.listdir(cli) if f.endswith(".tenfoot"))
    return scenes, swift, broken, bundles


def matrix(quick):
    """(name, argv) pairs; argv names outputs relative to the run's own folder."""
    scenes, swift, broken, bundles = gallery()
    cases = []
    for c in ["", "help", "--version", "frobnicate", "path", "record", "completion bash", "completion zsh"]:
        cases.append(("cli " + c, c.split()))
    for c in ["run", "path", "explain", "audit", "test", "map", "diff", "record", "screenshot", "bundle",
              "convert", "lint", "new", "completion", "stress", "preview"]:
        cases.append(("help " + c, [c, "--help"]))
    cases.append(("usage errors", ["record", "home", "--fps", "7", "--out", "x.avi", "--moves", "up", "--frob"]))
    cases.append(("missing file", ["path", "/nonexistent/scene.json", "right"]))
    cases.append(("map all home", ["map", "home", "--all", "--out", "maps/home.svg"]))
    for s in ["home"] + scenes + swift:
        n = os.path.basename(s)
        cases.append((f"path {n}", ["path", s, "--json"] + MOVES))
        cases.append((f"path explain {n}", ["path", s, "--explain", "right", "down"]))
        cases.append((f"explain {n}", ["explain", s, "down", "--json"]))
        cases.append((f"explain moves {n}", ["explain", s, "--moves", "right down", "right"]))
        cases.append((f"audit {n}", ["audit", s]))
        cases.append((f"audit json {n}", ["audit", s, "--json"]))
        cases.append((f"audit sarif {n}", ["audit", s, "--sarif"]))
        cases.append((f"test {n}", ["test", s, "--junit", "junit.xml"]))
        cases.append((f"diff {n}", ["diff", s, "--json"]))
        cases.append((f"stress {n}", ["stress", s, "--events", "300", "--seed", "7", "--json", "--out", "stress.txt"]))
        cases.append((f"map svg {n}", ["map", s, "--out", "map.svg"]))
        if not quick:
            cases.append((f"map png {n}", ["map", s, "--out", "map.png", "--viewport"]))
            cases.append((f"diff svg {n}", ["diff", s, "--out", "diff.svg"]))
            cases.append((f"screenshot {n}", ["screenshot", s, "--moves", "right down", "--out", "shot.png"]))
            cases.append((f"screenshot debug {n}", ["screenshot", s, "--moves", "down right select", "--out", "dbg.png", "--debug", "--overlay", "keys,path,remote", "--size", "1280x720"]))
            cases.append((f"record frames {n}", ["record", s, "--moves", "right down", "--fps", "10", "--hold", "0.2s", "--out", "frames/", "--trace", "trace.json", "--size", "640x360"]))
        if s.endswith(".swift"):
            cases.append((f"lint {n}", ["lint", s, "--json"]))
            cases.append((f"lint text {n}", ["lint", s]))
            cases.append((f"convert {n}", ["convert", s, "--out", "converted.json"]))
    for s in broken:
        n = os.path.basename(s)
        cases.append((f"broken path {n}", ["path", s, "right"]))
        cases.append((f"broken audit {n}", ["audit", s, "--json"]))
    for b in bundles:
        n = os.path.basename(b)
        cases.append((f"bundle replay {n}", ["path", b, "--json"]))
        cases.append((f"bundle audit {n}", ["audit", b]))
        if not quick:
            cases.append((f"bundle screenshot {n}", ["screenshot", b, "--out", "b.png"]))
    cases.append(("test gallery", ["test", os.path.join(ROOT, "scenes"), "--junit", "all.xml"]))
    if not quick:
        home = "home"
        for fmt in ["gif", "mp4"]:
            cases.append((f"record {fmt}", ["record", home, "--moves", "right right down", "--size", "640x360", "--out", f"v.{fmt}", "--trace", "t.json", "--overlay", "keys,path"]))
        cases.append(("screenshot 4k", ["screenshot", home, "--moves", "right", "--size", "3840x2160", "--out", "4k.png"]))
        cases.append(("bundle", ["bundle", os.path.join(ROOT, "scenes", "navigation.json"), "--moves", "right select", "--out", "b.tenfoot"]))
        cases.append(("preview lsr", ["preview", os.path.join(ROOT, "scenes", "art", "orbit.lsr"), "--record", "turn.gif", "--turn", "1s"]))
        cases.append(("new", ["new", "Starter"]))
    return cases


MUTATION_KEYS = ["type", "id", "children", "frame", "focusable", "title", "width", "height", "expect", "sheets",
                 "onSelect", "between", "preferred", "defaultFocus", "disabled", "hidden", "image", "style"]


def mutate(text, rng):
    kind = rng.randrange(8)
    i = rng.randrange(len(text) + 1)
    j = min(len(text), i + rng.randrange(1, 40))
    if kind == 0:
        return text[:i] + text[j:]
    if kind == 1:
        return text[:i] + text[i:j] + text[i:]
    if kind == 2:
        return text[:i] + rng.choice(['"', "{", "}", "[", "]", ",", ":", "\\", "/*", "//", "\n", "-1e309", "\u00e9"]) + text[i:]
    if kind == 3:
        key = rng.choice(MUTATION_KEYS)
        misspelt = key[:-1] if len(key) > 2 else key + "x"
        return text.replace(f'"{key}"', f'"{misspelt}"', 1)
    if kind == 4:
        key = rng.choice(MUTATION_KEYS)
        k = text.find(f'"{key}":')
        if k < 0:
            return text
        v = k + len(key) + 3
        return text[:v] + rng.choice(['"x", ', "12, ", "true, ", "null, ", "[], ", "{}, "]) + text[v:]
    if kind == 5:
        return text.replace('"children"', '"children": 3, "kids"', 1)
    if kind == 6:
        a, b = sorted((rng.randrange(len(text)), rng.randrange(len(text))))
        return text[:a] + text[b:b + 60] + text[a:]
    return text.replace('"type": "', '"type": "x', 1)


def mutations(count, folder):
    scenes, _, _, _ = gallery()
    rng = random.Random(20261201)
    made = []
    for k in range(count):
        src = scenes[k % len(scenes)]
        with open(src, encoding="utf-8") as f:
            text = f.read()
        for _ in range(rng.randrange(1, 4)):
            text = mutate(text, rng)
        path = os.path.join(folder, f"m{k:04d}-{os.path.basename(src)}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        made.append(path)
    # Images are named relative to the scene: the mutated copies sit beside a link to the gallery's art.
    art = os.path.join(folder, "art")
    if not os.path.exists(art):
        os.symlink(os.path.join(ROOT, "scenes", "art"), art)
    return made


def run(binary, argv, folder):
    os.makedirs(folder, exist_ok=True)
    env = dict(os.environ)
    # No display: `tenfoot` alone says so and exits (with SDL's offscreen driver it would open a window that
    # never closes); every other command draws offscreen with the software renderer.
    env.update({"SDL_RENDER_DRIVER": "software", "SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_RENDER_VSYNC": "0",
                "LC_ALL": "C.UTF-8", "COLUMNS": "100", "SWIFT_BACKTRACE": "enable=no"})
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"]:
        env.pop(name, None)
    try:
        # argv[0] is "tenfoot" for both, so messages that name the program compare.
        p = subprocess.run(["tenfoot"] + argv, executable=binary, cwd=folder, env=env, capture_output=True,
                           timeout=300)
        result = {"status": p.returncode, "stdout": normalised(p.stdout, binary),
                  "stderr": normalised(p.stderr, binary)}
    except subprocess.TimeoutExpired:
        result = {"status": "timeout", "stdout": b"", "stderr": b""}
    files = {}
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder)] = f.read()
    result["files"] = files
    shutil.rmtree(folder)
    return result


def normalised(output, binary):
    """What may differ between two binaries: the path they were run from (in "see PATH --help"; as given, or
    with links resolved, as the program finds itself: .build/debug is a link), and the wall-clock speed a
    recording reports ("3.4x real time")."""
    for path in sorted({binary, os.path.realpath(binary)}, key=len, reverse=True):
        output = output.replace(path.encode(), b"tenfoot")
    return re.sub(rb"\d+(\.\d+)?x real time", b"N.Nx real time", output)


def differences(a, b):
    out = []
    for key in ["status", "stdout", "stderr"]:
        if a[key] != b[key]:
            out.append(key)
    for name in sorted(set(a["files"]) | set(b["files"])):
        if a["files"].get(name) != b["files"].get(name):
            out.append("file " + name)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("--quick", action="store_true", help="no pictures or videos")
    ap.add_argument("--mutations", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="keep every run's folder here")
    ap.add_argument("--only", help="run only the cases whose name contains this")
    ap.add_argument("--repeat", type=int, default=0, help="run the new binary this many more times on each command")
    args = ap.parse_args()
    base, new = os.path.abspath(args.base), os.path.abspath(args.new)
    work = args.keep or tempfile.mkdtemp(prefix="tenfoot-compare-")
    shutil.rmtree(os.path.join(work, "runs"), ignore_errors=True)
    mutated = os.path.join(work, "mutated")
    os.makedirs(mutated, exist_ok=True)
    cases = matrix(args.quick)
    for m in mutations(args.mutations, mutated):
        n = os.path.basename(m)
        cases.append((f"mutated path {n}", ["path", m, "--json", "right", "down", "select"]))
        cases.append((f"mutated audit {n}", ["audit", m]))
    if args.only:
        cases = [c for c in cases if args.only in c[0]]

    def one(index_case):
        index, (name, argv) = index_case
        # The same folder for both, one after the other, so messages that name it compare.
        folder = os.path.join(work, "runs", f"{index:05d}")
        a = run(base, argv, folder)
        b = run(new, argv, folder)
        diff = differences(a, b)
        for _ in range(args.repeat):
            if diff:
                break
            b = run(new, argv, folder)
            diff = differences(a, b)
        return name, argv, diff, a, b

    different = 0
    files = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, argv, diff, a, b in pool.map(one, enumerate(cases)):
            files += len(a["files"])
            if diff:
                different += 1
                if different <= 20:
                    print(f"DIFFERENT {name}: {', '.join(diff)}")
                    print("  tenfoot " + " ".join(argv))
                    for key in ["stdout", "stderr"]:
                        if key in diff:
                            print(f"  base {key}: {a[key][:400]!r}")
                            print(f"  new  {key}: {b[key][:400]!r}")
                    if "status" in diff:
                        print(f"  status {a['status']} → {b['status']}")
    digest = hashlib.sha256(repr([c[1] for c in cases]).encode()).hexdigest()[:12]
    print(f"{len(cases)} commands ({digest}), {files} files written by each binary: "
          + ("all identical" if different == 0 else f"{different} differ"))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if different == 0 else 1)


if __name__ == "__main__":
    main()
