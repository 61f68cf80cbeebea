#!/usr/bin/env bash
# Installs what flocklab needs on a fresh Debian 12 machine (run as root).
# Idempotent: each step checks first and only installs what is missing.
#   .ci/install-deps.sh native   compilers, CMake, GoogleTest, Google Benchmark
#   .ci/install-deps.sh web      + Emscripten, and the pinned SDL2/ImGui sources
#   .ci/install-deps.sh browser  + Chromium, Firefox ESR, WebKitGTK, nginx, Apache, Caddy and the test packages (browser tests)
#   .ci/install-deps.sh fuzz     native + clang and libFuzzer (make fuzz)
#   .ci/install-deps.sh lab      native + Debian's pygame (make bench-lab runs the Python lab)
#   .ci/install-deps.sh cluster  native + Slurm, munge, GNU parallel, rsync and sshd (make test-cluster)
#   .ci/install-deps.sh bench    browser + Lighthouse (make bench-ready; not for make test)
set -euo pipefail
cd "$(dirname "$0")/.."

want=${1:-native}
# SDL2 and Dear ImGui come from Debian's source packages, pinned by version and
# checked against these sha256 sums before anything is built from them.
SDL_PKG="libsdl2=2.26.5+dfsg-1"
SDL_TAR="libsdl2_2.26.5+dfsg.orig.tar.gz"
SDL_SHA256=b3f2c822151804125d08db94c65852f711c2e5df2145a59da120748dc32eb9c3
IMGUI_PKG="imgui=1.86+ds-1"
IMGUI_TAR="imgui_1.86+ds.orig.tar.xz"
IMGUI_SHA256=0dace0e8e57d298eb6e93af12dc19420cb96330832f6495c733b90aeeef11f64
SRC_DIR=build/third_party/src

apt_updated=0
apt_install() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  echo "install-deps: apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

apt_install build-essential cmake make libgtest-dev libgmock-dev googletest libbenchmark-dev nlohmann-json3-dev python3
[ "$want" = native ] && exit 0
# --- fuzz: clang with libFuzzer and the sanitizers' runtimes ---------------
if [ "$want" = fuzz ]; then apt_install clang libclang-rt-14-dev; exit 0; fi
# --- cluster: the engines make test-cluster runs the sweep recipes on ---------
if [ "$want" = cluster ]; then apt_install slurm-wlm munge parallel rsync openssh-server openssh-client; exit 0; fi
# --- lab: the lesson's Python lab, for make bench-lab (Debian's python3 and pygame)
if [ "$want" = lab ]; then apt_install python3-pygame; exit 0; fi

# --- web: Emscripten and the pinned sources of SDL2 and Dear ImGui ----------
apt_install emscripten zip unzip patch  # patch: flocklab's patches to SDL and ImGui (.ci/patches)
# Debian's emcc runs its JS tools with the machine's node, which must find
# Debian's node modules (acorn); see the Makefile's NODE_PATH.

# apt-get source needs deb-src entries: derive them from the machine's own
# Debian sources file, so no archive address is written anywhere.
fetch_source() {  # $1 = package=version, $2 = tarball, $3 = sha256
  mkdir -p "$SRC_DIR"
  if [ ! -f "$SRC_DIR/$2" ]; then
    local srcs=/etc/apt/sources.list.d/flocklab-src.sources
    if [ ! -f "$srcs" ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$srcs"
      apt-get update -qq; apt_updated=1
    fi
    (cd "$SRC_DIR" && apt-get source --download-only "$1" >/dev/null 2>&1) || {
      apt-get update -qq; (cd "$SRC_DIR" && apt-get source --download-only "$1" >/dev/null)
    }
  fi
  echo "$3  $SRC_DIR/$2" | sha256sum -c --quiet - || {
    echo "install-deps: checksum mismatch for $2; refusing to build it" >&2
    rm -f "$SRC_DIR/$2"; exit 1; }
}
fetch_source "$SDL_PKG" "$SDL_TAR" "$SDL_SHA256"
fetch_source "$IMGUI_PKG" "$IMGUI_TAR" "$IMGUI_SHA256"

# Unpack once; the build of SDL2 for WebAssembly is cached by .ci/build-sdl2-wasm.sh.
if [ ! -f build/third_party/imgui/imgui.cpp ]; then
  rm -rf build/third_party/imgui && mkdir -p build/third_party/imgui
  tar -xJf "$SRC_DIR/$IMGUI_TAR" -C build/third_party/imgui --strip-components=1
fi
# flocklab's patches to ImGui's source (.ci/patches/imgui-*.patch, each says
# why, each behind a switch that only the widget's build sets), applied once.
for p in .ci/patches/imgui-*.patch; do
  if ! patch -d build/third_party/imgui -p1 -R -s -f --dry-run < "$p" >/dev/null; then
    patch -d build/third_party/imgui -p1 -s -N < "$p"
  fi
done
if [ ! -f build/third_party/SDL2-src/CMakeLists.txt ]; then
  rm -rf build/third_party/SDL2-src && mkdir -p build/third_party/SDL2-src
  tar -xzf "$SRC_DIR/$SDL_TAR" -C build/third_party/SDL2-src --strip-components=1
fi
# esbuild bundles the shim's modules, Closure Compiler and terser minify
# Emscripten's JS in build/web/ (pinned with their integrity hashes in
# web/tools/package-lock.json). npm ci runs again whenever the lock file changed.
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
if ! cmp -s web/tools/package-lock.json web/tools/node_modules/.flocklab-lock; then
  (cd web/tools && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.flocklab-lock)
fi
[ "$want" = web ] && exit 0

# --- browser: Debian's Chromium, Firefox ESR (the second engine's smoke
# run) and WebKitGTK's WebDriver with Xvfb (the third: Safari's and every
# iPad browser's engine, tests/browser/webkit.test.mjs), and the test
# packages, pinned with their integrity hashes in
# tests/browser/package-lock.json: playwright-core and axe-core, puppeteer-core
# (Firefox over WebDriver BiDi), Vite, webpack and TypeScript (the release's
# bundler clients). npm ci runs again whenever the lock file changed.
# nginx (with its brotli_static module), Apache and Caddy run web/hosting/'s
# recipes (hosting.test.mjs). ---
apt_install chromium firefox-esr webkit2gtk-driver xvfb nginx-light libnginx-mod-http-brotli-static apache2 caddy
if ! cmp -s tests/browser/package-lock.json tests/browser/node_modules/.flocklab-lock; then
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.flocklab-lock)
fi
[ "$want" = browser ] && exit 0

# --- bench: Lighthouse 12.2.3 with its chrome-launcher (the lesson served
# by nginx with web/hosting/nginx.conf, the README's recipe), pinned
# with their integrity hashes in tests/bench/lighthouse/package-lock.json
# (Lighthouse 13 wants Node 22). ---
if ! cmp -s tests/bench/lighthouse/package-lock.json tests/bench/lighthouse/node_modules/.flocklab-lock; then
  (cd tests/bench/lighthouse && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.flocklab-lock)
fi
