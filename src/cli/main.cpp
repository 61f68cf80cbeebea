// flocklab: the headless CLI a course author uses to regenerate the lesson's
// numbers (gauges, dump, vehicle) and to time the core (bench).
// Contract: ../shared/design.md, "CLI contract".
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "args.hpp"
#include "core/flock.hpp"
#include "core/bench.hpp"
#include "core/crowd_scene.hpp"
#include "core/experiment.hpp"
#include "core/flock_scene.hpp"
#include "core/steer_scene.hpp"
#include "core/format.hpp"
#include "core/scan.hpp"
#include "core/words.hpp"

namespace flocklab::cli {
namespace {

constexpr const char* kUsage =
    "usage: flocklab <command> [options]\n"
    "\n"
    "commands:\n"
    "  gauges   run flocks and print the spacing and order gauges\n"
    "           --seeds 0-11 [--seconds 10 | --steps N] [--boids 60]\n"
    "           [--rules all,no-sep,no-ali,no-coh,none] [--hawk X,Y | --hawk pursuit]\n"
    "           [--wander] [--leader X,Y] [--neighbors brute|grid] [--json]\n"
    "           [--series]: one seed's gauges every 0.1 s as CSV, the rows of the\n"
    "           widget's csv() for the same configuration\n"
    "           --scene steer|crowd [--option NAME=VALUE ...] [--set NAME=VALUE ...]:\n"
    "           any scene, configured as a widget is; its gauges at the end\n"
    "  dump     print one flock's full state as JSON\n"
    "           --seed 7 [--seconds 10 | --steps N] [--rules all] [--boids 60]\n"
    "           [--hawk X,Y | --hawk pursuit] [--wander] [--leader X,Y]\n"
    "           [--neighbors brute|grid]\n"
    "  explain  why one boid moves: its neighbours, each rule's force (unweighted,\n"
    "           as the lab's functions return it, including rules switched off),\n"
    "           the weights and the clamped total, for the flock after N steps\n"
    "           --seed 7 --steps N --boid I [--rules all] [--boids 60]\n"
    "           [--hawk X,Y | --hawk pursuit] [--wander] [--leader X,Y]\n"
    "           [--neighbors brute|grid] [--json]\n"
    "  vehicle  run the warm-up vehicle\n"
    "           --mode seek|flee|arrive|wander [--seconds S | --steps N]\n"
    "           [--start X,Y] [--vel X,Y] [--target X,Y] [--seed 7] [--json]\n"
    "  describe what a widget's screen reader hears: the scene in words after N steps\n"
    "           --seed 7 [--seconds 10 | --steps N] [--scene flock|steer|crowd]\n"
    "           flock: [--rules all] [--boids 60] [--hawk X,Y | --hawk pursuit]\n"
    "           [--wander] [--leader X,Y]; steer: [--mode arrive] [--target X,Y];\n"
    "           crowd: [--follow field|seek] [--walls ...] [--goal C,R]\n"
    "           [--json: {summary, facts}]\n"
    "  crowd    Looking ahead: a crowd heading for a goal past walls, following the\n"
    "           flow field or seeking; prints the agents and the three gauges\n"
    "           --seed 7 [--steps 600 | --seconds S] [--follow field|seek]\n"
    "           [--walls default|none|\"c,r;c,r;...\"] [--goal 26,4] [--agents 40]\n"
    "           [--json: as looking_ahead.py prints it]\n"
    "  field    the breadth-first search's distances and the flow field's arrows\n"
    "           [--walls default|none|\"c,r;...\"] [--goal 26,4] [--json]\n"
    "  sweep    one setting over values, each over seeds: every run equals that\n"
    "           configuration run alone (gauges --set, the page's runTo)\n"
    "           --vary NAME=START:STOP:STEP | NAME=V1,V2 [--scene flock|steer|crowd]\n"
    "           [--seeds 0-19] [--seconds 10 | --steps N] [--boids 60] [--rules all]\n"
    "           [--option NAME=VALUE ...] [--set NAME=VALUE ...] [--mean-last S]\n"
    "           [--threads N] [--shard K/N] [--csv | --json]\n"
    "  summarize the per-value summary of sweep --csv files (shards put together)\n"
    "           FILE.csv ...\n"
    "  keys     the widget's keys for a scene, as the README's Markdown table\n"
    "           [--scene flock|steer|crowd]\n"
    "  bench    time the flock step (median ms per step)\n"
    "           [--boids 100,300,500] [--neighbors brute,grid] [--steps 50]\n"
    "           [--warmup 600] [--threads 1] [--density N] [--json]\n"
    "           --warmup N: steps that form the flock before timing (600 = 10 s,\n"
    "           a formed flock; 120 for the young flock older figures used)\n"
    "           --threads 1,2: look with 1 and with 2 threads (same results)\n"
    "           --density N: a world that grows with the flock, as dense as N\n"
    "           boids in the lesson's 900x540 world (default: the fixed world)\n"
    "\n"
    "Options also take the --name=value form (needed for negative vectors:\n"
    "--vel=-50,0). Steps are 1/60 s. Rule sets: all, none, no-sep, no-ali,\n"
    "no-coh, only-sep, only-ali, only-coh.\n"
    "Going further: --wander adds the wander rule (a boid that sees no neighbour\n"
    "wanders); --hawk pursuit lets a hawk hunt the nearest boid; --leader X,Y makes\n"
    "boid 0 a leader that arrives at X,Y while the others follow it.\n"
    "gauges, dump and explain also take --threads N: the flock looks with N\n"
    "threads; the numbers are the same as with one.\n"
    "gauges, dump, explain, describe and crowd take --set NAME=VALUE (repeat it):\n"
    "any tunable of the scene (weight_separation, view_radius, max_speed, ...),\n"
    "with the ranges and messages of the page's setParams(); out of range is\n"
    "clamped with a warning, an unknown name or a non-number is refused.\n";

// The core's one table of rule-set names.
const std::vector<std::string> kRuleWords = [] {
    std::vector<std::string> w;
    for (int i = 0; i < kRuleSetCount; ++i) w.push_back(rule_set_name(i));
    return w;
}();

// [SECTION] Shared option handling

// --seconds S or --steps N (never both); seconds become whole 1/60 s steps.
long long steps_option(const Args& a, double default_seconds) {
    if (a.has("seconds") && a.has("steps")) throw UsageError("give --seconds or --steps, not both");
    if (a.has("steps")) return a.integer("steps", 0, 0, 10000000);
    const double s = a.number("seconds", default_seconds, 0.0, 10000000.0 / 60.0);
    return std::llround(s * 60.0);
}

// --neighbors brute|grid: one of them (gauges, dump, explain).
NeighborMode neighbor_mode(const Args& a) {
    const std::vector<std::string> w = a.words("neighbors", {"grid"}, {"brute", "grid"});
    if (w.size() != 1) throw UsageError("--neighbors: expected brute or grid, got '" + a.raw("neighbors") + "'");
    return w[0] == "brute" ? NeighborMode::Brute : NeighborMode::Grid;
}

// Work a command may do: what it is estimated to take on this machine (the
// README's performance figures, the grid with one thread: about 0.35 us per
// boid-step at 500 boids in the lesson's world, 1.2 us at 5000, 4.8 us at
// 100,000, as the flock grows denser; brute force about 0.9 ns x boids per
// boid-step). More than kMaxSeconds is refused with one line that gives the
// estimate and says how to ask for less.
constexpr double kMaxSeconds = 600;
// `dense`: how many boids share one lesson-sized world (the density).
double micros_per_boid_step(double boids, double dense, bool brute) {
    return brute ? std::max(0.3, 0.0009 * boids) : std::max(0.3, 0.016 * std::sqrt(dense));
}
std::string whole(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
}
std::string duration(double s) {
    char buf[64];
    if (s < 120) std::snprintf(buf, sizeof buf, "%.0f s", s);
    else if (s < 7200) std::snprintf(buf, sizeof buf, "%.0f min", s / 60);
    else std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
    return buf;
}
void check_work(const char* command, double boids, double steps, double runs, bool brute = false, double dense = 0) {
    const double us = micros_per_boid_step(boids, dense > 0 ? dense : boids, brute);
    const double seconds = boids * steps * runs * us * 1e-6;
    if (seconds > kMaxSeconds) {
        throw UsageError(std::string(command) + ": " + whole(boids) + " boids x " + whole(steps) + " steps x " + whole(runs) +
                         " run" + (runs == 1 ? "" : "s") + " would take about " + duration(seconds) +
                         " on this machine (" + std::to_string(us).substr(0, 4) + " us per boid-step); one command works at most " +
                         duration(kMaxSeconds) + ": ask for fewer boids, steps, seeds or rule sets");
    }
}

// The Going-further options of gauges and dump.
struct Extensions {
    std::optional<Vec2> hawk;  // px: a fixed hawk (--hawk X,Y)
    bool pursuit = false;      // --hawk pursuit
    bool wander = false;       // --wander
    std::optional<Vec2> leader;  // px: --leader X,Y
    bool any() const { return pursuit || wander || leader.has_value(); }
};

Extensions extension_options(const Args& a) {
    Extensions e;
    if (a.has("hawk")) {
        if (a.raw("hawk") == "pursuit") {
            e.pursuit = true;
        } else {
            try {
                e.hawk = a.vec("hawk", {});
            } catch (const UsageError&) {
                throw UsageError("--hawk: expected X,Y (two numbers) or pursuit, got '" + a.raw("hawk") + "'");
            }
        }
    }
    e.wander = a.has("wander");
    if (a.has("leader")) e.leader = a.vec("leader", {});
    return e;
}

std::string hawk_json(std::optional<Vec2> h) { return h ? json_point(*h) : "null"; }
// "120,225": the form the option was given in, as the golden files record it.
std::string vec_arg(Vec2 v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g,%.17g", v.x, v.y);
    return buf;
}

struct FlockRun {
    std::uint64_t seed;
    std::string rules;
    int boids;
    long long steps;
    Extensions ext;
    double spacing;
    double order;
    std::string params;  // the tunables --set changed, as JSON members ("" with none)
};

// [SECTION] --set NAME=VALUE (repeatable): any tunable of the scene's field
// table, by the names, with the ranges and messages of the page's setParams():
// all or nothing; out of range is clamped with a warning on stderr.
void apply_sets(const Args& a, Scene& s) {
    std::vector<std::pair<std::string, std::string>> pairs;
    for (const std::string& kv : a.all("set")) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0) throw UsageError("--set: expected NAME=VALUE, got '" + shortened(kv) + "'");
        pairs.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    if (pairs.empty()) return;
    const SetResult r = s.set_params(pairs);
    if (r.status == SetResult::Invalid) throw UsageError("--set: " + r.message);
    if (r.status == SetResult::Clamped) {
        for (const std::string& line : split(r.message, '\n')) std::fprintf(stderr, "flocklab: warning: --set %s\n", line.c_str());
    }
}
// The tunables that differ from the lesson's, as JSON members.
std::string changed_params(Scene& s) {
    std::unique_ptr<Scene> fresh = make_scene(s.name());
    const std::vector<Tunable> now = s.tunables(), lesson = fresh->tunables();
    std::string o;
    for (size_t k = 0; k < now.size(); ++k) {
        if (*now[k].value != *lesson[k].value) o += (o.empty() ? "" : ", ") + json_string(now[k].name) + ": " + py_repr(*now[k].value);
    }
    return o;
}
// The flock's params for gauges, dump and explain: the lesson's, with --set.
FlockParams flock_params(const Args& a, std::string* changed) {
    FlockScene s;
    apply_sets(a, s);
    *changed = changed_params(s);
    return s.params;
}

// The rules a run uses: a rule set's name, and wander when --wander was given.
Rules rules_of(const std::string& rules_word, const Extensions& ext) {
    Rules rules;
    parse_rules(rules_word, &rules);
    rules.wander = ext.wander;
    return rules;
}

// --threads N: look with N threads (the same numbers, sooner on a big flock).
int threads_option(const Args& a) { return static_cast<int>(a.integer("threads", 1, 1, Workers::kMaxThreads)); }

// `steps` steps of a scene, in calls of at most 2^20 (step() takes an int).
template <class S>
void step_all(S& s, long long steps) {
    for (long long done = 0; done < steps;) {
        const int n = static_cast<int>(std::min<long long>(steps - done, 1 << 20));
        s.step(n);
        done += n;
    }
}

// One run of the flock scene, as the widget runs it (Scene::reset, then
// Scene::step): the params (the lesson's with --set), the boids, the rule
// set, the Going-further options as the scene's hawk and leader, the
// neighbour search; `scene` (if given) keeps it, for dump, explain and --series.
FlockRun run_flock(const FlockParams& base, const std::string& changed, std::uint64_t seed, const std::string& rules_word,
                   int boids, long long steps, const Extensions& ext, NeighborMode mode, int threads,
                   std::unique_ptr<FlockScene>* scene = nullptr) {
    auto s = std::make_unique<FlockScene>();
    s->params = base;
    s->params.num_boids = boids;  // the CLI's range (kMaxBoids), beyond the widget's option
    s->rules = rules_of(rules_word, ext);
    s->neighbors = mode;
    if (ext.pursuit) s->set_hawk_mode(HawkMode::Pursuit);
    s->hawk = ext.hawk;  // a pointer hawk held still (the lab's --hawk X,Y)
    if (ext.leader) {
        s->flock.set_leader(ext.leader);  // as given: the scene's setter would keep it inside the world
    }
    s->reset(seed);
    s->flock.set_threads(threads);
    step_all(*s, steps);
    FlockRun r{seed, rules_word, boids, steps, ext, s->flock.mean_spacing(), s->flock.heading_order(), changed};
    if (scene) *scene = std::move(s);
    return r;
}

// The lab's fields; with a Going-further option, the layout of
// going_further.py (wander, hawk and leader as given on the command line).
std::string run_json_fields(const FlockRun& r) {
    std::string o = "\"seed\": " + std::to_string(r.seed) + ", \"rules\": \"" + r.rules +
                    "\", \"boids\": " + std::to_string(r.boids) + ", \"steps\": " + std::to_string(r.steps);
    if (r.ext.any()) {
        o += std::string(", \"wander\": ") + (r.ext.wander ? "true" : "false") + ", \"hawk\": " +
             (r.ext.pursuit ? "\"pursuit\"" : r.ext.hawk ? "\"" + vec_arg(*r.ext.hawk) + "\"" : "null") +
             ", \"leader\": " + (r.ext.leader ? "\"" + vec_arg(*r.ext.leader) + "\"" : "null");
    } else {
        o += ", \"hawk\": " + hawk_json(r.ext.hawk);
    }
    if (!r.params.empty()) o += ", \"params\": {" + r.params + "}";  // only with --set: the golden layout stays
    return o + ", \"spacing\": " + py_repr(r.spacing) + ", \"order\": " + py_repr(r.order);
}

// [SECTION] The options gauges, dump and explain share, read once

struct FlockOptions {
    std::vector<std::uint64_t> seeds;
    long long steps;
    int boids;
    std::vector<std::string> rules;
    Extensions ext;
    NeighborMode mode;
    int threads;
    FlockParams base;     // the lesson's params with --set
    std::string changed;  // the tunables --set changed, as JSON members
    FlockRun run(std::uint64_t seed, const std::string& rules_word, std::unique_ptr<FlockScene>* scene = nullptr) const {
        return run_flock(base, changed, seed, rules_word, boids, steps, ext, mode, threads, scene);
    }
};
// `one`: the command takes one seed (--seed) and one rule set (dump, explain).
FlockOptions flock_options(const Args& a, const char* command, bool one) {
    FlockOptions o;
    o.seeds = a.seeds(one ? "seed" : "seeds", 7);
    if (one && o.seeds.size() != 1) throw UsageError(std::string("--seed: ") + command + " takes one seed, got '" + a.raw("seed") + "'");
    o.steps = steps_option(a, 10.0);
    o.boids = static_cast<int>(a.integer("boids", 60, 2, kMaxBoids));
    o.rules = a.words("rules", {"all"}, kRuleWords);
    if (one && o.rules.size() != 1) throw UsageError(std::string("--rules: ") + command + " takes one rule set, got '" + a.raw("rules") + "'");
    o.ext = extension_options(a);
    o.mode = neighbor_mode(a);
    o.threads = threads_option(a);
    o.base = flock_params(a, &o.changed);
    check_work(command, o.boids, static_cast<double>(o.steps), static_cast<double>(o.seeds.size() * o.rules.size()), o.mode == NeighborMode::Brute);
    return o;
}

// [SECTION] gauges

int cmd_scene_gauges(const Args& a, const std::string& scene);

int cmd_gauges(const Args& a) {
    if (a.has("scene") && a.raw("scene") != "flock") {
        if (!make_scene(a.raw("scene"))) throw UsageError("--scene: expected one of " + join(scene_names()) + ", got '" + a.raw("scene") + "'");
        return cmd_scene_gauges(a, a.raw("scene"));
    }
    if (a.has("option")) throw UsageError("--option is for --scene steer or crowd (the flock's gauges take --rules, --hawk, --leader, --boids)");
    const FlockOptions f = flock_options(a, "gauges", false);
    const std::vector<std::uint64_t>& seeds = f.seeds;
    const std::vector<std::string>& rules = f.rules;
    const bool json = a.has("json");
    if (a.has("series")) {  // the run's history, as the widget keeps it (History::csv)
        if (seeds.size() != 1 || rules.size() != 1) throw UsageError("--series: give one seed and one rule set");
        if (json) throw UsageError("--series prints CSV; leave out --json");
        std::unique_ptr<FlockScene> scene;
        f.run(seeds[0], rules[0], &scene);
        std::cout << scene->history().csv();
        return 0;
    }

    if (!json) std::printf("%-6s %-9s %6s %7s %12s %8s\n", "seed", "rules", "boids", "steps", "spacing_px", "order");
    for (const std::string& rw : rules) {
        double sum_s = 0, sum_o = 0, min_s = INFINITY, max_s = -INFINITY, min_o = INFINITY, max_o = -INFINITY;
        for (std::uint64_t seed : seeds) {
            const FlockRun r = f.run(seed, rw);
            if (json) {
                std::cout << "{" << run_json_fields(r) << "}\n" << std::flush;
                continue;
            }
            std::printf("%-6llu %-9s %6d %7lld %12.3f %8.4f\n", static_cast<unsigned long long>(seed),
                        rw.c_str(), f.boids, f.steps, r.spacing, r.order);
            sum_s += r.spacing;
            sum_o += r.order;
            min_s = std::min(min_s, r.spacing);
            max_s = std::max(max_s, r.spacing);
            min_o = std::min(min_o, r.order);
            max_o = std::max(max_o, r.order);
        }
        if (!json && seeds.size() > 1) {
            const double n = static_cast<double>(seeds.size());
            std::printf("  %s over %zu seeds: spacing mean %.3f (%.3f to %.3f) px, order mean %.4f (%.4f to %.4f)\n",
                        rw.c_str(), seeds.size(), sum_s / n, min_s, max_s, sum_o / n, min_o, max_o);
        }
    }
    return 0;
}

// [SECTION] dump

int cmd_dump(const Args& a) {
    const FlockOptions f = flock_options(a, "dump", true);
    std::unique_ptr<FlockScene> scene;
    const FlockRun r = f.run(f.seeds[0], f.rules[0], &scene);
    const Flock& flock = scene->flock;
    std::ostringstream out;
    out << "{" << run_json_fields(r) << ", \"boids_state\": [";
    for (int i = 0; i < flock.size(); ++i) {
        const Boid b = flock.boid(i);
        out << (i ? ", " : "") << json_motion(b.pos, b.vel);
    }
    out << "]";
    if (const auto& h = flock.hunter()) {
        out << ", \"hunter\": " << json_motion(h->pos, h->vel);
    }
    out << "}\n";
    std::cout << out.str();
    return 0;
}

// [SECTION] explain

int cmd_explain(const Args& a) {
    const FlockOptions f = flock_options(a, "explain", true);
    const int boids = f.boids;
    if (!a.has("boid")) throw UsageError("--boid: which boid to explain (0 to " + std::to_string(boids - 1) + ")");
    const int boid = static_cast<int>(a.integer("boid", 0, 0, boids - 1));
    const std::vector<std::uint64_t>& seeds = f.seeds;
    const std::vector<std::string>& rules = f.rules;
    const long long steps = f.steps;
    const Extensions& ext = f.ext;
    const NeighborMode mode = f.mode;
    std::unique_ptr<FlockScene> scene;
    f.run(seeds[0], rules[0], &scene);
    Flock& flock = scene->flock;
    const Explanation e = flock.explain(boid, rules_of(rules[0], ext), ext.hawk, mode);
    if (a.has("json")) {
        std::cout << explanation_json(e) << "\n";
        return 0;
    }
    std::printf("boid %d after %lld steps (%.3f s), seed %llu, rules %s\n", boid, steps, steps / 60.0,
                static_cast<unsigned long long>(seeds[0]), rules[0].c_str());
    std::printf("position (%.2f, %.2f) px, velocity (%.2f, %.2f) px/s\n", e.self.pos.x, e.self.pos.y,
                e.self.vel.x, e.self.vel.y);
    std::printf("%zu neighbours:", e.neighbors.size());
    for (int k : e.neighbors) std::printf(" %d", k);
    std::printf("\n%-11s %12s %12s %10s %7s %s\n", "force", "x", "y", "|f|", "weight", "");
    for (const Explanation::Force& force : e.forces) {
        std::printf("%-11s %12.3f %12.3f %10.3f %7.2f %s\n", force.name, force.value.x, force.value.y, force.value.length(),
                    force.weight, force.counted ? "" : "(not in the total)");
    }
    std::printf("%-11s %12.3f %12.3f %10.3f  px/s^2, clamped to %.0f\n", "total", e.total.x, e.total.y,
                e.total.length(), f.base.max_force);
    return 0;
}

// [SECTION] vehicle

int cmd_vehicle(const Args& a) {
    Vehicle v;
    if (a.has("mode") && !parse_steer_mode(a.raw("mode").c_str(), &v.mode)) {
        throw UsageError("--mode: expected seek, flee, arrive or wander, got '" + a.raw("mode") + "'");
    }
    const long long steps = steps_option(a, 5.0);
    const std::uint64_t seed = a.seeds("seed", 7).at(0);
    if (a.has("seed") && a.seeds("seed", 7).size() != 1) throw UsageError("--seed: vehicle takes one seed, got '" + a.raw("seed") + "'");
    const bool wander = v.mode == SteerMode::Wander;
    if (wander && a.has("target")) throw UsageError("--target: wander chooses its own target, got '" + a.raw("target") + "'");
    v.pos = a.vec("start", v.pos);
    v.velocity = a.vec("vel", v.velocity);
    v.target = a.vec("target", v.target);
    const Vec2 start = v.pos, vel0 = v.velocity;
    const VehicleParams p;
    v.reset_wander(seed, p);
    for (long long s = 0; s < steps; ++s) v.step(kLabDt, p);
    if (a.has("json") && wander) {  // going_further.py's layout
        std::cout << "{\"mode\": \"wander\", \"seed\": " << seed << ", \"steps\": " << steps
                  << ", \"pos\": " << json_point(v.pos) << ", \"velocity\": " << json_point(v.velocity)
                  << ", \"target\": " << json_point(v.wander_point) << ", \"angle\": " << py_repr(v.wander_angle)
                  << "}\n";
    } else if (a.has("json")) {
        std::cout << "{\"mode\": \"" << steer_mode_name(v.mode) << "\", \"steps\": " << steps
                  << ", \"start\": \"" << vec_arg(start) << "\", \"vel\": \"" << vec_arg(vel0)
                  << "\", \"target\": \"" << vec_arg(v.target) << "\", \"pos\": " << json_point(v.pos)
                  << ", \"velocity\": " << json_point(v.velocity)
                  << ", \"distance\": " << py_repr(v.distance()) << ", \"speed\": " << py_repr(v.speed())
                  << "}\n";
    } else {
        std::printf("mode %s, %lld steps (%.3f s)\n", steer_mode_name(v.mode), steps, steps / 60.0);
        std::printf("position (%.2f, %.2f) px, velocity (%.2f, %.2f) px/s\n", v.pos.x, v.pos.y,
                    v.velocity.x, v.velocity.y);
        std::printf("distance to target %.1f px, speed %.1f px/s\n", v.distance(), v.speed());
    }
    return 0;
}

// [SECTION] bench

int cmd_bench(const Args& a) {
    const std::vector<long long> sizes = a.integers("boids", {100, 300, 500}, 2, kMaxBoids);
    const std::vector<std::string> modes = a.words("neighbors", {"brute", "grid"}, {"brute", "grid"});
    const long long steps = a.integer("steps", 50, 1, 100000);
    const long long warmup = a.integer("warmup", kFormedWarmup, 0, 100000);
    const std::vector<long long> thread_counts = a.integers("threads", {1}, 1, Workers::kMaxThreads);
    // --density N: the world grows with the flock, as dense as N boids in the
    // lesson's 900x540 world. Absent: the lesson's fixed world.
    const double density = a.number("density", 0.0, 0.0, kMaxBoids);
    {  // the whole bench, every size, mode and thread count, against the same cap
        const std::vector<std::string> modes_asked = a.words("neighbors", {"brute", "grid"}, {"brute", "grid"});
        double seconds = 0;
        for (long long n : sizes) {
            for (const std::string& mode : modes_asked) {
                const double us = micros_per_boid_step(static_cast<double>(n), density > 0 ? density : static_cast<double>(n), mode == "brute");
                seconds += static_cast<double>(n) * static_cast<double>(steps + warmup) * static_cast<double>(thread_counts.size()) * us * 1e-6;
            }
        }
        if (seconds > kMaxSeconds) {
            throw UsageError("bench: these sizes, modes and thread counts would take about " + duration(seconds) +
                             " on this machine; one command works at most " + duration(kMaxSeconds) +
                             ": ask for fewer boids, steps or a smaller --warmup");
        }
    }
    const bool json = a.has("json");
    if (a.has("density") && density <= 0) throw UsageError("--density: expected a number above 0, got '" + a.raw("density") + "'");
    if (!json) {
        std::printf("%7s %6s %7s %12s %10s %10s %12s %8s\n", "boids", "mode", "threads", "world", "median_ms", "min_ms",
                    "ns/boid", "scan");
    }
    for (long long n : sizes) {
        FlockParams p;
        p.num_boids = static_cast<int>(n);
        if (density > 0) {  // keep the lesson's 5:3 aspect, scale the area with the flock
            const double scale = std::sqrt(n / density);
            p.world_width *= scale;
            p.world_height *= scale;
        }
        for (const std::string& m : modes) {
            for (long long threads : thread_counts) {
                const BenchResult r = bench_flock(p, 7, m == "brute" ? NeighborMode::Brute : NeighborMode::Grid,
                                                  static_cast<int>(warmup), static_cast<int>(steps), 1, 0.0, 0.0,
                                                  static_cast<int>(threads));
                const double median = r.median_ms;
                const double per_boid_ns = median * 1e6 / n;
                if (json) {
                    std::printf("{\"boids\": %lld, \"neighbors\": \"%s\", \"threads\": %lld, \"world\": [%.1f, %.1f], "
                                "\"steps\": %lld, \"warmup\": %lld, \"median_ms\": %.6f, \"min_ms\": %.6f, "
                                "\"ns_per_boid\": %.2f, \"scan\": \"%s\"}\n",
                                n, m.c_str(), threads, p.world_width, p.world_height, steps, warmup, median, r.min_ms,
                                per_boid_ns, scan_isa());
                } else {
                    char world[32];
                    std::snprintf(world, sizeof world, "%.0fx%.0f", p.world_width, p.world_height);
                    std::printf("%7lld %6s %7lld %12s %10.4f %10.4f %12.1f %8s\n", n, m.c_str(), threads, world,
                                median, r.min_ms, per_boid_ns, scan_isa());
                }
                std::fflush(stdout);
            }
        }
    }
    return 0;
}

std::unique_ptr<Scene> crowd_scene(const Args& a);

// describe: a scene through the Scene interface, as the widget runs it.
int cmd_describe(const Args& a) {
    const std::string scene = a.has("scene") ? a.raw("scene") : "flock";
    std::unique_ptr<Scene> s = make_scene(scene);
    if (!s) throw UsageError("--scene: expected one of " + join(scene_names()) + ", got '" + scene + "'");
    const std::uint64_t seed = static_cast<std::uint64_t>(a.integer("seed", 7, 0, static_cast<long long>(kMaxSeed)));
    const long long steps = a.has("steps") ? a.integer("steps", 0, 0, 10000000)
                                           : std::llround(a.number("seconds", 10, 0, 100000) * 60);
    const auto set = [&](const char* option, const std::string& value) {
        const SetResult r = s->set(option, value);
        if (r.status == SetResult::Invalid) throw UsageError(r.message);
    };
    const auto only_for = [&](const char* for_scene, std::initializer_list<const char*> options) {
        for (const char* o : options) {
            if (a.has(o)) throw UsageError(std::string("--") + o + " is for --scene " + for_scene);
        }
    };
    if (scene != "crowd") only_for("crowd", {"follow", "walls", "goal", "agents"});
    if (scene == "crowd") {
        only_for("flock", {"rules", "boids", "hawk", "wander", "leader"});
        only_for("steer", {"mode", "target"});
        s = crowd_scene(a);
        check_work("describe", static_cast<double>(s->work_per_step()), static_cast<double>(steps), 1);
    } else if (scene == "flock") {
        only_for("steer", {"mode", "target"});
        auto& f = static_cast<FlockScene&>(*s);
        const Extensions ext = extension_options(a);
        if (a.has("boids")) set("boids", std::to_string(a.integer("boids", 60, 2, kWidgetMaxBoids)));
        check_work("describe", f.flock.size(), static_cast<double>(steps), 1);
        const Rules r = rules_of(a.has("rules") ? a.raw("rules") : "all", ext);
        for (int i = 0; i < kRuleCount; ++i) f.set_rule(i, rule(r, i));
        if (ext.pursuit) f.set_hawk_mode(HawkMode::Pursuit);
        if (ext.hawk) f.hawk = ext.hawk;
        if (ext.leader) {
            f.set_leader_target(*ext.leader);
            f.set_leader(true);
        }
    } else {
        only_for("flock", {"rules", "boids", "hawk", "wander", "leader"});
        if (a.has("mode")) set("mode", a.raw("mode"));
        if (a.has("target")) {
            const Vec2 t = a.vec("target", {});
            set("target", vec_arg(t));
        }
    }
    if (scene != "crowd") apply_sets(a, *s);
    s->reset(seed);
    step_all(*s, steps);
    if (a.has("json")) {
        std::cout << "{\"summary\": " << json_string(s->describe()) << ", \"facts\": " << s->facts_json() << "}\n";
    } else {
        std::cout << s->describe() << "\n";
    }
    return 0;
}

// [SECTION] Looking ahead: the crowd scene and its search

// --walls and --goal, checked as looking_ahead.py's main() checks them (the
// goal must be a free cell), each refusal one line.
struct MazeArgs {
    std::string walls = "default", goal = "26,4";
};
MazeArgs maze_args(const Args& a) {
    MazeArgs m;
    if (a.has("walls")) m.walls = a.raw("walls");
    if (a.has("goal")) m.goal = a.raw("goal");
    std::vector<Cell> walls;
    std::string why;
    if (!Maze::parse_walls(m.walls, &walls, &why)) throw UsageError("--walls: " + why);
    Cell goal;
    if (!Maze::parse_cell(m.goal, &goal, &why)) throw UsageError("--goal: " + why);
    if (std::find(walls.begin(), walls.end(), goal) != walls.end()) {
        throw UsageError("--goal: cell " + m.goal + " is a wall; the goal must be a free cell");
    }
    return m;
}

// The crowd scene with the command's maze (through its options, as the widget sets them).
std::unique_ptr<Scene> crowd_scene(const Args& a) {
    const MazeArgs m = maze_args(a);
    std::unique_ptr<Scene> s = make_scene("crowd");
    for (const auto& [option, value] : {std::pair<const char*, std::string>{"goal", m.goal}, {"walls", m.walls}}) {
        const SetResult r = s->set(option, value);
        if (r.status == SetResult::Invalid) throw UsageError("--" + r.message);
    }
    if (a.has("follow")) {
        const SetResult r = s->set("follow", a.raw("follow"));
        if (r.status == SetResult::Invalid) throw UsageError("--follow: expected field or seek, got '" + shortened(a.raw("follow")) + "'");
    }
    if (a.has("agents")) s->set("agents", std::to_string(a.integer("agents", 40, 1, kMaxAgents)));
    apply_sets(a, *s);
    if (!Crowd::spawnable(static_cast<CrowdScene&>(*s).maze())) {
        throw UsageError("--walls/--goal: no free cell in columns 0-5 can reach the goal " + m.goal + ", so no agent can start");
    }
    return s;
}

int cmd_crowd(const Args& a) {
    std::unique_ptr<Scene> s = crowd_scene(a);
    auto& c = static_cast<CrowdScene&>(*s);
    const std::uint64_t seed = static_cast<std::uint64_t>(a.integer("seed", 7, 0, static_cast<long long>(kMaxSeed)));
    if (a.has("seconds") && a.has("steps")) throw UsageError("give --seconds or --steps, not both");
    const long long steps = a.has("seconds") ? std::llround(a.number("seconds", 10, 0, 1e6) * 60) : a.integer("steps", 600, 0, 100000000);
    check_work("crowd", c.params.num_agents, static_cast<double>(steps), 1);
    c.reset(seed);
    step_all(c, steps);
    if (a.has("json")) {
        std::cout << c.crowd().json(c.params, c.maze(), c.follow(), seed, steps) << "\n";
        return 0;
    }
    const std::vector<Gauge> g = c.gauges();
    std::printf("follow %s, seed %llu, %lld steps (%.2f s), goal %s: arrived %.0f, stuck %.0f, mean steps to goal %s\n",
                kFollowNames[static_cast<int>(c.follow())], static_cast<unsigned long long>(seed), steps, c.time(),
                c.maze().goal_text().c_str(), g[0].value, g[1].value, py_repr(g[2].value).c_str());
    return 0;
}

int cmd_field(const Args& a) {
    const MazeArgs m = maze_args(a);
    Maze maze = Maze::empty();
    Cell goal;
    std::string why;
    Maze::parse_cell(m.goal, &goal, &why);
    std::vector<Cell> walls;
    Maze::parse_walls(m.walls, &walls, &why);
    maze.set_goal(goal);
    maze.set_walls(walls);
    if (a.has("json")) {
        std::cout << maze.field_json() << "\n";
        return 0;
    }
    // The grid as text: each cell's distance, # for walls, . for no way.
    for (int r = 0; r < kRows; ++r) {
        for (int c = 0; c < kCols; ++c) {
            const int d = maze.distance({c, r});
            std::printf("%4s", maze.wall({c, r}) ? "#" : d < 0 ? "." : std::to_string(d).c_str());
        }
        std::printf("\n");
    }
    return 0;
}

// [SECTION] sweep: one setting over a list or range of values, each over
// seeds. Every run is the scene built as the widget builds it (its options,
// then --set, then the varied setting), reset to the seed and run: the same
// bits as that configuration run alone (gauges --set, describe, the page).

// One run of a sweep: the value it set and its gauges at the end.
struct SweepRow {
    std::string value;
    std::vector<double> gauges;
};
// Per value: each gauge's mean, min and max over the runs (sweep, summarize).
void print_summary(const std::string& name, const std::vector<std::string>& values, const std::vector<std::string>& gauges,
                   const std::vector<std::string>& units, const std::vector<SweepRow>& rows) {
    for (const std::string& value : values) {
        std::string line = name + "=" + value + ":";
        bool any = false;
        for (size_t g = 0; g < gauges.size(); ++g) {
            double sum = 0, lo = INFINITY, hi = -INFINITY;
            int n = 0;
            for (const SweepRow& r : rows) {
                if (r.value != value) continue;
                sum += r.gauges[g];
                lo = std::min(lo, r.gauges[g]);
                hi = std::max(hi, r.gauges[g]);
                ++n;
            }
            if (!n) continue;
            any = true;
            char buf[200];
            std::snprintf(buf, sizeof buf, " %s mean %.4g (%.4g to %.4g)%s%s", gauges[g].c_str(), sum / n, lo, hi,
                          units[g].empty() ? "" : " ", units[g].c_str());
            line += buf;
        }
        if (any) std::printf("%s\n", line.c_str());
    }
}

struct Varied {
    std::string name;
    std::vector<std::string> values;  // as each run sets them
    bool tunable = false;
};

Varied varied_of(const std::string& text, Scene& probe) {
    const size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
        throw UsageError("--vary: expected NAME=START:STOP:STEP or NAME=V1,V2,..., got '" + shortened(text) + "'");
    }
    Varied v{text.substr(0, eq), {}, false};
    const std::string spec = text.substr(eq + 1);
    for (const Tunable& t : probe.tunables()) v.tunable = v.tunable || t.name == v.name;
    if (!v.tunable && !probe.option(v.name)) {
        std::vector<const char*> names;
        for (const Tunable& t : probe.tunables()) names.push_back(t.name);
        for (const flocklab::OptionSpec& o : probe.options()) names.push_back(o.name);
        throw UsageError("--vary: a " + std::string(probe.name()) + " scene has no setting '" + shortened(v.name) + "' (it has " + join(names) + ")");
    }
    std::string why;
    v.values = Experiment::values_of(spec, probe, v.name, &why);  // one rule with a page's data-values
    if (!why.empty()) throw UsageError("--vary: " + why);
    return v;  // the values are checked by Experiment, before anything runs
}

// Any scene's configuration from the command line, as a widget's: --option
// NAME=VALUE (any option), --boids and --rules (the flock), then --set.
void configure(const Args& a, Scene& s) {
    const std::string scene = s.name();
    for (const std::string& kv : a.all("option")) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0) throw UsageError("--option: expected NAME=VALUE, got '" + shortened(kv) + "'");
        const SetResult r = s.set(kv.substr(0, eq), kv.substr(eq + 1));
        if (r.status == SetResult::Invalid) throw UsageError("--option: " + r.message);
    }
    if (a.has("boids")) {
        if (scene != "flock") throw UsageError("--boids is for --scene flock");
        s.set("boids", std::to_string(a.integer("boids", 60, 2, kWidgetMaxBoids)));
    }
    if (a.has("rules")) {
        if (scene != "flock") throw UsageError("--rules is for --scene flock");
        Rules r;
        if (!parse_rules(a.raw("rules"), &r)) {
            std::string names;
            for (const std::string& w : kRuleWords) names += (names.empty() ? "" : ", ") + w;
            throw UsageError("--rules: expected one of " + names + ", got '" + shortened(a.raw("rules")) + "'");
        }
        for (int i = 0; i < 3; ++i) static_cast<FlockScene&>(s).set_rule(i, rule(r, i));
    }
    apply_sets(a, s);
}

// gauges --scene steer|crowd: any scene, configured as a widget is, reset to
// each seed and run: its gauges at the end (the page's runTo, and a sweep's row).
int cmd_scene_gauges(const Args& a, const std::string& scene) {
    for (const char* only : {"rules", "hawk", "wander", "leader", "neighbors", "threads", "series", "boids"}) {
        if (a.has(only)) throw UsageError("--" + std::string(only) + " is for --scene flock");
    }
    const std::vector<std::uint64_t> seeds = a.seeds("seeds", 7);
    const long long steps = steps_option(a, 10.0);
    std::unique_ptr<Scene> probe = make_scene(scene);
    configure(a, *probe);
    check_work("gauges", static_cast<double>(probe->work_per_step()), static_cast<double>(steps), static_cast<double>(seeds.size()));
    const std::vector<std::pair<std::string, std::string>> settings = probe->settings();
    for (std::uint64_t seed : seeds) {
        std::unique_ptr<Scene> s = make_scene(scene);
        s->apply_settings(settings);
        s->reset(seed);
        step_all(*s, steps);
        std::string line = a.has("json") ? "{\"scene\": " + json_string(scene) + ", \"seed\": " + std::to_string(seed) + ", \"steps\": " + std::to_string(steps)
                                         : "seed " + std::to_string(seed) + ", " + std::to_string(steps) + " steps:";
        for (const Gauge& g : s->gauges()) {
            line += a.has("json") ? ", " + json_string(g.name) + ": " + py_repr(g.value)
                                  : " " + std::string(g.name) + " " + py_repr(g.value) + (g.unit[0] ? std::string(" ") + g.unit : "");
        }
        std::cout << line << (a.has("json") ? "}\n" : "\n");
    }
    return 0;
}

int cmd_sweep(const Args& a) {
    const std::string scene = a.has("scene") ? a.raw("scene") : "flock";
    if (!make_scene(scene)) throw UsageError("--scene: expected one of " + join(scene_names()) + ", got '" + scene + "'");
    if (!a.has("vary")) throw UsageError("--vary: which setting to vary, e.g. --vary weight_separation=0:3:0.25");
    const bool csv = a.has("csv"), json = a.has("json");
    if (csv && json) throw UsageError("give --csv or --json, not both");
    std::unique_ptr<Scene> probe = make_scene(scene);
    configure(a, *probe);
    const Varied v = varied_of(a.raw("vary"), *probe);
    const std::vector<std::uint64_t> seeds = a.seeds("seeds", 7);
    const long long steps = steps_option(a, 10.0);
    const double mean_last = a.number("mean-last", 0, 0, 1e6);  // s: also each gauge's mean over the run's last seconds
    const int threads = static_cast<int>(a.integer("threads", 1, 1, Workers::kMaxThreads));
    int shard = 1, shards = 1;
    if (a.has("shard")) {
        const std::vector<std::string> k = split(a.raw("shard"), '/');
        long long x = 0, n = 0;
        if (k.size() != 2 || !(std::istringstream(k[0]) >> x) || !(std::istringstream(k[1]) >> n) || n < 1 || x < 1 || x > n) {
            throw UsageError("--shard: expected K/N with 1 <= K <= N, got '" + a.raw("shard") + "'");
        }
        shard = static_cast<int>(x);
        shards = static_cast<int>(n);
    }
    // The runs, each the probe's configuration (a snapshot) with its value,
    // reset to its seed: Experiment builds them, as the page's experiment() does.
    std::string why;
    const Experiment e(scene, probe->settings(), v.name, v.values, seeds, steps, &why);
    if (!why.empty()) throw UsageError("--vary: " + why);
    for (const std::string& w : e.warnings()) std::fprintf(stderr, "flocklab: warning: --vary %s\n", w.c_str());
    // Runs in order: value by value, seed by seed; shard K of N takes the
    // K-th of N contiguous blocks (sizes differ by one at most), so the shards'
    // outputs, concatenated in order without their headers, are the whole sweep's.
    struct Run {
        int index;
        size_t value;
        std::vector<Gauge> gauges;
        std::vector<double> means;
    };
    std::vector<Run> runs;
    const long long total = e.runs();
    const int first = static_cast<int>(total * (shard - 1) / shards), end = static_cast<int>(total * shard / shards);
    for (int i = first; i < end; ++i) runs.push_back({i, static_cast<size_t>(i) / seeds.size(), {}, {}});
    check_work("sweep", static_cast<double>(e.work_per_step()), static_cast<double>(steps), static_cast<double>(runs.size()));
    const auto one = [&](Run& r) {
        std::unique_ptr<Scene> s = e.start(r.index);
        step_all(*s, steps);
        r.gauges = s->gauges();
        if (mean_last > 0) {
            const History& h = s->history();
            const double from = s->time() - mean_last;
            for (size_t g = 0; g < r.gauges.size(); ++g) {
                double sum = 0;
                int n = 0;
                for (int k = 0; k < h.size(); ++k) {
                    if (h.time(k) < from - 1e-9) continue;
                    sum += h.value(k, static_cast<int>(g));
                    ++n;
                }
                r.means.push_back(n ? sum / n : std::nan(""));
            }
        }
    };
    // Runs are independent: spread over threads, printed in order.
    std::vector<std::thread> pool;
    std::atomic<size_t> next{0};
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&] {
            for (size_t i = next++; i < runs.size(); i = next++) one(runs[i]);
        });
    }
    for (std::thread& t : pool) t.join();

    const std::vector<Gauge>& g0 = runs.empty() ? probe->gauges() : runs[0].gauges;
    if (csv) {
        std::printf("run,%s,seed", v.name.c_str());
        for (const Gauge& g : g0) std::printf(",%s", g.name);
        if (mean_last > 0) for (const Gauge& g : g0) std::printf(",%s_mean_last", g.name);
        std::printf("\n");
    }
    for (const Run& r : runs) {
        if (csv) {
            std::printf("%d,%s,%llu", r.index, v.values[r.value].c_str(), static_cast<unsigned long long>(e.seed(r.index)));
            for (const Gauge& g : r.gauges) std::printf(",%s", py_repr(g.value).c_str());
            for (double m : r.means) std::printf(",%s", py_repr(m).c_str());
            std::printf("\n");
        } else if (json) {
            std::string o = "{\"run\": " + std::to_string(r.index) + ", " + json_string(v.name) + ": " +
                            (v.tunable ? v.values[r.value] : json_string(v.values[r.value])) + ", \"seed\": " + std::to_string(e.seed(r.index)) +
                            ", \"steps\": " + std::to_string(steps);
            for (size_t g = 0; g < r.gauges.size(); ++g) o += ", " + json_string(r.gauges[g].name) + ": " + py_repr(r.gauges[g].value);
            for (size_t g = 0; g < r.means.size(); ++g) o += ", " + json_string(std::string(r.gauges[g].name) + "_mean_last") + ": " + py_repr(r.means[g]);
            std::cout << o << "}\n";
        }
    }
    if (csv || json) return 0;
    // Text: per value, each gauge's mean, min and max over the seeds.
    std::printf("%s over %zu seeds, %lld steps (%.2f s)%s\n", scene.c_str(), seeds.size(), steps, steps * kLabDt,
                shards > 1 ? (" (shard " + std::to_string(shard) + "/" + std::to_string(shards) + ")").c_str() : "");
    std::vector<SweepRow> rows;
    for (const Run& r : runs) {
        SweepRow row{v.values[r.value], {}};
        for (const Gauge& g : r.gauges) row.gauges.push_back(g.value);
        rows.push_back(row);
    }
    std::vector<std::string> names, units;
    for (const Gauge& g : g0) {
        names.push_back(g.name);
        units.push_back(g.unit);
    }
    print_summary(v.name, v.values, names, units, rows);
    return 0;
}

// summarize: the per-value summary of sweep --csv files (shards of one
// sweep, put together), as sweep prints it.
int cmd_summarize(int argc, char** argv) {
    if (argc < 3) throw UsageError("summarize: give the CSV files of a sweep (sweep ... --csv > part.csv)");
    std::string header, name;
    std::vector<std::string> names, values;
    std::vector<SweepRow> rows;
    std::vector<bool> seen_run;
    std::vector<std::string> seeds;
    for (int i = 2; i < argc; ++i) {
        std::ifstream in(argv[i]);
        if (!in) throw UsageError(std::string("summarize: cannot read '") + argv[i] + "'");
        std::string line;
        if (!std::getline(in, line)) throw UsageError(std::string("summarize: '") + argv[i] + "' is empty");
        if (header.empty()) {
            header = line;
            const std::vector<std::string> cols = split(line, ',');
            if (cols.size() < 4 || cols[0] != "run" || cols[2] != "seed") throw UsageError(std::string("summarize: '") + argv[i] + "' is not a sweep's CSV");
            name = cols[1];
            for (size_t c = 3; c < cols.size(); ++c) names.push_back(cols[c]);
        } else if (line != header) {
            throw UsageError(std::string("summarize: '") + argv[i] + "' is another sweep (its header differs)");
        }
        while (std::getline(in, line)) {
            const std::vector<std::string> cols = split(line, ',');
            long long run = 0;
            if (cols.size() != names.size() + 3 || !(std::istringstream(cols[0]) >> run) || run < 0 || run > 100000000) {
                throw UsageError(std::string("summarize: a malformed row in '") + argv[i] + "': '" + shortened(line) + "'");
            }
            if (static_cast<size_t>(run) >= seen_run.size()) seen_run.resize(static_cast<size_t>(run) + 1, false);
            if (seen_run[static_cast<size_t>(run)]) throw UsageError("summarize: run " + cols[0] + " is in two files");
            seen_run[static_cast<size_t>(run)] = true;
            SweepRow row{cols[1], {}};
            for (size_t c = 3; c < cols.size(); ++c) {
                double x;
                if (!parse_number(cols[c], &x)) throw UsageError("summarize: '" + shortened(cols[c]) + "' is not a number");
                row.gauges.push_back(x);
            }
            if (std::find(values.begin(), values.end(), row.value) == values.end()) values.push_back(row.value);
            if (std::find(seeds.begin(), seeds.end(), cols[2]) == seeds.end()) seeds.push_back(cols[2]);
            rows.push_back(row);
        }
    }
    // Missing runs: holes in the run numbers, or in the grid of values and seeds seen.
    const size_t missing = std::max(static_cast<size_t>(std::count(seen_run.begin(), seen_run.end(), false)),
                                    values.size() * seeds.size() - std::min(values.size() * seeds.size(), rows.size()));
    std::printf("%zu runs%s\n", rows.size(), missing ? (", " + std::to_string(missing) + " missing (a shard not given?)").c_str() : "");
    print_summary(name, values, names, std::vector<std::string>(names.size()), rows);
    return 0;
}

int cmd_keys(const Args& a) {
    const std::string scene = a.has("scene") ? a.raw("scene") : "flock";
    if (!make_scene(scene)) throw UsageError("--scene: expected one of " + join(scene_names()) + ", got '" + scene + "'");
    std::cout << keys_markdown(scene);
    return 0;
}

int dispatch(int argc, char** argv) {
    if (argc < 2) throw UsageError("missing command (gauges, dump, explain, describe, keys, vehicle, crowd, field, sweep, summarize or bench); try --help");
    const std::string cmd = argv[1];
    const auto asks_help = [](const char* a) { return std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0; };
    // `flocklab help`, `flocklab --help`, `flocklab gauges --help`; "help" as
    // an option's value (`--hawk help`) is an error like any other.
    bool help = asks_help(argv[1]) || std::strcmp(argv[1], "help") == 0;
    for (int i = 2; i < argc; ++i) help = help || asks_help(argv[i]);
    if (help) {  // `flocklab --help` and `flocklab gauges --help` alike
        std::cout << kUsage;
        return 0;
    }
    const std::vector<OptionSpec> flock_opts = {{"seconds", true}, {"steps", true},  {"boids", true},
                                                {"rules", true},   {"hawk", true},   {"neighbors", true},
                                                {"json", false},   {"wander", false}, {"leader", true},
                                                {"threads", true}, {"set", true, true}};
    if (cmd == "gauges") {
        std::vector<OptionSpec> o = flock_opts;
        o.push_back({"seeds", true});
        o.push_back({"series", false});
        o.push_back({"scene", true});
        o.push_back({"option", true, true});
        return cmd_gauges(Args(argc, argv, 2, o));
    }
    if (cmd == "dump") {
        std::vector<OptionSpec> o = flock_opts;
        o.push_back({"seed", true});
        return cmd_dump(Args(argc, argv, 2, o));
    }
    if (cmd == "explain") {
        std::vector<OptionSpec> o = flock_opts;
        o.push_back({"seed", true});
        o.push_back({"boid", true});
        return cmd_explain(Args(argc, argv, 2, o));
    }
    if (cmd == "vehicle") {
        return cmd_vehicle(Args(argc, argv, 2,
                                {{"mode", true}, {"seconds", true}, {"steps", true}, {"start", true},
                                 {"vel", true}, {"target", true}, {"seed", true}, {"json", false}}));
    }
    if (cmd == "describe") {
        std::vector<OptionSpec> o = flock_opts;
        for (const char* name : {"seed", "scene", "mode", "target", "follow", "walls", "goal", "agents"}) o.push_back({name, true});
        // (flock_opts has --set)
        return cmd_describe(Args(argc, argv, 2, o));
    }
    if (cmd == "keys") return cmd_keys(Args(argc, argv, 2, {{"scene", true}}));
    if (cmd == "crowd") {
        return cmd_crowd(Args(argc, argv, 2,
                              {{"seed", true}, {"steps", true}, {"seconds", true}, {"follow", true}, {"walls", true},
                               {"goal", true}, {"agents", true}, {"json", false}, {"set", true, true}}));
    }
    if (cmd == "summarize") return cmd_summarize(argc, argv);
    if (cmd == "sweep") {
        return cmd_sweep(Args(argc, argv, 2,
                              {{"scene", true}, {"vary", true}, {"seeds", true}, {"seconds", true}, {"steps", true},
                               {"boids", true}, {"rules", true}, {"option", true, true}, {"set", true, true},
                               {"mean-last", true}, {"threads", true}, {"shard", true}, {"csv", false}, {"json", false}}));
    }
    if (cmd == "field") return cmd_field(Args(argc, argv, 2, {{"walls", true}, {"goal", true}, {"json", false}}));
    if (cmd == "bench") {
        return cmd_bench(Args(argc, argv, 2,
                              {{"boids", true}, {"neighbors", true}, {"steps", true}, {"warmup", true},
                               {"threads", true}, {"density", true}, {"json", false}}));
    }
    throw UsageError("unknown command '" + cmd + "' (expected gauges, dump, explain, describe, keys, vehicle, crowd, field, sweep, summarize or bench)");
}

}  // namespace
}  // namespace flocklab::cli

int main(int argc, char** argv) {
    try {
        return flocklab::cli::dispatch(argc, argv);
    } catch (const flocklab::cli::UsageError& e) {
        std::fprintf(stderr, "flocklab: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "flocklab: error: %s\n", e.what());
        return 1;
    }
}
