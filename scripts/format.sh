#!/usr/bin/env bash
# Formats TenFoot's Swift code as .swift-format says (`make format`), or with --check says what is not formatted
# and fails (`make test` runs it first). Fixtures are inputs that tests read line by line, so they are left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files --cached --others --exclude-standard -- '*.swift' | grep -v 'Fixtures/' | grep -v '^scenes/')
if [ "${1:-}" = "--check" ]; then
  if ! swift format lint --strict --parallel "${files[@]}"; then
    echo "format: the code above is not formatted as .swift-format says: run make format" >&2
    exit 1
  fi
else
  swift format format --in-place --parallel "${files[@]}"
fi
