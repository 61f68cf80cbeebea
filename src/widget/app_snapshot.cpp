// A widget's snapshot (app.hpp, "A snapshot"): the scene's bytes, then the
// widget's own state around them, all through StateIO. restore() reads
// everything into new objects first and keeps them only when all of it
// read: a refused snapshot changes nothing.
#include <cstring>

#include "app.hpp"

namespace flocklab {

void App::around_io(StateIO& io, Around& a) {
    io.flag(a.paused);
    io.f64(a.speed);
    io.i32(a.play_left);
    io.flag(a.help);
    io.flag(a.tuning);
    io.u64(a.seed_input);
    io.flag(a.hud_corner);
    if (io.reading() && (!(a.speed >= App::kMinSpeed && a.speed <= App::kMaxSpeed) || a.play_left < 0 || a.seed_input > kMaxSeed)) io.fail("the widget's speed, play or seed out of range");
}

std::string App::snapshot() {
    StateIO io = StateIO::writer();
    std::string scene = session_->snapshot();
    io.text(scene);
    Around a{paused, panel_.help_open, panel_.tuning_open, hud_.corner, speed, play_left_, panel_.seed_input};
    around_io(io, a);
    view_->state_io(io);
    return io.bytes();
}

std::string App::restore(const std::string& bytes) {
    StateIO io = StateIO::reader(bytes);
    std::string scene_bytes, why;
    io.text(scene_bytes);
    std::unique_ptr<Session> back = io.ok() ? restore_session(scene_bytes, &why) : nullptr;
    if (!back) return io.ok() ? why : "a damaged snapshot: " + io.why();
    const char* kind = back->scene().name();
    if (std::strcmp(kind, scene().name()) != 0) return std::string("a snapshot of a ") + kind + " widget, not of a " + scene().name() + " one";
    std::unique_ptr<SceneView> view = make_view(*back);
    if (!view) return std::string("no view for the scene ") + kind;
    Around a;
    around_io(io, a);
    view->state_io(io);
    if (!io.finished()) return "a damaged snapshot: " + io.why();
    session_ = std::move(back);
    view_ = std::move(view);
    paused = a.paused;
    speed = a.speed;
    play_left_ = a.play_left;
    panel_.help_open = a.help;
    panel_.request = a.tuning ? 1 : -1;
    panel_.seed_input = a.seed_input;
    hud_.corner = a.hud_corner;
    run_ = {};
    hud_.at_ms = -1e9;  // the HUD reads the new scene's gauges at once
    return "";
}

}  // namespace flocklab
