// A sweep as data (from the command line or a plan file), its runs streamed
// in order as they finish, and an output that says when a write fails: what
// sweep, plan and merge share.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "args.hpp"
#include "common.hpp"
#include "core/experiment.hpp"

namespace flocklab::cli {

// A write that failed (a full disk, /dev/full, a closed pipe): main() says
// it in one sentence and exits with 1.
struct WriteError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Text to a stream, each piece written and flushed at once, so a part that
// is cut (a task cancelled, a disk full) holds every row written before.
// A failed write throws WriteError naming `where` and the system's reason.
class Output {
public:
    // `hint`: what to do after a failed write (" (...)"), said after the reason.
    Output(std::FILE* f, std::string where, std::string hint = "") : f_(f), where_(std::move(where)), hint_(std::move(hint)) {}
    void put(const std::string& text);

private:
    std::FILE* f_;
    std::string where_, hint_;
};

// Everything a sweep's runs depend on: each run is `scene` given
// `settings` (a snapshot, Scene::settings), then `vary` = its value, then
// reset to its seed and run `steps` steps (with `compare`'s lane, if any).
struct SweepSpec {
    std::string scene;
    Pairs settings;
    std::string vary;
    bool tunable = false;  // a tunable (a number in JSON), or an option (a word)
    std::vector<std::string> values;
    std::vector<std::uint64_t> seeds;
    long long steps = 0;
    double mean_last = 0;  // s: also each gauge's mean over the run's last seconds (0: none)
    Pairs compare;         // --compare NAME=VALUE: a what-if lane in every run
};
// The sweep the command line describes (sweep, plan): UsageError if unusable.
SweepSpec sweep_spec(const Args& a);

// Shard K of N (1-based): the K-th of N contiguous blocks of runs, sizes
// differing by one at most: runs [first, end).
inline long long shard_first(long long runs, int k, int n) { return runs * (k - 1) / n; }
inline long long shard_end(long long runs, int k, int n) { return runs * k / n; }
// --shard K/N as {K, N} ({1, 1} when absent); with a plan of `plan_shards`
// (0: none), --shard K alone, and N must be the plan's. UsageError if not so.
std::pair<int, int> shard_option(const Args& a, int plan_shards);

// A sweep ready to run: its experiment (checked) and its output's layout.
class SweepRuns {
public:
    explicit SweepRuns(const SweepSpec& spec);  // UsageError if the spec is unusable
    struct Row {
        int index = 0;
        std::vector<double> gauges, means;
    };
    int runs() const { return e_->runs(); }
    const std::vector<Gauge>& gauges() const { return gauges_; }  // the columns' gauges
    const std::vector<std::string>& warnings() const { return e_->warnings(); }
    std::string csv_header() const;
    std::string csv_row(const Row& r) const;
    std::string json_row(const Row& r) const;
    const std::string& value(int run) const { return e_->value(run); }
    std::uint64_t seed(int run) const { return e_->seed(run); }
    // UsageError when runs [first, end) are more work than a command may do.
    void check_work(int first, int end) const;
    // Runs [first, end) on `threads` threads; `emit` is called on this thread
    // for each row in order of run, as soon as it and every run before it
    // are done (so a part grows while a long shard runs).
    void run(int first, int end, int threads, const std::function<void(const Row&)>& emit) const;

private:
    SweepSpec spec_;
    std::unique_ptr<Experiment> e_;
    std::vector<Gauge> gauges_;
    std::string noun_;
};

}  // namespace flocklab::cli
