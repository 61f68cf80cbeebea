// lab_sin and lab_cos (src/core/trig.hpp), which the core steps with natively
// and in the page: equal to this machine's glibc, bit for bit, on 10^7
// angles of each kind the core computes (the flock's and the crowd's start
// headings, wander angles, view angles) and at the edges of every interval
// of the method. glibc picks its build by the processor (FMA or SSE2); the
// tests compare with the matching one of ours, and CTest runs them a second
// time with the SSE2 build forced (tests/CMakeLists.txt), so both are checked
// on any machine with FMA.
#include <gtest/gtest.h>
#include <quadmath.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "core/pyrandom.hpp"
#include "core/sincos_table.hpp"
#include "core/trig.hpp"

namespace {

std::uint64_t bits(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}
bool same(double a, double b) { return bits(a) == bits(b); }

// The C library's, called through a pointer so that no compiler folds them.
double (*volatile c_sin)(double) = [](double x) { return std::sin(x); };
double (*volatile c_cos)(double) = [](double x) { return std::cos(x); };

// Which build of glibc this process runs: at this angle the two builds'
// cosines differ (found by comparing them on this machine).
enum class Build { kFma, kSse2, kNeither };
Build glibc_build() {
    const double probe = -0x1.bd4257b7df8eep-4;
    const double c = c_cos(probe);
    if (same(c, flocklab::lab_cos(probe))) return Build::kFma;
    if (same(c, flocklab::lab_cos_unfused(probe))) return Build::kSse2;
    return Build::kNeither;
}

// How many of the angles' sines and cosines differ from glibc's (ours of the
// same build), with the first few in `first`.
long long differ_from_glibc(const std::vector<double>& xs, std::string* first) {
    const bool fused = glibc_build() != Build::kSse2;
    long long n = 0;
    std::ostringstream out;
    for (double x : xs) {
        const double s = fused ? flocklab::lab_sin(x) : flocklab::lab_sin_unfused(x);
        const double c = fused ? flocklab::lab_cos(x) : flocklab::lab_cos_unfused(x);
        if (!same(s, c_sin(x)) && ++n <= 5) out << " sin(" << std::hexfloat << x << ")";
        if (!same(c, c_cos(x)) && ++n <= 5) out << " cos(" << std::hexfloat << x << ")";
    }
    *first = out.str();
    return n;
}

constexpr int kPerKind = 10'000'000;
constexpr double kTau = 6.283185307179586;

TEST(Trig, GlibcHereIsTheBuildItsProcessorPicks) {
    const Build b = glibc_build();
    ASSERT_NE(b, Build::kNeither) << "this glibc's cos equals neither of our builds";
    const char* want = std::getenv("FLOCKLAB_EXPECT_GLIBC");  // set where CTest forces the SSE2 build
    if (want) {
        EXPECT_EQ(b, std::string(want) == "sse2" ? Build::kSse2 : Build::kFma);
    } else {
        __builtin_cpu_init();
        const bool fma = __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2");
        EXPECT_EQ(b, fma ? Build::kFma : Build::kSse2);
    }
    std::cout << "[ trig     ] glibc's " << (b == Build::kFma ? "FMA" : "SSE2") << " build\n";
}

TEST(Trig, StartHeadingsEqualGlibc) {
    // uniform(0, tau) from the lab's generator, as the flock and the crowd draw them
    std::vector<double> xs;
    xs.reserve(kPerKind);
    for (std::uint64_t seed = 0; xs.size() < kPerKind; ++seed) {
        flocklab::PyRandom rng(seed);
        for (int i = 0; i < 50'000; ++i) xs.push_back(rng.uniform(0, kTau));
    }
    std::string first;
    EXPECT_EQ(differ_from_glibc(xs, &first), 0) << first;
}

TEST(Trig, WanderAnglesEqualGlibc) {
    // random walks of steps up to the default jitter (0.35 rad), and uniform
    // in +-2000 rad (a walk of a very long run)
    std::vector<double> xs;
    xs.reserve(kPerKind);
    flocklab::PyRandom rng(12345);
    for (int w = 0; w < 50; ++w) {
        double angle = 0;
        for (int i = 0; i < kPerKind / 100; ++i) xs.push_back(angle += rng.uniform(-0.35, 0.35));
    }
    while (xs.size() < kPerKind) xs.push_back(rng.uniform(-2000, 2000));
    std::string first;
    EXPECT_EQ(differ_from_glibc(xs, &first), 0) << first;
}

TEST(Trig, ViewAnglesEqualGlibc) {
    // half the view angle in radians, as FlockParams::view_cos computes it:
    // every angle to 0.001 degree, and uniform in [0, 360] degrees
    constexpr double kDegToRad = 3.141592653589793 / 180.0;
    std::vector<double> xs;
    xs.reserve(kPerKind + 360'001);
    for (int k = 0; k <= 360'000; ++k) xs.push_back(((k / 1000.0) / 2.0) * kDegToRad);
    flocklab::PyRandom rng(7);
    for (int i = 0; i < kPerKind; ++i) xs.push_back((rng.uniform(0, 360) / 2.0) * kDegToRad);
    std::string first;
    EXPECT_EQ(differ_from_glibc(xs, &first), 0) << first;

    flocklab::FlockParams p;
    for (double a : {0.0, 90.0, 270.0, 359.99, 360.0}) {
        p.view_angle = a;
        EXPECT_TRUE(same(p.view_cos(), flocklab::lab_cos((a / 2.0) * kDegToRad))) << a;
    }
}

TEST(Trig, EdgesOfEveryIntervalEqualGlibc) {
    std::vector<double> xs;
    auto around = [&](double x, int ulps) {
        for (double sign : {1.0, -1.0}) {
            double lo = sign * x, hi = sign * x;
            xs.push_back(lo);
            for (int i = 0; i < ulps; ++i) {
                xs.push_back(lo = std::nextafter(lo, -1e300));
                xs.push_back(hi = std::nextafter(hi, 1e300));
            }
        }
    };
    // where sin x = x and cos x = 1 end, the series near 0, the table, the
    // range from pi/2 - |x|, the reduction by pi/2 in parts
    for (double edge : {0x1p-26, 0x1p-27, 0.126, 0.85546875, 0x1.368fdp+1, 0x1.921fbp+26}) around(edge, 20'000);
    // the table's midpoints, where the nearest entry changes
    for (int i = 0; i < 110; ++i) around((i + 0.5) / 128, 2'000);
    // the quadrants' edges: near k pi/4, where the reduction's n changes
    // (odd k) or the result nears 0 or 1 (even k)
    constexpr double kQuarterPi = 0.7853981633974483;
    for (int k = 1; k <= 40'000; ++k) around(k * kQuarterPi, 40);
    for (double x : {1e8, 1.0e6 * kQuarterPi, 5e-324, 1e-300}) around(x, 1'000);
    std::string first;
    EXPECT_EQ(differ_from_glibc(xs, &first), 0) << first;
    EXPECT_GT(xs.size(), 5'000'000u);
    std::cout << "[ trig     ] " << xs.size() << " angles at the edges\n";
}

TEST(Trig, ZeroInfinitiesNaNAndHugeAngles) {
    EXPECT_TRUE(std::signbit(flocklab::lab_sin(-0.0)));
    EXPECT_EQ(flocklab::lab_cos(-0.0), 1.0);
    EXPECT_TRUE(std::isnan(flocklab::lab_sin(std::numeric_limits<double>::infinity())));
    EXPECT_TRUE(std::isnan(flocklab::lab_cos(-std::numeric_limits<double>::infinity())));
    EXPECT_TRUE(std::isnan(flocklab::lab_cos(std::numeric_limits<double>::quiet_NaN())));
    // beyond the reduction's range, the C library's (no angle of the core gets there)
    EXPECT_TRUE(same(flocklab::lab_sin(1e22), c_sin(1e22)));
    EXPECT_TRUE(same(flocklab::lab_sincos(2.5).sin, flocklab::lab_sin(2.5)));
    EXPECT_TRUE(same(flocklab::lab_sincos(2.5).cos, flocklab::lab_cos(2.5)));
}

TEST(Trig, TheTableIsSinAndCosToAbout106Bits) {
    // sincos_table.py's output against quad precision (113 bits): the first
    // part the nearest double, the two parts together within 2^-105.
    for (int i = 0; i < 110; ++i) {
        const __float128 x = static_cast<__float128>(i) / 128;
        const __float128 want[2] = {sinq(x), cosq(x)};
        for (int f = 0; f < 2; ++f) {
            const double hi = flocklab::kSinCosTable[4 * i + 2 * f], lo = flocklab::kSinCosTable[4 * i + 2 * f + 1];
            EXPECT_TRUE(same(hi, static_cast<double>(want[f]))) << i << (f ? " cos" : " sin");
            const __float128 err = fabsq((static_cast<__float128>(hi) + lo) - want[f]);
            EXPECT_LE(static_cast<double>(err), std::ldexp(static_cast<double>(fabsq(want[f])), -105)) << i << (f ? " cos" : " sin");
        }
    }
}

}  // namespace

// The page's C library (musl) rounds sin, cos and the like differently from
// glibc, so a scene that steps with them runs differently in the page than
// natively. No scene's code calls them: the core's lab_sin and lab_cos
// (trig.hpp) do the work, the same in both; the words' headings need no
// trigonometry at all (words.cpp's compass). plugin.test.mjs found the scene of
// tests/plugin/ one bit off in the page while it called std::cos.
TEST(Trig, NoScenesCodeCallsTheCLibrarysTrigonometry) {
    const std::vector<std::string> calls = {"std::sin(", "std::cos(", "std::tan(", "std::atan2(", "std::exp(", "std::log(", "std::pow(",
                                            "sinf(", "cosf(", "std::asin(", "std::acos(", "std::atan("};
    std::string found;
    for (const char* dir : {FLOCKLAB_SOURCE_DIR "/src/core", FLOCKLAB_SOURCE_DIR "/tests/plugin"}) {
        for (const auto& f : std::filesystem::directory_iterator(dir)) {
            const std::string name = f.path().filename().string();
            if (f.path().extension() != ".cpp" && f.path().extension() != ".hpp") continue;
            if (name.rfind("trig", 0) == 0) continue;
            std::ifstream in(f.path());
            std::string line;
            for (int n = 1; std::getline(in, line); ++n) {
                const std::string code = line.substr(0, line.find("//"));
                for (const std::string& c : calls) {
                    if (code.find(c) != std::string::npos) found += name + ":" + std::to_string(n) + ": " + line + "\n";
                }
            }
        }
    }
    EXPECT_EQ(found, "") << "use lab_sin/lab_cos (src/core/trig.hpp)";
}
