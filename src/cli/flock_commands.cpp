// The flock's commands: gauges (the lab's gauges; any other scene through
// scene_gauges), dump, explain and bench.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "flock_options.hpp"
#include "core/flock_bench.hpp"
#include "core/experiment.hpp"
#include "core/format.hpp"
#include "core/scan.hpp"

namespace flocklab::cli {

int cmd_gauges(const Args& a) {
    if (a.has("compare")) {  // a what-if lane beside each run: any scene's path, with apart
        for (const char* only : {"hawk", "wander", "leader", "neighbors", "threads", "series"}) {
            if (a.has(only)) throw UsageError("--" + std::string(only) + " is not for gauges --compare (give it with --option)");
        }
        return cmd_scene_gauges(a, scene_option(a));
    }
    if (a.has("scene") && a.raw("scene") != "flock") {  // another scene: its gauges as the widget runs it
        const std::string scene = scene_option(a);
        for (const char* only : {"rules", "hawk", "wander", "leader", "neighbors", "threads", "series", "boids"}) {
            if (a.has(only)) throw UsageError("--" + std::string(only) + " is for --scene flock");
        }
        return cmd_scene_gauges(a, scene);
    }
    const FlockOptions f = flock_options(a, "gauges", false);
    const std::vector<std::uint64_t>& seeds = f.seeds;
    const std::vector<std::string>& rules = f.rules;
    const bool json = a.has("json");
    if (a.has("series")) {  // the run's history, as the widget keeps it (History::csv)
        if (seeds.size() != 1 || rules.size() != 1) throw UsageError("--series: give one seed and one rule set");
        if (json) throw UsageError("--series prints CSV; leave out --json");
        std::unique_ptr<Session> session;
        f.run(seeds[0], rules[0], &session);
        std::cout << session->history().csv();
        return 0;
    }

    if (!json) std::printf("%-6s %-9s %6s %7s %12s %8s\n", "seed", "rules", "boids", "steps", "spacing_px", "order");
    for (const std::string& rw : rules) {
        std::vector<double> spacing, order;
        for (std::uint64_t seed : seeds) {
            const FlockRun r = f.run(seed, rw);
            if (json) {
                std::cout << "{" << run_json_fields(r) << "}\n" << std::flush;
                continue;
            }
            std::printf("%-6llu %-9s %6d %7lld %12.3f %8.4f\n", static_cast<unsigned long long>(seed),
                        rw.c_str(), f.boids, f.steps, r.spacing, r.order);
            spacing.push_back(r.spacing);
            order.push_back(r.order);
        }
        if (!json && seeds.size() > 1) {
            const Summary s = summarize(spacing), o = summarize(order);
            std::printf("  %s over %zu seeds: spacing mean %.3f (%.3f to %.3f) px, order mean %.4f (%.4f to %.4f)\n",
                        rw.c_str(), seeds.size(), s.mean, s.min, s.max, o.mean, o.min, o.max);
        }
    }
    return 0;
}

namespace {
std::string boids_state(const Flock& flock) {
    std::string o = "[";
    for (int i = 0; i < flock.size(); ++i) o += (i ? ", " : "") + json_motion(flock.boid(i).pos, flock.boid(i).vel);
    return o + "]";
}
// A lane's report in what_if.py's layout.
std::string flock_report(Scene& lane) {
    FlockScene& s = static_cast<FlockScene&>(lane);
    const std::vector<Gauge> g = s.gauges();
    return "\"spacing\": " + py_repr(g[0].value) + ", \"order\": " + py_repr(g[1].value) + ", \"slowest\": " + py_repr(g[2].value) +
           ", \"boids_state\": " + boids_state(s.flock);
}
}  // namespace

int cmd_dump(const Args& a) {
    const FlockOptions f = flock_options(a, "dump", true);
    std::unique_ptr<Session> session;
    const FlockRun r = f.run(f.seeds[0], f.rules[0], &session);
    const Flock& flock = static_cast<FlockScene&>(session->scene()).flock;
    const Pairs set = name_values(a, "set");
    const bool switched = std::any_of(set.begin(), set.end(), [&](const auto& kv) { return session->scene().option(kv.first) != nullptr; });
    if (!f.compare.empty() || switched) {  // what_if.py's layout
        const std::string head = "\"seed\": " + std::to_string(r.seed) + ", \"steps\": " + std::to_string(r.steps) + ", \"boids\": " +
                                 std::to_string(r.boids) + ", \"rules\": \"" + r.rules + "\", \"hawk\": " + hawk_json(r.ext.hawk);
        std::cout << what_if_json(head, set, f.compare, *session, flock_report) << "\n";
        return 0;
    }
    std::ostringstream out;
    out << "{" << run_json_fields(r) << ", \"boids_state\": " << boids_state(flock);
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
    std::unique_ptr<Session> session;
    f.run(seeds[0], rules[0], &session);
    Flock& flock = static_cast<FlockScene&>(session->scene()).flock;
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
    std::printf("%-11s %12.3f %12.3f %10.3f  px/s², clamped to %.0f\n", "total", e.total.x, e.total.y,
                e.total.length(), f.base.max_force);
    return 0;
}

int cmd_bench(const Args& a) {
    const std::vector<long long> sizes = a.integers("boids", {100, 300, 500}, 2, kMaxBoids);
    const std::vector<std::string> modes = a.words("neighbors", {"brute", "grid"}, {"brute", "grid"});
    const long long steps = a.integer("steps", 50, 1, 100000);
    const long long warmup = a.integer("warmup", kFormedWarmup, 0, 100000);
    const std::vector<long long> thread_counts = a.integers("threads", {1}, 1, Workers::kMaxThreads);
    // --density N: the world grows with the flock, as dense as N boids in the
    // lesson's 900x540 world. Absent: the lesson's fixed world.
    const double density = a.number("density", 0.0, 0.0, kMaxBoids);
    const auto params_for = [density](long long n) {
        FlockParams p;
        p.num_boids = static_cast<int>(n);
        if (density > 0) {  // keep the lesson's 5:3 aspect, scale the area with the flock
            const double scale = std::sqrt(static_cast<double>(n) / density);
            p.world_width *= scale;
            p.world_height *= scale;
        }
        return p;
    };
    {  // the whole bench, every size, mode and thread count, against the same cap
        const std::vector<std::string> modes_asked = a.words("neighbors", {"brute", "grid"}, {"brute", "grid"});
        double seconds = 0;
        for (long long n : sizes) {
            for (const std::string& mode : modes_asked) {
                // The grid's cells are cleared at every step, however few boids: a huge world at a low density has millions.
                const GridLayout g = search_layout(params_for(n), static_cast<int>(n));
                const double cells = mode == "brute" ? 0.0 : static_cast<double>(g.cols) * g.rows;
                const double us = step_micros(static_cast<double>(n), density > 0 ? density : static_cast<double>(n), mode == "brute", cells);
                seconds += static_cast<double>(steps + warmup) * static_cast<double>(thread_counts.size()) * us * 1e-6;
            }
        }
        if (seconds > kMaxSeconds) {
            throw UsageError("bench: these sizes, modes and thread counts would take about " + duration(seconds) +
                             " on this machine; one command works at most " + duration(kMaxSeconds) +
                             ": ask for fewer boids, steps or a smaller --warmup");
        }
    }
    const bool json = a.has("json");
    if (a.has("density") && density <= 0) throw UsageError("--density: expected a number above 0, got '" + shortened(a.raw("density")) + "'");
    if (!json) {
        std::printf("%7s %6s %7s %12s %10s %10s %12s %8s\n", "boids", "mode", "threads", "world", "median_ms", "min_ms",
                    "ns/boid", "scan");
    }
    for (long long n : sizes) {
        const FlockParams p = params_for(n);
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
// The flock's own flags: describe's (--rules, --boids, --hawk, --wander,
// --leader, as gauges reads them), and sweep's and gauges --scene's, where
// they are shorthands of options: --hawk X,Y is hawkMode=pointer and
// hawk=X,Y, --hawk pursuit hawkMode=pursuit, --wander rule=wander=1,
// --leader X,Y leader=on and leaderTarget=X,Y.
const bool kFlockFlags = register_cli_scene({"flock", {"rules", "boids", "hawk", "wander", "leader"},
                                             [](const Args& a, Scene& s) {
    auto& f = static_cast<FlockScene&>(s);
    const Extensions ext = extension_options(a);
    if (a.has("boids")) {
        const SetResult r = f.set("boids", std::to_string(a.integer("boids", 60, 2, kWidgetMaxBoids)));
        if (r.status == SetResult::Invalid) throw UsageError(r.message);
    }
    const Rules r = rules_of(a.has("rules") ? a.raw("rules") : "all", ext);
    for (int i = 0; i < kRuleCount; ++i) f.set_rule(i, rule(r, i));
    if (ext.pursuit) f.set_hawk_mode(HawkMode::Pursuit);
    if (ext.hawk) f.hawk = ext.hawk;
    if (ext.leader) {
        f.set_leader_target(*ext.leader);
        f.set_leader(true);
    }
}, {"boids", "rules", "hawk", "wander", "leader"}, [](const Args& a, Scene& s) {
    const Extensions ext = extension_options(a);  // read and checked as gauges reads them
    Pairs options;
    if (ext.pursuit) options = {{"hawkMode", "pursuit"}};
    if (ext.hawk) options = {{"hawkMode", "pointer"}, {"hawk", vec_arg(*ext.hawk)}};
    if (ext.wander) options.emplace_back("rule", "wander=1");
    if (ext.leader) options.insert(options.end(), {{"leader", "on"}, {"leaderTarget", vec_arg(*ext.leader)}});
    apply_options(options, s);
    if (a.has("boids")) s.set("boids", std::to_string(a.integer("boids", 60, 2, kWidgetMaxBoids)));
    if (a.has("rules")) {
        Rules r;
        if (!parse_rules(a.raw("rules"), &r)) {
            std::string names;
            for (const std::string& w : kRuleWords) names += (names.empty() ? "" : ", ") + w;
            throw UsageError("--rules: expected one of " + names + ", got '" + shortened(a.raw("rules")) + "'");
        }
        for (int i = 0; i < 3; ++i) static_cast<FlockScene&>(s).set_rule(i, rule(r, i));
    }
}});

}  // namespace flocklab::cli
