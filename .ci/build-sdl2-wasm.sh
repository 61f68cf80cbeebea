#!/usr/bin/env bash
# Builds SDL2 (Debian's 2.26.5 source, unpacked by install-deps.sh) for
# WebAssembly into build/third_party/sdl2-wasm. Takes about 3 minutes on two
# cores, so it runs once: the installed library is the cache.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$PWD/build/third_party/sdl2-wasm
[ -f "$prefix/lib/libSDL2.a" ] && exit 0
export NODE_PATH=/usr/share/nodejs
rm -rf build/third_party/SDL2-build
emcmake cmake -S build/third_party/SDL2-src -B build/third_party/SDL2-build \
  -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX="$prefix" >/dev/null
cmake --build build/third_party/SDL2-build -j "$(nproc)" >/dev/null
cmake --install build/third_party/SDL2-build >/dev/null
echo "built SDL2 for WebAssembly into $prefix"
