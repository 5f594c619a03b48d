#!/usr/bin/env bash
# Regenerates the gallery screenshots in docs/images/ with the tool itself (offscreen, software renderer).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product tenfoot >/dev/null
mkdir -p docs/images/scenes
for f in scenes/*.json; do
  name=$(basename "$f" .json)
  .build/debug/tenfoot screenshot "$f" --size 960x540 --out "docs/images/scenes/$name.png"
done
.build/debug/tenfoot screenshot home --out docs/images/home.png --size 1280x720
.build/debug/tenfoot screenshot scenes/focus-guide-dashboard.json --moves right --debug --size 1280x720 --out docs/images/debug-overlay.png
.build/debug/tenfoot map scenes/focus-section-1-2-ab.json --size 1280x720 --out docs/images/map.png
echo "screenshots written to docs/images/"
