#include "format.hpp"

#include "decimal.hpp"

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace flocklab {

namespace {

// The shortest round-trip digits of |v| (no trailing zeros) and the power of
// ten of the first, where |v| has a short decimal: the first k (0 to 17
// decimals) for which n = round(|v| 10^k) reads back, n / 10^k == |v|
// (both exact below 2^50 and 10^22, and the division correctly rounded, so
// this is the round trip itself). Below 2^50 the nearest integer is the only
// candidate at each k, and fewer decimals are fewer digits: this is the
// shortest, and so repr()'s. Most of what the widget and the CLI write
// (120.0, 0.5, 1.8) is found here, without the three printf and strtod of
// the general search (musl's %e computes in software long double: slow in
// WebAssembly).
bool short_decimal(double v, std::string* digits, int* exp10) {
    static constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,
                                        1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17};
    const double a = std::fabs(v);
    if (!(a > 0)) return false;  // zero: the general path keeps its sign
    for (int k = 0; k <= 17; ++k) {
        const double scaled = a * kPow10[k];
        if (scaled >= 0x1p50) return false;
        const double n = std::nearbyint(scaled);
        if (n / kPow10[k] != a) continue;
        std::string d = std::to_string(static_cast<unsigned long long>(n));
        *exp10 = static_cast<int>(d.size()) - 1 - k;
        while (d.size() > 1 && d.back() == '0') d.pop_back();
        *digits = d;
        return true;
    }
    return false;
}

}  // namespace

std::string py_repr(double v) {
    if (!std::isfinite(v)) return "null";  // JSON has no NaN or infinity
    std::string digits;
    int exp10 = 0;
    if (!short_decimal(v, &digits, &exp10)) shortest_digits(v, &digits, &exp10);
    return repr_layout(std::signbit(v), digits, exp10);
}

void shortest_digits(double v, std::string* out_digits, int* out_exp10) {
    // Shortest round-trip digits in scientific form, d.ddddde[+-]XX: every
    // decimal of up to 15 significant digits survives a trip through a
    // double (DBL_DIG), so the first of 15, 16, 17 digits that reads back,
    // with its trailing zeros dropped, is the shortest; and being correctly
    // rounded it is also the closest, which is the one repr() chooses.
    // Subnormals carry fewer bits, so there every length is tried.
    char buf[64];
    const bool subnormal = v != 0 && std::fabs(v) < 2.2250738585072014e-308;
    for (int precision = subnormal ? 0 : 14; precision <= 16; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*e", precision, v);
        const char* end = nullptr;
        if (read_decimal(buf, &end) == v) break;
    }
    const char* e = std::strchr(buf, 'e');
    *out_exp10 = std::atoi(e + 1);
    std::string digits;
    for (const char* p = buf; p < e; ++p) {
        if (*p != '-' && *p != '.') digits += *p;
    }
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    *out_digits = digits;
}

std::string repr_layout(bool negative, const std::string& digits, int exp10) {
    std::string out = negative ? "-" : "";
    if (exp10 >= -5 + 1 && exp10 < 16) {  // repr uses fixed notation for 1e-4 <= |v| < 1e16
        if (exp10 < 0) {
            out += "0." + std::string(static_cast<size_t>(-exp10 - 1), '0') + digits;
        } else if (static_cast<int>(digits.size()) <= exp10 + 1) {
            out += digits + std::string(static_cast<size_t>(exp10 + 1 - digits.size()), '0') + ".0";
        } else {
            out += digits.substr(0, exp10 + 1) + "." + digits.substr(exp10 + 1);
        }
        return out;
    }
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char ebuf[16];
    std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp10 < 0 ? '-' : '+', std::abs(exp10));
    return out + ebuf;
}

bool parse_number(const std::string& text, double* out) {
    if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string::npos) return false;
    const char* end = nullptr;
    const double v = read_decimal(text.c_str(), &end);
    if (*end != '\0' || !std::isfinite(v)) return false;
    *out = v;
    return true;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    for (size_t at = 0; at < text.size();) {
        const size_t nl = std::min(text.find('\n', at), text.size());
        out.push_back(text.substr(at, nl - at));
        at = nl + 1;
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> tab_pairs(const std::string& text) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const std::string& line : split_lines(text)) {
        const size_t tab = line.find('\t');
        if (tab != std::string::npos) out.emplace_back(line.substr(0, tab), line.substr(tab + 1));
    }
    return out;
}

}  // namespace flocklab
