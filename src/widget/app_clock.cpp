// App: the clock, stepping, run-to in slices, and the step-time meter.
#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdarg>
#include <cstring>
#include <map>

#include <emscripten/html5.h>

#include "imgui.h"
#include "imgui_internal.h"  // the body window's move id (a swipe on the panel scrolls it)
#include "font.hpp"
#include "core/words.hpp"
#include "app_internal.hpp"

namespace flocklab {

using namespace app_detail;

// [SECTION] Update

void App::update(double frame_seconds) {
    if (run_.left > 0) {  // a run to a time goes on, a slice per frame
        run_slice(kFrameBudgetMs);
        return;
    }
    if (paused) {
        clock_.accumulator = 0;
        return;
    }
    int n = clock_.advance(frame_seconds * speed);  // the same fixed steps at any speed
    if (play_left_ > 0) n = std::min(n, play_left_);
    if (n == 0) return;
    // At most kFrameBudgetMs of stepping per frame (at least one step): a big
    // flock slows down instead of holding up the page (typing, scrolling).
    const double t0 = now_ms();
    const int done = run_for(n, kFrameBudgetMs);
    record_step_time(now_ms() - t0, done);
    if (play_left_ > 0 && (play_left_ -= done) == 0) {
        paused = true;
        session_->say(trf("Played to {0} s and paused. ", {fixed(session_->time(), 1)}) + session_->summary());
    }
}

int App::step(int n) {
    // At most kMaxCallMs of work, checked between steps.
    return run_for(std::clamp(n, 0, scene().max_steps_per_call()), kMaxCallMs);
}

int App::run_for(int n, double budget_ms, bool within) {
    const double t0 = now_ms();
    double longest = 0;  // ms: the longest step so far
    int done = 0;
    while (done < n) {
        const double before = now_ms();
        session_->step(1);
        ++done;
        const double after = now_ms();
        longest = std::max(longest, after - before);
        // `within`: no step begun that would likely end past the budget.
        if (after - t0 + (within ? longest : 0.0) > budget_ms) break;
    }
    return done;
}

void App::run_begin(std::uint64_t seed, int steps) {
    reset(seed);
    paused = true;  // and it stays there, so the gauges read the lab's numbers
    run_.total = run_.left = std::max(0, steps);
    if (run_.left == 0) session_->say(trf("Reset, seed {0}. ", {std::to_string(seed)}) + session_->summary());
}

void App::play_begin(std::uint64_t seed, int steps) {
    reset(seed);
    play_left_ = std::max(0, steps);
    paused = play_left_ == 0;
}

int App::run_slice(double budget_ms) {
    if (run_.left <= 0) return 0;
    // The slice keeps within its budget (a step at 5000 boids is several
    // ms): the page's task stays under 50 ms, a long task's threshold.
    run_.left -= run_for(std::min(run_.left, scene().max_steps_per_call()), budget_ms, true);
    // Both lanes, where there are two: a screen reader hears the what-if too.
    if (run_.left == 0) session_->say(trf("Ran to {0} s and paused. ", {fixed(session_->time(), 1)}) + session_->summary());
    return run_.left;
}

void App::run_cancel() {
    if (run_.left > 0) session_->say(trf("Stopped at {0} s.", {fixed(session_->time(), 1)}));
    run_.left = 0;
    paused = true;
}

void App::reset(std::uint64_t seed) {
    panel_.seed_input = seed;
    session_->reset(seed);
    play_left_ = 0;
    clock_.accumulator = 0;
    meter_.count = meter_.next = 0;
}

void App::record_step_time(double ms, int steps) {
    meter_.ms[meter_.next] = ms;
    meter_.steps[meter_.next] = steps;
    meter_.next = (meter_.next + 1) % StepMeter::kWindow;
    meter_.count = std::min(meter_.count + 1, StepMeter::kWindow);
}

double App::step_time() const {
    double ms = 0;
    long long n = 0;
    for (int i = 0; i < meter_.count; ++i) {
        ms += meter_.ms[i];
        n += meter_.steps[i];
    }
    return n > 0 ? ms / static_cast<double>(n) : 0.0;
}

// The HUD's gauges (about 4 times a second while it plays; at once when a
// paused scene moved, as a run-to does, so its last frame never shows the
// gauges of an earlier time beside the new time) and the view's own panel work.
void App::update_panels(double now) {
    if (now - hud_.at_ms >= 250 || hud_.gauges.empty() || (paused && session_->time() != hud_.time)) {
        hud_.gauges = scene().gauges();
        hud_.at_ms = now;
        hud_.time = session_->time();
    }
    place_hud(now);
    view_->update_panels();
}
// The HUD goes to the corner that covers less of what the run is about: the
// view's focus points (the goal, the selection, the target) count most, then
// each agent under it (the clump). Twice a second at most, and only for a
// clear gain, so it does not hop; top left while the tuning panel is open.
void App::place_hud(double now) {
    // Twice a second at most, unless the canvas or the HUD changed size (full
    // screen, projector mode): a paused widget draws few frames after that.
    const ImVec2 shown = ImGui::GetIO().DisplaySize;
    const float left = shown_left(), right = shown_right();
    const bool lane_playing = session_->what_if() && !paused;
    const bool resized = shown.x != hud_.placed_for.x || shown.y != hud_.placed_for.y || hud_.h != hud_.placed_h ||
                         left != hud_.placed_left || right != hud_.placed_right || lane_playing != hud_.placed_lane_playing;
    if ((now - hud_.placed_ms < 500 && !resized) || hud_.w <= 0) return;
    hud_.placed_ms = now;
    hud_.placed_for = shown;
    hud_.placed_h = hud_.h;
    hud_.placed_left = left;
    hud_.placed_right = right;
    hud_.placed_lane_playing = lane_playing;
    if (panel_.tuning_open || panel_.help_open) {
        hud_.corner = false;
        return;
    }
    const ImVec2 d = ImGui::GetIO().DisplaySize;
    const auto cost_of = [&](bool corner, float w, float h) {
        const double x0 = corner ? right - 8 - w : left + 8, y0 = corner ? d.y - 8 - h : 8, m = 12;
        const auto under = [&](Vec2 p) {
            const Vec2 q = p * ui_per_world_;
            return q.x >= x0 - m && q.x <= x0 + w + m && q.y >= y0 - m && q.y <= y0 + h + m;
        };
        double c = 0;
        for (const Vec2 p : view_->focus()) c += under(p) ? 1000 : 0;
        for (const Vec2 p : scene().positions()) c += under(p) ? 1 : 0;
        if (const Scene* lane = session_->what_if()) {  // the hollow lane counts as much; its one vehicle as a focus point
            const std::vector<Vec2> ps = lane->positions();
            for (const Vec2 p : ps) c += under(p) ? (ps.size() == 1 ? 1000 : 1) : 0;
        }
        return c;
    };
    // Folded to its essentials (as on a phone) while the whole HUD would
    // cover a focus point in either corner (a large text scale, full screen)
    // or be wider than the part of the canvas on the screen (zoomed for
    // fingers), and while a what-if lane plays (the student watches the
    // lanes; folded, it keeps what each lane runs and how far apart they
    // are, and a lesson's page says their gauges below); whole again after.
    const float full_w = hud_.folded ? hud_.full_w : hud_.w, full_h = hud_.folded ? hud_.full_h : hud_.h;
    const bool room = std::min(cost_of(false, full_w, full_h), cost_of(true, full_w, full_h)) < 1000 && full_w + 16 <= right - left;
    const bool fold = !room || lane_playing;
    if (fold && !hud_.folded) {
        hud_.full_w = hud_.w;
        hud_.full_h = hud_.h;
    }
    hud_.folded = fold;
    const auto cost = [&](bool corner) { return cost_of(corner, hud_.w, hud_.h); };
    const double here = cost(hud_.corner), there = cost(!hud_.corner);
    if (there + 2 < here * 0.5) hud_.corner = !hud_.corner;
    // The closed Tuning header: top right, or the bottom corner the HUD left
    // free when a focus point is under the top right (not the agents: it is small).
    const double hw = panel_.max.x - panel_.min.x, hh = panel_.max.y - panel_.min.y;
    const auto covers = [&](double x0, double y0) {
        for (const Vec2 p : view_->focus()) {
            const Vec2 q = p * ui_per_world_;
            if (q.x >= x0 - 12 && q.x <= x0 + hw + 12 && q.y >= y0 - 12 && q.y <= y0 + hh + 12) return true;
        }
        return false;
    };
    const bool top_bad = covers(right - 8 - hw, 8);
    panel_.low = top_bad;
    panel_.left = top_bad && hud_.corner;
}
}  // namespace flocklab
