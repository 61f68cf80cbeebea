// read_decimal against glibc's strtod (correctly rounded, ties to even): the
// same double, bit for bit, and the same end of the number, on random
// text, on the decimals nearest every kind of double, on exact halfway
// points between two doubles (and a digit either side of them), on long
// digit strings, subnormals and the overflow edge.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "core/decimal.hpp"

using flocklab::read_decimal;

namespace {

std::uint64_t bits_of(double d) {
    std::uint64_t b;
    std::memcpy(&b, &d, sizeof b);
    return b;
}

double double_of(std::uint64_t b) {
    double d;
    std::memcpy(&d, &b, sizeof d);
    return d;
}

// "" when read_decimal reads `text` as strtod does, else what differs.
std::string differs(const std::string& text) {
    char* libc_end = nullptr;
    const double want = std::strtod(text.c_str(), &libc_end);
    const char* end = nullptr;
    const double got = read_decimal(text.c_str(), &end);
    if (bits_of(want) != bits_of(got)) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "%a, strtod %a", got, want);
        return text.substr(0, 80) + (text.size() > 80 ? "..." : "") + ": " + buf;
    }
    if (end != libc_end) return text + ": ends at " + std::to_string(end - text.c_str()) + ", strtod at " + std::to_string(libc_end - text.c_str());
    return "";
}

// The decimal digits of `v` exactly, no trailing zeros (long double holds every halfway point
// between two doubles exactly, and glibc prints any binary number exactly).
std::string exact(long double v) {
    char buf[1200];
    std::snprintf(buf, sizeof buf, "%.780Le", v);
    std::string text = buf;
    std::size_t e = text.find('e');
    while (text[e - 1] == '0') text.erase(--e, 1);  // its last digit is its last non-zero one
    return text;
}

// `text` (d.ddd...e[+-]x) with its last mantissa digit moved by `by` (-1 or +1), if it stays a digit.
std::string nudge(std::string text, int by) {
    const std::size_t e = text.find('e');
    char& last = text[e - 1];
    if (last + by < '0' || last + by > '9') return "";
    last = static_cast<char>(last + by);
    return text;
}

// Checks texts one by one (empty ones skipped: nudge() could not move the
// digit), and stops a loop after a few that differ, not a million lines.
struct Reads {
    int failures = 0;
    void check(const std::string& t) {
        if (t.empty()) return;
        const std::string d = differs(t);
        failures += !d.empty();
        EXPECT_EQ(d, "");
    }
    bool enough() const { return failures >= 5; }
};

}  // namespace

TEST(Decimal, ReadsTheFormsStrtodReads) {
    for (const char* t : {"0", "-0", "+0", "00012", "1.5", "-1.5", ".5", "+.5", "-.5", "5.", "1e5", "1E5", "1e+5", "1e-5", "1.e5", ".5e1",
                          "1e", "1e+", "1e-", "1ex", "1.5e-5x", "12abc", "0.000", "0e999999999", "1e-99999999", "1e99999999", "-1e400",
                          "123456789012345678901234567890", "0.1", "0.2", "0.3", "100", "2.5", "1e22", "1e23", "9007199254740993",
                          "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
                          "2.2250738585072012e-308", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308"}) {
        EXPECT_EQ(differs(t), "") << t;
    }
    // Not numbers: nothing is read.
    for (const char* t : {"", ".", "+", "-", "+.", "e5", ".e5", "x", " 1", "inf", "nan", "0x10"}) {
        const char* end = nullptr;
        const double v = read_decimal(t, &end);
        if (std::strcmp(t, "0x10") == 0) {
            EXPECT_EQ(end, t + 1);  // "0", as strtod reads "0x10" only when it reads hex; we read the 0
            EXPECT_EQ(v, 0.0);
        } else {
            EXPECT_EQ(end, t) << t;
        }
    }
}

TEST(Decimal, EqualsStrtodOnRandomDigitsAndExponents) {
    std::mt19937_64 rng(20261203);
    Reads reads;
    for (int i = 0; i < 1000000 && !reads.enough(); ++i) {
        std::string t = rng() % 4 ? "" : "-";
        const int whole = static_cast<int>(rng() % 25), frac = static_cast<int>(rng() % 25);
        for (int k = 0; k < whole; ++k) t += static_cast<char>('0' + rng() % 10);
        if (frac || whole == 0) t += '.';
        for (int k = 0; k < frac || (whole == 0 && k == 0); ++k) t += static_cast<char>('0' + rng() % 10);
        if (rng() % 3) t += "e" + std::to_string(static_cast<int>(rng() % 700) - 350);
        reads.check(t);
    }
}

TEST(Decimal, EqualsStrtodNearEveryKindOfDouble) {
    // Random doubles of every exponent, subnormals included, printed with
    // 15 to 17 digits (what py_repr reads back) and a digit either side.
    std::mt19937_64 rng(7);
    Reads reads;
    for (int i = 0; i < 1000000 && !reads.enough(); ++i) {
        const double v = double_of(rng() % 0x7FF0000000000000);
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*e", 14 + i % 3, v);
        for (const std::string& t : {std::string(buf), nudge(buf, -1), nudge(buf, 1)}) reads.check(t);
    }
}

TEST(Decimal, EqualsStrtodOnHalfwayPointsAndLongDigitStrings) {
    // The exact halfway point between a double and the next (up to 767
    // significant digits), and the same a digit above and below in its last
    // place: ties go to the even double, anything off a tie to the nearer.
    std::mt19937_64 rng(11);
    Reads reads;
    for (int i = 0; i < 20000 && !reads.enough(); ++i) {
        std::uint64_t b = rng() % 0x7FEFFFFFFFFFFFFF;
        if (i % 4 == 0) b %= 0x0020000000000000;  // subnormals and the smallest normals
        const long double lo = double_of(b), hi = double_of(b + 1);
        const std::string half = exact((lo + hi) / 2);
        for (const std::string& t : {half, nudge(half, -1), nudge(half, 1), half.substr(0, half.find('e')) + "000001" + half.substr(half.find('e'))}) {
            reads.check(t);
        }
    }
    // Past the largest double: the overflow threshold itself, and either side.
    const std::string top = exact((static_cast<long double>(DBL_MAX) + std::ldexp(1.0L, 1024)) / 2);
    EXPECT_EQ(differs(top), "");
    EXPECT_EQ(differs(nudge(top, -1)), "");
    EXPECT_EQ(differs(nudge(top, 1)), "");
    // More digits than the reader keeps: a 1 far down decides a tie.
    const std::string tie = exact((1.0L + std::nextafter(1.0, 2.0)) / 2);  // 1.00000000000000011102230246251565404236316680908203125
    const std::string mantissa = tie.substr(0, tie.find('e'));
    for (const std::string& tail : {std::string(2000, '0'), std::string(2000, '0') + "1", std::string(700, '0') + "9"}) {
        EXPECT_EQ(differs(mantissa + tail), "");
        EXPECT_EQ(differs("0." + std::string(400, '0') + "1" + mantissa.substr(2) + tail + "e401"), "");
    }
}
