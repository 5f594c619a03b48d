# TenFoot — the two commands a newcomer types: `make run` and `make test`.
# Each installs what is missing (scripts/setup.sh), builds, then runs.
SWIFT ?= swift
BIN := .build/debug/tenfoot

.PHONY: setup build run test screenshot bench clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

## Open the window on the built-in home scene (with no display it says so and offers the headless path).
run: build
	@$(BIN)

## Build and run the whole test suite (SDL tests headless; the real-window test under Xvfb).
test: setup
	@bash scripts/test.sh

## Headless: write screenshot.png of the home scene.
screenshot: build
	$(BIN) screenshot scenes/home.json --out screenshot.png

bench: setup
	$(SWIFT) run -c release tenfoot-bench engine

clean:
	rm -rf .build
