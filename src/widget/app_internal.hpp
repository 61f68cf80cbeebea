// What the App's files share: layout constants and the clock. Only
// app*.cpp include it.
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

inline void warn(const std::string& message) { std::fprintf(stderr, "flocklab: %s\n", message.c_str()); }

}  // namespace flocklab::app_detail
