#include "history.hpp"

#include <algorithm>

#include "format.hpp"
#include "scene.hpp"
#include "state_io.hpp"

namespace flocklab {

void History::clear() {
    kept_.clear();
    start_ = count_ = 0;
    events_.clear();
}

History::Run History::frozen() const {
    Run r{run_, seed_, config_, {}, {}, events_};
    for (int k = 0; k < count_; ++k) {
        r.times.push_back(time(k));
        for (size_t g = 0; g < names_.size(); ++g) r.values.push_back(value(k, static_cast<int>(g)));
    }
    return r;
}

void History::start_run(std::uint64_t seed, const std::string& config) {
    if (count_ > 1) {  // a run that got past its first sample is kept
        if (static_cast<int>(kept_.size()) >= kKeptRuns) kept_.erase(kept_.begin());
        kept_.push_back(frozen());
    }
    ++run_;
    seed_ = seed;
    config_ = config;
    start_ = count_ = 0;
    events_.clear();
}

void History::sample(double time, const std::vector<Gauge>& gauges) {
    if (names_.size() != gauges.size()) {  // the first sample fixes the columns
        names_.clear();
        units_.clear();
        for (const Gauge& g : gauges) {
            names_.push_back(g.name);
            units_.push_back(g.unit);
        }
        times_.assign(kCapacity, 0.0);
        values_.assign(static_cast<size_t>(kCapacity) * gauges.size(), 0.0);
        start_ = count_ = 0;
    }
    // A second sample at the same time (a reset at 0 s, then a read) replaces the first.
    int at;
    if (count_ > 0 && times_[slot(count_ - 1)] == time) {
        at = slot(count_ - 1);
    } else if (count_ < kCapacity) {
        at = slot(count_++);
    } else {
        at = start_;
        start_ = (start_ + 1) % kCapacity;
    }
    times_[at] = time;
    for (size_t g = 0; g < gauges.size(); ++g) values_[at * gauges.size() + g] = gauges[g].value;
    // Marks older than the oldest sample have nothing left to mark.
    const double oldest = times_[start_];
    size_t drop = 0;
    while (drop < events_.size() && events_[drop].time < oldest) ++drop;
    events_.erase(events_.begin(), events_.begin() + static_cast<long>(drop));
}

void History::mark(double time, const std::string& what, const char* kind) {
    if (static_cast<int>(events_.size()) >= kMaxEvents) events_.erase(events_.begin());
    events_.push_back({time, what, kind});
}

double History::time(int k) const { return times_[slot(k)]; }

double History::value(int k, int gauge) const { return values_[slot(k) * names_.size() + gauge]; }

std::string History::run_json(const Run& r, const std::vector<std::string>& names, bool units) {
    std::string o = "{\"run\": " + std::to_string(r.run) + ", \"seed\": " + std::to_string(r.seed) + ", \"config\": " + r.config +
                    ", \"time\": [";
    for (size_t k = 0; k < r.times.size(); ++k) o += (k ? ", " : "") + py_repr(r.times[k]);
    o += "]";
    for (size_t g = 0; g < names.size(); ++g) {
        o += ", " + json_string(names[g]) + ": [";
        for (size_t k = 0; k < r.times.size(); ++k) o += (k ? ", " : "") + py_repr(r.values[k * names.size() + g]);
        o += "]";
    }
    if (units) return o;
    o += ", \"events\": [";
    for (size_t e = 0; e < r.events.size(); ++e) {
        o += std::string(e ? ", " : "") + "{\"time\": " + py_repr(r.events[e].time) + ", \"what\": " +
             json_string(r.events[e].what) + ", \"kind\": " + json_string(r.events[e].kind) + "}";
    }
    return o + "]}";
}

std::string History::json() const {
    const Run now = frozen();
    std::string o = run_json(now, names_, true);
    o += ", \"units\": {\"time\": \"s\"";
    for (size_t g = 0; g < names_.size(); ++g) o += ", " + json_string(names_[g]) + ": " + json_string(units_[g]);
    o += "}, \"events\": [";
    for (size_t e = 0; e < events_.size(); ++e) {
        o += std::string(e ? ", " : "") + "{\"time\": " + py_repr(events_[e].time) + ", \"what\": " +
             json_string(events_[e].what) + ", \"kind\": " + json_string(events_[e].kind) + "}";
    }
    o += "], \"runs\": [";
    for (size_t r = 0; r < kept_.size(); ++r) o += (r ? ", " : "") + run_json(kept_[r], names_, false);
    return o + "]}";
}

std::string History::csv() const {
    const auto column = [](const std::string& name, const std::string& unit) {
        return unit.empty() ? name : name + " (" + unit + ")";
    };
    std::string o = "run," + column("time", "s");
    for (size_t g = 0; g < names_.size(); ++g) o += "," + column(names_[g], units_[g]);
    o += ",event\n";
    std::vector<Run> all = kept_;
    all.push_back(frozen());
    for (const Run& r : all) {
        const std::string run = std::to_string(r.run) + ",";
        // Samples and marks in time order; a mark gets a row of its own,
        // after the sample taken at the same time.
        size_t e = 0;
        const auto marks_until = [&](double t, bool inclusive) {
            for (; e < r.events.size() && (r.events[e].time < t || (inclusive && r.events[e].time == t)); ++e) {
                // A spreadsheet reads a cell that starts with = + - @ (or a tab
                // or CR) as a formula: such a mark (a translation's words can
                // be anything) starts with an apostrophe, shown as text.
                const std::string& text = r.events[e].what;
                std::string what = !text.empty() && std::string("=+-@\t\r").find(text[0]) != std::string::npos ? "'" : "";
                for (char c : text) what += c == '"' ? std::string("\"\"") : std::string(1, c);
                o += run + py_repr(r.events[e].time) + std::string(names_.size(), ',') + ",\"" + what + "\"\n";
            }
        };
        for (size_t k = 0; k < r.times.size(); ++k) {
            marks_until(r.times[k], false);
            o += run + py_repr(r.times[k]);
            for (size_t g = 0; g < names_.size(); ++g) o += "," + py_repr(r.values[k * names_.size() + g]);
            o += ",\n";
            marks_until(r.times[k], true);
        }
        marks_until(1e300, true);
    }
    return o;
}

namespace {
void event_io(StateIO& io, History::Event& e) {
    static const char* const kKinds[] = {"reset", "rule", "mode", "param", "option"};
    io.f64(e.time);
    io.text(e.what);
    std::string kind = e.kind ? e.kind : "";
    io.text(kind);
    if (!io.reading()) return;
    e.kind = nullptr;
    for (const char* k : kKinds) {
        if (kind == k) e.kind = k;
    }
    if (!e.kind) {
        io.fail("a mark of no known kind");
        e.kind = kKinds[4];
    }
}
}  // namespace

void History::state_io(StateIO& io) {
    io.list(kept_, [](StateIO& io, Run& r) {
        io.i32(r.run);
        io.u64(r.seed);
        io.text(r.config);
        io.f64s(r.times);
        io.f64s(r.values);
        io.list(r.events, event_io);
    });
    io.i32(run_);
    io.u64(seed_);
    io.text(config_);
    const auto texts = [](StateIO& io, std::string& t) { io.text(t); };
    io.list(names_, texts);
    io.list(units_, texts);
    io.f64s(times_);
    io.f64s(values_);
    io.i32(start_);
    io.i32(count_);
    io.list(events_, event_io);
    // The ring's shape, as the rest of History relies on it.
    const size_t width = names_.size();
    const bool kept_whole = std::all_of(kept_.begin(), kept_.end(), [&](const Run& r) { return r.values.size() == r.times.size() * width; });
    if (io.reading() && (units_.size() != width || !kept_whole || (!times_.empty() && times_.size() != static_cast<size_t>(kCapacity)) ||
                         values_.size() != times_.size() * width || start_ < 0 || count_ < 0 || count_ > static_cast<int>(times_.size()) ||
                         (count_ > 0 && start_ >= kCapacity))) {
        io.fail("a history of the wrong shape");
    }
}

}  // namespace flocklab
