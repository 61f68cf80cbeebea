// Emscripten entry point: parses the options the JS shim passes as
// arguments, runs App::frame on the browser's animation frames, and exports
// the C functions behind the JS handle (web/flocklab.js). One module
// instance per canvas, so the App here is that instance's own. Every
// function talks to "the scene"; options, gauges and limits travel by name
// and as JSON, so a new scene or option needs nothing here.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/what_if.hpp"
#include "app.hpp"
#include "core/format.hpp"
#include "core/lang.hpp"
#include "core/stops.hpp"
#include "core/words.hpp"

namespace {

// Everything this WebAssembly instance holds, in one place.
struct Instance {
    flocklab::App app;                                   // the widget
    std::unique_ptr<flocklab::Scene::BenchRun> bench;    // a benchmark() under way (fl_bench_*)
    bool started = false;  // false if it could not start (no canvas, no renderer)
    std::string text;      // the last string returned to JS (valid until the next call)
} g;

// --scene NAME --seed N --paused --data KEY VALUE (one per data-* attribute);
// --lang CODE --decimal MARK --strings TABLE: the widget's language (lang.hpp).
flocklab::AppConfig parse(int argc, char** argv) {
    flocklab::AppConfig c;
    std::string lang = "en", strings, decimal = ".";
    for (int i = 1; i < argc; ++i) {
        const std::string k = argv[i];
        const auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (k == "--paused") c.paused = true;
        else if (k == "--scene") c.scene = next();
        else if (k == "--seed") c.seed = next();
        else if (k == "--lang") lang = next();
        else if (k == "--decimal") decimal = next();
        else if (k == "--strings") strings = next();
        else if (k == "--data") {
            std::string key = next();
            c.attributes.emplace_back(key, next());
        }
    }
    flocklab::set_language(lang, strings, decimal.size() == 1 ? decimal[0] : '.');
    return c;
}

const char* text(std::string s) {
    g.text = std::move(s);
    return g.text.c_str();
}

// "" when applied, "clamped: why" when applied after clamping, "invalid: why" when refused.
const char* result_text(const flocklab::SetResult& r) {
    if (r.status == flocklab::SetResult::Ok) return text("");
    return text((r.status == flocklab::SetResult::Clamped ? "clamped: " : "invalid: ") + r.message);
}

}  // namespace

int main(int argc, char** argv) {
    if (!g.app.init(parse(argc, argv))) return 1;
    g.started = true;
    emscripten_set_main_loop([] { g.app.frame(); }, 0, 0);
    return 0;
}

// [SECTION] The handle's C API
// A scene's gauges as JSON members, ", \"<gauge>\": value" each (fl_gauges).
namespace {
std::string gauge_members(flocklab::Scene& s) {
    std::string o;
    for (const flocklab::Gauge& x : s.gauges()) o += ", " + flocklab::json_string(x.name) + ": " + flocklab::py_repr(x.value);
    return o;
}
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int fl_started() { return g.started; }

// Off screen: the loop pauses (no steps, no drawing); back on screen it
// resumes without catching up on the time it was away.
EMSCRIPTEN_KEEPALIVE void fl_set_visible(int on) {
    if (!g.started || (on != 0) == g.app.visible()) return;
    g.app.set_visible(on != 0);
    if (on) emscripten_resume_main_loop();
    else emscripten_pause_main_loop();
}
EMSCRIPTEN_KEEPALIVE int fl_visible() { return g.app.visible(); }

// The end of this instance: the loop stops and SDL, ImGui and the scene are freed.
EMSCRIPTEN_KEEPALIVE void fl_destroy() {
    if (!g.started) return;
    emscripten_cancel_main_loop();
    g.bench.reset();
    g.app.shutdown();
    g.started = false;
}

// Every scene's world, options, gauges, tunables and the limits, as JSON.
EMSCRIPTEN_KEEPALIVE const char* fl_describe() { return text(flocklab::describe_json()); }
EMSCRIPTEN_KEEPALIVE const char* fl_scene() { return g.app.scene().name(); }
// The canvas's accessible name ("Flock simulation, 60 boids. Press ? for keys.").
EMSCRIPTEN_KEEPALIVE const char* fl_input_help() { return text(g.app.scene().label()); }
// The scene's keys for a page's HTML help ([data-help]), every row, in the
// widget's language: [{"keys": "Space", "what": "..."}].
EMSCRIPTEN_KEEPALIVE const char* fl_keys() {
    std::string o;
    for (const flocklab::KeyHelp& k : flocklab::keys_for(g.app.scene().name())) {
        o += std::string(o.empty() ? "" : ", ") + "{\"keys\": " + flocklab::json_string(flocklab::key_words(k.keys)) +
             ", \"what\": " + flocklab::json_string(flocklab::key_what(k)) + "}";
    }
    return text("[" + o + "]");
}
// The scene now in words (the canvas's description; D says it).
EMSCRIPTEN_KEEPALIVE const char* fl_summary() { return text(g.app.session().summary()); }
// The sentence due after an action, once; "" when there is none.
EMSCRIPTEN_KEEPALIVE const char* fl_respond() { return text(g.app.session().respond(g.app.paused)); }
// A key on the focused canvas (web name): 1 if the widget used it.
EMSCRIPTEN_KEEPALIVE int fl_key(const char* name) { return g.started && g.app.key(name); }
EMSCRIPTEN_KEEPALIVE void fl_set_pointer(int finger, int ctrl) { if (g.started) g.app.set_pointer(finger != 0, ctrl != 0); }
EMSCRIPTEN_KEEPALIVE int fl_agents() { return g.app.scene().agents(); }
EMSCRIPTEN_KEEPALIVE void fl_set_text_scale(double s) { if (g.started) g.app.set_text_scale(s); }

// {"time": s, "<gauge>": value, ...} in the scene's gauge order; with a
// what-if lane, "whatIf": {its gauges} and "apart" (px).
EMSCRIPTEN_KEEPALIVE const char* fl_gauges() {
    flocklab::Session& s = g.app.session();
    std::string o = "{\"time\": " + flocklab::py_repr(s.time()) + gauge_members(s.scene());
    if (flocklab::Scene* lane = s.what_if()) o += ", \"whatIf\": {" + gauge_members(*lane).substr(2) + "}, \"apart\": " + flocklab::py_repr(s.apart());
    return text(o + "}");
}
// The what-if lane: "name\tvalue" lines of changes ("" removes it); ""
// when set, "clamped: why" or "invalid: why" (Session::compare).
EMSCRIPTEN_KEEPALIVE const char* fl_compare(const char* lines) { return result_text(g.app.session().compare(flocklab::tab_pairs(lines))); }
// Its changes as data-compare writes them ("" without a lane).
EMSCRIPTEN_KEEPALIVE const char* fl_compared() {
    flocklab::Session& s = g.app.session();
    return text(s.what_if() ? flocklab::compare_text(s.compared()) : "");
}

// Sets an option by name. Returns "" when applied, "clamped: why" when
// applied after clamping, "invalid: why" when refused.
EMSCRIPTEN_KEEPALIVE const char* fl_set(const char* option, const char* value) {
    return result_text(g.app.scene().set(option, value));
}
EMSCRIPTEN_KEEPALIVE const char* fl_get(const char* option) { return text(g.app.scene().get(option)); }
// The tunables by name ({"weight_separation": 1.8, ...}).
EMSCRIPTEN_KEEPALIVE const char* fl_params() { return text(g.app.scene().params_json()); }
// A tunable's slider stops (core/stops.hpp) over its full range, as a JSON
// list ("[]" for no such tunable): the page's form lands where the panel does.
EMSCRIPTEN_KEEPALIVE const char* fl_stops(const char* name) {
    for (const flocklab::Tunable& t : g.app.scene().tunables()) {
        if (std::string(t.name) != name) continue;
        std::string o;
        for (const double v : flocklab::slider_stops(t.lo, t.hi)) o += (o.empty() ? "[" : ", ") + flocklab::py_repr(v);
        return text(o + "]");
    }
    return text("[]");
}
// Several at once, all or nothing: "name\tvalue" lines (Scene::set_params).
EMSCRIPTEN_KEEPALIVE const char* fl_set_params(const char* lines) {
    return result_text(g.app.scene().set_params(flocklab::tab_pairs(lines)));
}
// Applies one data-* attribute (dataset key, text) as mount() does at start;
// returns the warnings, one per line ("" if none).
EMSCRIPTEN_KEEPALIVE const char* fl_apply(const char* key, const char* value) {
    std::string w;
    for (const std::string& line : flocklab::apply_attributes(g.app.session(), {{key, value}})) w += (w.empty() ? "" : "\n") + line;
    return text(w);
}
// Escape on the canvas: 1 if the view used it (it cleared a selection), 0 if the page should blur.
EMSCRIPTEN_KEEPALIVE int fl_cancel() { return g.app.cancel(); }
// 1 if a touch (drag 1) or a wheel turn (drag 0) at (fx, fy) (fractions of the canvas) is the widget's.
EMSCRIPTEN_KEEPALIVE int fl_hold(double fx, double fy) { return g.started && g.app.hold(fx, fy); }
EMSCRIPTEN_KEEPALIVE int fl_number_at(double fx, double fy) { return g.started && g.app.number_at(fx, fy); }
EMSCRIPTEN_KEEPALIVE int fl_typing() { return g.started && g.app.typing(); }
EMSCRIPTEN_KEEPALIVE int fl_type(const char* text) { return g.started && g.app.type(text); }
EMSCRIPTEN_KEEPALIVE int fl_grabs(double fx, double fy, int drag) { return g.app.grabs(fx, fy, drag != 0); }
// A frame drawn now, for a snapshot taken in the same task.
EMSCRIPTEN_KEEPALIVE int fl_draw_now() { return g.started && g.app.draw_now(); }
// The widget gives its WebGL context up (the page then replaces its canvas).
EMSCRIPTEN_KEEPALIVE void fl_release_graphics() { if (g.started) g.app.release_graphics(); }
// After the page gave this instance a fresh canvas (its WebGL context was lost).
EMSCRIPTEN_KEEPALIVE int fl_restore_graphics() { return g.started && g.app.restore_graphics(); }
// The canvas's displayed size (CSS px) and devicePixelRatio (a ResizeObserver in the shim).
EMSCRIPTEN_KEEPALIVE void fl_resize(double w, double h, double dpr) { g.app.resize(w, h, dpr); }
EMSCRIPTEN_KEEPALIVE void fl_set_shown(double x0, double x1) { g.app.set_shown(x0, x1); }
EMSCRIPTEN_KEEPALIVE const char* fl_ui_metrics() { return text(g.app.ui_metrics()); }
EMSCRIPTEN_KEEPALIVE const char* fl_reopen_note() { return text(g.app.reopen_note()); }
// Why agent i moves (scenes that explain); "null" if there is no agent i.
EMSCRIPTEN_KEEPALIVE const char* fl_explain(int i) { return text(g.app.scene().explain_json(i)); }
// The gauges over simulated time, as JSON and as CSV.
EMSCRIPTEN_KEEPALIVE const char* fl_history() { return text(g.app.session().history().json()); }
EMSCRIPTEN_KEEPALIVE void fl_clear_history() { g.app.session().clear_history(); }
EMSCRIPTEN_KEEPALIVE const char* fl_csv() { return text(g.app.session().history().csv()); }
// The state; with a what-if lane, "whatIf": the lane's.
EMSCRIPTEN_KEEPALIVE const char* fl_state() {
    flocklab::Session& s = g.app.session();
    std::string o = s.scene().state_json();
    if (const flocklab::Scene* lane = s.what_if()) o = o.substr(0, o.rfind('}')) + ", \"whatIf\": " + lane->state_json() + "}";
    return text(o);
}
EMSCRIPTEN_KEEPALIVE const char* fl_read(const char* name) { return text(g.app.scene().read(name)); }

// seed < 0 keeps the current seed.
EMSCRIPTEN_KEEPALIVE void fl_reset(double seed) {
    g.app.reset(seed >= 0 ? static_cast<std::uint64_t>(seed) : g.app.scene().seed());
    g.app.session().action(flocklab::trf("reset, seed {0}", {std::to_string(g.app.scene().seed())}));
}
// Reset (same seed), then run `steps` steps and pause there, a slice at a
// time: fl_run_slice(ms) works at most ms and returns the steps still to run.
EMSCRIPTEN_KEEPALIVE void fl_run_begin(int steps) { g.app.run_begin(g.app.scene().seed(), steps); }
EMSCRIPTEN_KEEPALIVE int fl_run_slice(double ms) { return g.app.run_slice(ms); }
EMSCRIPTEN_KEEPALIVE void fl_run_cancel() { g.app.run_cancel(); }
// Reset (same seed), then play in real time and pause after `steps` steps.
EMSCRIPTEN_KEEPALIVE void fl_play_begin(int steps) { g.app.play_begin(g.app.scene().seed(), steps); }
EMSCRIPTEN_KEEPALIVE double fl_seed() { return static_cast<double>(g.app.scene().seed()); }
EMSCRIPTEN_KEEPALIVE void fl_set_paused(int p) { g.app.paused = p != 0; }
EMSCRIPTEN_KEEPALIVE int fl_paused() { return g.app.paused; }
// A what-if waiting for its prediction: the canvas's own Play, Step, "Reset
// and run" and . key run nothing, and count an ask (App::held).
EMSCRIPTEN_KEEPALIVE void fl_set_held(int h) { g.app.held = h != 0; }
EMSCRIPTEN_KEEPALIVE int fl_asked() { return g.app.asked; }
// The widget's whole state as text (base64 of App::snapshot()): what a
// widget far from the viewport keeps when it gives up this instance.
EMSCRIPTEN_KEEPALIVE const char* fl_snapshot() { return text(flocklab::to_base64(g.app.snapshot())); }
// fl_snapshot()'s text put back, in a new instance started with the same
// arguments: "" when done, else why not (and nothing changed).
EMSCRIPTEN_KEEPALIVE const char* fl_restore(const char* snapshot) {
    std::string bytes;
    if (!flocklab::from_base64(snapshot, &bytes)) return text("not a snapshot (not base64 text)");
    const std::string why = g.app.restore(bytes);
    if (why.empty()) g.bench.reset();  // a benchmark under way measured the state before
    return text(why);
}
// This instance's WebAssembly memory now, in bytes (instanceStats().memoryBytes).
EMSCRIPTEN_KEEPALIVE double fl_memory_bytes() { return static_cast<double>(__builtin_wasm_memory_size(0)) * 65536.0; }
EMSCRIPTEN_KEEPALIVE void fl_set_speed(double s) { g.app.speed = std::clamp(std::isfinite(s) ? s : 1.0, flocklab::App::kMinSpeed, flocklab::App::kMaxSpeed); }
EMSCRIPTEN_KEEPALIVE double fl_speed() { return g.app.speed; }
EMSCRIPTEN_KEEPALIVE int fl_step(int n) { return g.app.step(n); }
// The most steps one step() call runs now (fewer for bigger flocks).
EMSCRIPTEN_KEEPALIVE int fl_max_steps() { return g.app.scene().max_steps_per_call(); }
EMSCRIPTEN_KEEPALIVE double fl_step_ms() { return g.app.step_time(); }
// benchmark() in parts, so no call works longer than kMaxCallMs: a copy of
// the scene sized `size` (fl_bench_begin; 0 if the scene has no benchmark),
// its warm-up a slice at a time (fl_bench_warm: the steps still to run), then
// the timed steps (fl_bench_time: {"ms": ms per step, "steps": steps timed,
// "capped": stopped after kMaxCallMs, "warmup": warm-up steps run}).
EMSCRIPTEN_KEEPALIVE int fl_bench_begin(int size, const char* variant, int warmup) {
    g.bench = g.app.scene().bench(size, variant, warmup);
    return g.bench != nullptr;
}
EMSCRIPTEN_KEEPALIVE int fl_bench_warm(double ms) { return g.bench ? g.bench->warm(ms) : 0; }
EMSCRIPTEN_KEEPALIVE const char* fl_bench_time(int steps) {
    if (!g.bench) return text("null");
    const flocklab::BenchResult r = g.bench->time(steps, flocklab::kMaxCallMs);
    g.bench.reset();
    return text("{\"ms\": " + flocklab::py_repr(r.median_ms) + ", \"steps\": " + std::to_string(r.steps) +
                ", \"capped\": " + (r.capped ? "true" : "false") + ", \"warmup\": " + std::to_string(r.warmup) + "}");
}
// The scene's settings now ("name\tvalue" lines, Scene::settings()): what
// experiment() gives the experiments' module (sw_begin_settings), which
// runs it off this instance, in the page's workers.
EMSCRIPTEN_KEEPALIVE const char* fl_settings() {
    std::string o;
    for (const auto& [name, value] : g.app.scene().settings()) o += name + "\t" + value + "\n";
    return text(o);
}
// The most steps and ms one call runs (step, benchmark).
// The English strings this widget looked up and found no translation for (JSON array).
EMSCRIPTEN_KEEPALIVE const char* fl_missing_strings() { return text(flocklab::json_strings(flocklab::missing_strings())); }
// The rows of the language's table that were refused (lang.hpp rejected_strings()).
EMSCRIPTEN_KEEPALIVE const char* fl_rejected_strings() { return text(flocklab::json_strings(flocklab::rejected_strings())); }

EMSCRIPTEN_KEEPALIVE double fl_max_call_ms() { return flocklab::kMaxCallMs; }
// The most steps one benchmark() call runs for a run of `size`.
EMSCRIPTEN_KEEPALIVE int fl_max_steps_for(int size) {
    return flocklab::max_steps_for(size);
}

}  // extern "C"
