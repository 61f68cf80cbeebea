// Plain-language words for what a scene is doing: the thresholds that turn
// gauges and positions into words (defined once, here), and the table of
// keys that the canvas's help, the README and the CLI print. Pure C++; the
// scenes' describe() and context sentences are built from these.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "vec2.hpp"

namespace flocklab {

// [SECTION] Thresholds
// Spacing (mean distance to the nearest flockmate, px).
constexpr double kPackedBelow = 8.0;   // px: "packed"
constexpr double kTightBelow = 30.0;   // px: "tight"; at or above: "spread out"
// Order (0..1).
constexpr double kTogetherAbove = 0.8;  // "flies together"
constexpr double kScatteredBelow = 0.3; // "flies in many directions"; between: "partly lines up"
// A change smaller than this is "stayed near" (about the same): the gauge's
// noise, so a page and a sentence never read a trend into it (Gauge::same).
constexpr double kSameSpacing = 2.0;   // px: the flock's spacing wanders by a px or two as boids pass
constexpr double kSameOrder = 0.05;
constexpr double kSameSpeed = 5.0;     // px/s
constexpr double kSameDistance = 5.0;  // px
// A context response waits this long (simulated) for the effect to show.
constexpr int kRespondSteps = 120;     // 2 s of 1/60 s steps

const char* spacing_word(double px);   // "packed", "tight", "spread out"
const char* order_word(double order);  // "flies together", "partly lines up", "flies in many directions"

// [SECTION] Directions (screen coordinates: y grows downward)
// Where v points: "up", "down and left", ... ("" for a zero vector).
std::string compass(Vec2 v);
// The same as a push reads: "to the left", "up and to the right", "down".
std::string toward(Vec2 v);
// Where `p` is relative to `of`: "left of", "above and right of", "at".
std::string relative(Vec2 p, Vec2 of);
// Where p is in a world of `size`: "near the centre", "in the top left", "at the bottom", ...
std::string region(Vec2 p, Vec2 size);

// [SECTION] Numbers and lists
// A number as written with its unit, as a student reads it: "1 agent" (a
// count of one agrees), "0°" (degrees), "200 px/s²", or the number alone.
std::string with_unit(const std::string& number, const char* unit);
std::string px(double v);            // "23 px", "6.4 px" (one decimal below 10)
std::string fixed(double v, int d);  // "0.21"
std::string list(const std::vector<std::string>& items);  // "a, b and c"
std::string capitalised(std::string s);
// "In 2 seconds ", "In 10 seconds ", "In 2.5 seconds ".
std::string in_seconds(double s);
// A gauge's own sentences, whole so that the article and verb can agree with
// it; each scene keeps its gauges' words beside their definition.
struct GaugeWords {
    const char* same;  // "the spacing stayed near {0}"
    const char* fell;  // "the spacing fell from {0} to {1}"
    const char* rose;  // "the spacing rose from {0} to {1}"
};
// "the spacing fell from 23 px to 6 px", "the order stayed near 0.88"; `same`: a smaller change is none.
// With the lowest and highest values on the way (NaN: not known), a swing
// past both ends by more than `same` is said too: "the speed stayed near
// 5 px/s (up to 218 px/s on the way)".
std::string change(const GaugeWords& words, const char* unit, double a, double b, double same, double lo = NAN, double hi = NAN);

// [SECTION] Keys
// One row of the keyboard help: the scene ("" for every scene), the context
// it applies in ("" always; otherwise a tag the scene reports, such as
// "hawk", "leader", "target", "wander"), the keys and what they do. Each
// scene registers its own rows (registry.hpp); the rows for every scene are
// in words.cpp.
struct KeyHelp {
    const char* scene;
    const char* context;
    const char* keys;
    const char* what;
    // For words that name what a scene lists (the steer modes): {0} in
    // `what`, filled in the widget's language (key_what()).
    std::string (*fill)() = nullptr;
};
// A row's words in the widget's language.
std::string key_what(const KeyHelp& k);
// A context's words in the README's table: {"hawk", "pointer hawk"}, or
// made by `fill` from what the scene lists.
struct KeyContext {
    const char* tag;
    const char* words;
    std::string (*fill)() = nullptr;
};
// The rows for a scene, then the rows for every scene; with `contexts`
// given, only those that apply in them.
std::vector<KeyHelp> keys_for(const std::string& scene, const std::vector<std::string>* contexts = nullptr);
// The README's table for a scene: "| Keys | What they do |" rows.
std::string keys_markdown(const std::string& scene);
// A row's keys as the help shows them: translated when they are a word
// ("Space", "Arrows"); letters and signs stay ("R", "A M P", "?").
const char* key_words(const char* keys);

}  // namespace flocklab
