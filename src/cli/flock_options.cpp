#include "flock_options.hpp"

#include "common.hpp"
#include "core/format.hpp"
#include "core/workers.hpp"

namespace flocklab::cli {

// The core's one table of rule-set names.
const std::vector<std::string> kRuleWords = [] {
    std::vector<std::string> w;
    for (int i = 0; i < kRuleSetCount; ++i) w.push_back(rule_set_name(i));
    return w;
}();

// --neighbors brute|grid: one of them (gauges, dump, explain).
NeighborMode neighbor_mode(const Args& a) {
    const std::vector<std::string> w = a.words("neighbors", {"grid"}, {"brute", "grid"});
    if (w.size() != 1) throw UsageError("--neighbors: expected brute or grid, got '" + shortened(a.raw("neighbors")) + "'");
    return w[0] == "brute" ? NeighborMode::Brute : NeighborMode::Grid;
}

Extensions extension_options(const Args& a) {
    Extensions e;
    if (a.has("hawk")) {
        if (a.raw("hawk") == "pursuit") {
            e.pursuit = true;
        } else {
            try {
                e.hawk = a.vec("hawk", {});
            } catch (const UsageError&) {
                throw UsageError("--hawk: expected X,Y (two numbers) or pursuit, got '" + shortened(a.raw("hawk")) + "'");
            }
        }
    }
    e.wander = a.has("wander");
    if (a.has("leader")) e.leader = a.vec("leader", {});
    return e;
}

std::string hawk_json(std::optional<Vec2> h) { return h ? json_point(*h) : "null"; }

// The flock's params for gauges, dump and explain: the lesson's, with --set.
FlockParams flock_params(const Args& a, std::string* changed, Flock::Update* update) {
    FlockScene s;
    apply_sets(a, s);
    *changed = changed_params(s);
    *update = s.update;
    return s.params;
}

// The rules a run uses: a rule set's name, and wander when --wander was given.
Rules rules_of(const std::string& rules_word, const Extensions& ext) {
    Rules rules;
    parse_rules(rules_word, &rules);
    rules.wander = ext.wander;
    return rules;
}

// --threads N: look with N threads (the same numbers, sooner on a big flock).
int threads_option(const Args& a) { return static_cast<int>(a.integer("threads", 1, 1, Workers::kMaxThreads)); }

// One run of the flock scene, as the widget runs it (Session::reset, then
// Session::step): the params (the lesson's with --set), the boids, the rule
// set, the Going-further options as the scene's hawk and leader, the
// neighbour search, the what-if switches and lane.
FlockRun FlockOptions::run(std::uint64_t seed, const std::string& rules_word, std::unique_ptr<Session>* session) const {
    auto run = std::make_unique<Session>(std::make_unique<FlockScene>());
    FlockScene* s = &static_cast<FlockScene&>(run->scene());
    s->params = base;
    s->params.num_boids = boids;  // the CLI's range (kMaxBoids), beyond the widget's option
    s->rules = rules_of(rules_word, ext);
    s->neighbors = mode;
    s->update = update;
    if (ext.pursuit) s->set_hawk_mode(HawkMode::Pursuit);
    s->hawk = ext.hawk;  // a pointer hawk held still (the lab's --hawk X,Y)
    if (ext.leader) {
        s->flock.set_leader(ext.leader);  // as given: the scene's setter would keep it inside the world
    }
    apply_options(options, *s);  // the widget's options, by name, after the flags
    run->reset(seed);  // the lane, if any, is made below from this start
    apply_compare(compare, *run);
    s->flock.set_threads(threads);
    step_all(*run, steps);
    std::string given;
    for (const auto& [name, value] : options) {
        // A number as applied (a clamped count: .5 ran 2 boids, and says 2), any other value as given.
        const std::string now = s->get(name);
        double x;
        given += (given.empty() ? "" : ", ") + json_string(name) + ": " + json_string(parse_number(now, &x) ? now : value);
    }
    FlockRun r{seed, rules_word, static_cast<int>(s->flock.size()), steps, ext, s->flock.mean_spacing(), s->flock.heading_order(), changed, given};
    if (session) *session = std::move(run);
    return r;
}

// The lab's fields; with a Going-further option, the layout of
// going_further.py (wander, hawk and leader as given on the command line).
std::string run_json_fields(const FlockRun& r) {
    std::string o = "\"seed\": " + std::to_string(r.seed) + ", \"rules\": \"" + r.rules +
                    "\", \"boids\": " + std::to_string(r.boids) + ", \"steps\": " + std::to_string(r.steps);
    if (r.ext.any()) {
        o += std::string(", \"wander\": ") + (r.ext.wander ? "true" : "false") + ", \"hawk\": " +
             (r.ext.pursuit ? "\"pursuit\"" : r.ext.hawk ? "\"" + vec_arg(*r.ext.hawk) + "\"" : "null") +
             ", \"leader\": " + (r.ext.leader ? "\"" + vec_arg(*r.ext.leader) + "\"" : "null");
    } else {
        o += ", \"hawk\": " + hawk_json(r.ext.hawk);
    }
    if (!r.params.empty()) o += ", \"params\": {" + r.params + "}";  // only with --set: the golden layout stays
    if (!r.options.empty()) o += ", \"options\": {" + r.options + "}";  // only with --option
    return o + ", \"spacing\": " + py_repr(r.spacing) + ", \"order\": " + py_repr(r.order);
}

// `one`: the command takes one seed (--seed) and one rule set (dump, explain).
FlockOptions flock_options(const Args& a, const char* command, bool one) {
    FlockOptions o;
    o.seeds = a.seeds(one ? "seed" : "seeds", 7);
    if (one && o.seeds.size() != 1) throw UsageError(std::string("--seed: ") + command + " takes one seed, got '" + shortened(a.raw("seed")) + "'");
    o.steps = steps_option(a, 10.0);
    o.boids = static_cast<int>(a.integer("boids", 60, 2, kMaxBoids));
    o.rules = a.words("rules", {"all"}, kRuleWords);
    if (one && o.rules.size() != 1) throw UsageError(std::string("--rules: ") + command + " takes one rule set, got '" + shortened(a.raw("rules")) + "'");
    o.ext = extension_options(a);
    o.mode = neighbor_mode(a);
    o.threads = threads_option(a);
    o.base = flock_params(a, &o.changed, &o.update);
    o.compare = name_values(a, "compare");
    o.options = name_values(a, "option");
    // The run as configured, for its cost (Scene::step_estimate: --option
    // neighbors=brute is brute force, --set view_radius the grid's cells).
    FlockScene probe;
    probe.params = o.base;
    probe.params.num_boids = o.boids;
    probe.neighbors = o.mode;
    if (!o.options.empty()) {  // checked once, before any run; they may set the flock's size
        apply_options(o.options, probe);
        o.boids = probe.params.num_boids;
    }
    const std::string why = step_refusal(command, "boid", o.boids, probe.step_estimate(), static_cast<double>(o.steps),
                                         static_cast<double>(o.seeds.size() * o.rules.size()));
    if (!why.empty()) throw UsageError(why);
    return o;
}
}  // namespace flocklab::cli
