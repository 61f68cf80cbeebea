#include "words.hpp"

#include <cmath>
#include <cstdio>

#include "lang.hpp"

namespace flocklab {

const char* spacing_word(double v) {
    return v < kPackedBelow ? N_("packed") : v < kTightBelow ? N_("tight") : N_("spread out");
}

const char* order_word(double v) {
    return v > kTogetherAbove ? N_("flies together") : v < kScatteredBelow ? N_("flies in many directions") : N_("partly lines up");
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
// The phrase of v's sector from a 3x3 table (rows up, level, down; columns
// left, level, right); "" for a zero vector.
const char* phrase(Vec2 v, const char* const (&table)[9]) {
    if (v.x == 0 && v.y == 0) return "";
    int sx, sy;
    sector(v, &sx, &sy);
    return table[(sy + 1) * 3 + sx + 1];
}
}  // namespace

// Each phrase whole, so that a language can order its words its own way.
// They return English (for JSON); a sentence passes them through tr().
// Sectors: index (sy + 1) * 3 + (sx + 1), with sy -1 up and sx -1 left.
std::string compass(Vec2 v) {
    static const char* const k[9] = {N_("up and left"), N_("up"), N_("up and right"), N_("left"), "",
                                     N_("right"), N_("down and left"), N_("down"), N_("down and right")};
    return phrase(v, k);
}

std::string toward(Vec2 v) {
    static const char* const k[9] = {N_("up and to the left"), N_("up"), N_("up and to the right"),
                                     N_("to the left"), "", N_("to the right"),
                                     N_("down and to the left"), N_("down"), N_("down and to the right")};
    return phrase(v, k);
}

std::string relative(Vec2 p, Vec2 of) {
    const Vec2 d = p - of;
    if (d.length() < 0.5) return N_("at");
    static const char* const k[9] = {N_("above and left of"), N_("above"), N_("above and right of"),
                                     N_("left of"), "", N_("right of"),
                                     N_("below and left of"), N_("below"), N_("below and right of")};
    return phrase(d, k);
}

std::string region(Vec2 p, Vec2 size) {
    if (p.x < 0 || p.y < 0 || p.x > size.x || p.y > size.y) return N_("outside the world");
    const int col = p.x < size.x / 3 ? 0 : p.x < 2 * size.x / 3 ? 1 : 2;
    const int row = p.y < size.y / 3 ? 0 : p.y < 2 * size.y / 3 ? 1 : 2;
    static const char* const k[9] = {N_("in the top left"), N_("at the top"), N_("in the top right"),
                                     N_("at the left edge"), N_("near the centre"), N_("at the right edge"),
                                     N_("in the bottom left"), N_("at the bottom"), N_("in the bottom right")};
    return k[row * 3 + col];
}

std::string fixed(double v, int d) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", d, std::isfinite(v) ? v : 0.0);
    return local_number(buf);
}

std::string px(double v) { return fixed(v, std::fabs(v) < 10 ? 1 : 0) + " " + tr("px"); }

std::string list(const std::vector<std::string>& items) {
    std::string s;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) s += i + 1 == items.size() ? tr(" and ") : ", ";
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
    return trf(whole && std::round(s) == 1 ? "In {0} second " : "In {0} seconds ", {fixed(s, whole ? 0 : 1)});
}

std::string change(const char* gauge, const char* unit, double a, double b, double same) {
    const std::string u = unit;
    const auto val = [&](double v) {
        if (u == "px") return px(v);
        if (u.empty()) return fixed(v, 2);
        return fixed(v, 0) + " " + tr(u);
    };
    // Whole sentences per gauge, so that the article and verb can agree with it.
    struct Words { const char* gauge; const char* same; const char* fell; const char* rose; };
    static const Words k[] = {
        {"spacing", N_("the spacing stayed near {0}"), N_("the spacing fell from {0} to {1}"), N_("the spacing rose from {0} to {1}")},
        {"order", N_("the order stayed near {0}"), N_("the order fell from {0} to {1}"), N_("the order rose from {0} to {1}")},
        {"distance", N_("the distance stayed near {0}"), N_("the distance fell from {0} to {1}"), N_("the distance rose from {0} to {1}")},
        {"speed", N_("the speed stayed near {0}"), N_("the speed fell from {0} to {1}"), N_("the speed rose from {0} to {1}")},
    };
    const Words* w = &k[0];
    for (const Words& x : k) if (std::string(x.gauge) == gauge) w = &x;
    if (std::fabs(b - a) < same) return trf(w->same, {val(b)});
    return trf(b < a ? w->fell : w->rose, {val(a), val(b)});
}

// [SECTION] Keys

const std::vector<KeyHelp>& key_table() {
    static const std::vector<KeyHelp> t = {
        {"steer", "target", N_("Arrows"), N_("move the target 10 px; with Shift, 50 px")},
        {"steer", "wander", N_("Arrows"), N_("nothing: in wander the vehicle picks its own target")},
        {"steer", "", N_("Space"), N_("the next mode: seek, flee, arrive, wander")},
        {"flock", "", "1 2 3 4", N_("separation, alignment, cohesion, wander on or off")},
        {"flock", "", "R", N_("the lesson's three rules on, wander off")},
        {"flock", "hawk", "H", N_("place the hawk at the centre, or take it away")},
        {"flock", "hawk", N_("Arrows"), N_("move the hawk 10 px; with Shift, 50 px")},
        {"flock", "leader", N_("Arrows"), N_("move the leader's target 10 px; with Shift, 50 px")},
        {"flock", "", N_("] and ["), N_("select the next or the previous boid")},
        {"flock", "", "N", N_("select the boid nearest the hawk, the leader's target or the centre")},
        {"crowd", "", N_("Arrows"), N_("move the cell cursor one cell; with Shift, five")},
        {"crowd", "", N_("Space"), N_("a wall on or off at the cursor (a click does it under the pointer; a drag paints walls)")},
        {"crowd", "", "G", N_("move the goal to the cursor; the next click moves it too (on touch: a long press)")},
        {"crowd", "", "S", N_("switch between following the flow field and seeking the goal; the agents stay where they are")},
        {"crowd", "", "A M P", N_("the flow field's arrows, the distances (heat map and numbers), the selected agent's path: on or off")},
        {"crowd", "", N_("] and ["), N_("select the next or the previous agent")},
        {"", "", ".", N_("pause, then one step of 1/60 s")},
        {"", "", "T", N_("open or close the Tuning panel (inside it: the arrows move between controls, Space takes a slider for the arrows and lets it go, Enter types a value, Escape closes)")},
        {"", "", "D", N_("say what the simulation is doing now")},
        {"", "", "F", N_("full screen, or back")},
        {"", "", "?", N_("show or hide this list of keys")},
        {"", "", N_("Escape"), N_("close the help or the panel, clear the selection, then leave the canvas")},
        {"", "", N_("Tab"), N_("leave the canvas (Shift+Tab: backwards)")},
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
