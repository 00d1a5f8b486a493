# lucid-gen — common tasks. `make run` and `make test` work on a fresh machine: both install what is missing first.
SWIFT ?= swift
PREFIX ?= /usr/local
SPEC ?= Examples/Movies/Sources/Movies/movies.lucid.yaml
# The example's generated code, and the example decoding tests lucid-gen writes for its test target.
EXAMPLE := Examples/Movies
EXAMPLE_TESTS := $(EXAMPLE)/Tests/MoviesTests/Generated
# SwiftPM caches the evaluated manifest; Package.swift makes targets of the Tests/Golden folders, so a folder added
# since the last build would be invisible: evaluate it afresh.
FRESH := --manifest-cache none --disable-build-manifest-caching
# apt-get needs root; use sudo when we are not root and it exists.
SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)
# Installs the Debian packages $(1) with apt-get (its output on stderr); fails saying why when we are neither root nor
# able to use sudo.
APT_INSTALL = { if [ "$$(id -u)" -ne 0 ] && [ -z "$(SUDO)" ]; then \
		echo "apt-get install $(1): needs root, and sudo is not installed" >&2; false; \
	else $(SUDO) apt-get update -qq >&2 && $(SUDO) apt-get install -y -qq $(1) >&2; fi; }

.PHONY: help deps test-deps python-env graphviz form-parsers tool build release test check check-makefile portability \
	format lint-code test-tsan e2e plugins readme docs run lint dump install bench bench-client bench-openapi templates \
	golden clean

## help: every target and what it does (these `##` lines of the Makefile).
help:
	@awk '/^## [a-z][a-z, -]*:/ { sub(/^## /, ""); print; next } /^## / { sub(/^## /, "    "); print }' $(firstword $(MAKEFILE_LIST))

## deps: what the build and the main job (`make run`) need, installed when missing: libyaml's headers (Debian:
## libyaml-dev, macOS: Homebrew's libyaml) and python3 for the Movies example's mock server. On a Mac without
## Homebrew it says what to install instead of guessing. Silent when everything is present; what it installs, and
## why it cannot, it says on stderr.
deps:
	@if command -v pkg-config >/dev/null && pkg-config --exists yaml-0.1 || [ -f /usr/include/yaml.h ]; then \
		:; \
	elif [ "$$(uname -s)" = Darwin ]; then \
		if command -v brew >/dev/null; then \
			echo "libyaml: installing with Homebrew" >&2; brew install libyaml pkg-config >&2; \
		else \
			echo "libyaml: missing; install Homebrew (https://brew.sh), then: brew install libyaml pkg-config" >&2; \
			exit 1; \
		fi; \
	else \
		echo "libyaml: installing libyaml-dev" >&2; $(call APT_INSTALL,libyaml-dev pkg-config); \
	fi
	@command -v python3 >/dev/null || { \
		if [ "$$(uname -s)" = Darwin ]; then echo "python3: missing; run: xcode-select --install" >&2; exit 1; fi; \
		echo "python3: installing" >&2; $(call APT_INSTALL,python3); }

## test-deps: what the tests need besides `deps`: the python checkers (`python-env`), Graphviz (`graphviz`) and the
## PHP and Rack form parsers (`form-parsers`).
test-deps: deps python-env graphviz form-parsers

## python-env: the checkers the tests run exported documents through, jsonschema (docs/lucid.schema.json) and
## openapi-spec-validator (`lucid-gen openapi`), in a virtual environment of their own, $(PYTHON_ENV), made with the
## python3 on PATH: nothing is installed into that python3, so Debian's (which pip refuses to install into, PEP 668),
## Homebrew's, pyenv's or an active virtual environment's all do. The test targets hand its python to the tests as
## LUCID_PYTHON. Made once (a stamp in it names what was installed); made again when that list changes or its python
## no longer runs. A python3 that cannot make virtual environments gets Debian's python3-venv, or a message.
PYTHON_ENV ?= .build/python
PYTHON_CHECKERS := 'jsonschema>=4' 'openapi-spec-validator>=0.7'
python-env: deps
	@env="$(PYTHON_ENV)"; python="$$env/bin/python3"; stamp="$$env/lucid-checkers"; \
	if [ -f "$$stamp" ] && [ "$$(cat "$$stamp")" = "$(PYTHON_CHECKERS)" ] && "$$python" -c '' 2>/dev/null; then \
		exit 0; \
	fi; \
	base=$$(command -v python3); \
	echo "python checkers: making a virtual environment in $$env with $$base, then pip install $(PYTHON_CHECKERS)" >&2; \
	if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then \
		if [ "$$(uname -s)" != Darwin ] && command -v apt-get >/dev/null && \
			[ "$$(python3 -c 'import sys; print(sys.base_prefix)')" = /usr ]; then \
			echo "python checkers: $$base has no ensurepip; installing python3-venv" >&2; \
			$(call APT_INSTALL,python3-venv) || exit 1; \
		else \
			echo "python checkers: $$base cannot make a virtual environment (its venv or ensurepip module is" \
				"missing); put a python3 that can first on PATH (macOS: brew install python)" >&2; \
			exit 1; \
		fi; \
	fi; \
	rm -rf "$$env" && python3 -m venv "$$env" >&2 && \
	"$$python" -m pip install --disable-pip-version-check -q $(PYTHON_CHECKERS) >&2 && \
	"$$python" -c 'import jsonschema, openapi_spec_validator' && \
	echo "$(PYTHON_CHECKERS)" > "$$stamp" && \
	echo "python checkers: ready in $$env" >&2

# Installs the package $(3) when the command $(1) is missing (and is not at $(2), a place outside a user's PATH):
# apt-get on Debian/Ubuntu, Homebrew on macOS. Fails saying why when it cannot.
INSTALL_TOOL = command -v $(1) >/dev/null || [ -x "$(2)" ] || { \
	if [ "$$(uname -s)" = Darwin ]; then \
		if command -v brew >/dev/null; then \
			echo "$(3): installing with Homebrew" >&2; brew install $(3) >&2; \
		else \
			echo "$(3): missing; install Homebrew (https://brew.sh), then: brew install $(3)" >&2; false; \
		fi; \
	elif command -v apt-get >/dev/null; then \
		echo "$(3): installing" >&2; $(call APT_INSTALL,$(3)); \
	else \
		echo "$(3): missing, and there is no apt-get here: install it with the system's package manager" >&2; \
		false; \
	fi; }
INSTALL_GRAPHVIZ = $(call INSTALL_TOOL,dot,,graphviz)

## graphviz: Graphviz's `dot`, which the tests run `lucid-gen graph`'s output through, installed when missing. When
## it cannot be, the tests skip those checks saying why, unless LUCID_REQUIRE_DOT is set (CI): then this fails.
graphviz:
	@$(INSTALL_GRAPHVIZ) || { \
		if [ -n "$$LUCID_REQUIRE_DOT" ]; then echo "graphviz: LUCID_REQUIRE_DOT is set, and dot is missing" >&2; exit 1; fi; \
		echo "graphviz: going on without it; the tests skip their DOT checks" >&2; }

## form-parsers: PHP (php-cli) and Rack (ruby-rack), which FormParserTests feed the encoded form and multipart bodies
## to, installed when missing (apt-get; on macOS, Homebrew's php, and Rack only by hand: gem install rack). When they
## cannot be, the tests skip those checks saying why.
form-parsers:
	@if [ "$$(uname -s)" = Darwin ]; then \
		$(call INSTALL_TOOL,php,,php) || echo "form-parsers: going on without PHP; FormParserTests skips it" >&2; \
		ruby -e 'require "rack"' 2>/dev/null || \
			echo "form-parsers: Rack is missing (gem install rack); FormParserTests skips it" >&2; \
	else \
		$(call INSTALL_TOOL,php,,php-cli) || echo "form-parsers: going on without PHP; FormParserTests skips it" >&2; \
		$(call INSTALL_TOOL,rackup,,ruby-rack) || echo "form-parsers: going on without Rack; FormParserTests skips it" >&2; \
	fi

## tool: the lucid-gen tool alone (debug), its build's lines on stderr, so that `make -s lint` and `make -s dump`
## print only what lucid-gen prints.
tool: deps
	$(SWIFT) build $(FRESH) --product lucid-gen >&2

## build: debug build of everything.
build: deps
	$(SWIFT) build $(FRESH)

## release: optimized build of the lucid-gen tool.
release: deps
	$(SWIFT) build -c release --product lucid-gen

# make's test targets keep generation stamps (see `lucid-gen generate --help`) in the build folder, not in the user's
# cache folder.
test check test-tsan e2e plugins readme: export LUCID_GEN_CACHE := $(CURDIR)/.build/lucid-gen-cache
# The python the tests run the checkers with (`python-env`); the loopback and mock servers use python3 from PATH.
test: export LUCID_PYTHON := $(abspath $(PYTHON_ENV))/bin/python3

## test: every test (conformance suites, spec corpus, golden cases, runtime, CLI), LucidRuntime's documentation
## (`make docs`), the runtime under ThreadSanitizer, the Movies example end to end, the SwiftPM plugins, the README's
## snippets and the Makefile's own promises (check-makefile), and that `make check` picks the right tests for a
## changed file (Scripts/check.py --self-test).
test: test-deps portability lint-code
	python3 Scripts/check.py --self-test
	$(SWIFT) build --build-tests $(FRESH)
	$(MAKE) api-check
	$(MAKE) docs
	$(MAKE) check-makefile
	Scripts/check_no_leftovers.sh $(SWIFT) test --skip-build
	$(MAKE) test-tsan
	$(MAKE) e2e
	$(MAKE) plugins
	$(MAKE) readme

## api-check: fail when LucidRuntime's public API (what apps see: `@_spi(Generated)` is generated code's) differs
## from docs/LucidRuntime.api, so that no change to it goes unannounced (docs/Releasing.md).
api-check: deps
	$(SWIFT) build $(FRESH) --target LucidRuntime
	python3 Scripts/api_surface.py --modules "$$($(SWIFT) build --show-bin-path)/Modules" --check docs/LucidRuntime.api

## api-baseline: record LucidRuntime's public API in docs/LucidRuntime.api, after an intended change.
api-baseline: deps
	$(SWIFT) build $(FRESH) --target LucidRuntime
	python3 Scripts/api_surface.py --modules "$$($(SWIFT) build --show-bin-path)/Modules" --write docs/LucidRuntime.api

## check: the fast loop (Scripts/check.py): one incremental debug build, then the tests of what changed since BASE
## (default HEAD, untracked files too; BASE=main for a whole branch): a module's files run the test targets that
## depend on it, a template LucidCodeGenTests (embedding the templates first), a golden case GoldenTests and the
## case's tests, anything else every test target. The slow tests (those that compile generated code or import the
## OpenAPI corpus: Scripts/check.py's SLOW_SUITES) are skipped: SLOW=1 runs them too, ALL=1 every test target. TSan,
## the Movies example, the plugins and the README's snippets are `make test`'s. The tests' checkers: `make test-deps`.
## About 40 s to 2 minutes after a small change on 2 busy cores (CONTRIBUTING.md has the figures).
BASE ?= HEAD
check: deps
	python3 Scripts/check.py --base $(BASE) $(if $(SLOW),--slow) $(if $(ALL),--all)

## check-makefile: what Scripts/check_makefile.sh checks: `make run` (build, lint, dump) needs none of the tests'
## tools; with Debian's python3 first on PATH, `make python-env` makes a virtual environment with the checkers;
## `make -s dump` prints only its JSON, `make -s lint` nothing on stdout, `make -s deps` nothing.
check-makefile: test-deps
	Scripts/check_no_leftovers.sh Scripts/check_makefile.sh "$(SWIFT)"

## portability: fail on anything Linux-only (imports such as FoundationNetworking or Glibc, /proc paths) used
## outside a branch Apple platforms never compile, and type-check the Xcode plugin conformances against a stub of
## Xcode's plugin API (CI cannot run Xcode).
portability:
	python3 Scripts/check_portability.py --self-test
	python3 Scripts/check_portability.py Sources Plugins Templates Examples Tests Benchmarks/lucid-bench \
		Benchmarks/yaml-events
	Scripts/check_xcode_plugins.sh

# The Swift files swift-format keeps (.swift-format): all but generated code and the embedded templates.
FORMAT_FILES = $(shell find Package.swift Sources Tests Plugins Examples Benchmarks/lucid-bench Benchmarks/yaml-events \
	-name '*.swift' -not -path '*/.build/*' \
	-not -path '*/Generated/*' -not -path '*/GeneratedTests/*' -not -name EmbeddedTemplates.swift | sort)

## format: format the Swift sources in place with swift-format (.swift-format: 4 spaces, 120 columns).
format:
	@$(SWIFT) format --in-place $(FORMAT_FILES) && echo "swift-format: formatted $(words $(FORMAT_FILES)) files"

## lint-code: fail when a Swift source is not formatted as `make format` would leave it.
lint-code:
	@$(SWIFT) format lint --strict $(FORMAT_FILES) && echo "swift-format: $(words $(FORMAT_FILES)) files formatted"

## test-tsan: the tests of what runs concurrently under ThreadSanitizer: the runtime (dedup, cache, queue, client,
## entity store), the generator (declarations rendered on every core), through the golden cases, and the generated
## controllers with a store over loopback (GoldenStoreTests).
test-tsan: deps
	@echo "test-tsan: skipping EntityStoreCrashTests: its 40 probe launches, each slow under ThreadSanitizer, starve" \
		"the loopback tests' deadlines; it checks files after SIGKILL, not races, and runs in the plain suite"
	@# One run after the other: the golden generation keeps every core busy (slower still under the sanitizer),
	@# and beside it the runtime's loopback tests and probes missed their deadlines (a clean clone's run, here).
	$(SWIFT) test $(FRESH) --sanitize=thread --scratch-path .build-tsan \
		--filter 'LucidRuntimeTests|GoldenStoreTests' --skip 'EntityStoreCrashTests'
	$(SWIFT) test $(FRESH) --sanitize=thread --scratch-path .build-tsan --skip-build --filter 'GoldenTests'

## e2e: the Movies example end to end. Its committed code must be exactly what lucid-gen generates from its spec
## now; then its package compiles that code with LucidRuntime and its tests run it against the example's mock
## server over real HTTP on 127.0.0.1 (query, path, body, auth, errors, retry, dedup, cache, queue, relaunch). The
## example is built clean when LucidRuntime's sources changed since its last build (Scripts/fresh_example_build.sh).
e2e: build
	$(SWIFT) run --skip-build lucid-gen generate $(SPEC) --tests $(EXAMPLE_TESTS) --check
	cd $(EXAMPLE) && SRCROOT=. $(SWIFT) run --package-path ../.. --skip-build lucid-gen generate \
		Sources/Movies/movies.lucid.yaml --check \
		--input-file-list lucid-gen.inputs.xcfilelist --output-file-list lucid-gen.outputs.xcfilelist
	Scripts/fresh_example_build.sh $(EXAMPLE)
	cd $(EXAMPLE) && $(SWIFT) build --build-tests && ../../Scripts/check_no_leftovers.sh $(SWIFT) test --skip-build
	@# The README's commands, as a user types them: `rate ID VALUE` rates (and is not read as two ids).
	cd $(EXAMPLE) && out=$$(./run.sh rate 680 7) && echo "$$out" && echo "$$out" | grep -q "^Rate 680 with 7.0 (queued"
	cd $(EXAMPLE) && ./run.sh show 680 | grep -q "^Movie 680:"

## plugins: Examples/PluginDemo through the build-tool plugin (tests, a no-op rebuild, a broken spec's
## diagnostic), and the command plugin on Examples/Movies (no difference to the committed code).
plugins: deps
	Scripts/fresh_example_build.sh Examples/PluginDemo
	Examples/PluginDemo/check.sh

## docs: LucidRuntime's documentation, with the toolchain's own DocC (no plugin, no package dependency): the module's
## symbol graph (a build of LucidRuntime alone, in .build-docs), Scripts/check_doc_coverage.py (every public symbol
## has a doc comment), then `docc convert` of Sources/LucidRuntime/LucidRuntime.docc with warnings as errors, into
## .build-docs/LucidRuntime.doccarchive. `DOCC=path` names another docc (default: Xcode's, else the one beside swift).
DOCS := .build-docs
DOCC ?= $(shell xcrun --find docc 2>/dev/null || { swift=$$(command -v $(SWIFT)) && \
	dir=$$(dirname "$$(readlink -f "$$swift" 2>/dev/null || echo "$$swift")") && [ -x "$$dir/docc" ] && \
	echo "$$dir/docc"; } || command -v docc)
docs: deps
	@[ -n "$(DOCC)" ] || { echo "docs: no docc beside $(SWIFT), in Xcode or on PATH: set DOCC=path" >&2; exit 1; }
	@# The compiler writes the graphs only when it compiles the module, so they are kept between runs: an
	@# unchanged module leaves the last ones, which are still its own.
	mkdir -p $(DOCS)/symbol-graphs
	$(SWIFT) build $(FRESH) --target LucidRuntime --scratch-path $(DOCS)/build \
		-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$(CURDIR)/$(DOCS)/symbol-graphs"
	python3 Scripts/check_doc_coverage.py $(DOCS)/symbol-graphs LucidRuntime
	"$(DOCC)" convert Sources/LucidRuntime/LucidRuntime.docc --additional-symbol-graph-dir $(DOCS)/symbol-graphs \
		--fallback-display-name LucidRuntime --fallback-bundle-identifier lucid-gen.LucidRuntime \
		--warnings-as-errors --output-path $(DOCS)/LucidRuntime.doccarchive
	@echo "docs: $(DOCS)/LucidRuntime.doccarchive (Xcode opens it; docc preview serves the catalog)"

## readme: run the README's snippets marked for CI (the ways to run lucid-gen) on the packages in Examples/.
readme: build
	python3 Scripts/run_readme_snippets.py "$$($(SWIFT) build --show-bin-path)"

## fuzz: run the fuzz target (load, validate, generate and export a spec in memory) under libFuzzer for SECONDS
## seconds (default 60), or for exactly RUNS inputs, starting from the committed seed corpus (the golden cases, the
## invalid corpus and the examples' specs; past findings; Tests/LucidFuzzTests/Corpus), with a dictionary of the
## spec's keys. Seeded: SEED (else LUCID_FUZZ_SEED, else a random one) is printed first, and at the end the
## `make fuzz SEED=… RUNS=…` that makes exactly the same inputs again. A crash, a hang (10 s), memory past 2 GB or
## a broken promise stops the run, saving the input in .build-fuzz/findings/; the message gives one command line
## that replays it anywhere, and says how to make it a test. The grown corpus stays in .build-fuzz/corpus. Needs a
## toolchain with libFuzzer (swift.org's, on Linux); the build has its own scratch folder, .build-fuzz.
SECONDS ?= 60
SEED ?= $(LUCID_FUZZ_SEED)
RUNS ?= $(LUCID_FUZZ_RUNS)
# AddressSanitizer too, at about half the speed: Swift is memory safe, but it reads libyaml's buffers through
# unsafe pointers. On Linux the default linker (gold) fails on libFuzzer's runtime; lld links it.
FUZZ_BUILD = $(SWIFT) build --scratch-path .build-fuzz -c release --product lucid-fuzz \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -DLUCID_FUZZ \
	$(if $(filter Linux,$(shell uname -s)),-Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
.PHONY: fuzz fuzz-openapi fuzz-corpus
fuzz: deps
	$(FUZZ_BUILD)
	LUCID_FUZZ_RUNS=$(RUNS) Scripts/fuzz.sh "$$($(FUZZ_BUILD) --show-bin-path)/lucid-fuzz" $(SECONDS) $(SEED)

## fuzz-openapi: the OpenAPI import's fuzz target under libFuzzer for SECONDS seconds (or RUNS inputs), seeded
## (SEED) as `fuzz` is: each input is one OpenAPI document, imported in memory from a folder that does not exist
## (OpenAPIFuzzTarget); the run starts from the import tests' fixtures, the shared corpus's small documents when
## ../shared is beside the checkout, structural mutants of each (cut short, values of the wrong kind, $ref cycles and
## references to nothing, schemas hundreds deep, YAML alias bombs: OpenAPIMutator) and past findings
## (Tests/LucidFuzzTests/OpenAPIFindings), with Scripts/fuzz-openapi.dict. A crash, a hang (10 s), memory past 2 GB
## or a broken promise (a spec despite errors, a diagnostic outside the document, a spec lint refuses or that does not
## generate, an import that differs when repeated) stops the run, as for `fuzz`. Its corpus is .build-fuzz/openapi.
fuzz-openapi: deps
	$(FUZZ_BUILD)
	LUCID_FUZZ_TARGET=openapi LUCID_FUZZ_RUNS=$(RUNS) Scripts/fuzz.sh "$$($(FUZZ_BUILD) --show-bin-path)/lucid-fuzz" \
		$(SECONDS) $(SEED)

## fuzz-corpus: add to Tests/LucidFuzzTests/Corpus the inputs of the last `make fuzz` run's corpus that reach code
## the committed corpus does not (libFuzzer's merge), to review and commit: later runs start from them.
fuzz-corpus: deps
	$(FUZZ_BUILD)
	Scripts/fuzz.sh --merge "$$($(FUZZ_BUILD) --show-bin-path)/lucid-fuzz"

## run: the main job: regenerate the Movies example's code from its spec (unchanged files are left alone), then
## build the example app and run it against its mock server.
run: tool
	$(SWIFT) run --skip-build lucid-gen lint $(SPEC)
	$(SWIFT) run --skip-build lucid-gen generate $(SPEC) --tests $(EXAMPLE_TESTS)
	$(EXAMPLE)/run.sh

## lint, dump: `lucid-gen lint` and `lucid-gen dump` of SPEC (default: the Movies example's spec); with `make -s`,
## only what lucid-gen prints.
lint: tool
	$(SWIFT) run --skip-build lucid-gen lint $(SPEC)

dump: tool
	$(SWIFT) run --skip-build lucid-gen dump $(SPEC)

## graph-image: render the Movies example's `lucid-gen graph` as docs/images/movies-graph.svg (the README shows it),
## installing Graphviz when `dot` is missing (apt-get on Linux, Homebrew on macOS).
GRAPH_IMAGE := docs/images/movies-graph.svg
.PHONY: graph-image
graph-image: tool
	@$(INSTALL_GRAPHVIZ)
	@mkdir -p $(dir $(GRAPH_IMAGE))
	$(SWIFT) run --skip-build lucid-gen graph $(EXAMPLE)/Sources/Movies/movies.lucid.yaml > .build/movies-graph.dot
	dot -Tsvg .build/movies-graph.dot -o $(GRAPH_IMAGE)
	@echo "wrote $(GRAPH_IMAGE)"

## bench: every performance figure with its floor and target: lint on hostile inputs (bound: 2 s, 200 MB each);
## at N=100 and N=1000 entities, reading the spec (floor: libyaml's events), the first generation (floor: Python
## writing the same bytes), system calls per file, an unchanged rerun, a debug build of the output; decoding a 5 MB
## response against synthesized Codable; the runtime's cache, deduplication, queue and per-request overhead; the
## transport's peak memory against a body that never ends (a loopback server, every core kept busy on purpose);
## lucid-gen against swift-openapi-generator on the largest OpenAPI documents, compiled side by side
## (`bench-openapi`); and, over loopback, APIClient's throughput against bare URLSession, paging's cost per page, a
## stream's events per second through ResponseStream against a bare URLSession line loop, and APIClient.download's
## throughput against URLSession.download(for:) (`bench-client`).
## Exits non-zero when a target is missed. Run it on a quiet machine.
bench: deps
	$(SWIFT) build -c release --product lucid-gen
	$(SWIFT) build -c release --product yaml-events
	$(SWIFT) build -c release --product lucid-bench
	$(SWIFT) build -c release --product transport-memory-probe
	python3 Benchmarks/lint_bench.py "$$($(SWIFT) build -c release --show-bin-path)/lucid-gen"
	python3 Benchmarks/scale_bench.py "$$($(SWIFT) build -c release --show-bin-path)/lucid-gen" \
		"$$($(SWIFT) build -c release --show-bin-path)/yaml-events"
	"$$($(SWIFT) build -c release --show-bin-path)/lucid-bench"
	python3 Benchmarks/transport_bench.py "$$($(SWIFT) build -c release --show-bin-path)/transport-memory-probe"
	$(MAKE) bench-openapi
	$(MAKE) bench-client

## bench-openapi: lucid-gen against swift-openapi-generator 1.14.3 on the largest documents of
## ../shared/testdata/openapi and a forum-shaped one whose every schema is written in place
## (Benchmarks/make_inline_document.py), measured in the same run (Benchmarks/openapi_bench.py): import and generate, then
## clean debug builds of each tool's output (dependencies built first; three each, alternating; medians) — wall and
## CPU time, peak compiler memory (each compiler job's high-water mark, and the jobs' sum, watched in /proc), lines
## of generated code and warnings. The peer is built in Benchmarks/OpenAPIPeer, a package of its own (never a
## dependency of lucid-gen); its column is skipped with the reason when it cannot be. Exits non-zero when lucid-gen
## is not 3× better in compile time and peak memory of a compiler job on each document.
bench-openapi: deps
	$(SWIFT) build -c release --product lucid-gen
	python3 -u Benchmarks/openapi_bench.py "$$($(SWIFT) build -c release --show-bin-path)/lucid-gen"

# nginx, for bench-client (Debian's package also starts a system nginx on port 80, which the bench never uses).
INSTALL_NGINX = $(call INSTALL_TOOL,nginx,/usr/sbin/nginx,nginx)

## bench-client: APIClient's throughput against bare URLSession in the same process (Benchmarks/client_bench.py):
## nginx (installed when missing) on a free port of 127.0.0.1 answers a small JSON body; URLSession.data(for:),
## APIClient, APIClient with deduplication and a generated business controller each send 10,000 requests at
## concurrency 1, 10 and 100, in 10 interleaved rounds of 1,000; prints requests/s, the median ratio to URLSession
## and the CPU time per request, and exits non-zero when a ratio is under 0.95. Then, from the same server, a
## PageSequence's time per page against single calls (`lucid-bench paging`; non-zero over 1.05); an event stream of
## 50,000 OpenAI-shaped chunks read through ResponseStream against a bare URLSession line loop decoding the same
## events (`lucid-bench stream`, 15 interleaved rounds; non-zero under 0.9×: on Linux, which has no
## URLSession.bytes(for:), the loop reads a data delegate's pieces, and says so); and a 256 MiB download through
## APIClient.download against URLSession.download(for:) into a file (`lucid-bench download`, 11 rounds of the
## pair, each first every other round; non-zero under 0.95×), then reference rows in rounds of their own that tell
## the fsync's and the transport's shares apart. nginx is stopped and its folder (the downloads too) removed at
## the end.
bench-client: deps
	@$(INSTALL_NGINX)
	$(SWIFT) build -c release --product lucid-bench
	python3 Benchmarks/client_bench.py "$$($(SWIFT) build -c release --show-bin-path)/lucid-bench"

## templates: embed Templates/*.mustache into the binary's sources (after editing a template).
templates:
	python3 Scripts/embed_templates.py

## golden: re-record every golden case's expected code and tests (after an intended change to generated code).
# Builds only the tool: the golden targets compile the very files this re-records.
golden: deps
	$(SWIFT) build --product lucid-gen
	@for case in Tests/Golden/*/; do \
		spec=$$(ls "$$case"Spec/*.lucid.yaml); \
		name=$$(basename "$$case"); \
		$(SWIFT) run --skip-build lucid-gen generate "$$spec" --output "$$case"Generated \
			--tests "$$case"GeneratedTests --tests-module "Golden$$name" || exit 1; \
	done

## install: the release binary into $(PREFIX)/bin.
install: release
	install -d $(PREFIX)/bin
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/lucid-gen" $(PREFIX)/bin/lucid-gen

## clean: remove the build folder, .build (the python checkers' environment with it).
clean:
	rm -rf .build
