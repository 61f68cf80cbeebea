# flocklab's front door. Every target installs what is missing first
# (scripts/install-deps.sh, as root on Debian 12), so a fresh machine needs
# nothing but `make serve` or `make test`.
.PHONY: all deps native test test-native test-browser bench web serve clean

BUILD ?= build
JOBS ?= $(shell nproc)

all: native

deps:
	bash scripts/install-deps.sh native

native: deps
	cmake -S . -B $(BUILD)/native -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD)/native -j $(JOBS)

test-native: native
	cd $(BUILD)/native && ctest --output-on-failure -j $(JOBS)

test: test-native

bench: native
	$(BUILD)/native/flocklab_bench --benchmark_min_time=0.2

clean:
	rm -rf $(BUILD)/native $(BUILD)/web
