#include "words.hpp"

#include <cmath>
#include <cstdio>

namespace flocklab {

const char* spacing_word(double v) { return v < kPackedBelow ? "packed" : v < kTightBelow ? "tight" : "spread out"; }

const char* order_word(double v) {
    return v > kTogetherAbove ? "flies together" : v < kScatteredBelow ? "flies in many directions" : "partly lines up";
}

namespace {
// Which way along each axis, in eight sectors of 45 degrees: -1, 0 or 1.
void sector(Vec2 v, int* sx, int* sy) {
    const double a = std::atan2(v.y, v.x);  // screen: +y is down
    const int k = static_cast<int>(std::lround(a / (M_PI / 4))) & 7;  // 0 right, 2 down, 4 left, 6 up
    constexpr int kX[8] = {1, 1, 0, -1, -1, -1, 0, 1}, kY[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    *sx = kX[k];
    *sy = kY[k];
}
}  // namespace

std::string compass(Vec2 v) {
    if (v.x == 0 && v.y == 0) return "";
    int sx, sy;
    sector(v, &sx, &sy);
    std::string s = sy < 0 ? "up" : sy > 0 ? "down" : "";
    if (sx != 0) s += std::string(s.empty() ? "" : " and ") + (sx < 0 ? "left" : "right");
    return s;
}

std::string toward(Vec2 v) {
    std::string s = compass(v);
    for (const char* side : {"left", "right"}) {
        const size_t at = s.find(side);
        if (at != std::string::npos) s.insert(at, "to the ");
    }
    return s;
}

std::string relative(Vec2 p, Vec2 of) {
    const Vec2 d = p - of;
    if (d.length() < 0.5) return "at";
    int sx, sy;
    sector(d, &sx, &sy);
    std::string s = sy < 0 ? "above" : sy > 0 ? "below" : "";
    if (sx != 0) s += std::string(s.empty() ? "" : " and ") + (sx < 0 ? "left of" : "right of");
    return s;
}

std::string region(Vec2 p, Vec2 size) {
    const int col = p.x < size.x / 3 ? 0 : p.x < 2 * size.x / 3 ? 1 : 2;
    const int row = p.y < size.y / 3 ? 0 : p.y < 2 * size.y / 3 ? 1 : 2;
    if (p.x < 0 || p.y < 0 || p.x > size.x || p.y > size.y) return "outside the world";
    static const char* const kRows[3] = {"top", "middle", "bottom"};
    static const char* const kCols[3] = {"left", "centre", "right"};
    if (row == 1 && col == 1) return "near the centre";
    if (row == 1) return std::string("at the ") + kCols[col] + " edge";
    if (col == 1) return std::string("at the ") + kRows[row];
    return std::string("in the ") + kRows[row] + " " + kCols[col];
}

std::string fixed(double v, int d) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", d, std::isfinite(v) ? v : 0.0);
    return buf;
}

std::string px(double v) { return fixed(v, std::fabs(v) < 10 ? 1 : 0) + " px"; }

std::string list(const std::vector<std::string>& items) {
    std::string s;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) s += i + 1 == items.size() ? " and " : ", ";
        s += items[i];
    }
    return s;
}

std::string capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

std::string in_seconds(double s) {
    const bool whole = std::fabs(s - std::round(s)) < 0.05;
    return "In " + fixed(s, whole ? 0 : 1) + (whole && std::round(s) == 1 ? " second " : " seconds ");
}

std::string change(const char* gauge, const char* unit, double a, double b, double same) {
    const std::string u = unit;
    const auto val = [&](double v) {
        if (u == "px") return px(v);
        if (u.empty()) return fixed(v, 2);
        return fixed(v, 0) + " " + u;
    };
    const std::string the = std::string("the ") + gauge;
    if (std::fabs(b - a) < same) return the + " stayed near " + val(b);
    return the + (b < a ? " fell from " : " rose from ") + val(a) + " to " + val(b);
}

// [SECTION] Keys

const std::vector<KeyHelp>& key_table() {
    static const std::vector<KeyHelp> t = {
        {"steer", "target", "Arrows", "move the target 10 px; with Shift, 50 px"},
        {"steer", "wander", "Arrows", "nothing: in wander the vehicle picks its own target"},
        {"steer", "", "Space", "the next mode: seek, flee, arrive, wander"},
        {"flock", "", "1 2 3 4", "separation, alignment, cohesion, wander on or off"},
        {"flock", "", "R", "the lesson's three rules on, wander off"},
        {"flock", "hawk", "H", "place the hawk at the centre, or take it away"},
        {"flock", "hawk", "Arrows", "move the hawk 10 px; with Shift, 50 px"},
        {"flock", "leader", "Arrows", "move the leader's target 10 px; with Shift, 50 px"},
        {"flock", "", "] and [", "select the next or the previous boid"},
        {"flock", "", "N", "select the boid nearest the hawk, the leader's target or the centre"},
        {"crowd", "", "Arrows", "move the cell cursor one cell; with Shift, five"},
        {"crowd", "", "Space", "a wall on or off at the cursor (a click does it under the pointer; a drag paints walls)"},
        {"crowd", "", "G", "move the goal to the cursor; the next click moves it too (on touch: a long press)"},
        {"crowd", "", "S", "switch between following the flow field and seeking the goal; the agents stay where they are"},
        {"crowd", "", "A M P", "the flow field's arrows, the distances (heat map and numbers), the selected agent's path: on or off"},
        {"crowd", "", "] and [", "select the next or the previous agent"},
        {"", "", ".", "pause, then one step of 1/60 s"},
        {"", "", "T", "open or close the Tuning panel (inside it: the arrows move between controls, Space takes a slider for the arrows and lets it go, Enter types a value, Escape closes)"},
        {"", "", "D", "say what the simulation is doing now"},
        {"", "", "F", "full screen, or back"},
        {"", "", "?", "show or hide this list of keys"},
        {"", "", "Escape", "close the help or the panel, clear the selection, then leave the canvas"},
        {"", "", "Tab", "leave the canvas (Shift+Tab: backwards)"},
    };
    return t;
}

std::vector<KeyHelp> keys_for(const std::string& scene, const std::vector<std::string>* contexts) {
    std::vector<KeyHelp> out;
    for (const KeyHelp& k : key_table()) {
        if (k.scene[0] && scene != k.scene) continue;
        if (contexts && k.context[0]) {
            bool on = false;
            for (const std::string& c : *contexts) on = on || c == k.context;
            if (!on) continue;
        }
        out.push_back(k);
    }
    return out;
}

std::string keys_markdown(const std::string& scene) {
    std::string s = "| Keys | What they do |\n| --- | --- |\n";
    for (const KeyHelp& k : keys_for(scene)) {
        std::string what = k.what;
        const std::string c = k.context;
        if (!c.empty()) what += " (" + std::string(c == "hawk" ? "pointer hawk" : c == "leader" ? "leader on" : c == "target" ? "seek, flee, arrive" : c) + ")";
        s += std::string("| `") + k.keys + "` | " + what + " |\n";
    }
    return s;
}

}  // namespace flocklab
