#!/usr/bin/env python3
"""Scores TenFoot's SwiftUI reader on real apps' code: which files open, whether the initial focus and the moves
are the ones a real Apple TV gives, and how much of each view the translation understands.

    scripts/score-swiftui-corpus.py CORPUS [--tenfoot BIN] [--checks FILE] [--json OUT] [--only TEXT]

CORPUS is a local copy of the files `docs/swiftui-corpus.json` lists (each app's folder at
CORPUS/<owner>+<repo>/<path in the repository>, at the commit given). The script fetches nothing: the files are
other people's code under their own licences and stay out of this repository. The expectations in the list were
written from reading the code and tvOS's focus rules by someone who had not worked on the interpreter.

For each check it runs `tenfoot path FILE --view VIEW --json [PRESS...]` (the initial focus, then each move from
it) and `tenfoot convert` for the labels of the items, and `tenfoot lint --json` for the coverage. An item is named
by what a user sees (its title, text, placeholder, symbol, or its first text); `@runtime` matches an item whose
label comes from data the file cannot know, `@unlabeled` (or "", an empty label) one with no label, null means
nothing can take focus.
Output: one line per check that fails, then the scores. Same input, same output (nothing depends on time or hash
order).
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import unicodedata

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def run(binary, args, timeout=60):
    env = dict(os.environ)
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"]:
        env.pop(name, None)
    env.update({"SDL_RENDER_DRIVER": "software", "SWIFT_BACKTRACE": "enable=no", "LC_ALL": "C.UTF-8"})
    try:
        p = subprocess.run([binary] + args, capture_output=True, timeout=timeout, env=env)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def normal(text):
    """Labels compared as a user reads them: case, accents' composition, quotes, ellipses and spacing aside."""
    t = unicodedata.normalize("NFC", text or "").casefold()
    for a, b in [("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("…", ""), ("...", "")]:
        t = t.replace(a, b)
    return " ".join(t.split())


def labels(scene_json):
    """Every node's id (explicit or derived as the decoder derives it) → the texts that name it."""
    out = {}

    def texts(n):
        own = [n.get(k) for k in ("title", "text", "placeholder", "icon", "accessibilityLabel")]
        return [t for t in own if isinstance(t, str) and t]

    def first_text(n):
        for c in n.get("children", []) or []:
            if not isinstance(c, dict):
                continue
            own = texts(c)
            if own:
                return own[0]
            deeper = first_text(c)
            if deeper:
                return deeper
        return None

    def walk(n, derived):
        if not isinstance(n, dict):
            return
        nid = n.get("id", derived)
        names = texts(n)
        if not names:
            inner = first_text(n)
            if inner:
                names = [inner]
        out[nid] = names
        for k, c in enumerate(n.get("children", []) or []):
            walk(c, f"{nid}/{k}")
        for t in n.get("tabs", []) or []:
            if isinstance(t, dict) and "id" in t:
                out[t["id"]] = [x for x in [t.get("title"), t.get("icon")] if isinstance(x, str) and x]
                walk(t.get("content"), f"{t['id']}/content")

    walk(scene_json.get("root"), "root")
    for k, s in enumerate(scene_json.get("sheets", []) or []):
        walk(s, f"sheet{k}")
    return out


def matches(expected, focus, names, static_labels):
    if expected is None:
        return focus in (None, "", "(nothing)")
    if focus in (None, "", "(nothing)", "(home)"):
        return False
    got = [normal(x) for x in names.get(focus, [])]
    # "" is an item whose label is empty (a Toggle("", isOn:)): nothing names it, as for @unlabeled.
    if expected == "@unlabeled" or expected == "":
        return not got
    if expected == "@runtime":
        # Data the file cannot know: any labelled item the code does not name in a literal.
        return bool(got) and not any(g in static_labels for g in got)
    want = normal(expected)
    return any(g == want or (len(want) >= 12 and g.startswith(want)) for g in got)


def score(corpus, binary, checks, only):
    results = []
    coverage = collections.Counter()
    opened_files = {}
    scratch = tempfile.mkdtemp(prefix="tenfoot-corpus-")
    statics = {normal(c["initial"]) for c in checks if isinstance(c.get("initial"), str) and not c["initial"].startswith("@")}
    for c in checks:
        statics.update(normal(m["focus"]) for m in c.get("moves", []) if isinstance(m.get("focus"), str))
    for c in checks:
        name = f"{c['app']}:{c['file']}:{c['view']}"
        if only and only not in name:
            continue
        path = os.path.join(corpus, c["app"].replace("/", "+"), c["file"])
        view = ["--view", c["view"]] if c.get("view") else []
        status, out, err = run(binary, ["path", path] + view + ["--json"])
        r = {"check": name, "data": c.get("data"), "confidence": c.get("confidence"), "opens": status == 0}
        r["error"] = "" if status == 0 else (err.strip().splitlines() or [str(status)])[0][:300]
        names = {}
        if status == 0:
            converted = os.path.join(scratch, "scene.json")
            s2, _, _ = run(binary, ["convert", path] + view + ["--out", converted])
            if s2 == 0:
                with open(converted, encoding="utf-8") as f:
                    names = labels(json.load(f))
            initial = json.loads(out.splitlines()[0]).get("focus") if out.strip() else None
            r["initialGot"] = initial
            r["initialOK"] = matches(c.get("initial"), initial, names, statics)
            r["moves"] = []
            for m in c.get("moves", []):
                s3, o3, _ = run(binary, ["path", path] + view + ["--json"] + m["press"])
                last = json.loads(o3.strip().splitlines()[-1]).get("focus") if s3 == 0 and o3.strip() else None
                r["moves"].append({"press": m["press"], "want": m["focus"], "got": last,
                                   "ok": s3 == 0 and matches(m["focus"], last, names, statics)})
            if path not in opened_files:
                s4, o4, _ = run(binary, ["lint", path] + view + ["--json"])
                if s4 == 0:
                    cov = json.loads(o4).get("coverage", {})
                    opened_files[path] = cov
                    for k in ("views", "viewsApproximated", "placeholders"):
                        coverage[k] += cov.get(k, 0)
        results.append(r)
    return results, coverage


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--tenfoot", default=os.path.join(ROOT, ".build/debug/tenfoot"))
    ap.add_argument("--checks", default=os.path.join(ROOT, "docs/swiftui-corpus.json"))
    ap.add_argument("--json", help="write every check's result here")
    ap.add_argument("--only", help="only the checks whose app:file:view contains this")
    args = ap.parse_args()
    with open(args.checks, encoding="utf-8") as f:
        checks = json.load(f)["checks"]
    results, coverage = score(args.corpus, os.path.abspath(args.tenfoot), checks, args.only)
    for r in results:
        if not r["opens"]:
            print(f"does not open: {r['check']}: {r['error']}")
            continue
        if not r["initialOK"]:
            want = next(c["initial"] for c in checks if f"{c['app']}:{c['file']}:{c['view']}" == r["check"])
            print(f"initial focus: {r['check']}: want {want!r}, got {r['initialGot']!r}")
        for m in r["moves"]:
            if not m["ok"]:
                print(f"move {' '.join(m['press'])}: {r['check']}: want {m['want']!r}, got {m['got']!r}")
    opened = [r for r in results if r["opens"]]
    moves = [m for r in opened for m in r["moves"]]
    all_moves = sum(len(c.get("moves", [])) for c in checks if not args.only or args.only in f"{c['app']}:{c['file']}:{c['view']}")
    files = {r["check"].rsplit(":", 1)[0] for r in results}
    opened_files = {r["check"].rsplit(":", 1)[0] for r in opened}
    understood = coverage["views"] + coverage["viewsApproximated"]
    total_views = understood + coverage["placeholders"]

    def pct(a, b):
        return f"{a}/{b} ({100 * a / b:.1f}%)" if b else "0/0"

    print(f"files that open: {pct(len(opened_files), len(files))}; checks that open: {pct(len(opened), len(results))}")
    print(f"initial focus right: {pct(sum(r['initialOK'] for r in opened), len(results))}")
    print(f"moves right: {pct(sum(m['ok'] for m in moves), all_moves)}")
    print(f"views interpreted or approximated (lint, files that open): {pct(understood, total_views)}")
    by = collections.defaultdict(lambda: [0, 0, 0, 0])
    for r in results:
        k = r["check"].split(":", 1)[0]
        by[k][0] += 1
        by[k][1] += r["opens"] and r["initialOK"]
        by[k][2] += sum(m["ok"] for m in r.get("moves", []))
        by[k][3] += len(next(c for c in checks if f"{c['app']}:{c['file']}:{c['view']}" == r["check"]).get("moves", []))
    for k in sorted(by):
        n, i, mo, mt = by[k]
        print(f"  {k}: initial {i}/{n}, moves {mo}/{mt}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"results": results, "coverage": dict(sorted(coverage.items()))}, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
