# Grievance Portal. On a fresh machine:
#   make run    builds the web app and the portal, starts it on the embedded store
#   make test   every test the project has
# Both install what they need (npm packages, a Python virtualenv with moto, Chromium, and
# poppler's PDF tools for the browser tests that read an exported PDF).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8080
DATA_DIR ?= ./data
VENV := .venv
NODE_MODULES := web/node_modules/.package-lock.json
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export CARGO_TERM_COLOR := never
# One build from scratch per run: incremental caches would only double what the disk holds.
export CARGO_INCREMENTAL ?= 0

.PHONY: cost check-embedded test-budget test-register web-checks test-engines test-rest check-boundary check-hakari hakari-tool package smoke-package check-template test-fuzz bench help run test test-suites test-rust test-web test-e2e check-openapi openapi web portal deps chromium venv clean

help:
	@echo "make run     build and start the portal on http://127.0.0.1:$(PORT) (data in $(DATA_DIR))"
	@echo "make test    run every test (Rust on SQLite and DynamoDB/moto, web unit tests, Playwright)"
	@echo "make package build every Lambda function for arm64 (target/lambda/*/bootstrap.zip)"
	@echo "make cost    print a state's monthly AWS cost (1,500 stations, 20,000 staff)"
	@echo "make smoke-package  start each of those zips against moto and check it answers"
	@echo "make bench   measure the portal on 10k, 100k and 1M grievances (BENCHMARKS.md)"
	@echo "make openapi regenerate web/openapi.json and the web app's API types from the handlers"

## ---- set-up ----------------------------------------------------------------------------

$(NODE_MODULES): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

$(VENV)/.installed: infra/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -r infra/requirements.txt
	@touch $@

venv: $(VENV)/.installed

# The AWS SAM CLI phones home unless told not to.
export SAM_CLI_TELEMETRY := 0

# Debian's Chromium, where the browser tests look for it (web/playwright.config.ts), and
# poppler's pdftotext and pdftoppm, which read and draw an exported PDF (web/e2e/pdf-layout.ts):
# files, so that a suite needing them starts at once under make -j2 when they are there. One
# apt run installs both: two at once would fight over apt's lock.
CHROMIUM := /usr/bin/chromium
PDFTOPPM := /usr/bin/pdftoppm
$(CHROMIUM) $(PDFTOPPM) &:
	apt-get update && apt-get install -y --no-install-recommends chromium poppler-utils

chromium: $(CHROMIUM) $(PDFTOPPM)

deps: $(NODE_MODULES) venv chromium

## ---- build and run -------------------------------------------------------------------

web: $(NODE_MODULES)
	cd web && npm run build

# The embedded portal alone: no AWS SDK in it (the `cloud` feature is off), so a fresh
# machine builds it in minutes. The commands that reach a state's stack (--table) need
# `cargo build --release -p portal --features cloud` (infra/deploy.sh builds that one).
portal:
	cargo build --release -p portal

run: web portal
	./target/release/portal serve --port $(PORT) --data-dir $(DATA_DIR) --web-dir web/dist

## ---- tests -------------------------------------------------------------------------------

# The tests' portal binary: with the cloud engines, as every test build has them (the API
# tests run each area on DynamoDB too), so it links from what the tests compiled.
PORTAL_DEBUG := cargo build -p portal --features cloud

# Every suite, with one closing line that adds up what each runner reported.
# What the run needs is installed first, all of it at once: the npm packages, the virtualenv,
# Chromium and cargo-hakari mostly wait on the network, and one after another they took over
# two minutes of a fresh machine.
test:
	@$(MAKE) --no-print-directory -j4 --output-sync=target deps hakari-tool
	@mkdir -p target
	@$(MAKE) --no-print-directory test-suites 2>&1 | tee target/test-output.log
	@python3 scripts/test-summary.py target/test-output.log

# One build of every test and of the web app, then the suites two at a time: make -j2 starts
# the next as one ends, so both cores stay busy. Longest first, so that the last minutes are
# short suites on both cores: the API tests, the browser tests, then the two long DynamoDB
# tests (each beside moto, whose server uses one core), the web app's unit tests. The API
# fuzzing runs for a fixed time on one core: before the short checks, so that it is never the
# last suite left running while the other core waits. The web app builds (half a minute of
# one core) beside the Rust build, whose links and last crates leave a core idle.
# Each suite's output is printed whole when it ends,
# and begins with the time it started (--- HH:MM:SS suite). The npm packages and the
# virtualenv install first: installed beside the Rust build they took as much CPU as they
# saved waiting (the build then took 15 minutes instead of 13, measured).
SUITES := test-rest test-e2e test-register test-budget web-checks test-engines test-fuzz check-embedded check-openapi check-template
test-suites: check-boundary check-hakari deps
	@date "+--- %T building every test and the web app"
	@mkdir -p target
	( cd web && npm run build > ../target/web-build.log 2>&1 ) & web=$$!; \
	if cargo test --workspace --no-run && $(PORTAL_DEBUG); then rust=0; else rust=1; fi; \
	if wait $$web; then web=0; else web=1; fi; cat target/web-build.log; \
	[ $$rust = 0 ] && [ $$web = 0 ]
	@$(MAKE) -k -j2 --output-sync=target --no-print-directory $(SUITES)
	@date "+--- %T all test suites passed"

# Keys, indexes and attribute maps stay in shared/store (scripts/check-storage-boundary.py);
# no module of a crate imports one that imports it back (scripts/check-import-circles.py).
check-boundary:
	python3 scripts/check-storage-boundary.py
	python3 scripts/check-import-circles.py
	python3 scripts/check-comment-references.py

# Every build of the workspace (the tests, the portal, one Lambda function under cargo lambda
# watch) compiles each dependency once, with one set of features, because every crate
# depends on shared/workspace-hack. A dependency added without regenerating it fails here.
HAKARI_VERSION := 0.9.39
hakari-tool:
	@cargo hakari --version 2>/dev/null | grep -q "$(HAKARI_VERSION)" || cargo install --quiet --locked cargo-hakari --version $(HAKARI_VERSION)

check-hakari: hakari-tool
	cargo hakari generate --diff --color never || { echo "shared/workspace-hack is stale: run cargo hakari generate && cargo hakari manage-deps"; exit 1; }
	cargo hakari manage-deps --dry-run --color never 2>&1 | grep -q "no operations to perform" || { echo "a crate does not depend on shared/workspace-hack: run cargo hakari manage-deps"; exit 1; }

# cargo under `make -j2`, without make's jobserver: make does not hand its pipes to a recipe
# it does not know for a make, so rustdoc would warn of them for every crate's doc tests.
CARGO_TEST := env -u MAKEFLAGS -u MFLAGS cargo test

# The Rust tests alone, two suites at a time as in `make test`.
BUDGET_TEST := a_request_costs_the_same_at_12000_grievances_as_at_2000
REGISTER_TEST := imports_api::dynamodb_engine::a_register_is_refused_whole_imported_once_and_updated_by_changed_rows
test-rust: venv
	cargo test --workspace --no-run
	@$(MAKE) -k -j2 --output-sync=target --no-print-directory test-rest test-register test-budget test-engines

# The storage engines' suites: SQLite, and DynamoDB on moto.
test-engines: venv
	@date "+--- %T $@"
	$(CARGO_TEST) -p engines --no-fail-fast

# The long DynamoDB tests, each in a process of its own, so with a moto of its own (moto
# answers one request at a time), and in a slot of its own beside the rest: the request
# budget over 12,000 grievances (minutes of seeding), with its figures, and the import of a
# 10,000-row register (minutes of calls).
test-budget: venv
	@date "+--- %T $@"
	$(CARGO_TEST) -p portal --test api -- --nocapture $(BUDGET_TEST)

test-register: venv
	@date "+--- %T $@"
	$(CARGO_TEST) -p portal --test api -- --nocapture $(REGISTER_TEST)

test-rest: venv
	@date "+--- %T $@"
	$(CARGO_TEST) --workspace --exclude engines --no-fail-fast -- --skip $(BUDGET_TEST) --skip $(REGISTER_TEST)

# What `make run` builds: the portal without the cloud feature. Every test build has it, so
# this is the one place that sees the embedded build: no AWS SDK crate in its tree, and it
# compiles (a check, not a build: seconds of metadata, no code generated).
check-embedded:
	@date "+--- %T $@"
	@aws=$$(cargo tree -p portal -e normal --prefix none | grep -cE '^(aws-|lambda_)' || true); \
	if [ "$$aws" != 0 ]; then echo "make run's portal would build $$aws AWS crates: gate them behind the cloud feature (cargo tree -p portal -e normal)"; exit 1; fi
	cargo check -p portal
	@echo "the embedded portal builds without the AWS SDKs"

# The SAM template, offline: CloudFormation's linter and SAM's own validation.
check-template: venv
	@date "+--- %T $@"
	$(VENV)/bin/cfn-lint template.yaml
	$(VENV)/bin/sam validate --lint --template template.yaml
	AWS_DEFAULT_REGION=ap-south-1 $(VENV)/bin/python scripts/check-template-cycles.py template.yaml
	@echo "template.yaml: cfn-lint, sam validate --lint and the cycle check passed"

# The OpenAPI document comes from the handlers; the web app's types come from it; the web
# app's English error messages come from the server's message catalogue. Any of them being
# stale fails the build.
check-openapi: $(NODE_MODULES)
	@date "+--- %T $@"
	$(PORTAL_DEBUG)
	./target/debug/portal openapi > target/openapi.json
	@diff -q target/openapi.json web/openapi.json >/dev/null || { echo "web/openapi.json is stale: run make openapi"; exit 1; }
	cd web && npm run check:api
	./target/debug/portal error-codes > target/errors.en.json
	@diff -q target/errors.en.json web/src/i18n/locales/en/errors.json >/dev/null || { echo "web/src/i18n/locales/en/errors.json is stale: run make openapi"; exit 1; }

openapi: $(NODE_MODULES)
	$(PORTAL_DEBUG)
	./target/debug/portal openapi > web/openapi.json
	cd web && npm run gen:api
	./target/debug/portal error-codes > web/src/i18n/locales/en/errors.json

test-web: web
	@$(MAKE) --no-print-directory web-checks

# The web app's unit tests and its bundle's size, over the build in web/dist (which
# Playwright serves meanwhile, so this never rebuilds it).
web-checks: $(NODE_MODULES)
	@date "+--- %T $@"
	cd web && npm test
	cd web && npm run size

test-e2e: $(NODE_MODULES) $(CHROMIUM) $(PDFTOPPM)
	@date "+--- %T $@"
	$(PORTAL_DEBUG)
	cd web && PORTAL_BIN=../target/debug/portal npm run test:e2e

# Schemathesis against the real binary, bounded (scripts/fuzz-api.sh).
test-fuzz: venv
	@date "+--- %T $@"
	$(PORTAL_DEBUG)
	scripts/fuzz-api.sh

clean:
	cargo clean
	rm -rf web/dist web/node_modules $(VENV)

## ---- the cloud --------------------------------------------------------------------------

LAMBDAS := auth users roles admin grievances audit exports export-worker escalation notifier

# Every function built for arm64 (Graviton) with cargo-lambda, zipped as Lambda wants it,
# with each zip's size. target/lambda/<function>/bootstrap.zip. infra/lambda-build.env
# makes the release profile small (whole-program LTO, sized for bytes): a slow build.
package: venv
	@rustup target list --installed | grep -q aarch64-unknown-linux-gnu || rustup target add aarch64-unknown-linux-gnu
	set -a && . infra/lambda-build.env && set +a && \
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" cargo lambda build --release --arm64 --output-format zip $(addprefix --bin ,$(LAMBDAS))
	@python3 scripts/zip-sizes.py $(LAMBDAS)

# Each zip make package built, started as Lambda starts it (emulated arm64 here) against
# moto, answering one real request: the artefacts that deploy, not the tests' debug builds.
QEMU := /usr/bin/qemu-aarch64
$(QEMU):
	apt-get update && apt-get install -y --no-install-recommends qemu-user libc6-arm64-cross

smoke-package: venv $(if $(filter aarch64 arm64,$(shell uname -m)),,$(QEMU))
	$(PORTAL_DEBUG)
	$(VENV)/bin/python scripts/smoke-package.py $(LAMBDAS)

## ---- benchmarks --------------------------------------------------------------------------

# Figures on the embedded store (see scripts/bench.sh for the knobs); BENCH_WRITE=1 also
# writes BENCHMARKS.md.
# The web app is built first: the portal serves it, and Lighthouse measures it.
bench: web chromium
	bash scripts/bench.sh

# What a state's stack costs a month on AWS: the request budget, a state's use and the
# ap-south-1 list prices (portal::cost; its arithmetic is unit-tested).
cost:
	cargo run -q -p portal -- cost
