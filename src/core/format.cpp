#include "format.hpp"

#include "decimal.hpp"

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace flocklab {

std::string py_repr(double v) {
    if (!std::isfinite(v)) return "null";  // JSON has no NaN or infinity
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
    const int exp10 = std::atoi(e + 1);
    std::string digits;
    bool negative = false;
    for (const char* p = buf; p < e; ++p) {
        if (*p == '-') negative = true;
        else if (*p != '.') digits += *p;
    }
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
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
