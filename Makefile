# tiles — build, run and test. `make run` and `make test` install what a fresh machine lacks.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := /opt/swift/usr/bin:$(PATH)
# A crashing test must not wait for a key under a TTY (docs/platform.md).
export SWIFT_BACKTRACE := enable=no
DEBIAN_PACKAGES := libncurses-dev ncurses-term tmux python3 libpng-dev libjpeg-dev libssl-dev tzdata
BENCH_SCRATCH := .build-bench
RELEASE_SCRATCH := .build-release
# The hand-written C ncursesw dashboard `make bench` runs beside tiles, when it is there (it lives
# outside this repository: the project's shared folder beside the checkout).
PERF_REFERENCE ?= ../shared/perf/dash_ncurses.c
# The release binary is linked wholly static, glibc included (`-static-executable`): no shared
# library to load or relocate, no dynamic loader, and libc's and libm's functions ordered with
# the rest instead of 2.4 MiB of their shared objects' pages (docs/performance.md, ninth round;
# what static glibc still reads at run time: docs/platform.md). It is not position-independent
# (no 117,000 relocations to apply at start). Its
# code reaches generic types' metadata through accessor calls that pass the conformances, not
# through mangled names that the runtime resolves by scanning every conformance record: a fifth
# less CPU before the first frame. Each function has its own section, and lld places the ones a
# board runs (scripts/symbol-order.txt, recorded by `make symbol-order`) together at the front:
# the kernel reads code in 64 KiB windows, so scattered functions were 18 MiB of resident code
# for the 2 MB a board runs. Its symbols are not exported (nothing looks them up at run time):
# the dynamic loader and the runtime's dladdr no longer map and search 30,000 of them
# (docs/performance.md). The functions Swift leaves without a symbol (shared value witnesses,
# outlined copies), which the order file cannot name, are gathered before them
# (scripts/unnamed-functions.ld): scattered, they kept 3.1 MiB more code resident.
SYMBOL_ORDER := $(CURDIR)/scripts/symbol-order.txt
UNNAMED_FUNCTIONS := $(CURDIR)/scripts/unnamed-functions.ld
STATIC_EXECUTABLE_FLAGS := -Xswiftc -static-executable
# Where glibc's or a C library's static archive is missing (scripts/static_c_libs.sh): the
# Swift runtime linked in, libc and the C libraries loaded as shared objects.
DYNAMIC_LIBC_FLAGS := --static-swift-stdlib -Xlinker -no-pie
RELEASE_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(SYMBOL_ORDER) -Xlinker --no-warn-symbol-ordering \
	-Xlinker --no-export-dynamic -Xlinker -T -Xlinker $(UNNAMED_FUNCTIONS)
# The C libraries (ncursesw, tinfo, libpng, zlib, libjpeg, OpenSSL, libstdc++) are linked in from their
# static archives too (then glibc too, above). Linking them in first, the dynamic loader's own
# work before main fell from 2.1 to 0.25 million instructions (libstdc++'s relocations and symbol
# lookups most of it), the first frame's from 36.1 to 33.3 million, and peak RSS by 2 to 3 MiB
# (docs/performance.md).
STATIC_C_LIBS := $(CURDIR)/$(RELEASE_SCRATCH)/static-c-libs

# Where `make install` puts tiles: $(PREFIX)/bin/tiles and its man page and shell completions.
# PREFIX=~/.local installs without root; DESTDIR stages the tree for a package.
PREFIX ?= /usr/local
DESTDIR ?=
ROOT := $(DESTDIR)$(patsubst ~%,$(HOME)%,$(PREFIX))
# The binary install-files copies (`make install` builds it first; a test passes its own).
TILES_BIN ?= $(RELEASE_SCRATCH)/release/tiles
INSTALLED_FILES := bin/tiles share/man/man1/tiles.1 share/bash-completion/completions/tiles \
	share/zsh/site-functions/_tiles share/fish/vendor_completions.d/tiles.fish

.PHONY: deps test-deps build run test bench golden gallery assets clean release symbol-order install install-files uninstall

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

## build: debug build of every target
build: deps
	$(SWIFT) build

## run: build and launch tiles on the built-in board
run: build
	$(SWIFT) run tiles

## test-deps: what only the tests need: Python's jsonschema, to check widget programs' output against docs/schema
test-deps: deps
	@python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install -q jsonschema

## test: build and run every test (XCTest and Swift Testing), with the Swift extension example built first
# The whole output is kept in $(TEST_LOG); when a test fails, its issues are printed again at the
# end, where a CI log's tail shows them (a failing test's message comes long before the summary).
TEST_LOG := .build/test-output.log
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) build --package-path examples/swift-extension
	@{ $(SWIFT) test 2>&1; echo $$? > $(TEST_LOG).status; } | tee $(TEST_LOG); \
	status=$$(cat $(TEST_LOG).status); \
	if [ "$$status" != 0 ]; then \
	  echo "make test: failed ($$status); the issues, from $(TEST_LOG):"; \
	  grep -E -A4 "recorded an issue|error: |' failed \(" $(TEST_LOG) | grep -v -E "^(◇|✔) " | head -60; \
	fi; \
	exit $$status

## bench: the layout/render benchmark, tiles beside the C reference dashboard, and the dashboard benchmark (the release binary `make install` installs)
bench: release
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product tiles-bench
	$(BENCH_SCRATCH)/release/tiles-bench
	@if [ -f "$(PERF_REFERENCE)" ]; then \
	  mkdir -p $(BENCH_SCRATCH) && cc -O2 -o $(BENCH_SCRATCH)/dash_ncurses "$(PERF_REFERENCE)" -lncursesw && \
	  python3 scripts/bench_versus_c.py $(RELEASE_SCRATCH)/release/tiles $(BENCH_SCRATCH)/dash_ncurses; \
	else \
	  echo "bench: no $(PERF_REFERENCE): skipping tiles beside the C reference dashboard (PERF_REFERENCE=path/to/dash_ncurses.c runs it)"; \
	fi
	python3 scripts/bench_dashboard.py $(RELEASE_SCRATCH)/release/tiles

## golden: re-record the golden files and the outputs in docs/extensions-views.md on purpose, then review `git diff`
golden: deps
	-SNAPSHOT_TESTING_RECORD=all $(SWIFT) test --filter Golden
	TILES_RECORD_GOLDENS=1 $(SWIFT) test --filter 'RenderTests/testRenderMatchesGoldenFiles|RenderFormatTests|SizeClassRenderTests/everyWidget|PaletteRenderTests'
	TILES_RECORD_DOCS=1 $(SWIFT) test --filter DocExamplesTests
	@echo "golden files re-recorded; review them with git diff before committing"

## gallery: redraw docs/gallery (every built-in widget × family × scheme, and the board, as SVG) and its section in docs/widgets.md
gallery: deps
	$(SWIFT) build --product tiles
	"$$($(SWIFT) build --show-bin-path)/tiles" gallery --output docs/gallery --markdown docs/widgets.md

## assets: embed the pictures of Assets/ in the binary (Sources/TileUI/Image/BuiltinImageAssets.swift)
assets:
	python3 scripts/gen_image_assets.py

## release: the optimized binary, $(RELEASE_SCRATCH)/release/tiles: Swift's and the C libraries linked in, not position-independent (docs/performance.md)
release: deps
	@# SwiftPM does not know the order file and the script are inputs of the link: a newer one relinks.
	@for input in "$(SYMBOL_ORDER)" "$(UNNAMED_FUNCTIONS)"; do \
	  if [ "$$input" -nt $(RELEASE_SCRATCH)/release/tiles ]; then rm -f $(RELEASE_SCRATCH)/release/tiles; fi; \
	done
	@CLANG="$$(dirname "$$(readlink -f "$(SWIFT)")")/clang" sh scripts/static_c_libs.sh $(STATIC_C_LIBS)
	PKG_CONFIG_PATH=$(STATIC_C_LIBS) $(SWIFT) build -c release \
		$$(if [ -e $(STATIC_C_LIBS)/static-executable ]; then echo "$(STATIC_EXECUTABLE_FLAGS)"; else echo "$(DYNAMIC_LIBC_FLAGS)"; fi) \
		$(RELEASE_FLAGS) --scratch-path $(RELEASE_SCRATCH) --product tiles

## symbol-order: record the functions a board runs (under valgrind) into scripts/symbol-order.txt,
## which the release link places first; re-record after large changes (a stale list costs memory only)
symbol-order: release
	@command -v valgrind >/dev/null || { if [ "$$(id -u)" = 0 ]; then apt-get install -y valgrind; else sudo apt-get install -y valgrind; fi; }
	python3 scripts/record_symbol_order.py $(RELEASE_SCRATCH)/release/tiles $(SYMBOL_ORDER) $(STATIC_C_LIBS)
	@$(MAKE) --no-print-directory release

## install: release build, then the binary, man page and completions under $(PREFIX)
install: release
	@$(MAKE) --no-print-directory install-files TILES_BIN=$(RELEASE_SCRATCH)/release/tiles

## install-files: copy $(TILES_BIN) to $(PREFIX)/bin and generate its man page and completions.
## tiles reads no files of its own at run time (themes and the starting config are built in).
install-files:
	@test -x "$(TILES_BIN)" || { echo "install-files: no executable at TILES_BIN=$(TILES_BIN); run make install" >&2; exit 2; }
	install -d "$(ROOT)/bin" "$(ROOT)/share/man/man1" "$(ROOT)/share/bash-completion/completions" \
		"$(ROOT)/share/zsh/site-functions" "$(ROOT)/share/fish/vendor_completions.d"
	install -m 0755 "$(TILES_BIN)" "$(ROOT)/bin/tiles"
	"$(ROOT)/bin/tiles" generate-manual > "$(ROOT)/share/man/man1/tiles.1"
	"$(ROOT)/bin/tiles" --generate-completion-script bash > "$(ROOT)/share/bash-completion/completions/tiles"
	"$(ROOT)/bin/tiles" --generate-completion-script zsh > "$(ROOT)/share/zsh/site-functions/_tiles"
	"$(ROOT)/bin/tiles" --generate-completion-script fish > "$(ROOT)/share/fish/vendor_completions.d/tiles.fish"
	chmod 0644 $(addprefix "$(ROOT)/,$(addsuffix ",$(filter share/%,$(INSTALLED_FILES))))
	@echo "installed $(ROOT)/bin/tiles"

## uninstall: remove exactly the files install put under $(PREFIX)
uninstall:
	rm -f $(addprefix "$(ROOT)/,$(addsuffix ",$(INSTALLED_FILES)))

clean:
	rm -rf .build $(BENCH_SCRATCH) $(RELEASE_SCRATCH)
