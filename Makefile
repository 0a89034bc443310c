# tiles — build, run and test. `make run` and `make test` install what a fresh machine lacks.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := /opt/swift/usr/bin:$(PATH)
# A crashing test must not wait for a key under a TTY (docs/platform.md).
export SWIFT_BACKTRACE := enable=no
DEBIAN_PACKAGES := libncurses-dev ncurses-term tmux python3
BENCH_SCRATCH := .build-bench

.PHONY: deps build run test bench golden clean

## deps: install the Debian packages tiles needs (a no-op when they are present)
deps:
	@missing=""; \
	for pkg in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@# The tests validate extension timelines against docs/schema with Python's jsonschema.
	@python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install -q jsonschema

## build: debug build of every target
build: deps
	$(SWIFT) build

## run: build and launch tiles on the built-in board
run: build
	$(SWIFT) run tiles

## test: build and run every test (XCTest and Swift Testing), with the Swift extension example built first
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) build --package-path examples/swift-extension
	$(SWIFT) test

## bench: release build, then the layout/render benchmark and the dashboard benchmark (real binary in tmux)
bench: deps
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product tiles-bench
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product tiles
	$(BENCH_SCRATCH)/release/tiles-bench
	python3 scripts/bench_dashboard.py $(BENCH_SCRATCH)/release/tiles

## golden: re-record the golden files on purpose, then review `git diff`
golden: deps
	-SNAPSHOT_TESTING_RECORD=all $(SWIFT) test --filter Golden
	TILES_RECORD_GOLDENS=1 $(SWIFT) test --filter RenderTests/testRenderMatchesGoldenFiles
	@echo "golden files re-recorded; review them with git diff before committing"

clean:
	rm -rf .build $(BENCH_SCRATCH)
