// sweep and gauges --scene: one setting over values, each over seeds, and
// any scene's gauges at the end of a run.
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
#include <atomic>
#include <thread>

#include "core/experiment.hpp"
#include "core/format.hpp"
#include "core/workers.hpp"
#include "plan.hpp"
#include "sweep_runs.hpp"

namespace flocklab::cli {

// [SECTION] sweep: one setting over a list or range of values, each over
// seeds. Every run is the scene built as the widget builds it (its options,
// then --set, then the varied setting), reset to the seed and run: the same
// bits as that configuration run alone (gauges --set, describe, the page).


// gauges --scene steer|crowd: any scene, configured as a widget is, reset to
// each seed and run: its gauges at the end (the page's runTo, and a sweep's row).
int cmd_scene_gauges(const Args& a, const std::string& scene) {
    const std::vector<std::uint64_t> seeds = a.seeds("seeds", 7);
    const long long steps = steps_option(a, 10.0);
    std::unique_ptr<Session> probe = make_session(scene);
    configure(a, probe->scene());
    check_work("gauges", probe->scene(), static_cast<double>(steps), static_cast<double>(seeds.size()));
    const std::vector<std::pair<std::string, std::string>> settings = probe->scene().settings();
    const Pairs compare = name_values(a, "compare");
    apply_compare(compare, *probe);  // checked once, before any run
    for (std::uint64_t seed : seeds) {
        std::unique_ptr<Session> s = make_session(scene);
        s->scene().apply_settings(settings);
        apply_compare(compare, *s);
        s->reset(seed);
        step_all(*s, steps);
        std::string line = a.has("json") ? "{\"scene\": " + json_string(scene) + ", \"seed\": " + std::to_string(seed) + ", \"steps\": " + std::to_string(steps)
                                         : "seed " + std::to_string(seed) + ", " + std::to_string(steps) + " steps:";
        for (const Gauge& g : s->measured()) {
            line += a.has("json") ? ", " + json_string(g.name) + ": " + py_repr(g.value)
                                  : " " + std::string(g.name) + " " + py_repr(g.value) + (g.unit[0] ? std::string(" ") + g.unit : "");
        }
        std::cout << line << (a.has("json") ? "}\n" : "\n");
    }
    return 0;
}

// --shard K/N: whole numbers alone (no sign, space, point or exponent), read
// whole: 1/4294967296 was a division by zero, 2/4294967298 shard 2/2. With
// a plan, N may be left out (--shard K), and must be the plan's if given.
std::pair<int, int> shard_option(const Args& a, int plan_shards) {
    if (!a.has("shard")) return {1, 1};
    constexpr long long kMaxShards = 1000000;
    const auto whole = [](const std::string& s, long long* out) {
        if (s.empty() || s.size() > 7 || s.find_first_not_of("0123456789") != std::string::npos) return false;
        *out = std::stoll(s);
        return true;
    };
    const std::vector<std::string> k = split(a.raw("shard"), '/');
    long long x = 0, n = plan_shards;
    const bool n_ok = k.size() == 2 ? whole(k[1], &n) : (k.size() == 1 && plan_shards > 0);
    if (!n_ok || !whole(k[0], &x) || n < 1 || x < 1 || x > n || n > kMaxShards) {
        throw UsageError("--shard: expected " + std::string(plan_shards > 0 ? "K or K/N" : "K/N") +
                         ", whole numbers with 1 <= K <= N <= " + std::to_string(plan_shards > 0 ? plan_shards : kMaxShards) + ", got '" +
                         shortened(a.raw("shard")) + "'");
    }
    if (plan_shards > 0 && n != plan_shards) {
        throw UsageError("--shard: the plan has " + std::to_string(plan_shards) + " shards, not " + std::to_string(n));
    }
    return {static_cast<int>(x), static_cast<int>(n)};
}

int cmd_sweep(const Args& a) {
    if (a.has("plan")) return cmd_sweep_shard(a);
    for (const char* own : {"out", "resume"}) {
        if (a.has(own)) throw UsageError(std::string("--") + own + " is for a shard of a plan (sweep --plan FILE --shard K --out FILE)");
    }
    const bool csv = a.has("csv"), json = a.has("json");
    if (csv && json) throw UsageError("give --csv or --json, not both");
    const SweepSpec spec = sweep_spec(a);
    const int threads = static_cast<int>(a.integer("threads", 1, 1, Workers::kMaxThreads));
    const auto [shard, shards] = shard_option(a, 0);
    const SweepRuns runs(spec);
    for (const std::string& w : runs.warnings()) std::fprintf(stderr, "flocklab: warning: --vary %s\n", w.c_str());
    // Runs in order: value by value, seed by seed; shard K of N takes the
    // K-th of N contiguous blocks, so the shards' outputs, concatenated in
    // order without their headers, are the whole sweep's.
    const int first = static_cast<int>(shard_first(runs.runs(), shard, shards)), end = static_cast<int>(shard_end(runs.runs(), shard, shards));
    runs.check_work(first, end);
    Output out(stdout, "the output");
    if (csv || json) {
        // Each row as soon as it and the runs before it are done.
        if (csv) out.put(runs.csv_header());
        runs.run(first, end, threads, [&](const SweepRuns::Row& r) { out.put(csv ? runs.csv_row(r) : runs.json_row(r)); });
        return 0;
    }
    // Text: per value, each gauge's mean, min and max over the seeds.
    std::vector<SweepRow> rows;
    runs.run(first, end, threads, [&](const SweepRuns::Row& r) { rows.push_back({runs.value(r.index), r.gauges}); });
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.2f", spec.steps * kLabDt);
    out.put(spec.scene + " over " + std::to_string(spec.seeds.size()) + " seeds, " + std::to_string(spec.steps) + " steps (" + secs + " s)" +
            (shards > 1 ? " (shard " + std::to_string(shard) + "/" + std::to_string(shards) + ")" : "") + "\n");
    std::vector<std::string> names, units;
    for (const Gauge& g : runs.gauges()) {
        names.push_back(g.name);
        units.push_back(g.unit);
    }
    print_summary(spec.vary, spec.values, names, units, rows);
    return 0;
}
}  // namespace flocklab::cli
