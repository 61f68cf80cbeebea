// The widget's software rasteriser (src/widget/raster.cpp): what it fills,
// how it blends, and that shared edges are drawn exactly once.
#include "widget/raster.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace flocklab {
namespace {

constexpr Rgba kBlack = rgba(0, 0, 0);
constexpr PixelRect kAll{0, 0, 1 << 20, 1 << 20};

RasterVertex at(float x, float y, Rgba c, float u = 0, float v = 0) { return {x, y, u, v, c}; }

int count(const Raster& r, Rgba c) {
    int n = 0;
    for (int y = 0; y < r.height(); ++y)
        for (int x = 0; x < r.width(); ++x) n += r.at(x, y) == c;
    return n;
}

// Half-transparent white over black is 128 grey (127.5 rounded up); twice would be 191.
constexpr Rgba kOnce = rgba(128, 128, 128);
constexpr Rgba kHalfWhite = rgba(255, 255, 255, 128);

TEST(Raster, ClearFillsEveryPixelOpaque) {
    Raster r;
    r.resize(7, 5);
    r.clear(rgba(10, 20, 30, 0));
    EXPECT_EQ(count(r, rgba(10, 20, 30)), 35);
}

TEST(Raster, AQuadOfTwoTrianglesCoversItsPixelsOnceAndNothingElse) {
    Raster r;
    r.resize(40, 30);
    r.clear(kBlack);
    // 10..30 x 5..25 at pixel centres' edges; the diagonal crosses pixel centres.
    r.triangle(at(10, 5, kHalfWhite), at(30, 5, kHalfWhite), at(30, 25, kHalfWhite), nullptr, kAll);
    r.triangle(at(10, 5, kHalfWhite), at(30, 25, kHalfWhite), at(10, 25, kHalfWhite), nullptr, kAll);
    for (int y = 0; y < 30; ++y)
        for (int x = 0; x < 40; ++x) {
            const bool inside = x >= 10 && x < 30 && y >= 5 && y < 25;
            ASSERT_EQ(r.at(x, y), inside ? kOnce : kBlack) << x << "," << y;
        }
}

TEST(Raster, AFanOfSlimTrianglesHasNoSeamsAndNoOverlaps) {
    // A disc of 48 wedges, as the widget draws discs. Its centre is a pixel
    // centre, so the wedges' edges at 0, 45, 90, ... degrees run exactly
    // through rows of pixel centres, where a wrong fill rule would skip or
    // blend twice. Inside, every pixel is blended exactly once; outside, none.
    Raster r;
    r.resize(64, 64);
    r.clear(kBlack);
    const float cx = 32.5f, cy = 32.5f, radius = 25.3f;
    constexpr int kWedges = 48;
    for (int i = 0; i < kWedges; ++i) {
        const double a0 = 2 * M_PI * i / kWedges, a1 = 2 * M_PI * (i + 1) / kWedges;
        r.triangle(at(cx, cy, kHalfWhite),
                   at(cx + radius * static_cast<float>(std::cos(a0)), cy + radius * static_cast<float>(std::sin(a0)), kHalfWhite),
                   at(cx + radius * static_cast<float>(std::cos(a1)), cy + radius * static_cast<float>(std::sin(a1)), kHalfWhite),
                   nullptr, kAll);
    }
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) {
            const double d = std::hypot(x + 0.5 - cx, y + 0.5 - cy);
            const Rgba want = d < radius - 1 ? kOnce : kBlack;  // no gap, no double; nothing outside
            if (d < radius - 1 || d > radius) {
                ASSERT_EQ(r.at(x, y), want) << x << "," << y;
            } else {
                ASSERT_TRUE(r.at(x, y) == kOnce || r.at(x, y) == kBlack) << x << "," << y;  // the rim
            }
        }
}

TEST(Raster, WindingDoesNotMatter) {
    Raster a, b;
    for (Raster* r : {&a, &b}) {
        r->resize(20, 20);
        r->clear(kBlack);
    }
    const Rgba c = rgba(200, 100, 50, 200);
    a.triangle(at(1.3f, 2.7f, c), at(18.2f, 5.1f, c), at(7.7f, 17.9f, c), nullptr, kAll);
    b.triangle(at(1.3f, 2.7f, c), at(7.7f, 17.9f, c), at(18.2f, 5.1f, c), nullptr, kAll);
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x) ASSERT_EQ(a.at(x, y), b.at(x, y));
    EXPECT_GT(count(a, kBlack), 0);
    EXPECT_LT(count(a, kBlack), 400);
}

TEST(Raster, TheClipRectangleBoundsTheFill) {
    Raster r;
    r.resize(20, 20);
    r.clear(kBlack);
    const Rgba white = rgba(255, 255, 255);
    r.triangle(at(-5, -5, white), at(40, -5, white), at(-5, 40, white), nullptr, PixelRect{3, 4, 8, 6});
    EXPECT_EQ(count(r, white), 5 * 2);
    EXPECT_EQ(r.at(3, 4), white);
    EXPECT_EQ(r.at(7, 5), white);
    EXPECT_EQ(r.at(8, 5), kBlack);
}

TEST(Raster, ColoursAreInterpolatedAndBlendedOver) {
    Raster r;
    r.resize(3, 1);
    r.clear(rgba(0, 0, 100));
    // Opaque red at the left edge to opaque green at the right, alpha 255 throughout.
    const Rgba red = rgba(255, 0, 0), green = rgba(0, 255, 0);
    r.triangle(at(0, -10, red), at(0, 10, red), at(3, 0, green), nullptr, kAll);
    r.triangle(at(3, -10, green), at(3, 10, green), at(0, 0, red), nullptr, kAll);
    // The middle pixel's centre is halfway: both channels near 128, blue gone.
    const Rgba mid = r.at(1, 0);
    EXPECT_NEAR(static_cast<int>(mid & 0xff), 128, 2);
    EXPECT_NEAR(static_cast<int>(mid >> 8 & 0xff), 128, 2);
    EXPECT_EQ(mid >> 16 & 0xff, 0u);
    // A quarter-transparent black over that blue: 100 * 0.75 = 75.
    Raster q;
    q.resize(2, 2);
    q.clear(rgba(0, 0, 100));
    q.triangle(at(0, 0, rgba(0, 0, 0, 64)), at(2, 0, rgba(0, 0, 0, 64)), at(0, 2, rgba(0, 0, 0, 64)), nullptr, kAll);
    EXPECT_EQ(q.at(0, 0), rgba(0, 0, 75));
    EXPECT_EQ(q.at(1, 1), rgba(0, 0, 100));  // its centre is on the hypotenuse, which the triangle does not own here
}

TEST(Raster, TheTextureScalesAlphaAtTheNearestTexel) {
    // A 2x1 texture: left texel opaque, right texel clear. A quad maps it onto 4x2 pixels.
    const std::uint8_t texels[2] = {255, 0};
    const AlphaTexture tex{texels, 2, 1};
    Raster r;
    r.resize(4, 2);
    r.clear(kBlack);
    const Rgba white = rgba(255, 255, 255);
    r.triangle(at(0, 0, white, 0, 0), at(4, 0, white, 1, 0), at(4, 2, white, 1, 1), &tex, kAll);
    r.triangle(at(0, 0, white, 0, 0), at(4, 2, white, 1, 1), at(0, 2, white, 0, 1), &tex, kAll);
    for (int y = 0; y < 2; ++y) {
        EXPECT_EQ(r.at(0, y), white);
        EXPECT_EQ(r.at(1, y), white);
        EXPECT_EQ(r.at(2, y), kBlack);
        EXPECT_EQ(r.at(3, y), kBlack);
    }
}

TEST(Raster, BadCoordinatesDrawNothingOrAreClamped) {
    Raster r;
    r.resize(8, 8);
    r.clear(kBlack);
    const Rgba white = rgba(255, 255, 255);
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    r.triangle(at(nan, 0, white), at(8, 0, white), at(0, 8, white), nullptr, kAll);
    r.triangle(at(0, 0, white), at(inf, 0, white), at(0, 8, white), nullptr, kAll);
    r.triangle(at(1, 1, white), at(5, 5, white), at(3, 3, white), nullptr, kAll);  // degenerate
    EXPECT_EQ(count(r, kBlack), 64);
    // Far outside the canvas on every side: clamped, and it covers it all.
    r.triangle(at(-1e30f, -1e30f, white), at(1e30f, -1e30f, white), at(-1e30f, 1e30f, white), nullptr, kAll);
    r.triangle(at(1e30f, -1e30f, white), at(1e30f, 1e30f, white), at(-1e30f, 1e30f, white), nullptr, kAll);
    EXPECT_EQ(count(r, white), 64);
}

}  // namespace
}  // namespace flocklab
