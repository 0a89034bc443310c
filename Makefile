# tiles — build, run and test. `make run` and `make test` install what a fresh machine lacks.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := /opt/swift/usr/bin:$(PATH)
# A crashing test must not wait for a key under a TTY (docs/platform.md).
export SWIFT_BACKTRACE := enable=no
DEBIAN_PACKAGES := libncurses-dev ncurses-term tmux python3 libpng-dev libjpeg-dev libssl-dev tzdata binutils libxml2-dev libical-dev
# What only the tests need: jsonschema checks widget programs' output against docs/schema.
# The web board's browser tests drive Debian's chromium through chromium-driver and python3-selenium.
# Its HTTPS tests make a certificate with openssl and fetch the page with curl.
TEST_DEBIAN_PACKAGES := espeak-ng python3-jsonschema tinyproxy lintian dpkg-dev openssh-server zsh fish prometheus \
	chromium chromium-driver python3-selenium openssl curl
# Variables that make a test run record golden files instead of checking them (`make golden`).
RECORD_VARIABLES := TILES_RECORD_GOLDENS TILES_RECORD_DOCS SNAPSHOT_TESTING_RECORD TILES_RECORD_LUNAR TILES_RECORD_ALMANAC
BENCH_SCRATCH := .build-bench
# Where make deb and make dist write the packages, and where the Debian package's binary is built.
DIST := dist
DEB_SCRATCH := .build-deb
RELEASE_SCRATCH := .build-release
# Where the release build of tiles-parse (the feed and calendar parsers' helper) is made: apart,
# since it links libxml2 and libical, and with them ICU, as shared objects (docs/design.md).
HELPER_SCRATCH := .build-helper
# The hand-written C ncursesw dashboard `make bench` runs beside tiles, when it is there (it lives
# outside this repository: the project's shared folder beside the checkout).
PERF_REFERENCE ?= ../shared/perf/dash_ncurses.c
# The release binary: linked wholly static where glibc's archives exist, not position-independent,
# its functions ordered so that what a board runs sits together. Why each flag, and what it
# saves: docs/performance.md, "The release build".
SYMBOL_ORDER := $(CURDIR)/scripts/symbol-order.txt
UNNAMED_FUNCTIONS := $(CURDIR)/scripts/unnamed-functions.ld
STATIC_EXECUTABLE_FLAGS := -Xswiftc -static-executable
# Where glibc's or a C library's static archive is missing (scripts/static_c_libs.sh): the
# Swift runtime linked in, libc and the C libraries loaded as shared objects.
DYNAMIC_LIBC_FLAGS := --static-swift-stdlib -Xlinker -no-pie
# The Debian package's binary: position-independent, as Debian builds every program, and linked
# only against the libraries it calls.
SHARED_C_LIBS_FLAGS := --static-swift-stdlib -Xlinker --as-needed
RELEASE_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(SYMBOL_ORDER) -Xlinker --no-warn-symbol-ordering \
	-Xlinker --no-export-dynamic -Xlinker -T -Xlinker $(UNNAMED_FUNCTIONS)
# The C libraries are linked from their static archives too (scripts/static_c_libs.sh).
STATIC_C_LIBS := $(CURDIR)/$(RELEASE_SCRATCH)/static-c-libs

# Where `make install` puts tiles: $(PREFIX)/bin/tiles and its man page and shell completions.
# PREFIX=~/.local installs without root; DESTDIR stages the tree for a package.
PREFIX ?= /usr/local
DESTDIR ?=
ROOT := $(DESTDIR)$(patsubst ~%,$(HOME)%,$(PREFIX))
# The binary install-files copies (`make install` builds it first; a test passes its own), and
# the helper installed as libexec/tiles/tiles-parse (by default the one beside it).
TILES_BIN ?= $(RELEASE_SCRATCH)/release/tiles
PARSE_BIN ?= $(dir $(TILES_BIN))tiles-parse
# The web board, installed as libexec/tiles/tiles-serve, which `tiles serve` runs.
SERVE_BIN ?= $(dir $(TILES_BIN))tiles-serve
# The documentation, laid out under share/doc/tiles as it is here, so that its links work.
DOC_FILES := README.md $(sort $(wildcard docs/*.md docs/schema/*.json docs/gallery/*.svg docs/images/*.png))
INSTALLED_FILES := bin/tiles libexec/tiles/tiles-parse libexec/tiles/tiles-serve share/man/man1/tiles.1 share/man/zh_CN/man1/tiles.1 share/bash-completion/completions/tiles \
	share/zsh/site-functions/_tiles share/fish/vendor_completions.d/tiles.fish \
	$(addprefix share/doc/tiles/,$(DOC_FILES))

.PHONY: deps install-debian-packages test-deps build run test bench golden gallery assets catalogs web-assets clean release symbol-order install install-files uninstall release-shared deb dist package-test

## deps: install the Debian packages tiles needs (a no-op when they are present)
deps:
	@$(MAKE) --no-print-directory install-debian-packages PACKAGES="$(DEBIAN_PACKAGES)"

install-debian-packages:
	@missing=""; \
	for pkg in $(PACKAGES); do \
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

## test-deps: what only the tests need, from Debian like the rest (pip only for a python3 on PATH
## that is not Debian's and so does not see Debian's modules)
test-deps: deps
	@$(MAKE) --no-print-directory install-debian-packages PACKAGES="$(TEST_DEBIAN_PACKAGES)"
	@python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install -q jsonschema

## test: build and run every test (XCTest and Swift Testing), with the Swift extension example built first
# The whole output is kept in $(TEST_LOG); when a test fails, its issues are printed again at the
# end, where a CI log's tail shows them (a failing test's message comes long before the summary).
TEST_LOG := .build/test-output.log
test: test-deps
	@for variable in $(RECORD_VARIABLES); do \
	  if printenv $$variable >/dev/null; then \
	    echo "make test: $$variable is set, which records golden files instead of checking them; unset it (recording is make golden's)" >&2; exit 2; \
	  fi; \
	done
	$(SWIFT) build --build-tests
	@# After a source file is added to tiles, the example's first build can plan tiles' targets from
	@# their previous file lists and fail to find the new file's declarations; a second build sees it.
	@# After a file moved, the example's build folder names an input that is gone: start it afresh.
	$(SWIFT) build --package-path examples/swift-extension || $(SWIFT) build --package-path examples/swift-extension \
		|| { rm -rf examples/swift-extension/.build && $(SWIFT) build --package-path examples/swift-extension; }
	@{ $(SWIFT) test 2>&1; echo $$? > $(TEST_LOG).status; } | tee $(TEST_LOG); \
	status=$$(cat $(TEST_LOG).status); \
	if [ "$$status" != 0 ]; then \
	  echo "make test: failed ($$status); the issues, from $(TEST_LOG):"; \
	  grep -E -A4 "recorded an issue|error: |' failed \(" $(TEST_LOG) | grep -v -E "^(◇|✔) " | head -60; \
	fi; \
	exit $$status

## bench: the layout/render benchmark, tiles beside the C reference dashboard, the dashboard and web board benchmarks (the release binaries `make install` installs)
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
	@# The web board: 100 pages on an idle board and on a 1 Hz clock (docs/performance.md, "The web board").
	python3 scripts/bench_web.py $(RELEASE_SCRATCH)/release/tiles-serve 100 60
	@sh scripts/binary_report.sh $(RELEASE_SCRATCH)/release/tiles
	@python3 scripts/bench_floor.py "$$(dirname $(SWIFT))/swiftc" $(BENCH_SCRATCH)/floor

## golden: re-record the golden files and the outputs in docs/extensions-views.md on purpose, then
## check them with a normal run; review `git diff` before committing
GOLDEN_TESTS := Golden|RenderTests/testRenderMatchesGoldenFiles|RenderFormatTests|SizeClassRenderTests/everyWidget|PaletteRenderTests|DocExamplesTests
golden: deps
	@# A recording run reports each file it writes as a failure, on purpose: its status is not the
	@# verdict. The run after it, without the variables, is, and must pass.
	@mkdir -p .build
	-SNAPSHOT_TESTING_RECORD=all TILES_RECORD_GOLDENS=1 TILES_RECORD_DOCS=1 $(SWIFT) test --filter '$(GOLDEN_TESTS)' > .build/golden-recording.log 2>&1
	$(SWIFT) test --filter '$(GOLDEN_TESTS)'
	@echo "golden files re-recorded and checked; review them with git diff before committing"

## gallery: redraw docs/gallery (every built-in widget × family × scheme, and the board, as SVG) and its section in docs/widgets.md
gallery: deps
	$(SWIFT) build --product tiles
	"$$($(SWIFT) build --show-bin-path)/tiles" gallery --output docs/gallery --markdown docs/widgets.md

## catalogs: embed the catalogues of Languages/ in the binary (Sources/TileKit/Localization/BuiltinCatalogs.swift)
catalogs:
	python3 scripts/gen_catalogs.py

## web-assets: embed the web board's page (Sources/TileWeb/Page) in tiles-serve (Sources/TileWeb/WebAssets+Files.swift)
web-assets:
	python3 scripts/gen_web_assets.py

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
	$(SWIFT) build -c release $(SHARED_C_LIBS_FLAGS) --scratch-path $(HELPER_SCRATCH) --product tiles-parse
	@# The web board: a program of its own, so that the terminal binary never links the HTTP server.
	$(SWIFT) build -c release $(SHARED_C_LIBS_FLAGS) --scratch-path $(HELPER_SCRATCH) --product tiles-serve
	@# Beside the binary, as in an installed tree and the debug build: tiles finds them there.
	cp $(HELPER_SCRATCH)/release/tiles-parse $(HELPER_SCRATCH)/release/tiles-serve $(RELEASE_SCRATCH)/release/

## symbol-order: record the functions a board runs (under valgrind) into scripts/symbol-order.txt,
## which the release link places first; re-record after large changes (a stale list costs memory only)
symbol-order: release
	@command -v valgrind >/dev/null || { if [ "$$(id -u)" = 0 ]; then apt-get install -y valgrind; else sudo apt-get install -y valgrind; fi; }
	python3 scripts/record_symbol_order.py $(RELEASE_SCRATCH)/release/tiles $(SYMBOL_ORDER) $(STATIC_C_LIBS)
	@$(MAKE) --no-print-directory release

## install: release build, then the binary, man page, completions and docs under $(PREFIX)
install: release
	@$(MAKE) --no-print-directory install-files TILES_BIN=$(RELEASE_SCRATCH)/release/tiles

## install-files: copy $(TILES_BIN) to $(PREFIX)/bin and the docs to $(PREFIX)/share/doc/tiles, and
## generate its man page and completions.
## tiles reads no files of its own at run time (themes and the starting config are built in).
install-files:
	@test -x "$(TILES_BIN)" || { echo "install-files: no executable at TILES_BIN=$(TILES_BIN); run make install" >&2; exit 2; }
	@test -x "$(PARSE_BIN)" || { echo "install-files: no executable at PARSE_BIN=$(PARSE_BIN); run make install" >&2; exit 2; }
	@test -x "$(SERVE_BIN)" || { echo "install-files: no executable at SERVE_BIN=$(SERVE_BIN); run make install" >&2; exit 2; }
	install -d "$(ROOT)/bin" "$(ROOT)/libexec/tiles" "$(ROOT)/share/man/man1" "$(ROOT)/share/man/zh_CN/man1" "$(ROOT)/share/bash-completion/completions" \
		"$(ROOT)/share/zsh/site-functions" "$(ROOT)/share/fish/vendor_completions.d"
	@# Stripped: the debug information stays in the build folder's binary.
	install -m 0755 -s "$(TILES_BIN)" "$(ROOT)/bin/tiles"
	install -m 0755 -s "$(PARSE_BIN)" "$(ROOT)/libexec/tiles/tiles-parse"
	install -m 0755 -s "$(SERVE_BIN)" "$(ROOT)/libexec/tiles/tiles-serve"
	@# The docs first: the man page and help name their installed paths.
	install -d "$(ROOT)/share/doc/tiles/docs/schema" "$(ROOT)/share/doc/tiles/docs/gallery" "$(ROOT)/share/doc/tiles/docs/images"
	for file in $(DOC_FILES); do install -m 0644 "$$file" "$(ROOT)/share/doc/tiles/$$file"; done
	"$(ROOT)/bin/tiles" generate-manual --language en > "$(ROOT)/share/man/man1/tiles.1"
	@# man(1) reads the Chinese page when LANG is zh_CN.
	"$(ROOT)/bin/tiles" generate-manual --language zh-Hans > "$(ROOT)/share/man/zh_CN/man1/tiles.1"
	"$(ROOT)/bin/tiles" --generate-completion-script bash > "$(ROOT)/share/bash-completion/completions/tiles"
	"$(ROOT)/bin/tiles" --generate-completion-script zsh > "$(ROOT)/share/zsh/site-functions/_tiles"
	"$(ROOT)/bin/tiles" --generate-completion-script fish > "$(ROOT)/share/fish/vendor_completions.d/tiles.fish"
	chmod 0644 $(addprefix "$(ROOT)/,$(addsuffix ",$(filter share/%,$(INSTALLED_FILES))))
	@echo "installed $(ROOT)/bin/tiles"

## release-shared: the release binary for the Debian package, in $(DEB_SCRATCH): the Swift runtime
## linked in, libc and the C libraries (ncurses, libpng, libjpeg, zlib, OpenSSL) from the system's
## shared objects, so that Debian's security updates of them reach tiles
release-shared: deps
	$(SWIFT) build -c release $(SHARED_C_LIBS_FLAGS) $(RELEASE_FLAGS) --scratch-path $(DEB_SCRATCH) --product tiles
	$(SWIFT) build -c release $(SHARED_C_LIBS_FLAGS) --scratch-path $(DEB_SCRATCH) --product tiles-parse
	$(SWIFT) build -c release $(SHARED_C_LIBS_FLAGS) --scratch-path $(DEB_SCRATCH) --product tiles-serve

## deb: dist/tiles_VERSION-1_ARCH.deb from release-shared (VERSION is `tiles --version`)
deb: release-shared
	@sh scripts/package.sh deb $(DEB_SCRATCH)/release/tiles $(DIST)

## dist: dist/tiles-VERSION-linux-MACHINE.tar.gz: the stripped binary, man page, completions and
## README, laid out as a prefix (copy bin/ and share/ into ~/.local, or run bin/tiles)
dist: release
	@sh scripts/package.sh dist $(RELEASE_SCRATCH)/release/tiles $(DIST)

## package-test: build both, check the .deb with lintian, run each unpacked binary on its own
package-test: test-deps release release-shared
	sh scripts/check_packages.sh $(DEB_SCRATCH)/release/tiles $(RELEASE_SCRATCH)/release/tiles $(DIST)

## uninstall: remove exactly the files install put under $(PREFIX)
uninstall:
	rm -f $(addprefix "$(ROOT)/,$(addsuffix ",$(INSTALLED_FILES)))
	-rmdir "$(ROOT)/libexec/tiles" "$(ROOT)/share/doc/tiles/docs/schema" "$(ROOT)/share/doc/tiles/docs/gallery" "$(ROOT)/share/doc/tiles/docs/images" "$(ROOT)/share/doc/tiles/docs" "$(ROOT)/share/doc/tiles" 2>/dev/null

clean:
	rm -rf .build $(BENCH_SCRATCH) $(RELEASE_SCRATCH) $(HELPER_SCRATCH) $(DEB_SCRATCH) $(DIST)
