#include "ui_number.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/decimal.hpp"
#include "core/format.hpp"
#include "core/lang.hpp"
#include "core/stops.hpp"
#include "imgui_internal.h"

namespace flocklab {
namespace {

constexpr std::size_t kMaxTyped = 24;  // characters: more than any seed or value needs

// The number controls of the latest frame that drew any, for number_control_at().
std::vector<ImRect> g_controls;
int g_controls_frame = -1;

enum class Typed { Typing, Kept, Dropped };

bool pressed(ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); }

void take(ImGuiID id, ImGuiWindow* window) {
    ImGui::SetActiveID(id, window);
    ImGui::SetFocusID(id, window);
    ImGui::FocusWindow(window);
}

void begin_typing(ImGuiID id, std::string text, NumberEntry& e) {
    take(id, ImGui::GetCurrentWindow());
    e.id = id;
    e.caret = text.size();
    e.text = std::move(text);
    e.all = true;
}

// A frame of typing into the control `bb` (which has the keyboard): the
// keys and characters since the last frame, then the field with its caret.
Typed type_into(const ImRect& bb, bool hovered, bool decimals, NumberEntry& e) {
    ImGuiContext& g = *GImGui;
    ImGuiIO& io = g.IO;
    // A click on another control (which the field lets take the mouse, so
    // that one click both ends the typing and, say, closes the panel), or
    // anywhere else, or Enter keeps the number.
    if (g.ActiveId != e.id || (io.MouseClicked[0] && !hovered) || pressed(ImGuiKey_Enter)) return Typed::Kept;
    std::string& t = e.text;
    const bool erase = pressed(ImGuiKey_Backspace), erase_next = pressed(ImGuiKey_Delete);
    if (e.all && (erase || erase_next)) {
        t.clear();
        e.caret = 0;
        e.all = false;
    } else if (erase && e.caret > 0) {
        t.erase(--e.caret, 1);
    } else if (erase_next && e.caret < t.size()) {
        t.erase(e.caret, 1);
    }
    const std::size_t was = e.caret;
    if (pressed(ImGuiKey_LeftArrow) && e.caret > 0) e.caret--;
    if (pressed(ImGuiKey_RightArrow) && e.caret < t.size()) e.caret++;
    if (pressed(ImGuiKey_Home)) e.caret = 0;
    if (pressed(ImGuiKey_End)) e.caret = t.size();
    if (e.caret != was) e.all = false;
    for (const ImWchar c : io.InputQueueCharacters) {
        const bool ok = (c >= '0' && c <= '9') || (decimals && (c == '-' || c == '+' || c == '.' || c == ','));
        if (!ok) continue;
        if (e.all) {
            t.clear();
            e.caret = 0;
            e.all = false;
        }
        if (t.size() < kMaxTyped) t.insert(e.caret++, 1, static_cast<char>(c));
    }
    io.InputQueueCharacters.resize(0);
    // The keys are the field's: no navigation by the arrows, Home or End.
    // (Escape never reaches SDL: the page hands it to App::cancel.)
    g.ActiveIdAllowOverlap = true;  // other controls still take a click
    g.ActiveIdUsingNavDirMask |= (1 << ImGuiDir_Left) | (1 << ImGuiDir_Right) | (1 << ImGuiDir_Up) | (1 << ImGuiDir_Down);
    g.ActiveIdUsingKeyInputMask |= (ImU64{1} << ImGuiKey_Home) | (ImU64{1} << ImGuiKey_End);
    if (hovered) ImGui::SetMouseCursor(ImGuiMouseCursor_TextInput);

    ImGuiWindow* window = g.CurrentWindow;
    ImGui::RenderFrame(bb.Min, bb.Max, ImGui::GetColorU32(ImGuiCol_FrameBgActive), true, g.Style.FrameRounding);
    const ImVec2 at(bb.Min.x + g.Style.FramePadding.x, bb.Min.y + g.Style.FramePadding.y);
    const float width = ImGui::CalcTextSize(t.c_str()).x;
    ImGui::PushClipRect(bb.Min, bb.Max, true);
    if (e.all && !t.empty()) window->DrawList->AddRectFilled(at, ImVec2(at.x + width, at.y + g.FontSize), ImGui::GetColorU32(ImGuiCol_TextSelectedBg));
    window->DrawList->AddText(at, ImGui::GetColorU32(ImGuiCol_Text), t.c_str());
    const float caret_x = at.x + ImGui::CalcTextSize(t.c_str(), t.c_str() + e.caret).x;
    window->DrawList->AddLine(ImVec2(caret_x, at.y - 0.5f), ImVec2(caret_x, at.y + g.FontSize - 1.5f), ImGui::GetColorU32(ImGuiCol_Text));
    ImGui::PopClipRect();
    return Typed::Typing;
}

// Ends a typing (kept or dropped): the control lets the keys go.
void end_typing(ImGuiID id, NumberEntry& e) {
    if (GImGui->ActiveId == id) ImGui::ClearActiveID();
    e.id = 0;
}

// The frame and label of a control `label` one line high and the item's width: false if not shown.
bool add_control(const char* label, ImGuiID id, ImRect* frame) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImGuiStyle& style = GImGui->Style;
    const ImVec2 label_size = ImGui::CalcTextSize(label, nullptr, true);
    const ImVec2 at = window->DC.CursorPos;
    *frame = ImRect(at, ImVec2(at.x + ImGui::CalcItemWidth(), at.y + label_size.y + style.FramePadding.y * 2));
    const ImRect total(frame->Min, ImVec2(frame->Max.x + (label_size.x > 0 ? style.ItemInnerSpacing.x + label_size.x : 0), frame->Max.y));
    ImGui::ItemSize(total, style.FramePadding.y);
    if (!ImGui::ItemAdd(total, id, frame)) return false;
    if (g_controls_frame != ImGui::GetFrameCount()) {
        g_controls.clear();
        g_controls_frame = ImGui::GetFrameCount();
    }
    g_controls.push_back(*frame);
    if (label_size.x > 0) ImGui::RenderText(ImVec2(frame->Max.x + style.ItemInnerSpacing.x, frame->Min.y + style.FramePadding.y), label);
    return true;
}

double scale_of(int decimals) {
    double scale = 1;
    for (int i = 0; i < decimals; ++i) scale *= 10;
    return scale;
}

// 35 / 100: the double nearest 0.35, the same as the lab's literal 0.35.
double round_to(double v, int decimals) { return std::round(v * scale_of(decimals)) / scale_of(decimals); }

// decimals < 0: the value's shortest form ("0.2", "320").
std::string shown(double v, int decimals) {
    if (decimals < 0) return local_number(py_repr(v == 0 ? 0.0 : v));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return local_number(buf);
}

// Where v sits among the stops, as a fractional index (2.5: halfway between the third and fourth).
double stop_position(const std::vector<double>& s, double v) {
    const auto it = std::lower_bound(s.begin(), s.end(), v);
    if (it == s.begin()) return 0;
    if (it == s.end()) return static_cast<double>(s.size() - 1);
    const size_t k = static_cast<size_t>(it - s.begin());
    return static_cast<double>(k - 1) + (v - s[k - 1]) / (s[k] - s[k - 1]);
}

}  // namespace

bool number_control_at(ImVec2 p) {
    if (g_controls_frame < ImGui::GetFrameCount() - 1) return false;  // the panel is not drawn now
    return std::any_of(g_controls.begin(), g_controls.end(), [&](const ImRect& r) { return r.Contains(p); });
}

void end_number_entry(NumberEntry& e, bool drop) {
    if (e.id && (drop || GImGui->ActiveId != e.id)) end_typing(e.id, e);
}

bool whole_number_field(const char* label, std::uint64_t* v, NumberEntry& e) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    if (window->SkipItems) return false;
    ImGuiContext& g = *GImGui;
    const ImGuiID id = window->GetID(label);
    ImRect frame;
    if (!add_control(label, id, &frame)) return false;
    const bool hovered = ImGui::ItemHoverable(frame, id);
    bool changed = false;
    if (e.id == id) {
        const Typed typed = type_into(frame, hovered, false, e);
        if (typed == Typed::Typing) return false;
        std::uint64_t x = 0;
        bool ok = !e.text.empty();
        for (const char c : e.text) {
            const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
            ok = ok && x <= (UINT64_MAX - d) / 10;  // a seed past 2^64 - 1 is not taken
            x = x * 10 + d;
        }
        if (typed == Typed::Kept && ok && x != *v) {
            *v = x;
            changed = true;
            ImGui::MarkItemEdited(id);
        }
        end_typing(id, e);
    } else if ((hovered && g.IO.MouseClicked[0]) || g.NavActivateId == id || g.NavActivateInputId == id) {
        begin_typing(id, std::to_string(*v), e);
    }
    if (hovered) ImGui::SetMouseCursor(ImGuiMouseCursor_TextInput);
    ImGui::RenderNavHighlight(frame, id);
    ImGui::RenderFrame(frame.Min, frame.Max, ImGui::GetColorU32(hovered ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg), true, g.Style.FrameRounding);
    const std::string text = std::to_string(*v);
    ImGui::RenderTextClipped(ImVec2(frame.Min.x + g.Style.FramePadding.x, frame.Min.y), frame.Max, text.c_str(), nullptr, nullptr, ImVec2(0, 0.5f));
    return changed;
}

SliderResult number_slider(const char* label, double* v, double lo, double hi, int decimals, NumberEntry& e,
                           const std::vector<double>* stops) {
    SliderResult r;
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    if (window->SkipItems) return r;
    ImGuiContext& g = *GImGui;
    const ImGuiStyle& style = g.Style;
    const ImGuiID id = window->GetID(label);
    ImRect frame;
    if (!add_control(label, id, &frame)) return r;
    const bool hovered = ImGui::ItemHoverable(frame, id);
    const auto set = [&](double x) {
        x = std::clamp(stops ? x : round_to(x, decimals), lo, hi);
        if (x == *v) return;
        *v = x;
        r.changed = true;
        ImGui::MarkItemEdited(id);
        e.edited = id;
    };
    if (e.id == id) {
        const Typed typed = type_into(frame, hovered, true, e);
        if (typed == Typed::Typing) return r;
        std::string text = e.text;
        std::replace(text.begin(), text.end(), ',', '.');
        const char* end = nullptr;
        const double x = read_decimal(text.c_str(), &end);
        if (typed == Typed::Kept && end != text.c_str() && *end == '\0' && std::isfinite(x)) set(x);
        end_typing(id, e);
        r.done = r.changed;
        e.edited = 0;
    } else if (const bool clicked = hovered && g.IO.MouseClicked[0]; clicked || g.NavActivateId == id || g.NavActivateInputId == id) {
        if ((clicked && g.IO.KeyCtrl) || g.NavActivateInputId == id) {
            begin_typing(id, shown(*v, stops ? -1 : decimals), e);
        } else {
            take(id, window);
            g.ActiveIdUsingNavDirMask |= (1 << ImGuiDir_Left) | (1 << ImGuiDir_Right);
            e.edited = 0;
            e.press = g.IO.MousePos;
            e.slid = false;
        }
    }

    // The grab: whole numbers get one unit of the track each where they fit.
    const float pad = 2.0f, track = frame.GetWidth() - pad * 2;
    const double range = hi - lo;
    float grab = style.GrabMinSize;
    if (decimals == 0 && !stops) grab = std::max(static_cast<float>(track / (range + 1)), grab);
    const double last = stops ? static_cast<double>(stops->size() - 1) : 0.0;
    grab = std::min(grab, track);
    const float usable = track - grab, left = frame.Min.x + pad + grab / 2;
    if (g.ActiveId == id && e.id != id) {
        if (g.ActiveIdSource == ImGuiInputSource_Mouse) {
            // A finger moves the slider only once it has moved; let go where it pressed, it types.
            const bool still = e.finger && !e.slid && std::fabs(g.IO.MousePos.x - e.press.x) < kTapPx && std::fabs(g.IO.MousePos.y - e.press.y) < kTapPx;
            if (!g.IO.MouseDown[0]) {
                ImGui::ClearActiveID();
                if (still) begin_typing(id, shown(*v, stops ? -1 : decimals), e);
            } else if (!still) {
                e.slid = true;
                const double f = usable > 0 ? std::clamp((g.IO.MousePos.x - left) / usable, 0.0f, 1.0f) : 0.0f;
                set(stops ? (*stops)[static_cast<size_t>(std::lround(f * last))] : lo + range * f);
            }
        } else if (g.ActiveIdSource == ImGuiInputSource_Nav) {
            const float dir = ImGui::GetNavInputAmount2d(ImGuiNavDirSourceFlags_Keyboard | ImGuiNavDirSourceFlags_PadDPad, ImGuiInputReadMode_RepeatFast).x;
            if (g.NavActivatePressedId == id && !g.ActiveIdIsJustActivated) {
                ImGui::ClearActiveID();
            } else if (dir != 0 && stops) {  // to the next stop (Shift: the tenth), from a typed value too
                const double at = stop_position(*stops, *v), n = g.IO.KeyShift ? 10 : 1;
                const double k = dir > 0 ? std::floor(at + 1e-9) + n : std::ceil(at - 1e-9) - n;
                set((*stops)[static_cast<size_t>(std::clamp(k, 0.0, last))]);
            } else if (dir != 0) {
                double step = decimals == 0 && range <= 100 ? 1.0 : range / 100;
                if (g.IO.KeyShift) step *= 10;
                double moved = *v + (dir > 0 ? step : -step);
                // A step smaller than the shown decimals still moves one shown unit.
                if (round_to(moved, decimals) == *v) moved = *v + (dir > 0 ? 1 : -1) / scale_of(decimals);
                set(moved);
            }
        }
    }
    if (e.edited == id && g.ActiveId != id) {  // let go after moving it
        r.done = true;
        e.edited = 0;
    }

    const ImU32 colour = ImGui::GetColorU32(g.ActiveId == id ? ImGuiCol_FrameBgActive : hovered ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg);
    ImGui::RenderNavHighlight(frame, id);
    ImGui::RenderFrame(frame.Min, frame.Max, colour, true, style.FrameRounding);
    const float t = stops ? (last > 0 ? static_cast<float>(stop_position(*stops, *v) / last) : 0.0f)
                          : range > 0 ? static_cast<float>((*v - lo) / range) : 0.0f;
    const float x = left + usable * std::clamp(t, 0.0f, 1.0f);
    window->DrawList->AddRectFilled(ImVec2(x - grab / 2, frame.Min.y + pad), ImVec2(x + grab / 2, frame.Max.y - pad),
                                    ImGui::GetColorU32(g.ActiveId == id ? ImGuiCol_SliderGrabActive : ImGuiCol_SliderGrab), style.GrabRounding);
    const std::string text = shown(*v, stops ? -1 : decimals);
    ImGui::RenderTextClipped(frame.Min, frame.Max, text.c_str(), nullptr, nullptr, ImVec2(0.5f, 0.5f));
    return r;
}

}  // namespace flocklab
