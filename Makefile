# flocklab's front door. Every target installs what is missing first
# (.ci/install-deps.sh, as root on Debian 12), so a fresh machine needs
# nothing but `make serve` or `make test`.
.PHONY: all deps deps-web deps-browser deps-fuzz deps-cluster test-cluster native dist web-plugin test test-native test-browser test-sanitize fuzz soak bench bench-report bench-wasm bench-lab bench-ready bench-sleep bench-typing test-crowded wasm-sizes wasm-first-frame readme-keys screenshot web serve clean

# Debian's emcc needs Debian's node modules (acorn) with this machine's node.
export NODE_PATH := /usr/share/nodejs
PORT ?= 8000
TERSER := web/tools/node_modules/.bin/terser
ESBUILD := web/tools/node_modules/.bin/esbuild

BUILD ?= build
# The one version (see CMakeLists.txt): the shim's FlockLab.version and the
# release's names and package.json are made from it too.
VERSION := $(shell cat VERSION)
JOBS ?= $(shell nproc)

all: native

deps:
	bash .ci/install-deps.sh native

native: deps
	cmake -S . -B $(BUILD)/native -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD)/native -j $(JOBS)

test-native: native
	cd $(BUILD)/native && ctest --output-on-failure -j $(JOBS)

deps-web:
	bash .ci/install-deps.sh web
	bash .ci/build-sdl2-wasm.sh

deps-browser:
	bash .ci/install-deps.sh browser

# The widget: build/web/ holds the page, the shim and flocklab-core.{js,wasm}
# (and flocklab-core-nosimd.wasm, for engines without WebAssembly SIMD).
web: deps-web
	emcmake cmake -S . -B $(BUILD)/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD)/wasm -j $(JOBS)
	mkdir -p $(BUILD)/web
	cp web/*.html web/*.js web/*.css $(BUILD)/web/
	# The language tables as modules (English is built in), and the pseudo-locale made from the keys.
	rm -rf $(BUILD)/web/lang
	node web/tools/lang-keys.mjs --modules $(BUILD)/web/lang
	cp $(BUILD)/wasm/src/widget/flocklab-core.js $(BUILD)/wasm/src/widget/flocklab-core.wasm $(BUILD)/web/
	cp $(BUILD)/wasm/src/sweep/flocklab-sweep.js $(BUILD)/wasm/src/sweep/flocklab-sweep.wasm $(BUILD)/web/
	# The same modules without SIMD, for engines that have none (checked: web/tools/nosimd.mjs).
	node web/tools/nosimd.mjs $(BUILD)
	# The shim: the modules under web/src/ bundled into one minified
	# flocklab.js, with a source map back to them; the experiments' part
	# (flocklab-experiment.js, loaded only by a page with a [data-experiment])
	# with its worker, the touch screen's parts (flocklab-touch.js, loaded only
	# where there is one) and the saved file's (flocklab-save.js, loaded when a
	# page saves) are files of their own.
	# The C API's table for the shim, from web_main.cpp's signatures (one list).
	mkdir -p $(BUILD)/gen
	node web/tools/c-api.mjs $(BUILD)/gen/c-api.js
	# The text rules the core and the shim share, from src/core/text_rules.def.
	node web/tools/text-rules.mjs $(BUILD)/gen/text-rules.js
	$(ESBUILD) web/src/index.js --alias:flocklab-c-api=$(abspath $(BUILD))/gen/c-api.js --alias:flocklab-text-rules=$(abspath $(BUILD))/gen/text-rules.js --define:FLOCKLAB_VERSION='"$(VERSION)"' --bundle --format=esm --external:./flocklab-core.js --external:./flocklab-experiment.js --external:./flocklab-touch.js --external:./flocklab-save.js --external:./lang/* --minify --mangle-props=_$$ \
	  --sourcemap --sources-content=true --log-level=warning --outfile=$(BUILD)/web/flocklab.js
	$(ESBUILD) flocklab-experiment=web/src/experiment.js flocklab-sweep-worker=web/src/sweep-worker.js flocklab-touch=web/src/touch.js flocklab-save=web/src/save-file.js --alias:flocklab-text-rules=$(abspath $(BUILD))/gen/text-rules.js --define:FLOCKLAB_VERSION='"$(VERSION)"' --bundle --format=esm \
	  --external:./flocklab-sweep.js --minify --mangle-props=_$$ --sourcemap --sources-content=true --log-level=warning --outdir=$(BUILD)/web
	# terser after esbuild on the shim's two bundles (about 3% smaller gzipped),
	# each keeping its source map back to web/src.
	cd $(BUILD)/web && for f in flocklab.js flocklab-experiment.js flocklab-touch.js flocklab-save.js; do \
	  $(abspath $(TERSER)) $$f --module --compress passes=2 --mangle \
	    --source-map "content='$$f.map',url='$$f.map',includeSources" -o $$f; done
	$(TERSER) $(BUILD)/web/flocklab-core.js --module --compress passes=2 --mangle -o $(BUILD)/web/flocklab-core.js
	$(TERSER) $(BUILD)/web/flocklab-sweep.js --module --compress passes=2 --mangle -o $(BUILD)/web/flocklab-sweep.js
	# The widget's stylesheet minified too (web/flocklab.css stays the readable source).
	$(ESBUILD) web/flocklab.css --minify --log-level=warning --outfile=$(BUILD)/web/flocklab.css --allow-overwrite
	# The single-file template that a widget's saveFile() fills in (web/tools/offline.mjs).
	node web/tools/offline.mjs $(BUILD)
	# Each file a browser fetches, precompressed beside itself as FILE.br (brotli at
	# its best): sent as it is by web/serve.mjs and web/hosting/'s recipes.
	node web/tools/precompress.mjs $(BUILD)/web

# web/README.md's key tables written again from the scenes' key rows (after
# a new key, steer mode or scene of the lesson page).
readme-keys: native
	node web/tools/readme-keys.mjs $(BUILD)/native/flocklab

# The release: build/dist/flocklab-VERSION/ and its zip, the npm package
# flocklab-VERSION.tgz, and offline/*.html (web/tools/dist.mjs).
dist: web native
	FLOCKLAB_BUILD=$(BUILD) node --import ./web/tools/gen-modules.mjs web/tools/dist.mjs $(BUILD)

serve: web
	node web/serve.mjs $(BUILD)/web $(PORT)

# The widget with the scene that only test files define (tests/plugin/), in
# build/wasm/src/widget/plugin/: tests/browser/plugin.test.mjs runs it.
web-plugin: web
	cmake --build $(BUILD)/wasm -j $(JOBS) --target flocklab_widget_plugin

# The suite's TAP goes to the screen and to build/browser-tests.tap; when a
# test fails, the failures are printed again at the end, where a CI log's
# tail shows them.
test-browser: web web-plugin dist deps-browser
	cd tests/browser && node --test --test-concurrency=1 \
	  --test-reporter=tap --test-reporter-destination=stdout \
	  --test-reporter=tap --test-reporter-destination=$(abspath $(BUILD))/browser-tests.tap \
	  || { echo '# the browser tests that failed:'; \
	       awk '/^not ok /{on=1} on{print} on&&/^  \.\.\.$$/{on=0}' $(abspath $(BUILD))/browser-tests.tap; exit 1; }

test: test-native test-browser

# The native suite again under AddressSanitizer and UndefinedBehaviorSanitizer.
test-sanitize: deps
	cmake -S . -B $(BUILD)/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLOCKLAB_SANITIZE=ON >/dev/null
	cmake --build $(BUILD)/sanitize -j $(JOBS)
	cd $(BUILD)/sanitize && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# libFuzzer (clang, ASan + UBSan) for FUZZ_SECONDS, from the committed seed
# corpus (tests/fuzz/corpus); new inputs it finds go to build/fuzz/corpus.
FUZZ_SECONDS ?= 60
deps-fuzz:
	bash .ci/install-deps.sh fuzz
fuzz: deps-fuzz
	CXX=clang++ cmake -S . -B $(BUILD)/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLOCKLAB_FUZZ=ON >/dev/null
	cmake --build $(BUILD)/fuzz -j $(JOBS)
	mkdir -p $(BUILD)/fuzz/corpus
	$(BUILD)/fuzz/flocklab_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 \
	  $(BUILD)/fuzz/corpus tests/fuzz/corpus

# One simulated hour at 2000 boids (CI runs SOAK_STEPS=20000).
SOAK_STEPS ?= 216000
soak: native
	$(BUILD)/native/flocklab_soak --steps $(SOAK_STEPS) --boids 2000

# src/cli/README.md's recipes for a sweep across machines, run as written:
# GNU parallel on one machine and through ssh (an sshd on 127.0.0.1), and a
# Slurm array job on a one-node cluster under build/cluster (tests/cluster/run.sh).
deps-cluster:
	bash .ci/install-deps.sh cluster
test-cluster: native deps-cluster
	bash tests/cluster/run.sh $(BUILD)

# Google Benchmark of the flock step (fixed world and constant density).
bench: native
	$(BUILD)/native/flocklab_bench --benchmark_min_time=0.2

# The CLI's bench as JSON, and the plot for the README (web/bench.svg).
bench-report: native
	mkdir -p $(BUILD)/bench
	$(BUILD)/native/flocklab bench --boids 60,100,300,500,1000,2000,5000 --neighbors brute,grid \
	  --steps 60 --json | tee $(BUILD)/bench/fixed.jsonl
	$(BUILD)/native/flocklab bench --boids 500,1000,2000,5000 --neighbors grid --threads 2 \
	  --steps 60 --json | tee -a $(BUILD)/bench/fixed.jsonl
	$(BUILD)/native/flocklab bench --boids 1000,10000,100000 --neighbors grid --density 1000 \
	  --steps 20 --json | tee $(BUILD)/bench/density.jsonl
	python3 tests/bench/plot_bench.py $(BUILD)/bench/fixed.jsonl $(BUILD)/bench/density.jsonl web/bench.svg

# WebAssembly in Chromium against native, alternated in one run.
bench-wasm: native web deps-browser
	node tests/browser/bench-wasm.mjs 500,2000,3000,5000 3

# The lesson's Python lab against the native core at 500 boids, formed,
# alternated in one run (Debian's python3, which has Debian's pygame).
bench-lab: native
	bash .ci/install-deps.sh lab
	/usr/bin/python3 tests/bench/lab_ratio.py --boids 500 --rounds 3

# The lesson page's load (fresh profiles each): DOMContentLoaded, the first
# and the seen widgets ready, long tasks, contexts and memory, on loopback
# (5 loads) and as a school Chromebook (3 loads); then Lighthouse's
# Performance with the page on nginx and the README's recipe (3 runs).
# ARGS="--before DIR" alternates each with an earlier build's web folder.
bench-ready: web
	bash .ci/install-deps.sh bench
	node tests/browser/ready-time.mjs 5 $(ARGS)
	node tests/browser/ready-time.mjs 3 --throttle $(ARGS)
	cd tests/bench/lighthouse && node run.mjs 3 $(ARGS)

# The suite on a crowded machine (issue 42): make test RUNS times beside PAGES
# Chromium pages of the whole lesson, every widget started; a table of exit
# statuses and load averages in build/crowded/summary.txt.
RUNS ?= 5
PAGES ?= 3
test-crowded: web deps-browser
	node tests/browser/crowded.mjs --pages $(PAGES) --runs $(RUNS) -- $(MAKE) test

# A key's delay in a text field while 2000 crowd agents run with every overlay at DPR 3.
# An asleep widget's cost in the page: sleep() and waking, on screen and far,
# at 60, 1000 and 5000 boids with a what-if lane.
bench-sleep: web deps-browser
	cd tests/browser && node bench-sleep.mjs 60,1000,5000 5

bench-typing: web deps-browser
	cd tests/browser && node typing-delay.mjs 40 $(ARGS)

# A fresh screenshot of the lesson page's widgets for the README (web/screenshot.png).
# Where the wasm's bytes go: the widget linked with its functions' names, by part.
wasm-sizes: deps-web
	emcmake cmake -S . -B $(BUILD)/wasm-prof -DCMAKE_BUILD_TYPE=Release "-DFLOCKLAB_LINK_OPT=-Oz;--profiling-funcs" >/dev/null
	cmake --build $(BUILD)/wasm-prof -j $(JOBS) --target flocklab_widget
	node web/tools/wasm-sizes.mjs $(BUILD)/wasm-prof/src/widget/flocklab-core.wasm --top 5

# What of it runs before the lesson's first widget is ready, in that
# widget's first 5 simulated seconds, and before all of them are ready
# (binaryen's wasm-split profile, in Chromium): what a split module would
# load first.
NAMED_WASM := $(BUILD)/wasm-prof/src/widget/flocklab-core.wasm
wasm-first-frame: wasm-sizes web deps-browser
	node tests/browser/first-frame.mjs $(NAMED_WASM) $(BUILD)/wasm-prof/first.prof
	node tests/browser/first-frame.mjs $(NAMED_WASM) $(BUILD)/wasm-prof/running.prof --running 5
	node tests/browser/first-frame.mjs $(NAMED_WASM) $(BUILD)/wasm-prof/all.prof --all
	for p in first running all; do echo "== $$p"; node web/tools/wasm-sizes.mjs $(NAMED_WASM) --profile $(BUILD)/wasm-prof/$$p.prof > $(BUILD)/wasm-prof/$$p.txt || exit 1; sed -n '/^code by part/,$$p' $(BUILD)/wasm-prof/$$p.txt; done

screenshot: web deps-browser
	node tests/browser/screenshot.mjs web/screenshot.png

clean:
	rm -rf $(BUILD)/native $(BUILD)/wasm $(BUILD)/web
