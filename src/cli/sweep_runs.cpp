#include "sweep_runs.hpp"

#include <atomic>
#include <cerrno>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

#include "core/format.hpp"
#include "core/workers.hpp"

namespace flocklab::cli {

void Output::put(const std::string& text) {
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), f_) != text.size() || std::fflush(f_) != 0) {
        const int err = errno;
        throw WriteError("cannot write " + where_ + ": " + (err ? std::strerror(err) : "the write failed") + hint_);
    }
}

namespace {
// --vary NAME=START:STOP:STEP | NAME=V1,V2: the setting and its values, as a
// page's data-values gives them (Experiment::values_of checks them).
void varied_of(const std::string& text, Scene& probe, SweepSpec* s) {
    const size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
        throw UsageError("--vary: expected NAME=START:STOP:STEP or NAME=V1,V2,..., got '" + shortened(text) + "'");
    }
    s->vary = text.substr(0, eq);
    s->tunable = false;
    for (const Tunable& t : probe.tunables()) s->tunable = s->tunable || t.name == s->vary;
    if (!s->tunable && !probe.option(s->vary)) {
        std::vector<const char*> names;
        for (const Tunable& t : probe.tunables()) names.push_back(t.name);
        for (const flocklab::OptionSpec& o : probe.options()) names.push_back(o.name);
        throw UsageError("--vary: a " + std::string(probe.name()) + " scene has no setting '" + shortened(s->vary) + "' (it has " + join(names) + ")");
    }
    std::string why;
    s->values = Experiment::values_of(text.substr(eq + 1), probe, s->vary, &why);  // one rule with a page's data-values
    if (!why.empty()) throw UsageError("--vary: " + why);
}
}  // namespace

SweepSpec sweep_spec(const Args& a) {
    SweepSpec s;
    s.scene = scene_option(a);
    if (!a.has("vary")) throw UsageError("--vary: which setting to vary, e.g. --vary weight_separation=0:3:0.25");
    std::unique_ptr<Session> probe = make_session(s.scene);
    configure(a, probe->scene());
    varied_of(a.raw("vary"), probe->scene(), &s);
    s.seeds = a.seeds("seeds", 7);
    s.steps = steps_option(a, 10.0);
    s.mean_last = a.number("mean-last", 0, 0, 1e6);
    s.settings = probe->scene().settings();
    s.compare = name_values(a, "compare");
    return s;
}

SweepRuns::SweepRuns(const SweepSpec& spec) : spec_(spec) {
    std::unique_ptr<Session> probe = make_session(spec.scene);
    probe->scene().apply_settings(spec.settings);
    // The runs, each the probe's configuration with its value, reset to its
    // seed: Experiment builds them, as the page's experiment() does.
    std::string why;
    e_ = std::make_unique<Experiment>(spec.scene, spec.settings, spec.vary, spec.values, spec.seeds, spec.steps, &why);
    if (!why.empty()) throw UsageError("--vary: " + why);
    apply_compare(spec.compare, *probe);  // checked here; each run makes its own lane
    e_->set_compare(probe->compared());
    gauges_ = probe->measured();
    noun_ = probe->scene().agent_noun();
}

void SweepRuns::check_work(int first, int end) const {
    const std::string too_much = step_refusal("sweep", noun_, static_cast<double>(e_->work_per_step()), e_->step_estimate(),
                                              static_cast<double>(spec_.steps), static_cast<double>(end - first));
    if (!too_much.empty()) throw UsageError(too_much);
}

std::string SweepRuns::csv_header() const {
    std::string h = "run," + spec_.vary + ",seed";
    for (const Gauge& g : gauges_) h += std::string(",") + g.name;
    if (spec_.mean_last > 0) {
        for (const Gauge& g : gauges_) h += std::string(",") + g.name + "_mean_last";
    }
    return h + "\n";
}

std::string SweepRuns::csv_row(const Row& r) const {
    std::string o = std::to_string(r.index) + "," + value(r.index) + "," + std::to_string(seed(r.index));
    for (double g : r.gauges) o += "," + py_repr(g);
    for (double m : r.means) o += "," + py_repr(m);
    return o + "\n";
}

std::string SweepRuns::json_row(const Row& r) const {
    std::string o = "{\"run\": " + std::to_string(r.index) + ", " + json_string(spec_.vary) + ": " +
                    (spec_.tunable ? value(r.index) : json_string(value(r.index))) + ", \"seed\": " + std::to_string(seed(r.index)) +
                    ", \"steps\": " + std::to_string(spec_.steps);
    for (size_t g = 0; g < r.gauges.size(); ++g) o += ", " + json_string(gauges_[g].name) + ": " + py_repr(r.gauges[g]);
    for (size_t g = 0; g < r.means.size(); ++g) o += ", " + json_string(std::string(gauges_[g].name) + "_mean_last") + ": " + py_repr(r.means[g]);
    return o + "}\n";
}

void SweepRuns::run(int first, int end, int threads, const std::function<void(const Row&)>& emit) const {
    const auto one = [&](int index) {
        Row r{index, {}, {}};
        std::unique_ptr<Session> s = e_->start(index);
        step_all(*s, spec_.steps);
        for (const Gauge& g : s->measured()) r.gauges.push_back(g.value);
        if (spec_.mean_last > 0) {
            const History& h = s->history();
            const double from = s->time() - spec_.mean_last;
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
        return r;
    };
    // Runs are independent: taken in order by the threads, handed back in order.
    const size_t count = end > first ? static_cast<size_t>(end - first) : 0;
    std::vector<Row> rows(count);
    std::vector<char> done(count, 0);
    std::mutex m;
    std::condition_variable cv;
    std::atomic<size_t> next{0};
    std::atomic<bool> stop{false};
    std::exception_ptr failed;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&] {
            for (size_t i = next++; i < count && !stop; i = next++) {
                try {
                    Row r = one(first + static_cast<int>(i));
                    std::lock_guard<std::mutex> lock(m);
                    rows[i] = std::move(r);
                    done[i] = 1;
                } catch (...) {
                    std::lock_guard<std::mutex> lock(m);
                    if (!failed) failed = std::current_exception();
                    stop = true;
                }
                cv.notify_all();
            }
        });
    }
    try {
        for (size_t i = 0; i < count; ++i) {
            Row r;
            {
                std::unique_lock<std::mutex> lock(m);
                cv.wait(lock, [&] { return done[i] || failed; });
                if (!done[i]) break;
                r = std::move(rows[i]);
            }
            emit(r);
        }
    } catch (...) {
        stop = true;
        for (std::thread& t : pool) t.join();
        throw;
    }
    for (std::thread& t : pool) t.join();
    if (failed) std::rethrow_exception(failed);
}

}  // namespace flocklab::cli
