# choosy-data: `make` installs what is missing, builds and lints the bundled catalog;
# `make test` runs every test. See README.md.

SWIFT   ?= swift
PREFIX  ?= /usr/local
RELEASE := .build/release/choosy-data
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build test lint docs site chromium install clean

all: deps build lint site

# libyaml is the one C library the package links; install it when pkg-config cannot find it.
deps:
	@if pkg-config --exists yaml-0.1 2>/dev/null; then :; \
	elif command -v apt-get >/dev/null; then \
	  echo "Installing libyaml-dev and pkg-config with apt-get"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libyaml-dev pkg-config; \
	elif command -v brew >/dev/null; then \
	  echo "Installing libyaml with Homebrew"; brew install libyaml pkg-config; \
	else \
	  echo "Error: libyaml is missing and neither apt-get nor brew is available." >&2; \
	  echo "  Install libyaml (with its pkg-config file yaml-0.1.pc) and run make again." >&2; \
	  exit 2; \
	fi

build: deps
	$(SWIFT) build -c release

lint: build
	$(RELEASE) lint data
	$(RELEASE) fmt --check data

# The docs site of data/ (docs/site.md); site/ is replaced whole and is not committed.
site: build
	$(RELEASE) docs data -o site

# The differential schema test runs python-jsonschema from this venv; tests only, never installed.
.venv/bin/python:
	python3 -m venv .venv && .venv/bin/pip install -q jsonschema==4.26.0 || { rm -rf .venv; exit 1; }

# The docs site's browser tests drive Debian's chromium headless; install it when missing.
chromium:
	@if command -v chromium >/dev/null; then :; \
	elif command -v apt-get >/dev/null; then \
	  echo "Installing chromium with apt-get (for the docs site's browser tests)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; \
	else \
	  echo "Error: the browser tests need chromium and apt-get is not available." >&2; \
	  echo "  Install Chromium so that 'chromium' is on the PATH and run make test again." >&2; \
	  exit 2; \
	fi

test: deps .venv/bin/python chromium
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Regenerates the files made from the code (a test fails when they are stale).
docs:
	$(SWIFT) build
	.build/debug/choosy-data rules --format markdown > docs/rules.md

install: build
	install -d "$(PREFIX)/bin"
	install -m 755 "$(RELEASE)" "$(PREFIX)/bin/choosy-data"

clean:
	rm -rf .build
