// A scene's gauges over simulated time: one sample every kSampleSteps fixed
// steps (10 per simulated second), the last kCapacity samples kept (two
// minutes; older ones are dropped), and marks for what the student changed
// (a rule switched, a reset) at the time it happened. Bounded memory.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace flocklab {

struct Gauge;

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

    void clear();
    void sample(double time, const std::vector<Gauge>& gauges);
    void mark(double time, const std::string& what, const char* kind = "option");

    int size() const { return count_; }
    double time(int k) const;            // s, k-th oldest sample
    double value(int k, int gauge) const;
    const std::vector<std::string>& names() const { return names_; }
    const std::vector<std::string>& units() const { return units_; }
    const std::vector<Event>& events() const { return events_; }

    // {"time": [...], "<gauge>": [...], ..., "units": {...}, "events": [{"time", "what", "kind"}]}
    std::string json() const;
    // A header row naming each column with its unit, then one row per sample;
    // the marks follow as comment-free rows of their own kind ("event" column).
    std::string csv() const;

private:
    int slot(int k) const { return (start_ + k) % kCapacity; }
    std::vector<std::string> names_, units_;
    std::vector<double> times_;   // kCapacity, a ring
    std::vector<double> values_;  // kCapacity x names_.size(), a ring
    int start_ = 0, count_ = 0;
    std::vector<Event> events_;
};

}  // namespace flocklab
