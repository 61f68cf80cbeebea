// A scene's clock and the fixed step. Options by name: scene_options.cpp;
// parameters by name: scene_params.cpp; the page's description:
// describe.cpp. The session around a scene: session.cpp.
#include "scene.hpp"

#include <algorithm>
#include <cmath>


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

int max_steps_for(long long work_per_step) {
    return static_cast<int>(std::clamp<long long>(kMaxWorkPerCall / std::max(1LL, work_per_step), 1, 1000000));
}

void Scene::start(std::uint64_t seed) {
    seed_ = seed;
    steps_ = 0;
    restart(seed);
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

int Scene::max_steps_per_call() const { return max_steps_for(work_per_step()); }

const OptionSpec* Scene::option(const std::string& name) const {
    for (const OptionSpec& o : options()) {
        if (name == o.name) return &o;
    }
    return nullptr;
}
}  // namespace flocklab
