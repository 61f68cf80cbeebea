#include "words.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "lang.hpp"
#include "registry.hpp"

namespace flocklab {

const char* spacing_word(double v) {
    return v < kPackedBelow ? N_("packed") : v < kTightBelow ? N_("tight") : N_("spread out");
}

const char* order_word(double v) {
    return v > kTogetherAbove ? N_("flies together") : v < kScatteredBelow ? N_("flies in many directions") : N_("partly lines up");
}

namespace {
// Which way along each axis, in eight sectors of 45 degrees centred on the
// axes and the diagonals: -1, 0 or 1 (screen: +y is down). An axis counts
// when the vector is within 67.5 degrees of it, where the other component
// is at most tan(67.5) = 1 + sqrt(2) times this one (no arctangent: with
// SDL's gone too, the C library's atan2 and atan leave the page).
void sector(Vec2 v, int* sx, int* sy) {
    constexpr double kTan67 = 2.414213562373095;
    const double ax = std::fabs(v.x), ay = std::fabs(v.y);
    *sx = ay > kTan67 * ax ? 0 : v.x > 0 ? 1 : -1;
    *sy = ax > kTan67 * ay ? 0 : v.y > 0 ? 1 : -1;
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

std::string with_unit(const std::string& number, const char* unit) {
    if (!unit[0]) return number;
    if (std::strcmp(unit, "deg") == 0) return number + "°";
    if (number == "1" && std::strcmp(unit, "agents") == 0) return number + " " + tr("agent");
    if (number == "1" && std::strcmp(unit, "cells") == 0) return number + " " + tr("cell");
    if (number == "1" && std::strcmp(unit, "boids") == 0) return number + " " + tr("boid");
    return number + " " + tr(unit);
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

std::string change(const GaugeWords& w, const char* unit, double a, double b, double same, double lo, double hi) {
    const std::string u = unit;
    const auto val = [&](double v) {
        if (u == "px") return px(v);
        if (u.empty()) return fixed(v, 2);
        return fixed(v, 0) + " " + tr(u);
    };
    std::string s = std::fabs(b - a) < same ? trf(w.same, {val(b)}) : trf(b < a ? w.fell : w.rose, {val(a), val(b)});
    // What the two ends hide: a peak or a dip on the way.
    if (hi > std::max(a, b) + same) s += " " + trf("(up to {0} on the way)", {val(hi)});
    else if (lo < std::min(a, b) - same) s += " " + trf("(down to {0} on the way)", {val(lo)});
    return s;
}

// [SECTION] Keys

namespace {
// The rows for every scene, after the scene's own.
const KeyHelp kEveryScene[] = {
    {"", "", ".", N_("pause, then one step of 1/60 s")},
    {"", "", "T", N_("open or close the Tuning panel (inside it: the arrows move between controls, Space takes a slider for the arrows and lets it go, Enter types a value, Escape closes)")},
    {"", "", "D", N_("say what the simulation is doing now")},
    {"", "", "W", N_("the what-if lane on or off: the lesson's mistake, hollow, beside the lab's way")},
    {"", "", "F", N_("full screen, or back")},
    {"", "", "?", N_("show or hide this list of keys")},
    {"", "", N_("Escape"), N_("close the help or the panel, clear the selection, then leave the canvas")},
    {"", "", N_("Tab"), N_("leave the canvas (Shift+Tab: backwards)")},
};
bool applies(const KeyHelp& k, const std::vector<std::string>* contexts) {
    if (!contexts || !k.context[0]) return true;
    for (const std::string& c : *contexts) {
        if (c == k.context) return true;
    }
    return false;
}
}  // namespace

std::string key_what(const KeyHelp& k) { return k.fill ? trf(k.what, {k.fill()}) : std::string(tr(k.what)); }

std::vector<KeyHelp> keys_for(const std::string& scene, const std::vector<std::string>* contexts) {
    std::vector<KeyHelp> out;
    if (const KeyEntry* e = key_entry(scene)) {
        for (size_t i = 0; i < e->key_count; ++i) {
            if (!applies(e->keys[i], contexts)) continue;
            out.push_back(e->keys[i]);
            out.back().scene = e->scene;
        }
    }
    for (const KeyHelp& k : kEveryScene) out.push_back(k);
    return out;
}

const char* key_words(const char* keys) {
    for (const char* c = keys; c[0] && c[1]; ++c) {
        if (std::isalpha(static_cast<unsigned char>(c[0])) && std::isalpha(static_cast<unsigned char>(c[1]))) return tr(keys);
    }
    return keys;
}

std::string keys_markdown(const std::string& scene) {
    std::string s = "| Keys | What they do |\n| --- | --- |\n";
    for (const KeyHelp& k : keys_for(scene)) {
        std::string what = key_what(k);
        if (k.context[0]) {
            std::string c = k.context;
            const KeyEntry* e = key_entry(scene);
            for (size_t i = 0; i < e->context_count; ++i) {
                const KeyContext& x = e->contexts[i];
                if (c == x.tag) c = x.fill ? x.fill() : x.words;
            }
            what += " (" + c + ")";
        }
        s += std::string("| `") + k.keys + "` | " + what + " |\n";
    }
    return s;
}

}  // namespace flocklab
