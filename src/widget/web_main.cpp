// Emscripten entry point: parses the options the JS shim passes as
// arguments, runs App::frame on the browser's animation frames, and exports
// the C functions behind the JS handle (web/flocklab.js). One module
// instance per canvas, so the App here is that instance's own.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "app.hpp"

namespace {

flocklab::App g_app;     // this WebAssembly instance's widget
bool g_started = false;  // false if it could not start (no canvas, no renderer)

// --scene flock|steer --seed N --boids N --mode seek|flee|arrive
// --neighbors brute|grid --paused. The shim has already validated these;
// anything still unusable falls back to the lesson's default.
flocklab::AppConfig parse(int argc, char** argv) {
    flocklab::AppConfig c;
    for (int i = 1; i < argc; ++i) {
        const std::string k = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : "";
        if (k == "--paused") { c.paused = true; continue; }
        if (k == "--scene") c.scene = std::strcmp(v, "steer") == 0 ? flocklab::SceneKind::Steer : flocklab::SceneKind::Flock;
        else if (k == "--seed") c.seed = std::strtoull(v, nullptr, 10);
        else if (k == "--boids") c.boids = std::atoi(v);
        else if (k == "--mode") flocklab::parse_steer_mode(v, &c.mode);
        else if (k == "--neighbors") c.neighbors = std::strcmp(v, "brute") == 0 ? flocklab::NeighborMode::Brute : flocklab::NeighborMode::Grid;
        else continue;
        ++i;
    }
    return c;
}

}  // namespace

int main(int argc, char** argv) {
    if (!g_app.init(parse(argc, argv))) return 1;
    g_started = true;
    emscripten_set_main_loop([] { g_app.frame(); }, 0, 0);
    return 0;
}

// [SECTION] The handle's C API (numbers only, so cwrap needs no marshalling)
extern "C" {

EMSCRIPTEN_KEEPALIVE int fl_started() { return g_started; }

// 0: time (s); flock 1: spacing (px), 2: order; steer 1: speed (px/s), 2: distance (px).
EMSCRIPTEN_KEEPALIVE double fl_gauge(int which) {
    const flocklab::Gauges g = g_app.gauges();
    return which == 0 ? g.time : which == 1 ? g.a : g.b;
}

EMSCRIPTEN_KEEPALIVE int fl_rule(int index) { return g_app.flock.rule(index); }
EMSCRIPTEN_KEEPALIVE void fl_set_rule(int index, int on) { g_app.flock.set_rule(index, on != 0); }

// seed < 0 keeps the current seed.
EMSCRIPTEN_KEEPALIVE void fl_reset(double seed) {
    g_app.reset(seed >= 0 ? static_cast<std::uint64_t>(seed) : g_app.flock.seed);
}

EMSCRIPTEN_KEEPALIVE void fl_set_paused(int p) { g_app.paused = p != 0; }
EMSCRIPTEN_KEEPALIVE int fl_paused() { return g_app.paused; }
EMSCRIPTEN_KEEPALIVE void fl_step(int n) { g_app.step(n); }
// The most steps one step() or benchmark() call runs for a flock this size.
EMSCRIPTEN_KEEPALIVE int fl_max_steps(int boids) { return flocklab::max_steps_per_call(boids); }

EMSCRIPTEN_KEEPALIVE void fl_set_hawk(int present, double x, double y) {
    // Far outside the world a hawk scares nobody; the clamp keeps drawing finite.
    constexpr double kFar = 1e5;  // px
    if (present) g_app.flock.hawk = flocklab::Vec2{std::clamp(x, -kFar, kFar), std::clamp(y, -kFar, kFar)};
    else g_app.flock.hawk.reset();
}
// Returns 1 if (x, y) was outside the world and was clamped into it.
EMSCRIPTEN_KEEPALIVE int fl_set_target(double x, double y) { return g_app.set_target({x, y}); }
EMSCRIPTEN_KEEPALIVE void fl_set_mode(int m) { g_app.steer.vehicle.mode = static_cast<flocklab::SteerMode>(m % 3); }
EMSCRIPTEN_KEEPALIVE int fl_mode() { return static_cast<int>(g_app.steer.vehicle.mode); }

// State for teaching and tests. Boid i, k = 0..3: x, y (px), vx, vy (px/s).
EMSCRIPTEN_KEEPALIVE double fl_boid(int i, int k) {
    if (i < 0 || i >= g_app.flock.flock.size()) return 0;
    const flocklab::Boid b = g_app.flock.flock.boid(i);
    const double v[4] = {b.pos.x, b.pos.y, b.vel.x, b.vel.y};
    return v[k & 3];
}
// The hawk, k = 0, 1: x, y (px); NaN when there is none.
EMSCRIPTEN_KEEPALIVE double fl_hawk(int k) {
    if (!g_app.flock.hawk) return NAN;
    return k == 0 ? g_app.flock.hawk->x : g_app.flock.hawk->y;
}
// The vehicle, k = 0..5: pos x, y (px), velocity x, y (px/s), target x, y (px).
EMSCRIPTEN_KEEPALIVE double fl_vehicle(int k) {
    const flocklab::Vehicle& v = g_app.steer.vehicle;
    const double a[6] = {v.pos.x, v.pos.y, v.velocity.x, v.velocity.y, v.target.x, v.target.y};
    return k >= 0 && k < 6 ? a[k] : 0;
}
EMSCRIPTEN_KEEPALIVE int fl_boids() { return g_app.flock.flock.size(); }
EMSCRIPTEN_KEEPALIVE void fl_set_boids(int n) { g_app.set_flock_size(n); }
EMSCRIPTEN_KEEPALIVE void fl_set_neighbors(int brute) {
    g_app.flock.neighbors = brute ? flocklab::NeighborMode::Brute : flocklab::NeighborMode::Grid;
}
EMSCRIPTEN_KEEPALIVE double fl_step_ms() { return g_app.step_time_median(); }
EMSCRIPTEN_KEEPALIVE double fl_benchmark(int boids, int brute, int steps) {
    return g_app.benchmark(boids, brute ? flocklab::NeighborMode::Brute : flocklab::NeighborMode::Grid, steps);
}

}  // extern "C"
