# paywall: `make run` builds the example site into public/; `make test` runs every test.
SWIFT ?= swift
RELEASE_BIN := .build/release/paywall

.PHONY: run test build deps test-deps unit e2e bench gallery clean

# Debian packages the build links against (installed when missing).
deps:
	@scripts/install-deps.sh

# The Swift runtime and Foundation linked in: a process starts in about half the time (a one-page site
# builds in ~13 ms instead of ~18 ms), at the cost of a larger binary.
build: deps
	$(SWIFT) build -c release --product paywall --static-swift-stdlib

run: build
	$(RELEASE_BIN) build . --output public
	@echo "The site is in $(CURDIR)/public/ (its links are folder URLs: serve it, e.g. $(RELEASE_BIN) serve, then open http://127.0.0.1:8080/)"

# Everything a submission must pass: unit and golden tests (swift test), then the built binary
# end to end, the JSON Schemas, and every generated page in a real browser (Nu HTML Checker,
# axe-core, keyboard without JavaScript).
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory build
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
# (the e2e venv's selenium), squeezed with pngquant (installed when missing).
gallery: build test-deps
	@scripts/install-deps.sh pngquant
	$(or $(E2E_VENV),.venv-e2e)/bin/python scripts/gallery.py $(RELEASE_BIN) docs/gallery

clean:
	rm -rf .build public
