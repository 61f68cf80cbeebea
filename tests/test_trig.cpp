// sin_exact and cos_exact (src/core/trig.hpp), which the page steps with in
// place of musl's: correctly rounded (against long double, where that can
// tell), the quick path equal to the careful one, and equal to this
// machine's glibc (the lab's) wherever glibc is correctly rounded, on the
// angles the lab computes: the flock's and the crowd's start headings
// (uniform in [0, tau) from the lab's generator), every view angle to 0.01
// degree, wander angles, and edges.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "core/pyrandom.hpp"
#include "core/trig.hpp"

namespace {

std::uint64_t bits(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}
bool same(double a, double b) { return bits(a) == bits(b); }

// The double nearest `reference` (a long double, 11 more bits), or none if
// the reference is within 1/256 of an ulp of a midpoint between two doubles
// (there its own error could decide the rounding).
bool nearest(long double reference, double* out) {
    const double d = static_cast<double>(reference);
    const long double up = std::nextafter(d, 1e300), down = std::nextafter(d, -1e300);
    const long double ulp = up - static_cast<long double>(d);
    const long double mid_up = (static_cast<long double>(d) + up) / 2, mid_down = (static_cast<long double>(d) + down) / 2;
    if (std::fabs(reference - mid_up) < ulp / 256 || std::fabs(reference - mid_down) < ulp / 256) return false;
    *out = d;
    return true;
}

// The lab's start headings, wander angles (a random walk of steps up to
// 0.35 rad, and uniform in +-2000 rad) and view angles (half of 0 to 360
// degrees by 0.01, in radians, as FlockParams::view_cos computes them).
std::vector<double> lab_angles() {
    constexpr double kTau = 6.283185307179586;
    constexpr double kDegToRad = 3.141592653589793 / 180.0;
    std::vector<double> xs;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        flocklab::PyRandom rng(seed);
        for (int i = 0; i < 50000; ++i) xs.push_back(rng.uniform(0, kTau));
    }
    flocklab::PyRandom rng(12345);
    for (int i = 0; i < 300000; ++i) xs.push_back(rng.uniform(-2000, 2000));
    double walk = 0;
    for (int i = 0; i < 200000; ++i) xs.push_back(walk += rng.uniform(-0.35, 0.35));
    for (int k = 0; k <= 36000; ++k) xs.push_back(((k / 100.0) / 2.0) * kDegToRad);
    return xs;
}

TEST(Trig, TheQuickPathEqualsTheCarefulOne) {
    long long differ = 0;
    std::ostringstream first;
    first.precision(17);
    for (double x : lab_angles()) {
        const flocklab::SinCos q = flocklab::sincos_exact(x), c = flocklab::sincos_careful(x);
        if (!same(q.sin, c.sin) || !same(q.cos, c.cos)) {
            if (++differ <= 5) first << " x=" << x;
        }
        ASSERT_TRUE(same(flocklab::sin_exact(x), q.sin) && same(flocklab::cos_exact(x), q.cos));
    }
    EXPECT_EQ(differ, 0) << first.str();
}

TEST(Trig, CorrectlyRoundedWhereLongDoubleCanTell) {
    long long tried = 0, told = 0, wrong = 0;
    std::ostringstream first;
    first.precision(17);
    for (double x : lab_angles()) {
        const flocklab::SinCos c = flocklab::sincos_careful(x);
        for (int f = 0; f < 2; ++f) {
            const long double xl = x;
            double want;
            ++tried;
            if (!nearest(f ? std::cos(xl) : std::sin(xl), &want)) continue;
            ++told;
            if (!same(f ? c.cos : c.sin, want) && ++wrong <= 5) first << (f ? " cos " : " sin ") << x;
        }
    }
    EXPECT_EQ(wrong, 0) << first.str();
    EXPECT_GT(told, tried * 98 / 100);  // about 1 in 128 is too near a midpoint to tell
}

// Where this machine's glibc differs from sincos_exact, glibc is the one that
// is not correctly rounded (or long double cannot tell): the page differs from
// the lab only there. How often, on the lab's start headings: printed, and
// under 1 in 200 values (musl: about 6 in 100 angles; toolchain.md).
TEST(Trig, EqualsGlibcWhereverGlibcIsCorrectlyRounded) {
    long long values = 0, differ = 0, ours_wrong = 0;
    std::ostringstream first;
    first.precision(17);
    const std::vector<double> xs = lab_angles();
    for (size_t i = 0; i < 1000000; ++i) {  // the start headings
        const double x = xs[i];
        const flocklab::SinCos e = flocklab::sincos_exact(x);
        for (int f = 0; f < 2; ++f) {
            ++values;
            const double ours = f ? e.cos : e.sin, glibc = f ? std::cos(x) : std::sin(x);
            if (same(ours, glibc)) continue;
            ++differ;
            double want;
            const long double xl = x;
            if (nearest(f ? std::cos(xl) : std::sin(xl), &want) && !same(ours, want) && ++ours_wrong <= 5) first << " x=" << x;
        }
    }
    EXPECT_EQ(ours_wrong, 0) << first.str();
    EXPECT_LT(differ * 200, values);
    std::cout << "[ trig     ] glibc differs from the correctly rounded value on " << differ << " of " << values
              << " sines and cosines of the lab's start headings\n";
}

TEST(Trig, NativelyTheCoreStepsWithTheCLibrarysSineAndCosine) {
    // The golden files are glibc's: natively lab_sincos is std::sin and std::cos.
    for (double x : {0.1, 1.0, 2.5, 4.4295963873532527, 112.8275617533227}) {
        EXPECT_TRUE(same(flocklab::lab_sincos(x).sin, std::sin(x)) && same(flocklab::lab_sincos(x).cos, std::cos(x))) << x;
    }
    flocklab::FlockParams p;
    p.view_angle = 270;
    EXPECT_TRUE(same(p.view_cos(), std::cos((270 / 2.0) * (3.141592653589793 / 180.0))));
}

TEST(Trig, EdgesNearMultiplesOfAQuarterTurnAndTinyAndHuge) {
    // The doubles nearest k pi/2 and their neighbours (the reduction's hardest
    // inputs below 2^20), tiny and subnormal inputs: quick equals careful, and
    // both are the long double's rounding where it can tell.
    std::vector<double> xs;
    constexpr double kHalfPi = 1.5707963267948966;
    for (int k = -5000; k <= 5000; ++k) {
        double x = std::nextafter(std::nextafter(std::nextafter(k * kHalfPi, -1e300), -1e300), -1e300);
        for (int n = 0; n < 7; ++n, x = std::nextafter(x, 1e300)) xs.push_back(x);
    }
    for (double x : {1e-300, -1e-300, 5e-324, 1e-20, 1e-8, 0.7853981633974483, -0.7853981633974483, 1048575.9999999999}) xs.push_back(x);
    int wrong = 0;
    for (double x : xs) {
        const flocklab::SinCos q = flocklab::sincos_exact(x), c = flocklab::sincos_careful(x);
        ASSERT_TRUE(same(q.sin, c.sin) && same(q.cos, c.cos)) << x;
        double want;
        const long double xl = x;
        if (nearest(std::sin(xl), &want) && !same(q.sin, want)) ++wrong;
        if (nearest(std::cos(xl), &want) && !same(q.cos, want)) ++wrong;
    }
    EXPECT_EQ(wrong, 0);
    // -0 keeps its sign; beyond 2^20, infinities and NaN: the C library's.
    EXPECT_TRUE(std::signbit(flocklab::sin_exact(-0.0)));
    EXPECT_EQ(flocklab::cos_exact(-0.0), 1.0);
    EXPECT_TRUE(same(flocklab::sin_exact(1e22), std::sin(1e22)));
    EXPECT_TRUE(std::isnan(flocklab::sin_exact(std::numeric_limits<double>::infinity())));
    EXPECT_TRUE(std::isnan(flocklab::cos_exact(std::numeric_limits<double>::quiet_NaN())));
}

}  // namespace
