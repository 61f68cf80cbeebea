// Vec2's pygame-ce arithmetic, Python's float modulo, and CPython's Random.
#include <gtest/gtest.h>

#include <cmath>

#include "core/pyrandom.hpp"
#include "core/vec2.hpp"

using namespace flocklab;

TEST(Vec2, DivisionMultipliesByTheReciprocal) {
    // 0.1 / 7 and 0.1 * (1/7) round differently; pygame does the latter.
    const Vec2 v = Vec2{0.1, 5.0} / 7.0;
    EXPECT_EQ(v.x, 0.1 * (1.0 / 7.0));
    EXPECT_EQ(v.y, 5.0 * (1.0 / 7.0));
    EXPECT_NE(v.x, 0.1 / 7.0);  // the rule matters for these inputs
    EXPECT_NE(v.y, 5.0 / 7.0);
}

TEST(Vec2, NormalizeDividesByLength) {
    const Vec2 v{3.0, 4.0};
    EXPECT_EQ(v.length(), 5.0);
    EXPECT_EQ(v.normalize(), (Vec2{0.6, 0.8}));
}

TEST(Vec2, ClampMagnitudeLeavesZeroAndShortVectorsAlone) {
    EXPECT_EQ(Vec2{}.clamp_magnitude(10.0), Vec2{});
    EXPECT_EQ((Vec2{3, 4}).clamp_magnitude(10.0), (Vec2{3, 4}));
    EXPECT_EQ((Vec2{30, 40}).clamp_magnitude(10.0), (Vec2{30 * (10.0 / 50.0), 40 * (10.0 / 50.0)}));
    // Two-argument form: a zero vector has no direction to stretch along.
    EXPECT_EQ(Vec2{}.clamp_magnitude(60.0, 160.0), Vec2{});
}

TEST(Vec2, ClampMagnitudeBandStretchesShortVectors) {
    const Vec2 v = Vec2{3, 4}.clamp_magnitude(60.0, 160.0);
    EXPECT_EQ(v, (Vec2{3 * (60.0 / 5.0), 4 * (60.0 / 5.0)}));
    EXPECT_NEAR(v.length(), 60.0, 1e-12);
    const Vec2 w = Vec2{300, 400}.clamp_magnitude(60.0, 160.0);
    EXPECT_NEAR(w.length(), 160.0, 1e-12);
    EXPECT_EQ(Vec2(0, 100).clamp_magnitude(60.0, 160.0), Vec2(0, 100));
}

TEST(PyMod, FollowsPythonNotC) {
    EXPECT_EQ(py_mod(905.5, 900.0), 5.5);
    EXPECT_EQ(py_mod(-2.5, 900.0), 897.5);  // C's fmod gives -2.5
    EXPECT_EQ(std::fmod(-2.5, 900.0), -2.5);
    EXPECT_EQ(py_mod(-1e-20, 900.0), 900.0);  // Python: -1e-20 % 900 == 900.0
    EXPECT_EQ(py_mod(0.0, 900.0), 0.0);
    EXPECT_FALSE(std::signbit(py_mod(-0.0, 900.0)));
    EXPECT_EQ(py_mod(-900.0, 900.0), 0.0);
}

TEST(PyRandom, Seed0AndLargeSeedsMatchCPython) {
    // random.Random(0).random() and random.Random(2**32 + 5).random() in CPython 3.11.
    EXPECT_EQ(PyRandom(0).random(), 0.8444218515250481);
    EXPECT_EQ(PyRandom(42).random(), 0.6394267984578837);
    EXPECT_EQ(PyRandom((1ULL << 32) + 5).random(), 0.15727238718789782);
}

TEST(PyRandom, UniformScalesRandom) {
    PyRandom a(3), b(3);
    const double r = b.random();
    EXPECT_EQ(a.uniform(60.0, 160.0), 60.0 + (160.0 - 60.0) * r);
}
