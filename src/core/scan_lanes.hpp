// The candidate scan's body, written once over a lane type (see scan.hpp).
// Only scan.cpp and scan_avx2.cpp include it; everything here is in an
// unnamed namespace so that each gets its own copy, compiled for its own
// instruction set (the linker must never pick an AVX2 copy for SSE2 code).
#pragma once

#include <cmath>
#include <cstring>

#include "scan.hpp"

namespace flocklab {
namespace {

// The lab's vision test for a candidate at offset o (|o|^2 = dsq > 0) from a
// boid with unit heading h: it is in the blind spot when
// o.normalize().dot(h) < view_cos. That needs a square root and two
// divisions; t = o.h is |o| times the same cosine, so comparing t^2 with
// view_cos^2 * dsq decides every pair that is not within a hair of the cone's
// edge (kConeMargin, relative; rounding errors here are ~1e-15). Those few
// take the lab's own arithmetic, so the answer is always the lab's.
constexpr double kConeMargin = 1e-9;
// Below this |view_cos| (a cone of about 180 deg) every pair takes the
// lab's arithmetic.
constexpr double kQuickConeMin = 1e-3;

inline bool sees_exactly(double ox, double oy, double dsq, double hx, double hy, double c) {
    const double len = std::sqrt(dsq);
    return !((ox / len) * hx + (oy / len) * hy < c);
}

// The quick test: sure it is seen, sure it is blind, or neither. T is double
// or a vector of doubles (the same arithmetic in each lane); & and | keep
// the common path free of hard-to-predict branches.
template <typename T, typename M>
inline void cone_classes(T ox, T oy, T dsq, T hx, T hy, T c2, bool wide, M* seen, M* blind) {
    const T zero{};
    const T t = ox * hx + oy * hy;
    const T lhs = t * t;
    const T rhs = c2 * dsq;
    const M far_from_edge_lo = lhs < rhs * (1 - kConeMargin);
    const M far_from_edge_hi = lhs > rhs * (1 + kConeMargin);
    // wide (view_cos < 0, cone wider than 180 deg): blind only well behind.
    // Otherwise (narrower): seen only well ahead.
    *seen = wide ? ((t >= zero) | far_from_edge_lo) : ((t > zero) & far_from_edge_hi);
    *blind = wide ? ((t < zero) & far_from_edge_hi) : ((t <= zero) | far_from_edge_lo);
}

inline bool sees_in_cone(double ox, double oy, double dsq, double hx, double hy, double c) {
    if (std::fabs(c) > kQuickConeMin) {
        bool seen, blind;
        cone_classes(ox, oy, dsq, hx, hy, c * c, c < 0, &seen, &blind);
        if (seen | blind) return seen;
    }
    return sees_exactly(ox, oy, dsq, hx, hy, c);
}

// Compaction of four candidates at once: for each 4-bit mask of seen
// lanes, the lanes' offsets lowest first (then padding) and their count.
// Storing all four offsets and advancing by the count replaces four
// dependent stores with one.
typedef int v4i __attribute__((vector_size(16)));
constexpr v4i kLanesOf[16] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0},
    {1, 2, 0, 0}, {0, 1, 2, 0}, {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
};
constexpr int kCountOf[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

// L supplies the lanes: V, a vector of L::kWidth doubles (kWidth 2 or 4),
// and M, a comparison result of two V; L::load(p), V from kWidth doubles at
// p; L::bits(m), one bit per lane (lane 0 in bit 0); L::kSkipFar, whether
// to branch past four candidates none of which is within the radius
// (measured for each lane type: it pays in WebAssembly, not with AVX2).
// Candidates go four at a time, as 4 / kWidth vectors: the radius, then
// the quick cone test, with one branch for the rare pair on the cone's
// edge, which takes the lab's arithmetic.
template <class L>
int scan_with(const ScanQuery& q, const double* xs, const double* ys, int m, int* out) {
    using V = typename L::V;
    using M = typename L::M;
    constexpr int W = L::kWidth;
    constexpr int K = 4;  // candidates per pass
    constexpr int G = K / W;
    const bool quick = q.cone && std::fabs(q.cos) > kQuickConeMin;
    const bool wide = q.cos < 0;
    const V px = V{} + q.x, py = V{} + q.y, rr = V{} + q.r2, zero{};
    const V hx = V{} + q.hx, hy = V{} + q.hy, c2 = V{} + q.cos * q.cos;
    int n = 0;
    int k = 0;
    // n <= k throughout, so the four-int store at out + n stays below m.
    for (; k + K <= m; k += K) {
        V ox[G], oy[G], d[G];
        unsigned in = 0;
        for (int g = 0; g < G; ++g) {
            ox[g] = L::load(xs + k + g * W) - px;
            oy[g] = L::load(ys + k + g * W) - py;
            d[g] = ox[g] * ox[g] + oy[g] * oy[g];
            // The lab's (dsq != 0 and not dsq > r2), written so that a NaN
            // distance (a NaN boid) is never a neighbour.
            in |= L::bits((d[g] > zero) & (d[g] <= rr)) << (g * W);
        }
        if (L::kSkipFar && !in) continue;
        unsigned seen = in, unsure = 0;
        if (quick) {
            unsigned sure_seen = 0, sure = 0;
            for (int g = 0; g < G; ++g) {
                M s, b;
                cone_classes(ox[g], oy[g], d[g], hx, hy, c2, wide, &s, &b);
                sure_seen |= L::bits(s) << (g * W);
                sure |= L::bits(s | b) << (g * W);
            }
            seen = in & sure_seen;
            unsure = in & ~sure;
        } else if (q.cone) {
            seen = 0;
            unsure = in;
        }
        if (unsure) {
            for (int u = 0; u < K; ++u) {
                if ((unsure >> u) & 1U) {
                    const bool s = sees_exactly(ox[u / W][u % W], oy[u / W][u % W], d[u / W][u % W], q.hx, q.hy, q.cos);
                    seen |= static_cast<unsigned>(s) << u;
                }
            }
        }
        const v4i lanes = kLanesOf[seen] + k;
        std::memcpy(out + n, &lanes, sizeof lanes);
        n += kCountOf[seen];
    }
    for (; k < m; ++k) {
        const double ox = xs[k] - q.x;
        const double oy = ys[k] - q.y;
        const double dsq = ox * ox + oy * oy;
        out[n] = k;
        n += static_cast<int>((dsq > 0) & (dsq <= q.r2) && (!q.cone || sees_in_cone(ox, oy, dsq, q.hx, q.hy, q.cos)));
    }
    return n;
}

}  // namespace
}  // namespace flocklab
