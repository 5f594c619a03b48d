#!/usr/bin/env python3
"""Packs an Xcode .imagestack folder into an .lsr file: Apple's "ZIP container that encapsulates the files and
folders defining an image stack" (Asset Catalog Format Reference), the stack's contents at the archive's root.

    scripts/make-lsr.py scenes/art/orbit.imagestack scenes/art/orbit.lsr

Made for TenFoot's fixture (scenes/art/orbit.lsr, issue 20): images are stored (PNG is compressed already) and
the Contents.json files deflated, so both methods TenFoot reads are in it. Folder entries are written too, as
Finder's and Xcode's archivers do. Deterministic: members in sorted order, fixed dates and permissions, so a
second run writes the same bytes.
"""
import os
import sys
import zipfile


def pack(stack: str, out: str) -> None:
    stack = os.path.normpath(stack)
    entries = []
    for folder, dirs, files in os.walk(stack):
        dirs.sort()
        rel = os.path.relpath(folder, stack)
        if rel != ".":
            entries.append((rel.replace(os.sep, "/") + "/", None))
        for name in sorted(files):
            if name.startswith("."):
                continue
            member = name if rel == "." else rel.replace(os.sep, "/") + "/" + name
            entries.append((member, os.path.join(folder, name)))
    with zipfile.ZipFile(out, "w") as z:
        for member, path in sorted(entries):
            info = zipfile.ZipInfo(member, date_time=(2026, 1, 1, 0, 0, 0))
            info.create_system = 3  # Unix, so the permissions below mean what they say
            if path is None:
                info.external_attr = (0o40755 << 16) | 0x10
                z.writestr(info, b"")
                continue
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED if member.endswith(".json") else zipfile.ZIP_STORED
            with open(path, "rb") as f:
                z.writestr(info, f.read())


if __name__ == "__main__":
    if len(sys.argv) != 3 or not sys.argv[1].rstrip("/").endswith(".imagestack") or not sys.argv[2].endswith(".lsr"):
        sys.exit("usage: make-lsr.py STACK.imagestack OUT.lsr")
    pack(sys.argv[1], sys.argv[2])
