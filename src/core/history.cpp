#include "history.hpp"

#include "format.hpp"
#include "scene.hpp"

namespace flocklab {

void History::clear() {
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

std::string History::json() const {
    std::string o = "{\"time\": [";
    for (int k = 0; k < count_; ++k) o += (k ? ", " : "") + py_repr(time(k));
    o += "]";
    for (size_t g = 0; g < names_.size(); ++g) {
        o += ", " + json_string(names_[g]) + ": [";
        for (int k = 0; k < count_; ++k) o += (k ? ", " : "") + py_repr(value(k, static_cast<int>(g)));
        o += "]";
    }
    o += ", \"units\": {\"time\": \"s\"";
    for (size_t g = 0; g < names_.size(); ++g) o += ", " + json_string(names_[g]) + ": " + json_string(units_[g]);
    o += "}, \"events\": [";
    for (size_t e = 0; e < events_.size(); ++e) {
        o += std::string(e ? ", " : "") + "{\"time\": " + py_repr(events_[e].time) + ", \"what\": " +
             json_string(events_[e].what) + ", \"kind\": " + json_string(events_[e].kind) + "}";
    }
    return o + "]}";
}

std::string History::csv() const {
    const auto column = [](const std::string& name, const std::string& unit) {
        return unit.empty() ? name : name + " (" + unit + ")";
    };
    std::string o = column("time", "s");
    for (size_t g = 0; g < names_.size(); ++g) o += "," + column(names_[g], units_[g]);
    o += ",event\n";
    // Samples and marks in time order; a mark gets a row of its own, after
    // the sample taken at the same time.
    size_t e = 0;
    const auto marks_until = [&](double t, bool inclusive) {
        for (; e < events_.size() && (events_[e].time < t || (inclusive && events_[e].time == t)); ++e) {
            std::string what;
            for (char c : events_[e].what) what += c == '"' ? std::string("\"\"") : std::string(1, c);
            o += py_repr(events_[e].time) + std::string(names_.size(), ',') + ",\"" + what + "\"\n";
        }
    };
    for (int k = 0; k < count_; ++k) {
        marks_until(time(k), false);
        o += py_repr(time(k));
        for (size_t g = 0; g < names_.size(); ++g) o += "," + py_repr(value(k, static_cast<int>(g)));
        o += ",\n";
        marks_until(time(k), true);
    }
    marks_until(1e300, true);
    return o;
}

}  // namespace flocklab
