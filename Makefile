# Every target installs what it needs: a fresh clone runs `make serve` or `make test` directly.
SHELL := /bin/bash
NODE_MODULES := node_modules/.installed
BUILD := dist/.built
LEDGER := dist/ledger.sqlite
TS_SOURCES := $(shell find src test bench scripts -name '*.ts' 2>/dev/null)
CORPUS := $(wildcard ledger/txs/* ledger/accounts/*)

.PHONY: install build serve lint lint-format lint-code format test bench coverage load soak fuzz clean

install: $(NODE_MODULES)

$(NODE_MODULES): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# AssemblyScript (src/codec/wasm, a devDependency) to the WebAssembly that src/codec/wasm-kernels.ts loads.
ASC := node_modules/.bin/asc

$(BUILD): $(NODE_MODULES) tsconfig.json $(TS_SOURCES)
	rm -rf dist/src dist/test dist/bench dist/scripts
	npx tsc -p .
	$(ASC) src/codec/wasm/kernels.ts -O3 --runtime stub --enable simd -o dist/src/codec/wasm/kernels.wasm
	node dist/scripts/compile-validators.js
	touch $@

$(LEDGER): $(BUILD) $(CORPUS)
	node dist/src/cli.js ledger build --ledger $@

build: $(BUILD) $(LEDGER)

serve: build
	node dist/src/cli.js serve $(ARGS)

# The playground's browser test drives Debian's Chromium; installed here when missing (needs root).
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	apt-get update && apt-get install -y --no-install-recommends chromium

PRETTIER_FILES := 'src/**/*.{ts,js,css,html}' 'test/**/*.ts' 'bench/**/*.ts' 'scripts/**/*.ts'

# Formatting is checked, not applied, so a test run never rewrites the tree; `make format` applies it.
# Two plain prerequisites, one after the other (about 17 s more than side by side on 2 cores): a
# recipe that backgrounded prettier and waited for it failed a standing check's make with "wait: No
# child processes"; `make -j2 lint` still runs them together.
lint: lint-format lint-code

lint-format: $(NODE_MODULES)
	npx prettier --check --log-level warn $(PRETTIER_FILES)

lint-code: $(NODE_MODULES)
	npx eslint --max-warnings 0 .

format: $(NODE_MODULES)
	npx prettier --write --log-level warn $(PRETTIER_FILES)

# Node runs one test file per core but one; most files spend their time waiting on servers they
# started, so on a 2-core host two at a time took 1 min 49 s where one took 2 min 53 s (all pass
# either way: ports, schemas and Redis prefixes are per test).
TEST_CONCURRENCY := $(shell n=$$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2); echo $$(( n > 2 ? n : 2 )))

test: lint build $(CHROMIUM)
	node --test --test-concurrency=$(TEST_CONCURRENCY) --test-reporter=spec dist/test/*.test.js

bench: build
	node dist/bench/decode.bench.js
	node dist/bench/base58.bench.js
	node dist/bench/enhance.bench.js
	node dist/bench/enhance-pass.bench.js
	node dist/bench/enhance-accounts.bench.js
	node dist/bench/enhance-pool.bench.js
	node dist/bench/pool-handoff.bench.js
	node dist/bench/json-parse.bench.js
	node dist/bench/lossless.bench.js
	node dist/bench/idl-read.bench.js
	node dist/bench/http.bench.js
	node dist/bench/passthrough.bench.js
	node dist/bench/pubsub.bench.js
	node dist/bench/startup.bench.js
	node dist/bench/worker-memory.bench.js

load: build
	node dist/bench/load.js

soak: build
	node dist/bench/soak.js

fuzz: build
	FUZZ_ROUNDS=$${FUZZ_ROUNDS:-200} node --test dist/test/fuzz-decoders.test.js
	FUZZ_ROUNDS=$${FUZZ_ROUNDS:-200} node --test dist/test/enhance-anchors-fuzz.test.js
	BORSH_ROUNDS=$${BORSH_ROUNDS:-200} node --test dist/test/borsh-second-opinion.test.js
	HTTP1_FUZZ_ROUNDS=$${HTTP1_FUZZ_ROUNDS:-100} node --test dist/test/upstream-http1-parser.test.js

coverage: build
	node dist/src/cli.js coverage

clean:
	rm -rf dist
