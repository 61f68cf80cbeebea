#include "commands.hpp"

#include <cstring>
#include <iostream>
#include <vector>

#include "core/registry.hpp"
#include "core/steer_scene.hpp"
#include "core/version.hpp"
#include "core/words.hpp"
#include "common.hpp"
#include "plan.hpp"

namespace flocklab::cli {

namespace {

int cmd_spec(const Args&) {
    std::cout << describe_json() << "\n";
    return 0;
}

// The options gauges, dump, explain and describe share (the flock's), plus `more`.
std::vector<OptionSpec> flock_options(std::vector<OptionSpec> more) {
    std::vector<OptionSpec> o = {{"seconds", true}, {"steps", true},  {"boids", true},     {"rules", true},
                                 {"hawk", true},    {"neighbors", true}, {"json", false},  {"wander", false},
                                 {"leader", true},  {"threads", true}, {"set", true, true}, {"option", true, true}};
    o.insert(o.end(), more.begin(), more.end());
    return o;
}

struct Command {
    const char* name;
    std::vector<OptionSpec> options;
    const char* usage;           // its lines of the usage text
    int (*run)(const Args& a);   // nullptr: it reads argv itself (run_argv)
    int (*run_argv)(int argc, char** argv) = nullptr;  // summarize, merge: files and options mixed
};

// The options that describe a sweep (sweep, plan).
std::vector<OptionSpec> sweep_options(std::vector<OptionSpec> more) {
    std::vector<OptionSpec> o = {{"scene", true},  {"vary", true},   {"seeds", true},        {"seconds", true},
                                 {"steps", true},  {"boids", true},  {"rules", true},        {"hawk", true},
                                 {"wander", false}, {"leader", true}, {"option", true, true}, {"set", true, true},
                                 {"compare", true, true}, {"mean-last", true}};
    o.insert(o.end(), more.begin(), more.end());
    return o;
}

// The one list of commands, in the order the usage text gives them.
const std::vector<Command>& commands() {
    static const std::vector<Command> c = {
    {"gauges", flock_options({{"seeds", true}, {"series", false}, {"scene", true}, {"compare", true, true}}),
         "  gauges   run flocks and print the spacing and order gauges\n"
         "           --seeds 0-11 [--seconds 10 | --steps N] [--boids 60]\n"
         "           [--rules all,no-sep,no-ali,no-coh,none] [--hawk X,Y | --hawk pursuit]\n"
         "           [--wander] [--leader X,Y] [--neighbors brute|grid] [--json]\n"
         "           [--option NAME=VALUE ...]: any option of the flock, by the widget's\n"
         "           name (hawkMode=pursuit, rule=alignment=0, boids=100), after\n"
         "           the flags, which are its shorthands; the output lists them\n"
         "           [--series]: one seed's gauges every 0.1 s as CSV, the rows of the\n"
         "           widget's csv() for the same configuration\n"
         "           --scene {others} [--option NAME=VALUE ...] [--set NAME=VALUE ...]:\n"
         "           any scene, configured as a widget is; its gauges at the end\n",
     cmd_gauges},
    {"dump", flock_options({{"seed", true}, {"compare", true, true}}),
         "  dump     print one flock's full state as JSON\n"
         "           --seed 7 [--seconds 10 | --steps N] [--rules all] [--boids 60]\n"
         "           [--hawk X,Y | --hawk pursuit] [--wander] [--leader X,Y]\n"
         "           [--neighbors brute|grid] [--option NAME=VALUE ...] [--set NAME=VALUE ...]\n"
         "           [--compare NAME=VALUE ...]: a what-if lane beside it, from the same\n"
         "           start, with these changes (update=as-you-go, order=reversed,\n"
         "           max_force=0.2, ...); prints what_if.py's layout with apart\n",
     cmd_dump},
    {"explain", flock_options({{"seed", true}, {"boid", true}}),
         "  explain  why one boid moves: its neighbours, each rule's force (unweighted,\n"
         "           as the lab's functions return it, including rules switched off),\n"
         "           the weights and the clamped total, for the flock after N steps\n"
         "           --seed 7 --steps N --boid I [--rules all] [--boids 60]\n"
         "           [--hawk X,Y | --hawk pursuit] [--wander] [--leader X,Y]\n"
         "           [--neighbors brute|grid] [--option NAME=VALUE ...] [--json]\n",
     cmd_explain},
    {"vehicle", {{"mode", true}, {"seconds", true}, {"steps", true}, {"start", true}, {"vel", true}, {"target", true}, {"seed", true}, {"json", false},
                 {"set", true, true}, {"compare", true, true}},
         "  vehicle  run the warm-up vehicle\n"
         "           --mode {modes} [--seconds S | --steps N]\n"
         "           [--start X,Y] [--vel X,Y] [--target X,Y] [--seed 7] [--json]\n"
         "           [--set NAME=VALUE ...] [--compare NAME=VALUE ...]: with --json,\n"
         "           what_if.py's layout (closest, overshoot; a what-if lane and apart);\n"
         "           flee=negated-seek is the lesson's -seek\n",
     cmd_vehicle},
    {"describe", flock_options({{"seed", true}, {"scene", true}, {"mode", true}, {"target", true}, {"follow", true}, {"walls", true}, {"goal", true}, {"agents", true}, {"option", true, true}, {"compare", true, true}}),
         "  describe what a widget's screen reader hears: the scene in words after N steps\n"
         "           --seed 7 [--seconds 10 | --steps N] [--scene {scenes}]\n"
         "           flock: [--rules all] [--boids 60] [--hawk X,Y | --hawk pursuit]\n"
         "           [--wander] [--leader X,Y]; steer: [--mode arrive] [--target X,Y];\n"
         "           crowd: [--follow field|seek] [--walls ...] [--goal C,R]\n"
         "           any scene: [--option NAME=VALUE ...] [--set NAME=VALUE ...]\n"
         "           [--compare NAME=VALUE ...]: a what-if lane, said beside it\n"
         "           [--json: {summary, facts}]\n",
     cmd_describe},
    {"crowd", {{"seed", true}, {"steps", true}, {"seconds", true}, {"follow", true}, {"walls", true}, {"goal", true}, {"agents", true}, {"json", false}, {"set", true, true}},
         "  crowd    Looking ahead: a crowd heading for a goal past walls, following the\n"
         "           flow field or seeking; prints the agents and the three gauges\n"
         "           --seed 7 [--steps 600 | --seconds S] [--follow field|seek]\n"
         "           [--walls default|none|\"c,r;c,r;...\"] [--goal 26,4] [--agents 40]\n"
         "           [--json: as looking_ahead.py prints it]\n",
     cmd_crowd},
    {"field", {{"walls", true}, {"goal", true}, {"json", false}},
         "  field    the breadth-first search's distances and the flow field's arrows\n"
         "           [--walls default|none|\"c,r;...\"] [--goal 26,4] [--json]\n",
     cmd_field},
    {"sweep", sweep_options({{"threads", true}, {"shard", true}, {"csv", false}, {"json", false}, {"plan", true}, {"out", true}, {"resume", false}}),
         "  sweep    one setting over values, each over seeds: every run equals that\n"
         "           configuration run alone (gauges --set, the page's runTo)\n"
         "           --vary NAME=START:STOP:STEP | NAME=V1,V2 [--scene {scenes}]\n"
         "           [--seeds 0-19] [--seconds 10 | --steps N] [--boids 60] [--rules all]\n"
         "           [--hawk X,Y | --hawk pursuit] [--wander] [--leader X,Y]: the flock's\n"
         "           shorthands of --option hawkMode=..., rule=wander=1, leader=on ...\n"
         "           [--option NAME=VALUE ...] [--set NAME=VALUE ...] [--mean-last S]\n"
         "           [--threads N] [--shard K/N] [--csv | --json]\n"
         "           --plan FILE --shard K [--out part-K.csv [--resume]] [--threads N]:\n"
         "           shard K of a plan, as a part that names its plan and shard, grows\n"
         "           row by row and closes with its count; --resume goes on after the\n"
         "           last whole row of a part that was cut\n",
     cmd_sweep},
    {"plan", sweep_options({{"shards", true}, {"out", true}}),
         "  plan     a sweep cut into shards, written once (--out FILE or standard\n"
         "           output): sweep's options, then --shards N\n",
     cmd_plan},
    {"merge", {},
         "  merge    a plan's parts, checked, as the whole sweep's CSV ordered by run\n"
         "           PLAN PART.csv|DIR ... [--out FILE]: refuses (exit 1, nothing\n"
         "           written) a missing, cut, doubled, foreign or stale part, and says\n"
         "           which shards to redo; --todo prints them, one per line (--todo\n"
         "           --array: as Slurm's --array list, 3,7,12-40)\n",
     nullptr, cmd_merge},
    {"summarize", {},
         "  summarize the per-value summary of sweep --csv files or a plan's parts\n"
         "           FILE.csv ...\n",
     nullptr, cmd_summarize},
    {"keys", {{"scene", true}},
         "  keys     the widget's keys for a scene, as the README's Markdown table\n"
         "           [--scene {scenes}]\n",
     cmd_keys},
    {"spec", {},
         "  spec     every scene's options, gauges and tunables as JSON, with the version:\n"
         "           what a page's module describes (fl_describe()); the npm package's\n"
         "           TypeScript declarations are made from it\n",
     cmd_spec},
    {"bench", {{"boids", true}, {"neighbors", true}, {"steps", true}, {"warmup", true}, {"threads", true}, {"density", true}, {"json", false}},
         "  bench    time the flock step (median ms per step)\n"
         "           [--boids 100,300,500] [--neighbors brute,grid] [--steps 50]\n"
         "           [--warmup 600] [--threads 1] [--density N] [--json]\n"
         "           --warmup N: steps that form the flock before timing (600 = 10 s,\n"
         "           a formed flock; 120 for the young flock older figures used)\n"
         "           --threads 1,2: look with 1 and with 2 threads (same results)\n"
         "           --density N: a world that grows with the flock, as dense as N\n"
         "           boids in the lesson's 900x540 world (default: the fixed world)\n",
     cmd_bench},
    };
    return c;
}

// "gauges, dump, ... or bench"
std::string command_names() {
    std::string s;
    const std::vector<Command>& c = commands();
    for (size_t i = 0; i < c.size(); ++i) s += std::string(i == 0 ? "" : i + 1 == c.size() ? " or " : ", ") + c[i].name;
    return s;
}

}  // namespace

std::string usage() {
    std::string s =
    "usage: flocklab <command> [options]\n"
    "       flocklab --version\n"
    "\n"
    "commands:\n";
    // {scenes} and {others}: the registered scenes, and those after the
    // default one, so a new scene needs no line of the usage text; {modes}:
    // the steer modes, from their rows.
    std::string scenes, others, modes;
    for (const char* n : scene_names()) {
        scenes += (scenes.empty() ? "" : "|") + std::string(n);
        if (n != scene_names().front()) others += (others.empty() ? "" : "|") + std::string(n);
    }
    for (const char* m : steer_mode_names()) modes += (modes.empty() ? "" : "|") + std::string(m);
    for (const Command& c : commands()) {
        std::string u = c.usage;
        for (const auto& [key, value] : {std::pair<std::string, std::string>{"{scenes}", scenes}, {"{others}", others}, {"{modes}", modes}}) {
            for (size_t at = u.find(key); at != std::string::npos; at = u.find(key, at + value.size())) u.replace(at, key.size(), value);
        }
        s += u;
    }
    return s +
    "\n"
    "Options also take the --name=value form (needed for negative vectors:\n"
    "--vel=-50,0). Steps are 1/60 s. Rule sets: all, none, no-sep, no-ali,\n"
    "no-coh, only-sep, only-ali, only-coh.\n"
    "Going further: --wander adds the wander rule (a boid that sees no neighbour\n"
    "wanders); --hawk pursuit lets a hawk hunt the nearest boid; --leader X,Y makes\n"
    "boid 0 a leader that arrives at X,Y while the others follow it.\n"
    "gauges, dump and explain also take --threads N: the flock looks with N\n"
    "threads; the numbers are the same as with one.\n"
    "gauges, dump, explain, describe and crowd take --set NAME=VALUE (repeat it):\n"
    "any tunable of the scene (weight_separation, view_radius, max_speed, ...),\n"
    "with the ranges and messages of the page's setParams(); out of range is\n"
    "clamped with a warning, an unknown name or a non-number is refused.\n";
    ;
}

int cmd_keys(const Args& a) {
    std::cout << keys_markdown(scene_option(a));
    return 0;
}

int dispatch(int argc, char** argv) {
    if (argc < 2) throw UsageError("missing command (" + command_names() + "); try --help");
    const std::string cmd = argv[1];
    if (cmd == "--version") {
        std::cout << "flocklab " << version() << "\n";
        return 0;
    }
    const auto asks_help = [](const char* a) { return std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0; };
    // `flocklab help`, `flocklab --help`, `flocklab gauges --help`; "help" as
    // an option's value (`--hawk help`) is an error like any other.
    bool help = asks_help(argv[1]) || std::strcmp(argv[1], "help") == 0;
    for (int i = 2; i < argc; ++i) help = help || asks_help(argv[i]);
    if (help) {
        std::cout << usage();
        return 0;
    }
    for (const Command& c : commands()) {
        if (cmd != c.name) continue;
        return c.run ? c.run(Args(argc, argv, 2, c.options)) : c.run_argv(argc, argv);
    }
    throw UsageError("unknown command '" + cmd + "' (expected " + command_names() + ")");
}

}  // namespace flocklab::cli
