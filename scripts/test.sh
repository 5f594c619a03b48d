#!/usr/bin/env bash
# Builds and runs every test. SDL draws offscreen (software renderer); the real-window tests start
# their own Xvfb. Run from the package root.
set -euo pipefail
cd "$(dirname "$0")/.."
# Unformatted code fails first, in seconds, before the build (`make format` formats the tree).
bash scripts/format.sh --check
export SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0 SDL_RENDER_VSYNC=0
swift build --build-tests
swift test --skip-build "$@"
