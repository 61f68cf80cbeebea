// The candidate scan (core/scan.hpp) gives the lab's answer, in the given
// order, on every instruction set this build has: the two-lane baseline
// and, where the processor has it, AVX2.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/scan.hpp"
#include "core/vec2.hpp"

using namespace flocklab;

namespace {

// The lab's test, one pair at a time: within the radius and not at the
// same point (a NaN distance is never a neighbour), then not in the blind
// spot, offset.normalize().dot(heading) < view_cos.
std::vector<int> lab_sees(const ScanQuery& q, const std::vector<double>& xs, const std::vector<double>& ys) {
    std::vector<int> out;
    for (int k = 0; k < static_cast<int>(xs.size()); ++k) {
        const Vec2 off = Vec2{xs[k], ys[k]} - Vec2{q.x, q.y};
        const double dsq = off.length_squared();
        if (!(dsq > 0 && dsq <= q.r2)) continue;
        if (q.cone && off.normalize().dot(Vec2{q.hx, q.hy}) < q.cos) continue;
        out.push_back(k);
    }
    return out;
}

std::vector<int> run(ScanFn fn, const ScanQuery& q, const std::vector<double>& xs, const std::vector<double>& ys) {
    std::vector<int> out(xs.size() + 1, -7);
    const int n = fn(q, xs.data(), ys.data(), static_cast<int>(xs.size()), out.data());
    EXPECT_EQ(out.back(), -7) << "wrote past m";
    out.resize(n < 0 ? 0 : static_cast<size_t>(n));
    return out;
}

std::vector<std::pair<std::string, ScanFn>> scans() {
    std::vector<std::pair<std::string, ScanFn>> s = {{"baseline", scan_baseline}};
    if (scan_avx2()) s.emplace_back("avx2", scan_avx2());
    s.emplace_back(std::string("chosen (") + scan_isa() + ")", scan_candidates());
    return s;
}

}  // namespace

TEST(Scan, EveryInstructionSetGivesTheLabsAnswer) {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    int compared = 0, seen_total = 0;
    for (double angle : {0.0, 60.0, 90.0, 179.9, 180.0, 200.0, 300.0, 359.0, 360.0}) {
        for (int heading = 0; heading < 3; ++heading) {
            ScanQuery q;
            q.x = 450;
            q.y = 270;
            q.r2 = 60.0 * 60.0;
            q.cos = std::cos(angle / 2 * 3.141592653589793 / 180.0);
            q.cone = heading > 0;  // heading 0: a boid standing still
            const Vec2 h = (heading == 1 ? Vec2{-12, 31} : Vec2{1, 0}).normalize();
            q.hx = h.x;
            q.hy = h.y;
            const double edge = std::atan2(h.y, h.x) + angle / 2 * 3.141592653589793 / 180.0;
            for (int m : {0, 1, 3, 4, 5, 7, 8, 9, 31, 64, 257}) {
                std::vector<double> xs, ys;
                for (int k = 0; k < m; ++k) {
                    double x, y;
                    switch (k % 7) {
                        case 0: {  // on the cone's edge, to a few ulps
                            const double a = edge + (static_cast<int>(k % 11) - 5) * 1e-15;
                            const double r = 1 + 58 * (unit(rng) + 1) / 2;
                            x = q.x + r * std::cos(a);
                            y = q.y + r * std::sin(a);
                            break;
                        }
                        case 1:  // exactly on the radius, or the viewer's own point
                            x = k % 2 ? q.x + 60 : q.x;
                            y = q.y;
                            break;
                        case 2:  // not a number, or infinitely far
                            x = k % 3 ? nan : inf;
                            y = q.y;
                            break;
                        default:  // anywhere within twice the radius
                            x = q.x + 120 * unit(rng);
                            y = q.y + 120 * unit(rng);
                    }
                    xs.push_back(x);
                    ys.push_back(y);
                }
                const std::vector<int> expected = lab_sees(q, xs, ys);
                seen_total += static_cast<int>(expected.size());
                for (const auto& [name, fn] : scans()) {
                    SCOPED_TRACE(name + ", cone " + std::to_string(angle) + ", heading " + std::to_string(heading) +
                                 ", m " + std::to_string(m));
                    EXPECT_EQ(run(fn, q, xs, ys), expected);
                    ++compared;
                }
            }
        }
    }
    EXPECT_GT(seen_total, 1000);
    EXPECT_GE(compared, 9 * 3 * 11 * 2);
}

TEST(Scan, TheChosenScanIsTheFastestThisProcessorHas) {
    if (scan_avx2()) {
        EXPECT_EQ(scan_candidates(), scan_avx2());
        EXPECT_STREQ(scan_isa(), "avx2");
    } else {
        EXPECT_EQ(scan_candidates(), scan_baseline);
        EXPECT_STRNE(scan_isa(), "avx2");
    }
}
