# TenFoot — the two commands a newcomer types: `make run` and `make test`.
# Each installs what is missing (scripts/setup.sh), builds, then runs.
SWIFT ?= swift
# Extra flags for `swift build` (the test of `make run` passes --ignore-lock: it runs inside `swift test`).
SWIFT_BUILD_FLAGS ?=
BIN := .build/debug/tenfoot
# `make install PREFIX=$HOME/.local` puts tenfoot in $(PREFIX)/bin (DESTDIR stages a package; CONFIG=debug
# installs the debug build, as the install test does).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= release
# TenFoot's SwiftUI reader: the library tenfoot loads for .swift input (docs/swiftui.md, "Building").
READER := libTenFootSwiftUIReader.$(if $(filter Darwin,$(shell uname -s)),dylib,so)

.PHONY: setup build run test format screenshot bench install uninstall deb clean

setup:
	@bash scripts/setup.sh

build: setup
	@$(SWIFT) build $(SWIFT_BUILD_FLAGS)

## Open the window on the built-in home scene. With no display tenfoot says so, with the commands to use
## instead, and exits 3 (the environment failed); that is its whole answer, so make adds no error of its own.
run: build
	@$(BIN); status=$$?; [ $$status -eq 3 ] || exit $$status

## Build and run the whole test suite (SDL tests headless; the real-window test under Xvfb).
test:
	@bash scripts/setup.sh --tests
	@bash scripts/test.sh

## Format the tree as .swift-format says (make test fails on unformatted code).
format:
	@bash scripts/format.sh

## Headless: write screenshot.png of the home scene.
screenshot: build
	$(BIN) screenshot home --out screenshot.png

bench: setup
	$(SWIFT) run -c release tenfoot-bench engine

## A release build in $(PREFIX)/bin, its SwiftUI reader in $(PREFIX)/lib/tenfoot (where it looks for it), its fonts
## in $(PREFIX)/share/tenfoot/Assets (likewise), and bash and zsh completion and the tenfoot(1) manual page written
## from the command declarations (tenfoot completion bash|zsh, tenfoot manpage).
install: setup
	@$(SWIFT) build -c $(CONFIG) --product tenfoot $(SWIFT_BUILD_FLAGS)
	@$(SWIFT) build -c $(CONFIG) --product TenFootSwiftUIReader $(SWIFT_BUILD_FLAGS)
	@bin="$$($(SWIFT) build -c $(CONFIG) --show-bin-path $(SWIFT_BUILD_FLAGS))" && \
	  install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/lib/tenfoot" "$(DESTDIR)$(PREFIX)/share/tenfoot/Assets/Fonts" \
	    "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	    "$(DESTDIR)$(PREFIX)/share/man/man1" && \
	  install -m 755 "$$bin/tenfoot" "$(DESTDIR)$(PREFIX)/bin/tenfoot" && \
	  install -m 755 "$$bin/$(READER)" "$(DESTDIR)$(PREFIX)/lib/tenfoot/$(READER)" && \
	  install -m 644 Assets/Fonts/* "$(DESTDIR)$(PREFIX)/share/tenfoot/Assets/Fonts/" && \
	  install -m 644 docs/scene.schema.json "$(DESTDIR)$(PREFIX)/share/tenfoot/scene.schema.json" && \
	  "$$bin/tenfoot" completion bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tenfoot" && \
	  "$$bin/tenfoot" completion zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tenfoot" && \
	  "$$bin/tenfoot" manpage > "$(DESTDIR)$(PREFIX)/share/man/man1/tenfoot.1" && \
	  echo "installed $(DESTDIR)$(PREFIX)/bin/tenfoot ($$("$$bin/tenfoot" --version))"

## A Debian package that runs without a Swift toolchain (the Swift runtime and parser inside), in .build/deb:
## install it with `sudo apt install ./.build/deb/tenfoot_*.deb` on a machine without Swift (docs/install.md).
deb:
	@bash scripts/setup.sh --deb
	@bash scripts/make-deb.sh

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/tenfoot" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tenfoot" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tenfoot" "$(DESTDIR)$(PREFIX)/share/man/man1/tenfoot.1"
	rm -rf "$(DESTDIR)$(PREFIX)/share/tenfoot" "$(DESTDIR)$(PREFIX)/lib/tenfoot"

clean:
	rm -rf .build
