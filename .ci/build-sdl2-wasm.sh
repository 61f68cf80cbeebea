#!/usr/bin/env bash
# Builds SDL2 (Debian's 2.26.5 source, unpacked by install-deps.sh) for
# WebAssembly into build/third_party/sdl2-wasm. Takes about 3 minutes on two
# cores, so it runs once: the installed library is the cache.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$PWD/build/third_party/sdl2-wasm
# Only what the widget uses (video, render on WebGL, events, timers),
# compiled for size. The options are the cache's key: a
# change rebuilds.
options="-DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DCMAKE_BUILD_TYPE=MinSizeRel \
  -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_POWER=OFF -DSDL_SENSOR=OFF \
  -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_FILESYSTEM=OFF -DSDL_LOADSO=OFF -DSDL_THREADS=OFF \
  -DSDL_OFFSCREEN=OFF -DSDL_DUMMYVIDEO=OFF \
  -DHAVE_ATOF=0 -DHAVE_STRTOD=0 -DSDL_ASSERTIONS=disabled -DSDL_OPENGL=OFF -DSDL_OPENGLES=OFF"
# (No atof or strtod from the C library: SDL then reads its two mouse-speed
# hints, which the widget never sets, with its own small SDL_strtod, and the
# page links no C library number reader, whose musl build is about 7 kB
# gzipped. The core has its own: src/core/decimal.cpp.) No internal
# assertions: their report and each condition's text were page bytes that a
# student's browser can do nothing with. No GL: the widget makes its WebGL
# context itself (src/widget/webgl_paint.cpp), so SDL's EGL layer and
# Emscripten's EGL emulation stay out of the page.
# SDL's own switch for a small static build: no YUV, no RLE, no specialised
# surface blitters (SDL_Blit_Slow does every blit), no software renderer.
# Without WebGL the widget draws with its own rasteriser
# (src/widget/raster.cpp), a fraction of the size of SDL's, whose blend and
# line functions for every pixel format were a fifth of the wasm.
cflags="-DSDL_LEAN_AND_MEAN=1 -DSDL_VIDEO_RENDER_SW=0"
# flocklab's patches to SDL's source (.ci/patches/sdl2-*.patch, each says
# why), applied once to the unpacked source; their checksums join the key.
patches=$(ls .ci/patches/sdl2-*.patch)
key="$options $cflags $(cat $patches | sha256sum | cut -c1-16)"
stamp="$prefix/flocklab-options"
[ -f "$prefix/lib/libSDL2.a" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$key" ] && exit 0
for p in $patches; do
  if ! patch -d build/third_party/SDL2-src -p1 -R -s -f --dry-run < "$p" >/dev/null; then
    patch -d build/third_party/SDL2-src -p1 -s -N < "$p"
  fi
done
export NODE_PATH=/usr/share/nodejs
rm -rf build/third_party/SDL2-build "$prefix"
# shellcheck disable=SC2086
emcmake cmake -S build/third_party/SDL2-src -B build/third_party/SDL2-build $options \
  -DCMAKE_C_FLAGS="$cflags" -DCMAKE_INSTALL_PREFIX="$prefix" >/dev/null
cmake --build build/third_party/SDL2-build -j "$(nproc)" >/dev/null
cmake --install build/third_party/SDL2-build >/dev/null
echo "$key" > "$stamp"
echo "built SDL2 for WebAssembly into $prefix"
