// App: each frame's drawing, the HUD and the chart of the gauges over time.
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

// [SECTION] Draw

void App::draw() {
    shapes_.v.clear();
    view_->draw(shapes_);
    draw_what_if();
    painter_->clear(view_->background());
    // The shapes: world px to the backing store's pixels. ImGui: window (CSS)
    // px to the backing store's.
    int ww = 0, wh = 0, pw = 0, ph = 0;
    SDL_GetWindowSize(window_, &ww, &wh);
    painter_->output_size(&pw, &ph);
    const Vec2 world = scene().world();
    painter_->triangles(shapes_.v, static_cast<float>(pw / world.x), static_cast<float>(ph / world.y));

    ui_input_.new_frame();
    ImGui::NewFrame();
    view_->labels(ImGui::GetBackgroundDrawList(), ui_per_world_);
    draw_hud();
    draw_tuning();
    draw_help();
    // Escape waits for the keys before it (App::cancel): then it drops the
    // number being typed, or does what it does.
    const bool escape = panel_.escape && keys_on_the_way() == 0;
    if (escape) panel_.escape = false;
    if (escape && !panel_.entry.id) cancel();
    end_number_entry(panel_.entry, escape);  // also when the panel closed mid-number: the keys are the scene's again
    ImGui::Render();
    painter_->ui(*ImGui::GetDrawData(), ww > 0 ? static_cast<float>(pw) / ww : 1.0f,
                 wh > 0 ? static_cast<float>(ph) / wh : 1.0f);
    painter_->present();
}

// ImGui sizes an auto-sized window (the HUD, the closed Tuning header, the
// keys) from what it held the frame before. A frame drawn alone, not after
// the frame loop's last one (an asleep or parked widget's picture: just
// after a run, whose progress line changed the HUD, or after the canvas
// was resized, when the HUD had the old size's lines), first lays the
// panels out once at the window's size now: no input is read and no time
// passes (no key repeats, nothing moves), nothing is drawn.
void App::lay_out_panels() {
    ImGuiIO& io = ImGui::GetIO();
    const float dt = io.DeltaTime;
    io.DeltaTime = 1e-6f;
    ui_input_.size_display();
    ImGui::NewFrame();
    draw_hud();
    draw_tuning();
    draw_help();
    ImGui::EndFrame();
    io.DeltaTime = dt;
}

void App::draw_hud() {
    const ImVec2 d = ImGui::GetIO().DisplaySize;
    if (hud_.corner) ImGui::SetNextWindowPos(ImVec2(shown_right() - 8, d.y - 8), ImGuiCond_Always, ImVec2(1, 1));
    else ImGui::SetNextWindowPos(ImVec2(shown_left() + 8, 8));
    ImGui::SetNextWindowBgAlpha(0.55f);
    constexpr ImGuiWindowFlags kHud = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing |
                                      ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    ImGui::Begin("##hud", nullptr, kHud);
    view_->hud(hud_.gauges, paused, session_->time(), hud_compact());
    if (Scene* lane = session_->what_if()) {  // both lanes' gauges, and how far apart they are
        const ImVec4 kLane(1.0f, 0.55f, 0.85f, 1);
        // What both lanes run where it is not the lab's code (the HUD's lane names stay true).
        if (const std::string both = session_->solid_words(); !both.empty()) ui_text("both: %s", both.c_str());
        ui_text_coloured(kLane, "what if: %s", session_->compared_words().c_str());
        if (!hud_compact()) {
            std::string line;
            for (const Gauge& x : lane->gauges()) {
                line += (line.empty() ? "" : ", ") + gauge_label(x) + " " + gauge_words(x);
            }
            ImGui::TextColored(kLane, "  %s", line.c_str());  // already in the widget's language
        }
        ui_text_coloured(kLane, "  apart %.1f px", session_->apart());
    }
    if (run_.left > 0) {
        ui_text_coloured(ImVec4(0.98f, 0.75f, 0.14f, 1), "running to %.1f s: %d%%", run_.total * kLabDt,
                           static_cast<int>(100.0 * (run_.total - run_.left) / std::max(1, run_.total)));
    }
    if (!hud_compact()) draw_plot();
    hud_.x = ImGui::GetWindowPos().x;
    hud_.y = ImGui::GetWindowPos().y;
    hud_.w = ImGui::GetWindowSize().x;
    hud_.h = ImGui::GetWindowSize().y;
    ImGui::End();
    draw_lane_over_hud();
}

namespace {
// The what-if lane as a ghost: each agent a hollow ring with a cross-hair
// tick, in a colour of its own (magenta, apart from the lab's blues and
// greens in a grey-scale copy too, by shape as much as by colour). One
// description for the world layer and for the copy drawn over the HUD.
struct Ghost {
    static constexpr unsigned char kR = 255, kG = 140, kB = 217, kA = 235;
    static constexpr double kRing = 2.0, kTick = 1.5;  // px: the lines' widths
    // px: a vehicle is drawn larger than a boid.
    static double radius(const std::vector<Vec2>& agents) { return agents.size() == 1 ? 14.0 : 6.0; }
};
}  // namespace

// The what-if lane's agents that the HUD would hide are drawn again over it,
// as the world layer draws them (draw_what_if): the HUD never hides what a
// what-if asks the student to watch.
void App::draw_lane_over_hud() {
    const Scene* lane = session_->what_if();
    if (!lane || hud_.w <= 0) return;
    const std::vector<Vec2> ps = lane->positions();
    const float s = static_cast<float>(ui_per_world_);  // window px per world px
    const float r = static_cast<float>(Ghost::radius(ps)) * s;
    const ImU32 ghost = IM_COL32(Ghost::kR, Ghost::kG, Ghost::kB, Ghost::kA);
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    for (const Vec2& p : ps) {
        const ImVec2 c(static_cast<float>(p.x) * s, static_cast<float>(p.y) * s);
        if (c.x + r < hud_.x || c.x - r > hud_.x + hud_.w || c.y + r < hud_.y || c.y - r > hud_.y + hud_.h) continue;
        dl->AddCircle(c, r, ghost, 0, static_cast<float>(Ghost::kRing) * s);
        dl->AddLine(ImVec2(c.x - r * 0.5f, c.y), ImVec2(c.x + r * 0.5f, c.y), ghost, static_cast<float>(Ghost::kTick) * s);
    }
}

void App::draw_what_if() {
    const Scene* lane = session_->what_if();
    if (!lane) return;
    const std::vector<Vec2> ps = lane->positions();
    const double r = Ghost::radius(ps);
    constexpr SDL_Color kGhost{Ghost::kR, Ghost::kG, Ghost::kB, Ghost::kA};
    for (const Vec2& p : ps) {
        shapes_.circle(p, r, Ghost::kRing, kGhost);
        shapes_.line(p - Vec2{r * 0.5, 0}, p + Vec2{r * 0.5, 0}, Ghost::kTick, kGhost);
    }
}

// The first two gauges over the last minute of simulated time, each scaled
// to its own range, with a tick for every mark (a rule switched, a reset).
void App::draw_plot() {
    const History& h = session_->history();
    if (h.size() < 2 || h.names().size() < 2) return;
    constexpr double kWindow = 60.0;  // s
    const double t1 = h.time(h.size() - 1);
    const double t0 = std::max(h.time(0), t1 - kWindow);
    int first = 0;
    while (first < h.size() - 1 && h.time(first) < t0) ++first;
    double top[2] = {0, 0};
    for (int k = first; k < h.size(); ++k) {
        for (int g = 0; g < 2; ++g) top[g] = std::max(top[g], std::isfinite(h.value(k, g)) ? h.value(k, g) : 0.0);
    }
    for (double& t : top) t = t > 0 ? t : 1.0;
    if (h.units()[1].empty()) top[1] = std::max(top[1], 1.0);  // a 0-1 gauge keeps its scale
    const ImVec2 size(260 * text_scale_, 52 * text_scale_);
    ImGui::Dummy(size);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(a, b, IM_COL32(0, 0, 0, 90));
    const double span = std::max(t1 - t0, 1e-9);  // the plot spans exactly the samples shown
    const auto x_of = [&](double t) { return a.x + static_cast<float>((t - t0) / span) * size.x; };
    const auto y_of = [&](double v, int g) {
        return b.y - 2 - static_cast<float>(std::clamp(v / top[g], 0.0, 1.0)) * (size.y - 4);
    };
    for (const History::Event& e : h.events()) {
        if (e.time < t0) continue;
        dl->AddLine(ImVec2(x_of(e.time), a.y), ImVec2(x_of(e.time), b.y), IM_COL32(251, 191, 36, 200), 1.5f);
    }
    constexpr ImU32 kColours[2] = {IM_COL32(125, 211, 252, 255), IM_COL32(128, 230, 153, 255)};
    // The previous run, faint, behind the current one, on the same times.
    const bool ghost = h.previous_size() > 1;
    if (ghost) {
        constexpr ImU32 kGhosts[2] = {IM_COL32(125, 211, 252, 90), IM_COL32(128, 230, 153, 90)};
        for (int g = 0; g < 2; ++g) {
            for (int k = 1; k < h.previous_size() && h.previous_time(k) <= t1; ++k) {
                if (h.previous_time(k - 1) < t0) continue;
                dl->AddLine(ImVec2(x_of(h.previous_time(k - 1)), y_of(h.previous_value(k - 1, g), g)),
                            ImVec2(x_of(h.previous_time(k)), y_of(h.previous_value(k, g), g)), kGhosts[g], 1.0f);
            }
        }
    }
    for (int g = 0; g < 2; ++g) {
        for (int k = first + 1; k < h.size(); ++k) {
            dl->AddLine(ImVec2(x_of(h.time(k - 1)), y_of(h.value(k - 1, g), g)), ImVec2(x_of(h.time(k)), y_of(h.value(k, g), g)),
                        kColours[g], 1.5f);
        }
    }
    const auto range = [&](int g) {
        char buf[64];
        const std::string& u = h.units()[g];
        std::snprintf(buf, sizeof buf, top[g] >= 10 ? "%s 0-%.0f%s%s" : "%s 0-%.1f%s%s", tr(h.names()[g].c_str()), top[g],
                      u.empty() ? "" : " ", tr(u.c_str()));
        return local_number(buf);
    };
    ImGui::TextColored(ImVec4(0.49f, 0.83f, 0.99f, 1), "%s", range(0).c_str());
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.6f, 1), "%s", range(1).c_str());
    ImGui::SameLine();
    ui_text_disabled(ghost ? "last %.0f s, faint: run before" : "last %.0f s", t1 - t0);
    if (!h.events().empty() && h.events().back().time >= t0) {
        ui_text_coloured(ImVec4(0.98f, 0.75f, 0.14f, 1), "| %s at %.1f s", h.events().back().what.c_str(),
                           h.events().back().time);
    }
}
}  // namespace flocklab
