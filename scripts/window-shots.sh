#!/usr/bin/env bash
# The documentation's pictures of what the window draws over the scene — the F1 help card, the F2 debug
# overlay with a Ctrl-click report, the error banner of a broken save — made by the window itself: it runs on
# a virtual display (Xvfb, 1280×720), xdotool presses the keys, and F12 writes its screenshot (1920×1080, the
# window's overlays included). Needs Xvfb and xdotool (scripts/setup.sh installs them) and a built tenfoot.
# Usage: scripts/window-shots.sh [OUTDIR]     (default: docs/images)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(cd "${1:-docs/images}" && pwd)
bin=$(pwd)/.build/debug/tenfoot
scenes=$(pwd)/scenes
work=$(mktemp -d -t tenfoot-shots.XXXXXX)
xvfb=""
app=""
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A display of our own: Xvfb writes the number it chose.
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$work/display" 2>/dev/null &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
export DISPLAY=":$(cat "$work/display")" SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software

# shot NAME SCENE STEP... : opens the window on SCENE in $work, runs the steps, presses F12 and keeps the
# picture as OUTDIR/NAME.png. Steps: a key name for xdotool, "ctrl-click X Y" (window pixels),
# "write FILE" (copies FILE over the scene: a save), "wait SECONDS".
shot() {
  local name=$1 scene=$2; shift 2
  rm -f "$work"/tenfoot-screenshot-*.png
  (cd "$work" && exec "$bin" run "$scene" 2>/dev/null) &
  app=$!
  local window=""
  for _ in $(seq 100); do window=$(xdotool search --name TenFoot 2>/dev/null | head -1 || true); [ -n "$window" ] && break; sleep 0.1; done
  [ -n "$window" ] || { echo "window-shots: the window did not open for $name" >&2; exit 1; }
  sleep 1.5
  while [ $# -gt 0 ]; do
    case $1 in
      ctrl-click) xdotool mousemove --window "$window" "$2" "$3"; sleep 0.2
                  xdotool keydown ctrl click 1 keyup ctrl; shift 3 ;;
      write) cp "$2" "$scene"; shift 2 ;;
      wait) sleep "$2"; shift 2 ;;
      *) xdotool key --window "$window" "$1"; shift ;;
    esac
    sleep 0.4
  done
  xdotool key --window "$window" F12
  for _ in $(seq 100); do [ -s "$work/tenfoot-screenshot-1.png" ] && break; sleep 0.1; done
  sleep 0.2
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=""
  mv "$work/tenfoot-screenshot-1.png" "$out/$name.png"
  echo "window-shots: $out/$name.png"
}

# F1 on the built-in home scene.
cp "$scenes/home.json" "$work/home.json"
shot help-card "$work/home.json" F1

# Large Text and VoiceOver: Shift+F6 steps back from Large to Accessibility XXXL, F7 shows VoiceOver's words,
# Down moves focus to the second button (the row stacked at that size).
cp "$scenes/large-text-adaptive.json" "$work/large-text.json"
shot window-large-text-voiceover "$work/large-text.json" shift+F6 F7 Down

# F2 on the guides example: right crosses the gap through a guide; two guides share the empty cell; then a
# Ctrl-click on Top Left (its centre, 310×640 points, is 207×427 in the 1280×720 window) asks why focus may not
# reach it.
cp "$scenes/focus-guide-dashboard.json" "$work/guides.json"
shot debug-overlay-ctrl-click "$work/guides.json" F2 Right ctrl-click 207 427

# A save that breaks the file: the last good scene stays, with the errors in the banner, JSON paths whole.
python3 - "$scenes/home.json" "$work/broken.json" <<'EOF'
import json, sys
scene = json.load(open(sys.argv[1]))
shelves = scene["root"]["tabs"][0]["content"]["children"]
shelves[3]["children"][4]["focusable"] = "yes"
shelves[4]["children"][2]["onSelect"] = [{"present": "detailSheet"}]
json.dump(scene, open(sys.argv[2], "w"), indent=2)
EOF
mkdir -p "$work/streaming-app-redesign/tv-screens"
cp "$scenes/home.json" "$work/streaming-app-redesign/tv-screens/home-continue-watching.json"
shot error-banner "$work/streaming-app-redesign/tv-screens/home-continue-watching.json" Down Right \
  write "$work/broken.json" wait 1
