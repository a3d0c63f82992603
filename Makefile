# paywall: `make run` builds the example site into public/; `make test` runs every test.
SWIFT ?= swift
RELEASE_BIN := .build/release/paywall

.PHONY: run test build dist deps test-deps unit e2e bench gallery clean fuzz fuzz-build fuzz-replay fuzz-merge
# fuzz-run-%, fuzz-replay-% and fuzz-merge-% are commands too; pattern rules cannot be .PHONY, so they touch no file.

# Swift 6.2 or later (said clearly when older), and the Debian packages the build links against (installed when missing).
deps:
	@scripts/check-swift.sh $(SWIFT)
	@scripts/install-deps.sh

# The Swift runtime and FoundationEssentials linked in, so that a process starts without loading and binding their
# shared libraries (a small site's build is mostly start-up). The code imports FoundationEssentials only, never the
# rest of Foundation, which would bring an ICU and 30 MB of its data of its own: paywall formats with Debian's ICU
# (the CLocale target). Linked by lld when the toolchain has it, with packed relative relocations, so that the loader
# has far fewer relocation entries to go through at start. `make bench` times the one-page cold build.
#
# On Linux the C libraries are linked from their static archives too (scripts/static-libs.sh makes pkg-config
# files that point at a folder holding only the archives), so the release binary needs nothing but the C
# runtime: it is the one `make dist` packs. ICU's data is Debian's for every locale without what paywall never
# asks ICU for (scripts/icu-data.sh: 14 of its 31 MB stay), so the stripped binary is about 34 MB and the tarball
# about 12 MB. `--version` names the commit (scripts/build-info.sh writes a header that only CBuildInfo reads,
# rewritten only when the commit changes).
UNAME := $(shell uname -s)
BUILD_INFO := $(CURDIR)/.build/build-info
STATIC_LIBS := $(CURDIR)/.build/static-libs
ifeq ($(UNAME),Linux)
RELEASE_ENV := PKG_CONFIG_PATH=$(STATIC_LIBS)/pkgconfig
RELEASE_LINK := $(if $(shell command -v ld.lld),-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
endif
build: deps
	@PAYWALL_VERSION=$(VERSION) scripts/build-info.sh $(BUILD_INFO)
	$(if $(RELEASE_ENV),@scripts/static-libs.sh $(STATIC_LIBS))
# SwiftPM relinks for changed objects only: a binary older than the thinned ICU data is linked again.
	$(if $(RELEASE_ENV),@[ ! $(RELEASE_BIN) -ot $(STATIC_LIBS)/lib/libicudata.a ] || rm -f $(RELEASE_BIN))
	$(RELEASE_ENV) $(SWIFT) build -c release --product paywall --static-swift-stdlib $(RELEASE_LINK) -Xcc -I$(BUILD_INFO)

# dist/paywall-VERSION-linux-ARCH.tar.gz and its .sha256: the release binary (stripped), LICENSE and README.
# VERSION=1.2.0 (the release workflow passes its tag) is the version the binary states and the tarball is named
# for; without it, the v* tag at HEAD, else the sources' own version.
dist: build
	scripts/dist.sh $(RELEASE_BIN) dist $(VERSION)

run: build
	$(RELEASE_BIN) build . --output public
	@echo "The site is in $(CURDIR)/public/ (its links are folder URLs: serve it, e.g. $(RELEASE_BIN) serve, then open http://127.0.0.1:8080/)"

# Everything a submission must pass: unit and golden tests (swift test), then the built binary
# end to end, the JSON Schemas, every generated page in a real browser (Nu HTML Checker,
# axe-core, keyboard without JavaScript), and the release tarball in an empty root. The writer, watcher and
# server suites run a second time on the portable paths (PAYWALL_PORTABLE=1, what macOS runs), and so do a
# build and a serve edit in run-all.sh.
PORTABLE_SUITES := PlatformTests|WriterSafetyTests|CLITests|WatcherTests|ServerTests|SessionTests
test: test-deps
	$(SWIFT) build --build-tests
	scripts/swift-test.sh $(SWIFT) --skip-build
	PAYWALL_PORTABLE=1 scripts/swift-test.sh $(SWIFT) --skip-build --filter '$(PORTABLE_SUITES)'
	$(MAKE) --no-print-directory dist
	Tests/e2e/run-all.sh $(RELEASE_BIN)

test-deps:
	@scripts/install-test-deps.sh

unit: deps
	$(SWIFT) test

e2e: build test-deps
	Tests/e2e/run-all.sh $(RELEASE_BIN)

# paywall vs Hugo (installs the Debian package hugo when missing; without it, paywall alone).
# BENCH_FLAGS=--quick for a short run, --skip-hugo for paywall only.
bench: build
	@scripts/install-deps.sh hugo || echo "bench: could not install hugo (see above); benchmarking paywall alone" >&2
	python3 scripts/bench.py $(RELEASE_BIN) $(BENCH_FLAGS)

# The README's screenshots (docs/gallery/*.png), made again from the current theme in headless Chromium
# (the e2e venv's selenium), squeezed with pngquant; Noto CJK for the Japanese page (installed when missing).
gallery: build test-deps
	@scripts/install-deps.sh pngquant fonts-noto-cjk
	$(or $(E2E_VENV),.venv-e2e)/bin/python scripts/gallery.py $(RELEASE_BIN) docs/gallery

clean:
	rm -rf .build public dist

# ---------------------------------------------------------------------------------------------------------
# Fuzzing with libFuzzer, outside `swift build` (Tests/Fuzz/README.md). `make fuzz` builds the four targets
# (catalog, markdown, mustache, http) and runs each for FUZZ_TIME seconds, two at a time, under `nice -n 19`;
# `make fuzz-replay` runs the committed corpora through the instrumented binaries once; `make fuzz-merge` adds
# what a run found that covers new code to Tests/Fuzz/corpus/ (`make test` replays it, FuzzCorpusTests).
#
# How the binaries are built: swiftc compiles each module (PaywallPlatform, Mustache, PaywallKit, PaywallServer) into one object
# and a .swiftmodule with -sanitize=fuzzer,address (coverage and ASan, libFuzzer linked only at the end), clang
# compiles the C targets (CLocale, CSHA256) the same way (their module maps are generated), and the system libraries are found
# through their own module maps in Sources/CCmarkGFM and Sources/CYAML. PaywallKit's embedded default theme
# (DefaultThemeFiles.swift, made by the EmbedThemePlugin in a SwiftPM build) is generated by running
# Sources/EmbedTheme. Each binary is Tests/Fuzz/Entries/*.swift (the logic, shared with FuzzCorpusTests) and
# one Tests/Fuzz/Targets/NAME.swift (LLVMFuzzerTestOneInput).
SWIFTC ?= swiftc
CLANG ?= clang
NICE := nice -n 19
FUZZ_TARGETS := catalog markdown mustache http
FUZZ_BUILD := .build/fuzz
FUZZ_TIME ?= 1800
# Extra libFuzzer flags, e.g. FUZZ_ARGS='-fork=1 -ignore_timeouts=1 -ignore_crashes=1 -ignore_ooms=1' to go on after findings.
FUZZ_ARGS ?=
FUZZ_SHARED := ../shared
FUZZ_MAX_LEN_catalog := 12288
FUZZ_MAX_LEN_markdown := 8192
FUZZ_MAX_LEN_mustache := 8192
FUZZ_MAX_LEN_http := 26000
FUZZ_DICT_catalog := yaml
FUZZ_DICT_markdown := markdown
FUZZ_DICT_mustache := mustache
FUZZ_DICT_http := http
# -timeout=1: an input that runs over a second is a finding; so is one that needs more than 512 MB.
FUZZ_RUN_FLAGS = -timeout=1 -rss_limit_mb=512 -max_len=$(FUZZ_MAX_LEN_$*) -dict=Tests/Fuzz/dict/$(FUZZ_DICT_$*).dict
# Swift's crash backtracer reads the process's memory, which ASan reports as a crash of its own (libFuzzer prints
# the stack); a smaller ASan quarantine keeps the 512 MB limit about the code, not the sanitizer.
FUZZ_ENV := ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=64 SWIFT_BACKTRACE=enable=no

FUZZ_SWIFTFLAGS := -sanitize=fuzzer,address -O -g -swift-version 6 -parse-as-library \
	-I $(FUZZ_BUILD) -I $(FUZZ_BUILD)/CLocale -I $(FUZZ_BUILD)/CSHA256 -I Sources/CCmarkGFM -I Sources/CYAML -I Sources/CQRencode
FUZZ_LIBS := -use-ld=lld -lcmark-gfm -lcmark-gfm-extensions -lyaml -lqrencode -licui18n -licuuc
FUZZ_OBJECTS := $(FUZZ_BUILD)/CLocale.o $(FUZZ_BUILD)/CSHA256.o $(FUZZ_BUILD)/PaywallPlatform.o $(FUZZ_BUILD)/Mustache.o $(FUZZ_BUILD)/PaywallKit.o $(FUZZ_BUILD)/PaywallServer.o
FUZZ_BINARIES := $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz-%)

fuzz-build: deps $(FUZZ_BINARIES)

$(FUZZ_BUILD)/DefaultThemeFiles.swift: Sources/EmbedTheme/main.swift $(shell find templates -type f)
	@mkdir -p $(FUZZ_BUILD)
	$(NICE) $(SWIFTC) -O Sources/EmbedTheme/main.swift -o $(FUZZ_BUILD)/EmbedTheme
	$(FUZZ_BUILD)/EmbedTheme templates $@

# The C targets, each one .c file and one header: CLocale (paywall_locale) and CSHA256 (paywall_sha256).
$(FUZZ_BUILD)/CLocale.o: Sources/CLocale/paywall_locale.c Sources/CLocale/include/paywall_locale.h
$(FUZZ_BUILD)/CSHA256.o: Sources/CSHA256/paywall_sha256.c Sources/CSHA256/include/paywall_sha256.h
$(FUZZ_BUILD)/C%.o:
	@mkdir -p $(FUZZ_BUILD)/C$*
	printf 'module C$* {\n    header "$(CURDIR)/$(lastword $^)"\n    export *\n}\n' > $(FUZZ_BUILD)/C$*/module.modulemap
	$(NICE) $(CLANG) -c -O1 -g -fsanitize=fuzzer-no-link,address -I $(dir $(lastword $^)) $(firstword $^) -o $@

# $(call fuzz_module,NAME,SOURCES): one object and .swiftmodule for a module.
fuzz_module = $(NICE) $(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name $(1) -wmo -emit-module \
	-emit-module-path $(FUZZ_BUILD)/$(1).swiftmodule -c $(2) -o $(FUZZ_BUILD)/$(1).o

$(FUZZ_BUILD)/PaywallPlatform.o: $(wildcard Sources/PaywallPlatform/*.swift)
	@mkdir -p $(FUZZ_BUILD)
	$(call fuzz_module,PaywallPlatform,$^)

$(FUZZ_BUILD)/Mustache.o: $(wildcard Sources/Mustache/*.swift)
	@mkdir -p $(FUZZ_BUILD)
	$(call fuzz_module,Mustache,$^)

$(FUZZ_BUILD)/PaywallKit.o: $(shell find Sources/PaywallKit -name '*.swift') $(FUZZ_BUILD)/DefaultThemeFiles.swift \
		$(FUZZ_BUILD)/PaywallPlatform.o $(FUZZ_BUILD)/Mustache.o $(FUZZ_BUILD)/CLocale.o $(FUZZ_BUILD)/CSHA256.o
	$(call fuzz_module,PaywallKit,$(filter %.swift,$^))

$(FUZZ_BUILD)/PaywallServer.o: $(wildcard Sources/PaywallServer/*.swift) $(FUZZ_BUILD)/PaywallKit.o
	$(call fuzz_module,PaywallServer,$(filter %.swift,$^))

$(FUZZ_BUILD)/fuzz-%: Tests/Fuzz/Targets/%.swift $(wildcard Tests/Fuzz/Entries/*.swift) $(FUZZ_OBJECTS)
	$(NICE) $(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name Fuzz_$* $(filter %.swift,$^) $(FUZZ_OBJECTS) $(FUZZ_LIBS) -o $@

# Seeds beyond the committed corpora: ../shared's .storekit files and Mustache spec templates, when present.
$(FUZZ_BUILD)/seeds: Tests/Fuzz/seeds.py
	rm -rf $@ && mkdir -p $(FUZZ_TARGETS:%=$@/%)
	if [ -d $(FUZZ_SHARED) ]; then python3 Tests/Fuzz/seeds.py shared $(FUZZ_SHARED) $@; fi

# New inputs go to .build/fuzz/corpus/NAME (kept between runs); findings to .build/fuzz/artifacts/NAME/.
fuzz-run-%: $(FUZZ_BUILD)/fuzz-% $(FUZZ_BUILD)/seeds
	@mkdir -p $(FUZZ_BUILD)/corpus/$* $(FUZZ_BUILD)/artifacts/$*
	$(FUZZ_ENV) $(NICE) $< $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_TIME) -print_final_stats=1 $(FUZZ_ARGS) \
		-artifact_prefix=$(FUZZ_BUILD)/artifacts/$*/ $(FUZZ_BUILD)/corpus/$* Tests/Fuzz/corpus/$* $(FUZZ_BUILD)/seeds/$* \
		> $(FUZZ_BUILD)/fuzz-$*.log 2>&1; status=$$?; tail -n 4 $(FUZZ_BUILD)/fuzz-$*.log; \
		echo "fuzz-$*: exit $$status; log $(FUZZ_BUILD)/fuzz-$*.log, findings in $(FUZZ_BUILD)/artifacts/$*/"; exit $$status

fuzz: fuzz-build
	$(MAKE) --no-print-directory -j2 -k $(FUZZ_TARGETS:%=fuzz-run-%)

# Every committed corpus input once, under the sanitizers, except those of known bugs (Tests/Fuzz/known-bugs.txt).
fuzz-replay: $(FUZZ_TARGETS:%=fuzz-replay-%)
	@echo "fuzz-replay: every input passed"

fuzz-replay-%: $(FUZZ_BUILD)/fuzz-%
	@files=$$(for f in Tests/Fuzz/corpus/$*/*; do \
		sed -e 's/#.*//' -e 's/[[:space:]]//g' Tests/Fuzz/known-bugs.txt | grep -qxF "$*/$${f##*/}" || echo $$f; done); \
	echo "fuzz-replay: $* ($$(echo $$files | wc -w) inputs)"; \
	$(FUZZ_ENV) $(NICE) $< -timeout=1 -rss_limit_mb=512 $$files > $(FUZZ_BUILD)/replay-$*.log 2>&1 \
		|| { tail -n 40 $(FUZZ_BUILD)/replay-$*.log; exit 1; }

# Adds the inputs of .build/fuzz/corpus/NAME that reach new code to the committed corpus.
fuzz-merge: $(FUZZ_TARGETS:%=fuzz-merge-%)

fuzz-merge-%: $(FUZZ_BUILD)/fuzz-%
	@mkdir -p $(FUZZ_BUILD)/corpus/$*
	$(FUZZ_ENV) $(NICE) $< -merge=1 -timeout=1 -rss_limit_mb=512 -max_len=$(FUZZ_MAX_LEN_$*) Tests/Fuzz/corpus/$* $(FUZZ_BUILD)/corpus/$* \
		> $(FUZZ_BUILD)/merge-$*.log 2>&1 || { tail -n 20 $(FUZZ_BUILD)/merge-$*.log; exit 1; }
	@tail -n 1 $(FUZZ_BUILD)/merge-$*.log
