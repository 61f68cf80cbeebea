// An experiment: one setting (a tunable or an option) over values, each
// value over seeds, for a number of steps; the gauges at the end of every
// run. Each run is a fresh scene given the base configuration (a snapshot,
// Scene::settings), then the value, then reset to the seed: the same bits as
// that configuration run alone (the CLI's sweep, gauges --set, a page's
// runTo). The work goes in slices of a few ms, so a page can spread it over
// tasks. Pure C++.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "session.hpp"

namespace flocklab {

// The count, mean, lowest and highest of runs' values, summed in their order
// (the CLI's sweep, summarize and gauges; the shim's one copy for the page's
// rows, which come from several workers, is values.js summarize()).
struct Summary {
    int n = 0;
    double mean = 0;  // NaN for none
    double min = 0, max = 0;
};
Summary summarize(const std::vector<double>& xs);

// Seeds as people write them, the one grammar for the CLI's --seeds and a
// page's data-seeds: whole numbers and FIRST-LAST ranges between commas
// ("7", "0-9", "1,4,9", "0-4,10"; spaces around a comma or a dash are
// allowed), at most `most` seeds, each at most `largest`. False, with why
// ("expected seeds such as 7, 0-11 or 1,4,9", "range 5-2 runs backwards",
// "at most 1000 seeds", "seeds go up to ..."), when unusable.
bool parse_seeds(const std::string& text, std::size_t most, std::uint64_t largest, std::vector<std::uint64_t>* out,
                 std::string* why);

class Experiment {
public:
    using Settings = std::vector<std::pair<std::string, std::string>>;
    // Empty `why` when the setting and every value are usable; else the reason.
    // A value outside the setting's range is refused (a row would name a value
    // that did not run); a value that clamps another setting (a lower max_speed
    // pulls min_speed down) is kept, with a warning.
    Experiment(const std::string& scene, Settings base, std::string vary, std::vector<std::string> values,
               std::vector<std::uint64_t> seeds, long long steps, std::string* why);
    // The values a setting takes from "START:STOP:STEP" (START + k * STEP up to
    // STOP; a tunable's as Python's repr, a count's whole) or "V1,V2,...": the
    // CLI's --vary and a page's data-values. Empty, with `why`, when unusable.
    static std::vector<std::string> values_of(const std::string& spec, Scene& probe, const std::string& name,
                                              std::string* why);
    static constexpr size_t kMaxValues = 1000;
    // The most runs a page's experiment makes: each is a row, a dot of its
    // chart with its label and a step of the page's work (999,000 froze a
    // page for minutes). More are the CLI's (sweep_command()).
    static constexpr int kMaxPageRuns = 1000;
    // The most seeds a page's experiment names (each value runs on each).
    static constexpr size_t kMaxPageSeeds = 1000;
    // The CLI command that runs what a page asked for: `flocklab sweep` with
    // the scene, the settings that differ from a fresh scene's (--option,
    // --set), the values as the page wrote them, the seeds and the steps.
    static std::string sweep_command(const std::string& scene, const Settings& base, const std::string& vary,
                                     const std::string& values_spec, const std::vector<std::uint64_t>& seeds, long long steps);
    // The same from text as a page passes it: values one per line, seeds as
    // data-seeds writes them (parse_seeds(), at most kMaxPageSeeds, each at
    // most kMaxSeed: a page's numbers hold them exactly).
    // nullptr, with `why`, when it cannot run: past the work limit or
    // kMaxPageRuns, `why` ends with the sweep_command() for `values_spec`.
    static std::unique_ptr<Experiment> from_text(const std::string& scene, Settings base, const std::string& vary,
                                                 const std::string& values, const std::string& seeds, long long steps,
                                                 std::string* why, const std::string& values_spec = "");

    // A what-if lane in every run (Session::compare), made after its value is
    // set; its rows then hold the lane's gauges and apart (Session::measured).
    void set_compare(Settings changes) { compare_ = std::move(changes); }
    int runs() const { return static_cast<int>(values_.size() * seeds_.size()); }
    const std::vector<std::uint64_t>& seeds() const { return seeds_; }
    int finished() const { return static_cast<int>(rows_.size()); }
    long long work_per_step() const { return work_; }
    double step_estimate() const { return micros_; }  // us: the costliest value's step (Scene::step_estimate)
    // What the values did to other settings ("max_speed = 50: min_speed: ..."), once each.
    const std::vector<std::string>& warnings() const { return warnings_; }
    // Run i's scene, ready to step: the base configuration, its value, reset
    // to its seed (value i / seeds, seed i % seeds). Runs are independent, so
    // a caller may run them on threads (the CLI's sweep) or in slices (work()).
    std::unique_ptr<Session> start(int i) const;
    const std::string& value(int i) const { return values_[static_cast<size_t>(i) / seeds_.size()]; }
    std::uint64_t seed(int i) const { return seeds_[static_cast<size_t>(i) % seeds_.size()]; }
    // Steps the runs for about budget_ms (at least one step); true when all are done.
    bool work(double budget_ms);
    // Run i, whole, on its own: its row (a worker's share of the runs).
    std::string run(int i) const;
    // [{"run", "value", "seed", <gauge>: value, ...}] for the runs done so far
    // from run `first` on (a caller that slices asks only for the new ones).
    std::string json(int first = 0) const;

private:
    // {"run", "value", "seed", <gauge>: value, ...} of run i, ended in `s`.
    std::string row(int i, Session& s) const;

    std::string scene_;
    Settings base_;
    std::string vary_;
    bool tunable_ = false;
    std::vector<std::string> values_;
    std::vector<std::uint64_t> seeds_;
    long long steps_ = 0, work_ = 1;
    double micros_ = 0;
    Settings compare_;
    std::unique_ptr<Session> run_;  // the run under way
    std::vector<std::string> rows_;
    std::vector<std::string> warnings_;
};

}  // namespace flocklab
