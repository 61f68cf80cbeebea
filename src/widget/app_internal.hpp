// What the App's files share: layout constants, the clock, and the
// panel's slider. Only app*.cpp include it.
#pragma once

#include <chrono>
#include <string>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app.hpp"
#include "imgui.h"
#include "imgui_internal.h"

namespace flocklab::app_detail {

constexpr float kFramePadY = 6.0f;        // px: 13 px text + 2 x 6 = 25 px controls
constexpr double kMaxBackingPx = 2560.0;  // the backing store's longest side, device px
constexpr double kCompactWidth = 560.0;   // CSS px: narrower canvases get the compact HUD
constexpr double kFrameBudgetMs = 8.0;    // stepping per frame, so a few big widgets keep a page responsive

inline double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// A slider over a double field, labelled with its unit.
// A slider showing `decimals` decimals, with the language's decimal mark
// (ImGui prints with '.': another mark is shown as the format's literal text,
// and the value is rounded here as ImGui would round it to the format).
inline bool slider(const char* label, double* v, double lo, double hi, int decimals) {
    char fmt[16];
    std::snprintf(fmt, sizeof fmt, "%%.%df", decimals);
    if (decimal_mark() == '.' || ImGui::TempInputIsActive(ImGui::GetID(label))) {
        return ImGui::SliderScalar(label, ImGuiDataType_Double, v, &lo, &hi, fmt, ImGuiSliderFlags_AlwaysClamp);
    }
    char shown[64];
    std::snprintf(shown, sizeof shown, fmt, *v);
    const std::string text = local_number(shown);  // digits, a sign and the mark: no '%'
    if (!ImGui::SliderScalar(label, ImGuiDataType_Double, v, &lo, &hi, text.c_str(), ImGuiSliderFlags_AlwaysClamp)) return false;
    const double scale = std::pow(10.0, decimals);
    *v = std::clamp(std::round(*v * scale) / scale, lo, hi);
    return true;
}

inline void warn(const std::string& message) { std::fprintf(stderr, "flocklab: %s\n", message.c_str()); }

}  // namespace flocklab::app_detail
