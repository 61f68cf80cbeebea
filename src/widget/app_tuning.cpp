// App: the tuning panel inside the canvas.
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
#include "ui_number.hpp"
#include "core/format.hpp"
#include "core/stops.hpp"
#include "core/words.hpp"
#include "app_internal.hpp"

namespace flocklab {

using namespace app_detail;

void App::draw_tuning() {
    // Inside the canvas whatever its size. Closed, a header at the top
    // right; open, the header stays and the body below it scrolls (the wheel,
    // the scrollbar, or a finger's swipe). On a phone-sized canvas it opens
    // as a sheet over the lower two thirds, so the top of the scene stays in view.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImGuiStyle& st = ImGui::GetStyle();
    const float edge = 8.0f * text_scale_;  // CSS px
    const float left = shown_left(), right = shown_right();  // the part of the canvas on the screen
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoScrollbar |
                             ImGuiWindowFlags_NoScrollWithMouse;
    const bool opening = panel_.request == 1 || (panel_.tuning_open && panel_.request != 0);
    if (!opening) {
        flags |= ImGuiWindowFlags_AlwaysAutoResize;
        // Top right, or a bottom corner when the top right would cover what matters (App::place_hud).
        ImGui::SetNextWindowPos(ImVec2(panel_.left ? left + edge : right - edge, panel_.low ? display.y - edge : edge), ImGuiCond_Always,
                                ImVec2(panel_.left ? 0.0f : 1.0f, panel_.low ? 1.0f : 0.0f));
        // At least as wide as its header's label (a translation may be longer than "Tuning").
        const float label_w = ImGui::CalcTextSize(tr("Tuning")).x + ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 4 +
                              ImGui::GetStyle().WindowPadding.x * 2;
        ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(std::max(110 * text_scale_, label_w), right - left - 2 * edge), 0),
                                            ImVec2(right - left - 2 * edge, display.y - 2 * edge));
    } else if (compact()) {
        ImGui::SetNextWindowPos(ImVec2(left, std::floor(display.y / 3)), ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(right - left, display.y - std::floor(display.y / 3)), ImGuiCond_Always);
    } else {
        const float w = std::min(420.0f * text_scale_, right - left - 2 * edge);
        const float h = std::min(panel_.header_h + panel_.body_h, display.y - 2 * edge);
        ImGui::SetNextWindowPos(ImVec2(right - edge, edge), ImGuiCond_Always, ImVec2(1, 0));
        ImGui::SetNextWindowSize(ImVec2(w, std::max(h, 40.0f)), ImGuiCond_Always);
    }
    ImGui::SetNextWindowBgAlpha(0.85f);
    // A header the whole width of the window: one click anywhere on it
    // opens or closes the panel.
    ImGui::Begin("##tuning", nullptr, flags);
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    panel_.min = {at.x, at.y};
    panel_.max = {at.x + size.x, at.y + size.y};
    // T opens it with the keyboard in it, and closes it giving the keys back to the scene.
    if (panel_.request >= 0) {
        ImGui::SetNextItemOpen(panel_.request == 1);
        if (panel_.request == 1) ImGui::SetWindowFocus();
        else ImGui::SetWindowFocus(nullptr);
        panel_.request = -1;
    }
    panel_.nav_item.clear();
    const auto named = [this](const char* name) {  // the item just drawn, when the keyboard is on it
        if (ImGui::IsItemFocused()) panel_.nav_item = name;
    };
    panel_.tuning_open = ImGui::CollapsingHeader(tr("Tuning"));
    named("header");
    panel_.focused = panel_.tuning_open && ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    if (!panel_.tuning_open) {
        ImGui::End();
        return;
    }
    panel_.header_h = ImGui::GetCursorPosY() + st.WindowPadding.y;
    ImGui::BeginChild("##body", ImVec2(0, 0), false, ImGuiWindowFlags_NavFlattened);
    // A swipe (or a drag) on the body, not on a control, scrolls it. (A
    // press on a window's background makes the window's "move" id active,
    // even when it cannot move; a control's own id means the control has it.)
    const ImGuiWindow* body = ImGui::GetCurrentWindow();
    const ImGuiID active = ImGui::GetActiveID();
    const bool on_background = active == 0 || active == body->MoveId || active == body->RootWindow->MoveId;
    if (ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f) &&
        on_background) {
        ImGui::SetScrollY(ImGui::GetScrollY() - ImGui::GetIO().MouseDelta.y);
    }
    panel_.scroll = ImGui::GetScrollY();
    ImGui::PushItemWidth(130 * text_scale_);
    ImGui::PushTextWrapPos(0.0f);  // wrapped at the panel's edge, in any language
    ui_text_disabled("%s (the lab's random.Random seed)", tr(scene().name()));
    ImGui::PopTextWrapPos();
    // The seed stays one a page carries exactly (config(), link(), saveFile(): 2^53 - 1 at most).
    if (whole_number_field(tr("seed"), &panel_.seed_input, panel_.entry) && panel_.seed_input > kMaxSeed) {
        session_->say(trf("Seeds go up to {0}; using {0}.", {std::to_string(kMaxSeed)}));
        panel_.seed_input = kMaxSeed;
    }
    named("seed");
    if (ImGui::Button(paused ? tr("Play") : tr("Pause")) && !(paused && ask_first())) paused = !paused;
    named("play");
    same_line_if_fits(tr("Step"));
    ImGui::BeginDisabled(!paused);
    if (ImGui::Button(tr("Step")) && !ask_first()) step(1);  // one 1/60 s step (key .)
    named("step");
    ImGui::EndDisabled();
    same_line_if_fits(tr("Reset"));
    if (ImGui::Button(tr("Reset"))) {
        reset(panel_.seed_input);
        session_->action(trf("reset, seed {0}", {std::to_string(panel_.seed_input)}));
    }
    named("reset");
    same_line_if_fits(tr("Reset and run 10 s"));  // a phone: on a line of its own
    // The lab's gauges are read after 10 s: 600 fixed steps from the start.
    if (ImGui::Button(tr("Reset and run 10 s")) && !ask_first()) run_begin(panel_.seed_input, 600);
    named("run10");
    // Every tunable from the params' field table, grouped, with its unit and range.
    const char* group = "";
    for (const Tunable& t : scene().tunables()) {
        if (std::strcmp(group, t.group) != 0) {
            group = t.group;
            ImGui::TextDisabled("%s", tr(group));
        }
        // "separation" under "weights"; "view radius (px)". The name keeps the id unique.
        const std::string label = std::string(tr(t.label)) + (t.unit[0] ? std::string(" (") + tr(t.unit) + ")" : "") + "##" + t.name;
        // 0.2, 320 and 440 among them; made once per range (min speed's follows max speed)
        auto at = panel_.stops.find({t.lo, t.hi});
        if (at == panel_.stops.end()) at = panel_.stops.emplace(std::make_pair(t.lo, t.hi), slider_stops(t.lo, t.hi)).first;
        // A drag shows (and steps with) its value as it goes; what the slider
        // keeps (let go, a typed number) goes through the scene's one way of
        // setting a tunable, as the page's and the CLI's do: the history marks
        // it, the change is said, and a limit that depends on it follows.
        double v = *t.value;
        const SliderResult r = number_slider(label.c_str(), &v, t.lo, t.hi, 2, panel_.entry, &at->second);
        named(t.name);
        if (r.changed) *t.value = v;
        if (r.done) scene().set_param(t.name, py_repr(v));
    }
    // Whole-number options (the flock's size): applied when the slider is let go.
    for (const OptionSpec& o : scene().options()) {
        if (o.kind != OptionKind::Count) continue;
        auto it = panel_.count_input.find(o.name);
        if (it == panel_.count_input.end() || !ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows)) {
            it = panel_.count_input.insert_or_assign(o.name, std::atoi(scene().get(o.name).c_str())).first;
        }
        double n = it->second;
        const SliderResult r = number_slider((std::string(tr(option_heading(o))) + "##" + o.name).c_str(), &n, o.lo, o.hi, 0, panel_.entry);
        named(o.name);
        it->second = static_cast<int>(n);
        if (r.done) scene().set(o.name, std::to_string(it->second));
    }
    // Switches (the rules, the overlays): one checkbox each.
    for (const OptionSpec& o : scene().options()) {
        if (o.kind != OptionKind::Flags) continue;
        ImGui::TextDisabled("%s", tr(option_heading(o)));
        ImGui::PushID(o.name);
        const std::string now = scene().get(o.name);
        for (size_t k = 0; k < o.values.size(); ++k) {
            bool on = now.find(std::string("\"") + o.values[k] + "\": true") != std::string::npos;
            if (k % 4) ImGui::SameLine();
            if (ImGui::Checkbox((std::string(tr(o.values[k])) + "##" + o.values[k]).c_str(), &on)) scene().set(o.name, std::string(o.values[k]) + (on ? "=1" : "=0"));
        }
        ImGui::PopID();
    }
    if (ImGui::Button(tr("Lesson defaults"))) scene().defaults();
    named("defaults");
    view_->tuning(step_time());
    ImGui::PopItemWidth();
    panel_.body_h = ImGui::GetCursorPosY() + st.WindowPadding.y;  // the body's full height, for the next frame's size
    ImGui::EndChild();
    ImGui::End();
}
}  // namespace flocklab
