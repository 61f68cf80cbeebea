// The flock's command-line options, which gauges, dump and explain share
// (read once), and one run of the flock scene as the widget runs it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "common.hpp"
#include "core/flock_scene.hpp"

namespace flocklab::cli {

// The rule-set names, from the core's one table.
extern const std::vector<std::string> kRuleWords;

// --neighbors brute|grid: one of them (gauges, dump, explain).
NeighborMode neighbor_mode(const Args& a);

// The Going-further options of gauges and dump.
struct Extensions {
    std::optional<Vec2> hawk;  // px: a fixed hawk (--hawk X,Y)
    bool pursuit = false;      // --hawk pursuit
    bool wander = false;       // --wander
    std::optional<Vec2> leader;  // px: --leader X,Y
    bool any() const { return pursuit || wander || leader.has_value(); }
};

Extensions extension_options(const Args& a);

struct FlockRun {
    std::uint64_t seed;
    std::string rules;
    int boids;
    long long steps;
    Extensions ext;
    double spacing;
    double order;
    std::string params;  // the tunables --set changed, as JSON members ("" with none)
    std::string options;  // the --option pairs, as JSON members ("" with none)
};

// The flock's params for gauges, dump and explain: the lesson's, with --set
// (tunables, and the what-if switches update and order into `update`).
FlockParams flock_params(const Args& a, std::string* changed, Flock::Update* update);
// The rules a run uses: a rule set's name, and wander when --wander was given.
Rules rules_of(const std::string& rules_word, const Extensions& ext);
// --threads N: look with N threads (the same numbers, sooner on a big flock).
int threads_option(const Args& a);
// A fixed hawk as JSON ([x, y], or null).
std::string hawk_json(std::optional<Vec2> h);
// The lab's fields; with a Going-further option, going_further.py's layout.
std::string run_json_fields(const FlockRun& r);

struct FlockOptions {
    std::vector<std::uint64_t> seeds;
    long long steps;
    int boids;
    std::vector<std::string> rules;
    Extensions ext;
    NeighborMode mode;
    int threads;
    FlockParams base;     // the lesson's params with --set
    std::string changed;  // the tunables --set changed, as JSON members
    Flock::Update update;  // --set update=... order=...: the what-if switches
    Pairs compare;         // --compare NAME=VALUE: the what-if lane's changes
    Pairs options;         // --option NAME=VALUE: any option of the scene, after the flags
    // One run of the flock scene, as the widget runs it (Session::reset, then
    // Session::step); `session` (if given) keeps it, for dump, explain and --series.
    FlockRun run(std::uint64_t seed, const std::string& rules_word, std::unique_ptr<Session>* session = nullptr) const;
};
// `one`: the command takes one seed (--seed) and one rule set (dump, explain).
FlockOptions flock_options(const Args& a, const char* command, bool one);

}  // namespace flocklab::cli
