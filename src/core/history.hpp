// A scene's gauges over simulated time: one sample every kSampleSteps fixed
// steps (10 per simulated second), the last kCapacity samples kept (two
// minutes; older ones are dropped), and marks for what the student changed
// (a rule switched, a reset) at the time it happened. A reset starts a new
// run: the one before is kept (the last kKeptRuns, each as it ended), with
// its seed and the configuration it started from, so a page can compare
// "with separation" and "without". Bounded memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace flocklab {

struct Gauge;
class StateIO;

class History {
public:
    static constexpr int kSampleSteps = 6;     // 1/10 s of 1/60 s steps
    static constexpr int kCapacity = 1200;     // samples: 120 s
    static constexpr int kMaxEvents = 200;     // marks kept (the oldest go first)

    struct Event {
        double time;  // s
        std::string what;
        const char* kind;  // "reset", "rule", "mode", "param", "option"
    };

    static constexpr int kKeptRuns = 5;         // earlier runs kept (the oldest go first)

    // A new run from `seed` and `config` (one JSON object: the options and
    // params it starts from); the run so far is kept if it got past its
    // first sample.
    void start_run(std::uint64_t seed, const std::string& config);
    // Every kept run and the current run's samples go; the current run goes on.
    void clear();
    void sample(double time, const std::vector<Gauge>& gauges);
    void mark(double time, const std::string& what, const char* kind = "option");

    int size() const { return count_; }
    double time(int k) const;            // s, k-th oldest sample
    double value(int k, int gauge) const;
    const std::vector<std::string>& names() const { return names_; }
    const std::vector<std::string>& units() const { return units_; }
    const std::vector<Event>& events() const { return events_; }

    int runs() const { return static_cast<int>(kept_.size()); }  // kept runs, not counting the current one
    int run() const { return run_; }  // the current run's number (counted from 1 since the widget began)
    // Sample k of the last kept run (the one before the current), for a ghost line.
    int previous_size() const { return kept_.empty() ? 0 : static_cast<int>(kept_.back().times.size()); }
    double previous_time(int k) const { return kept_.back().times[k]; }
    double previous_value(int k, int gauge) const { return kept_.back().values[k * names_.size() + gauge]; }

    // The current run: {"run", "seed", "config", "time": [...], "<gauge>": [...], ...,
    // "units": {...}, "events": [{"time", "what", "kind"}], "runs": [the kept runs,
    // oldest first, each {"run", "seed", "config", "time", "<gauge>"..., "events"}]}
    std::string json() const;
    // A header row naming each column with its unit, then one row per sample,
    // every kept run first and the current one last ("run" column); the
    // marks follow as rows of their own ("event" column).
    std::string csv() const;
    // All of it, written to or read from `io` (Session::snapshot). A mark's
    // kind reads back only as one of the kinds above.
    void state_io(StateIO& io);

private:
    struct Run {
        int run = 0;
        std::uint64_t seed = 0;
        std::string config;
        std::vector<double> times, values;  // values: samples x names_.size()
        std::vector<Event> events;
    };
    Run frozen() const;                 // the current run as it stands
    static std::string run_json(const Run& r, const std::vector<std::string>& names, bool units);
    int slot(int k) const { return (start_ + k) % kCapacity; }
    std::vector<Run> kept_;
    int run_ = 0;
    std::uint64_t seed_ = 0;
    std::string config_ = "{}";
    std::vector<std::string> names_, units_;
    std::vector<double> times_;   // kCapacity, a ring
    std::vector<double> values_;  // kCapacity x names_.size(), a ring
    int start_ = 0, count_ = 0;
    std::vector<Event> events_;
};

}  // namespace flocklab
