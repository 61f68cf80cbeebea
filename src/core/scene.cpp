// The session around a scene: the fixed step, reset, stepping with the
// history's samples, and the context responses. Options by name:
// scene_options.cpp; parameters by name: scene_params.cpp; the page's
// description: describe.cpp; data-* attributes: attributes.cpp.
#include "scene.hpp"

#include <algorithm>
#include <cmath>

#include "format.hpp"
#include "words.hpp"

namespace flocklab {

int FixedStep::advance(double frame_seconds) {
    if (!(frame_seconds > 0.0)) return 0;  // negative, zero or NaN: no time passed
    accumulator += frame_seconds;
    int n = 0;
    while (accumulator >= step && n < max_steps_per_frame) {
        accumulator -= step;
        ++n;
    }
    if (accumulator >= step) accumulator = std::fmod(accumulator, step);  // drop the backlog
    return n;
}

BenchResult Scene::benchmark(int size, const std::string& variant, int steps, int warmup) const {
    const std::unique_ptr<BenchRun> run = bench(size, variant, warmup);
    if (!run) return {std::nan(""), std::nan(""), 0, false, 0};
    run->warm(kMaxWarmupMs);
    return run->time(steps, kMaxCallMs);
}

int max_steps_for(long long work_per_step) {
    return static_cast<int>(std::clamp<long long>(kMaxWorkPerCall / std::max(1LL, work_per_step), 1, 1000000));
}

void Scene::reset(std::uint64_t seed) {
    seed_ = seed;
    steps_ = 0;
    restart(seed);
    if (lane_) {  // the lane starts again from a copy of this start
        sync_lane();
        lane_->take_state(*this);
    }
    // A new run; the one before is kept, with the configuration it began from.
    history_.start_run(seed, "{" + options_json(*this) + ", \"params\": " + params_json() + "}");
    history_.mark(0.0, trf("reset, seed {0}", {std::to_string(seed)}), "reset");
    sample();
    pending_.reset();  // a reset is its own action (the widget says so when a student asks for one)
    ready_.clear();
    paused_hint_at_ = -1;
}

void Scene::action(const std::string& what) {
    if (pending_ && steps() >= pending_->steps) {  // still waiting: one sentence for the burst
        pending_->what = what;
        return;
    }
    pending_ = Pending{what, steps(), gauges()};
}

std::string Scene::respond(bool paused) {
    if (!ready_.empty()) {
        std::string s = std::move(ready_);
        ready_.clear();
        return s;
    }
    if (!pending_) return "";
    if (steps() < pending_->steps) pending_ = Pending{pending_->what, steps(), gauges()};  // a reset came between
    std::string s = capitalised(pending_->what) + ". ";
    if (steps() - pending_->steps >= kRespondSteps) {
        answered_from_ = static_cast<double>(pending_->steps) * kLabDt;
        s += change_sentence(pending_->before, gauges(), static_cast<double>(steps() - pending_->steps) * kLabDt);
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

void Scene::step(int n) {
    if (lane_ && n > 0) sync_lane();  // inputs given since the last call reach it too
    while (n > 0) {
        const int to_sample = History::kSampleSteps - static_cast<int>(steps() % History::kSampleSteps);
        const int k = std::min(n, to_sample);
        run(k);
        if (lane_) lane_->run(k);  // the lanes share nothing: k steps each is one step each in turn
        n -= k;
        if (steps() % History::kSampleSteps == 0) sample();
    }
}

void Scene::run(int n) {
    advance(n);
    steps_ += std::max(0, n);
}

void Scene::take_state(Scene& from) {
    seed_ = from.seed_;
    steps_ = from.steps_;
    StateIO out = StateIO::writer();
    from.state_io(out);
    StateIO in = StateIO::reader(out.bytes());
    state_io(in);  // the same kind's own bytes: they always read back
}

void Scene::sample() { history_.sample(time(), gauges()); }

Scene::Swing Scene::swing(int k) const {
    Swing w{std::nan(""), std::nan("")};
    for (int i = 0; i < history_.size(); ++i) {
        if (history_.time(i) < answered_from_ - 1e-9) continue;
        const double v = history_.value(i, k);
        if (!std::isfinite(v)) continue;
        w.lo = std::isnan(w.lo) ? v : std::min(w.lo, v);
        w.hi = std::isnan(w.hi) ? v : std::max(w.hi, v);
    }
    return w;
}

int Scene::max_steps_per_call() const { return max_steps_for(work_per_step()); }

const OptionSpec* Scene::option(const std::string& name) const {
    for (const OptionSpec& o : options()) {
        if (name == o.name) return &o;
    }
    return nullptr;
}
}  // namespace flocklab
