// What the CLI's commands share: steps and work limits, --set, --option,
// stepping a scene, and the per-value summary of sweep and summarize.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "args.hpp"
#include "core/session.hpp"
#include "core/work.hpp"

namespace flocklab::cli {

// --seconds S or --steps N (never both); seconds become whole 1/60 s steps.
long long steps_option(const Args& a, double default_seconds);
// The most a command may work, by its estimate (s): core/work.hpp.
constexpr double kMaxSeconds = kMaxWorkSeconds;
inline std::string duration(double s) { return duration_words(s); }
// Refuses (UsageError) work estimated past kMaxSeconds on this machine.
// `noun`: one unit of the work ("boid", "agent"), as the scene's agent_noun().
void check_work(const char* command, const char* noun, double agents, double steps, double runs, bool brute = false, double dense = 0);
void check_work(const char* command, const Scene& s, double steps, double runs);  // from Scene::step_estimate()
using Pairs = std::vector<std::pair<std::string, std::string>>;
// A repeatable NAME=VALUE flag's pairs, in order ("--set: expected NAME=VALUE").
Pairs name_values(const Args& a, const char* flag);
// --set NAME=VALUE (repeatable): the scene's tunables, all or nothing, and
// its what-if switches (the options flee, update, order: what_if.py's --set).
void apply_sets(const Args& a, Scene& s);
// --compare NAME=VALUE (repeatable): the what-if lane, from the scene's
// state now (Session::compare); a bad name or value is a UsageError.
void apply_compare(const Pairs& compare, Session& s);
// what_if.py's "settings" object of these pairs: a dict (a later name's
// value replaces an earlier one's, in its place), a tunable as Python's
// float() prints, a switch as its word.
std::string settings_json(const Pairs& pairs, Scene& s);
// With --compare: what_if.py's layout, `fields` (a lane's report: its
// settings first) of each lane and apart.
std::string what_if_json(const std::string& head, const Pairs& set, const Pairs& compare, Session& s,
                         std::string (*report)(Scene& lane));
// The tunables that differ from the lesson's, as JSON members.
std::string changed_params(Scene& s);
// --option NAME=VALUE (repeatable): any option of the scene, by the handle's name.
void apply_options(const Args& a, Scene& s);
void apply_options(const Pairs& options, Scene& s);
// Any scene's configuration from the command line, as a widget's: --option
// NAME=VALUE (any option), the scene's own flags (its CliScene), then --set.
void configure(const Args& a, Scene& s);
// "120,225": the form a point option was given in, as the golden files record it.
std::string vec_arg(Vec2 v);
// --scene NAME (default: the registry's first, the page's default scene): a
// registered scene's name, or UsageError.
std::string scene_option(const Args& a);

// `steps` steps of a session, in calls of at most 2^20 (step() takes an int).
inline void step_all(Session& s, long long steps) {
    for (long long done = 0; done < steps;) {
        const int n = static_cast<int>(std::min<long long>(steps - done, 1 << 20));
        s.step(n);
        done += n;
    }
}

// A scene's own command-line flags (describe): the flags only it takes, and
// how they configure it, --set included. Each registers from its scene's
// command file; a scene without one is configured by --option and --set.
struct CliScene {
    const char* scene;
    std::vector<const char*> flags;
    // Before --option and --set (the crowd's maze, checked).
    void (*configure)(const Args& a, Scene& s);
    // The flags of its own that sweep and gauges --scene take, and how they
    // configure it (before --set).
    std::vector<const char*> sweep_flags = {};
    void (*sweep)(const Args& a, Scene& s) = nullptr;
};
bool register_cli_scene(CliScene c);  // true, for a namespace-scope constant
const CliScene* cli_scene(const std::string& scene);  // nullptr if it has none
// Refuses another scene's flags: "--mode is for --scene steer".
void refuse_other_scenes_flags(const Args& a, const std::string& scene);

// One run of a sweep: the value it set and its gauges at the end.
struct SweepRow {
    std::string value;
    std::vector<double> gauges;
};
// Per value: each gauge's mean, min and max over the runs (sweep, summarize).
void print_summary(const std::string& name, const std::vector<std::string>& values, const std::vector<std::string>& gauges,
                   const std::vector<std::string>& units, const std::vector<SweepRow>& rows);

}  // namespace flocklab::cli
