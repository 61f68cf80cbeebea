// [SECTION] Helpers for scenes' set() and get(): parsing, JSON text, and
// the messages of refused and clamped values.
#include <cmath>
#include <cstdio>

#include "format.hpp"
#include "scene.hpp"

namespace flocklab {

std::string attribute_of(const OptionSpec& o) { return o.attribute ? o.attribute : o.name; }

bool parse_point(const std::string& text, Vec2* out) {
    const size_t comma = text.find(',');
    if (comma == std::string::npos) return false;
    double x, y;
    if (!parse_number(text.substr(0, comma), &x) || !parse_number(text.substr(comma + 1), &y)) return false;
    *out = {x, y};
    return true;
}

bool parse_count(const std::string& text, double* out) {
    double v;
    if (!parse_number(text, &v)) return false;
    *out = std::round(v);
    return true;
}

std::string json_strings(const std::vector<std::string>& items) {
    std::string o = "[";
    for (const std::string& x : items) o += (o.size() > 1 ? ", " : "") + json_string(x);
    return o + "]";
}

std::string json_string(const std::string& s) {
    std::string o = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') o += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            o += buf;
            continue;
        }
        o += c;
    }
    return o + "\"";
}

std::string json_point(Vec2 v) { return "[" + py_repr(v.x) + ", " + py_repr(v.y) + "]"; }

std::string json_motion(Vec2 pos, Vec2 vel) {
    return "[" + py_repr(pos.x) + ", " + py_repr(pos.y) + ", " + py_repr(vel.x) + ", " + py_repr(vel.y) + "]";
}

namespace {
// The yes and no words and the quote's length: text_rules.def, shared with the shim.
struct YesNoWord {
    const char* text;
    bool yes;
};
#define FLOCKLAB_YES(w) {w, true},
#define FLOCKLAB_NO(w) {w, false},
#define FLOCKLAB_QUOTE_MAX(n)
constexpr YesNoWord kYesNoWords[] = {
#include "text_rules.def"
};
#undef FLOCKLAB_YES
#undef FLOCKLAB_NO
#undef FLOCKLAB_QUOTE_MAX
#define FLOCKLAB_YES(w)
#define FLOCKLAB_NO(w)
#define FLOCKLAB_QUOTE_MAX(n) constexpr size_t kQuoteMax = n;
#include "text_rules.def"
#undef FLOCKLAB_YES
#undef FLOCKLAB_NO
#undef FLOCKLAB_QUOTE_MAX
}  // namespace

bool parse_yes_no(const std::string& text, bool* on) {
    std::string t;
    for (char c : text) t += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (const YesNoWord& w : kYesNoWords) {
        if (t == w.text) return *on = w.yes, true;
    }
    return false;
}

std::string yes_no_words() {
    std::string yes, no;
    for (const YesNoWord& w : kYesNoWords) {
        std::string& list = w.yes ? yes : no;
        if (*w.text) list += (list.empty() ? "" : ", ") + std::string(w.text);
    }
    return "yes or no (" + yes + ", or " + no + ")";
}

int index_of(const OptionSpec& o, const std::string& value) {
    for (size_t i = 0; i < o.values.size(); ++i) {
        if (value == o.values[i]) return static_cast<int>(i);
    }
    return -1;
}

std::string join(const std::vector<const char*>& words) {
    std::string s;
    for (const char* w : words) s += std::string(s.empty() ? "" : ", ") + w;
    return s;
}

std::string shortened(const std::string& value) {
    // Control characters as escapes: a quoted value is one line of a message
    // (a CLI error, a widget's warning), whatever it holds.
    std::string o;
    for (const char c : value.size() > kQuoteMax ? value.substr(0, kQuoteMax - 3) : value) {
        if (c == '\n') o += "\\n";
        else if (c == '\t') o += "\\t";
        else if (c == '\r') o += "\\r";
        else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(c));
            o += hex;
        } else o += c;
    }
    return value.size() > kQuoteMax ? o + "..." : o;
}

SetResult invalid(const std::string& option, const std::string& why, const std::string& value) {
    return {SetResult::Invalid, option + ": " + why + ", got '" + shortened(value) + "'"};
}

SetResult invalid_choice(const OptionSpec& o, const std::string& value) {
    return invalid(o.name, "expected one of " + join(o.values), value);
}

SetResult unknown_option(const Scene& s, const std::string& option) {
    std::vector<const char*> names;
    for (const OptionSpec& o : s.options()) names.push_back(o.name);
    return {SetResult::Invalid, "a " + std::string(s.name()) + " scene has no option '" + option + "' (it has " +
                                    join(names) + ")"};
}
}  // namespace flocklab
