// Text in the widget's language: printf formats through tr(), with the
// language's decimal mark (view.hpp).
#include <cstdarg>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "view.hpp"

namespace flocklab {

namespace {
std::string printf_local(const char* fmt, va_list args) {
    char buf[512];
    std::vsnprintf(buf, sizeof buf, tr(fmt), args);
    return local_number(buf);
}
}  // namespace

// SameLine() when a button labelled `label` still fits on the current line
// (a longer translation wraps to the next line instead of being cut off).
void same_line_if_fits(const char* label) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float w = ImGui::CalcTextSize(label, nullptr, true).x + st.FramePadding.x * 2;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + st.ItemSpacing.x + w <= right) ImGui::SameLine();
}

void ui_text(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = printf_local(fmt, args);
    va_end(args);
    ImGui::TextUnformatted(s.c_str());
}

void ui_text_coloured(const ImVec4& colour, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = printf_local(fmt, args);
    va_end(args);
    ImGui::TextColored(colour, "%s", s.c_str());
}

void ui_text_disabled(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = printf_local(fmt, args);
    va_end(args);
    ImGui::TextDisabled("%s", s.c_str());
}
}  // namespace flocklab
