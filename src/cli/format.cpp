#include "format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace flocklab {

std::string py_repr(double v) {
    if (!std::isfinite(v)) return "null";  // JSON has no NaN or infinity
    char buf[64];
    // Shortest round-trip digits in scientific form: d.ddddde[+-]XX
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    *res.ptr = '\0';
    const char* e = std::strchr(buf, 'e');
    const int exp10 = std::atoi(e + 1);
    std::string digits;
    bool negative = false;
    for (const char* p = buf; p < e; ++p) {
        if (*p == '-') negative = true;
        else if (*p != '.') digits += *p;
    }
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

}  // namespace flocklab
