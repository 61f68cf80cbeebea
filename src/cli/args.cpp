#include "args.hpp"

#include "core/experiment.hpp"
#include "core/format.hpp"
#include "core/scene.hpp"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cmath>
#include <cstdlib>

namespace flocklab::cli {

namespace {

[[noreturn]] void fail(const std::string& name, const std::string& what, const std::string& got) {
    throw UsageError("--" + name + ": " + what + ", got '" + shortened(got) + "'");
}

// Numbers as written: no white space around them, for every option alike
// (strtoll would skip leading spaces; parse_number does not).
bool bare(const std::string& s) { return !s.empty() && !std::isspace(static_cast<unsigned char>(s.front())) && !std::isspace(static_cast<unsigned char>(s.back())); }

bool to_ll(const std::string& s, long long* out) {
    if (!bare(s)) return false;
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(s.c_str(), &end, 10);
    if (errno != 0 || *end != '\0') return false;
    *out = v;
    return true;
}

bool to_double(const std::string& s, double* out) { return parse_number(s, out); }

}  // namespace

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t at = s.find(sep, start);
        out.push_back(s.substr(start, at - start));
        if (at == std::string::npos) return out;
        start = at + 1;
    }
}

Args::Args(int argc, char** argv, int first, const std::vector<OptionSpec>& specs) {
    for (int i = first; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
            throw UsageError("unexpected argument '" + arg + "' (options start with --)");
        }
        const size_t eq = arg.find('=');
        const std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        const OptionSpec* spec = nullptr;
        for (const OptionSpec& s : specs) {
            if (name == s.name) spec = &s;
        }
        if (!spec) {
            // A near miss (--seed for --seeds, --boid for --boids) gets a suggestion.
            std::string hint;
            for (const OptionSpec& o : specs) {
                const std::string known = o.name;
                if (known == name + "s" || name == known + "s") hint = " (did you mean --" + known + "?)";
            }
            throw UsageError("unknown option '--" + name + "'" + hint);
        }
        if (values_.count(name) && !spec->repeats) throw UsageError("--" + name + " given twice");
        const std::string before = values_.count(name) ? values_[name] + '\n' : "";  // a repeated option's values, one per line
        if (!spec->takes_value) {
            if (eq != std::string::npos) throw UsageError("--" + name + " takes no value");
            values_[name] = "";
        } else if (eq != std::string::npos) {
            values_[name] = before + arg.substr(eq + 1);
        } else if (i + 1 < argc) {
            const std::string next = argv[i + 1];
            if (next.rfind("--", 0) == 0 && next.size() > 2) {
                throw UsageError("--" + name + " needs a value, but the next argument is the option '" + next + "'");
            }
            values_[name] = before + argv[++i];
        } else {
            throw UsageError("--" + name + " needs a value");
        }
    }
}

std::vector<std::string> Args::all(const std::string& name) const {
    return has(name) ? split(raw(name), '\n') : std::vector<std::string>{};
}

long long Args::integer(const std::string& name, long long def, long long lo, long long hi) const {
    if (!has(name)) return def;
    long long v = 0;
    if (!to_ll(raw(name), &v) || v < lo || v > hi) {
        fail(name, "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi),
             raw(name));
    }
    return v;
}

double Args::number(const std::string& name, double def, double lo, double hi) const {
    if (!has(name)) return def;
    double v = 0;
    if (!to_double(raw(name), &v) || v < lo || v > hi) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "expected a number from %g to %g", lo, hi);
        fail(name, buf, raw(name));
    }
    return v;
}

Vec2 Args::vec(const std::string& name, Vec2 def) const {
    if (!has(name)) return def;
    const std::vector<std::string> parts = split(raw(name), ',');
    Vec2 v;
    if (parts.size() != 2 || !to_double(parts[0], &v.x) || !to_double(parts[1], &v.y)) {
        fail(name, "expected two numbers X,Y", raw(name));
    }
    // Far beyond any world or speed the lesson uses; larger values only
    // overflow the arithmetic (a velocity of 4e307 px/s becomes inf).
    constexpr double kFar = 1e9;
    if (std::fabs(v.x) > kFar || std::fabs(v.y) > kFar) fail(name, "expected numbers from -1e9 to 1e9", raw(name));
    return v;
}

std::vector<std::uint64_t> Args::seeds(const std::string& name, std::uint64_t def) const {
    if (!has(name)) return {def};
    constexpr std::size_t kMaxSeeds = 100000;
    std::vector<std::uint64_t> out;
    std::string why;
    if (!parse_seeds(raw(name), kMaxSeeds, UINT64_MAX, &out, &why)) fail(name, why, raw(name));  // a page's data-seeds' grammar
    return out;
}

std::vector<long long> Args::integers(const std::string& name, const std::vector<long long>& def,
                                      long long lo, long long hi) const {
    if (!has(name)) return def;
    std::vector<long long> out;
    for (const std::string& part : split(raw(name), ',')) {
        long long v = 0;
        if (!to_ll(part, &v) || v < lo || v > hi) {
            fail(name,
                 "expected integers from " + std::to_string(lo) + " to " + std::to_string(hi) +
                     ", separated by commas",
                 raw(name));
        }
        out.push_back(v);
    }
    return out;
}

std::vector<std::string> Args::words(const std::string& name, const std::vector<std::string>& def,
                                     const std::vector<std::string>& allowed) const {
    if (!has(name)) return def;
    std::vector<std::string> out;
    for (const std::string& part : split(raw(name), ',')) {
        bool ok = false;
        for (const std::string& a : allowed) ok = ok || part == a;
        if (!ok) {
            std::string list;
            for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
            fail(name, "expected one or more of " + list, raw(name));
        }
        out.push_back(part);
    }
    return out;
}

}  // namespace flocklab::cli
