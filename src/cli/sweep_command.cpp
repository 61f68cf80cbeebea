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

namespace flocklab::cli {

// [SECTION] sweep: one setting over a list or range of values, each over
// seeds. Every run is the scene built as the widget builds it (its options,
// then --set, then the varied setting), reset to the seed and run: the same
// bits as that configuration run alone (gauges --set, describe, the page).


namespace {
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

}  // namespace

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

int cmd_sweep(const Args& a) {
    const std::string scene = scene_option(a);
    if (!a.has("vary")) throw UsageError("--vary: which setting to vary, e.g. --vary weight_separation=0:3:0.25");
    const bool csv = a.has("csv"), json = a.has("json");
    if (csv && json) throw UsageError("give --csv or --json, not both");
    std::unique_ptr<Session> probe = make_session(scene);
    configure(a, probe->scene());
    const Varied v = varied_of(a.raw("vary"), probe->scene());
    const std::vector<std::uint64_t> seeds = a.seeds("seeds", 7);
    const long long steps = steps_option(a, 10.0);
    const double mean_last = a.number("mean-last", 0, 0, 1e6);  // s: also each gauge's mean over the run's last seconds
    const int threads = static_cast<int>(a.integer("threads", 1, 1, Workers::kMaxThreads));
    int shard = 1, shards = 1;
    if (a.has("shard")) {
        // K and N as digits alone (no sign, space, point or exponent), read
        // whole: 1/4294967296 was a division by zero, 2/4294967298 shard 2/2.
        constexpr long long kMaxShards = 1000000;
        const auto whole = [](const std::string& s, long long* out) {
            if (s.empty() || s.size() > 7 || s.find_first_not_of("0123456789") != std::string::npos) return false;
            *out = std::stoll(s);
            return true;
        };
        const std::vector<std::string> k = split(a.raw("shard"), '/');
        long long x = 0, n = 0;
        if (k.size() != 2 || !whole(k[0], &x) || !whole(k[1], &n) || n < 1 || x < 1 || x > n || n > kMaxShards) {
            throw UsageError("--shard: expected K/N, whole numbers with 1 <= K <= N <= " + std::to_string(kMaxShards) + ", got '" +
                             shortened(a.raw("shard")) + "'");
        }
        shard = static_cast<int>(x);
        shards = static_cast<int>(n);
    }
    // The runs, each the probe's configuration (a snapshot) with its value,
    // reset to its seed: Experiment builds them, as the page's experiment() does.
    std::string why;
    Experiment e(scene, probe->scene().settings(), v.name, v.values, seeds, steps, &why);
    if (!why.empty()) throw UsageError("--vary: " + why);
    apply_compare(name_values(a, "compare"), *probe);  // checked here; each run makes its own lane
    e.set_compare(probe->compared());
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
    const std::string too_much = step_refusal("sweep", probe->scene().agent_noun(), static_cast<double>(e.work_per_step()), e.step_estimate(),
                                              static_cast<double>(steps), static_cast<double>(runs.size()));
    if (!too_much.empty()) throw UsageError(too_much);
    const auto one = [&](Run& r) {
        std::unique_ptr<Session> s = e.start(r.index);
        step_all(*s, steps);
        r.gauges = s->measured();
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

    const std::vector<Gauge> g0 = runs.empty() ? probe->measured() : runs[0].gauges;
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
}  // namespace flocklab::cli
