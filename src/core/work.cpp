#include "work.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace flocklab {

double micros_per_agent_step(double agents, double dense, bool brute) {
    return brute ? std::max(0.3, 0.0009 * agents) : std::max(0.3, 0.016 * std::sqrt(dense));
}

std::string whole_words(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
}

std::string duration_words(double s) {
    char buf[64];
    if (s < 120) std::snprintf(buf, sizeof buf, "%.0f s", s);
    else if (s < 7200) std::snprintf(buf, sizeof buf, "%.0f min", s / 60);
    else std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
    return buf;
}

double step_micros(double agents, double dense, bool brute, double cells) {
    return agents * micros_per_agent_step(agents, dense > 0 ? dense : agents, brute) + cells * kMicrosPerCell;
}

double work_seconds(double agents, double steps, double runs, bool brute, double dense, double slowdown) {
    return step_micros(agents, dense, brute) * steps * runs * slowdown * 1e-6;
}

std::string work_refusal(const std::string& what, const std::string& noun, double agents, double steps, double runs,
                         bool brute, double dense, double slowdown) {
    return step_refusal(what, noun, agents, step_micros(agents, dense, brute), steps, runs, slowdown);
}

std::string step_refusal(const std::string& what, const std::string& noun, double agents, double step_us, double steps,
                         double runs, double slowdown) {
    const double seconds = step_us * steps * runs * slowdown * 1e-6;
    if (seconds <= kMaxWorkSeconds) return "";
    const double us = step_us * slowdown / std::max(1.0, agents);
    return what + ": " + whole_words(agents) + " " + noun + "s x " + whole_words(steps) + " steps x " + whole_words(runs) +
           " run" + (runs == 1 ? "" : "s") + " would take about " + duration_words(seconds) + " on this machine (" +
           std::to_string(us).substr(0, 4) + " us per " + noun + "-step); one " + (what == "experiment" ? "experiment" : "command") +
           " works at most " + duration_words(kMaxWorkSeconds) + ": ask for fewer " + noun + "s, steps, seeds" +
           (noun == "boid" ? " or rule sets" : " or values");
}

}  // namespace flocklab
