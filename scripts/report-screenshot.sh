#!/usr/bin/env bash
# docs/images/report.png: the HTML report of three gallery scenes, home's second expectation broken on purpose,
# as Chromium's headless shell shows it at 1280 pixels wide.
set -euo pipefail
cd "$(dirname "$0")/.."
tenfoot="${TENFOOT:-.build/debug/tenfoot}"
browser="$(command -v chromium-headless-shell || command -v chromium)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/scenes"
cp scenes/filters-sheet.json scenes/login-form.json "$dir/scenes/"
python3 - "$dir/scenes/home.json" <<'PY'
import sys
text = open("scenes/home.json").read()
broken = text.replace('"p2",\n        "p3",\n        "p2"', '"p2",\n        "p3",\n        "p3"', 1)
assert broken != text
open(sys.argv[1], "w").write(broken)
PY
tenfoot="$(cd "$(dirname "$tenfoot")" && pwd)/$(basename "$tenfoot")"
(cd "$dir" && "$tenfoot" test scenes --report report >/dev/null) || true
"$browser" --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$dir/profile" --window-size=1280,1500 \
  --screenshot="$PWD/docs/images/report.png" "file://$dir/report/index.html" 2>/dev/null
echo "docs/images/report.png"
