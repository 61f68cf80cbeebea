// The session around a scene: reset, stepping with the history's samples,
// the context responses and the benchmark. The what-if lane: what_if.cpp;
// a snapshot: snapshot.cpp; data-* attributes: attributes.cpp.
#include "session.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "format.hpp"
#include "registry.hpp"
#include "words.hpp"

namespace flocklab {

Session::Session(std::unique_ptr<Scene> scene) : scene_(std::move(scene)) {
    scene_->set_notes(this);
    begin_run();
}

Session::~Session() { scene_->set_notes(nullptr); }

std::unique_ptr<Session> make_session(const std::string& name) {
    std::unique_ptr<Scene> s = make_scene(name);
    return s ? std::make_unique<Session>(std::move(s)) : nullptr;
}

BenchResult Session::benchmark(int size, const std::string& variant, int steps, int warmup) const {
    const std::unique_ptr<Scene::BenchRun> run = scene_->bench(size, variant, warmup);
    if (!run) return {std::nan(""), std::nan(""), 0, false, 0};
    run->warm(kMaxWarmupMs);
    return run->time(steps, kMaxCallMs);
}

void Session::reset(std::uint64_t seed) {
    scene_->start(seed);
    if (lane_) {  // the lane starts again from a copy of this start
        sync_lane();
        lane_->take_state(*scene_);
    }
    begin_run();
}

void Session::begin_run() {
    const std::uint64_t seed = scene_->seed();
    // A new run; the one before is kept, with the configuration it began from.
    history_.start_run(seed, "{" + options_json(*scene_) + ", \"params\": " + scene_->params_json() + "}");
    history_.mark(0.0, trf("reset, seed {0}", {std::to_string(seed)}), "reset");
    sample();
    pending_.reset();  // a reset is its own action (the widget says so when a student asks for one)
    ready_.clear();
    paused_hint_at_ = -1;
}

void Session::clear_history() {
    history_.clear();
    sample();
}

void Session::note(const std::string& what, const char* kind, const std::string& said) {
    history_.mark(time(), what, kind);
    const std::string words = said.empty() ? what : said;
    if (std::strcmp(kind, "param") != 0) {
        action(words);
        if (pending_) pending_->params.clear();
        return;
    }
    const std::string name = what.substr(0, what.find(" = "));
    const bool waiting = pending_ && steps() >= pending_->steps && !pending_->params.empty();
    if (!waiting) {
        action(words);
        pending_->params = {{name, words}};
        return;
    }
    auto& ps = pending_->params;
    const auto same = std::find_if(ps.begin(), ps.end(), [&](const auto& p) { return p.first == name; });
    if (same != ps.end()) same->second = words;
    else ps.emplace_back(name, words);
    pending_->what.clear();
    for (const auto& [n, w] : ps) pending_->what += (pending_->what.empty() ? "" : ". ") + capitalised(w);
}

void Session::action(const std::string& what) {
    if (pending_ && steps() >= pending_->steps) {  // still waiting: one sentence for the burst
        pending_->what = what;
        return;
    }
    pending_ = Pending{what, steps(), scene_->gauges(), {}};
}

std::string Session::respond(bool paused) {
    if (!ready_.empty()) {
        std::string s = std::move(ready_);
        ready_.clear();
        return s;
    }
    if (!pending_) return "";
    if (steps() < pending_->steps) pending_ = Pending{pending_->what, steps(), scene_->gauges(), pending_->params};  // a reset came between
    std::string s = capitalised(pending_->what) + ". ";
    if (steps() - pending_->steps >= kRespondSteps) {
        answered_from_ = static_cast<double>(pending_->steps) * kLabDt;
        std::vector<Scene::Swing> swings;
        for (size_t k = 0; k < pending_->before.size(); ++k) swings.push_back(swing(static_cast<int>(k)));
        s += scene_->change_sentence(pending_->before, scene_->gauges(), static_cast<double>(steps() - pending_->steps) * kLabDt, swings);
    } else if (paused) {
        if (paused_hint_at_ != steps()) s += tr("Paused: press Play, or the period key to step, to see what it does.");
        else s.pop_back();  // said once per pause: "Hawk moved near the centre."
        paused_hint_at_ = steps();
    } else {
        return "";
    }
    pending_.reset();
    return s;
}

void Session::step(int n) {
    if (lane_ && n > 0) sync_lane();  // inputs given since the last call reach it too
    while (n > 0) {
        const int to_sample = History::kSampleSteps - static_cast<int>(steps() % History::kSampleSteps);
        const int k = std::min(n, to_sample);
        scene_->run(k);
        if (lane_) lane_->run(k);  // the lanes share nothing: k steps each is one step each in turn
        n -= k;
        if (steps() % History::kSampleSteps == 0) sample();
    }
}

void Session::sample() { history_.sample(time(), scene_->gauges()); }

Scene::Swing Session::swing(int k) const {
    Scene::Swing w{std::nan(""), std::nan("")};
    for (int i = 0; i < history_.size(); ++i) {
        if (history_.time(i) < answered_from_ - 1e-9) continue;
        const double v = history_.value(i, k);
        if (!std::isfinite(v)) continue;
        w.lo = std::isnan(w.lo) ? v : std::min(w.lo, v);
        w.hi = std::isnan(w.hi) ? v : std::max(w.hi, v);
    }
    return w;
}

}  // namespace flocklab
