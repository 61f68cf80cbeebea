// App: the keys' help, from the key table (words.hpp).
#include "app.hpp"

#include <algorithm>
#include <chrono>
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


// The keys for this scene and mode, from the one key table (words.hpp), in
// the middle of the canvas; ? or Escape closes it.
void App::draw_help() {
    if (!panel_.help_open) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x - 16, display.y - 16));
    ImGui::SetNextWindowBgAlpha(0.92f);
    ImGui::Begin(tr("Keys (? or Escape closes)"), nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoFocusOnAppearing);
    const std::vector<std::string> contexts = scene().key_contexts();
    const std::vector<KeyHelp> keys = keys_for(scene().name(), &contexts);
    // Two columns: the keys, then what they do (wrapped).
    float key_w = 0;
    for (const KeyHelp& k : keys) key_w = std::max(key_w, ImGui::CalcTextSize(key_words(k.keys)).x);
    key_w += ImGui::GetStyle().ItemSpacing.x * 2;
    ImGui::PushTextWrapPos(std::max(200.0f, display.x - 140 * text_scale_));
    for (const KeyHelp& k : keys) {
        ImGui::TextColored(ImVec4(0.49f, 0.83f, 0.99f, 1), "%s", key_words(k.keys));
        ImGui::SameLine(key_w);
        ImGui::TextUnformatted(key_what(k).c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::End();
}
}  // namespace flocklab
