#include "draw.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace flocklab {

namespace {

// Points on the unit circle, computed once: circles are drawn every frame.
template <int N>
const std::array<Vec2, N + 1>& unit_circle() {
    static const std::array<Vec2, N + 1> points = [] {
        std::array<Vec2, N + 1> a{};
        for (int i = 0; i <= N; ++i) a[i] = {std::cos(2 * M_PI * i / N), std::sin(2 * M_PI * i / N)};
        return a;
    }();
    return points;
}

}  // namespace

void Shapes::tri(Vec2 a, Vec2 b, Vec2 c, SDL_Color col) {
    for (Vec2 p : {a, b, c}) v.push_back({{static_cast<float>(p.x), static_cast<float>(p.y)}, col, {0, 0}});
}

void Shapes::line(Vec2 a, Vec2 b, double width, SDL_Color col) {
    const Vec2 d = b - a;
    if (d.length_squared() == 0) return;
    const Vec2 n = Vec2{-d.y, d.x}.normalize() * (width / 2);
    tri(a + n, b + n, b - n, col);
    tri(a + n, b - n, a - n, col);
}

void Shapes::circle(Vec2 c, double r, double width, SDL_Color col) {
    const auto& u = unit_circle<72>();
    for (size_t i = 0; i + 1 < u.size(); ++i) {
        const Vec2 o0 = c + u[i] * (r + width / 2), i0 = c + u[i] * (r - width / 2);
        const Vec2 o1 = c + u[i + 1] * (r + width / 2), i1 = c + u[i + 1] * (r - width / 2);
        tri(o0, o1, i1, col);
        tri(o0, i1, i0, col);
    }
}

void Shapes::disc(Vec2 c, double r, SDL_Color col) {
    const auto& u = unit_circle<24>();
    for (size_t i = 0; i + 1 < u.size(); ++i) tri(c, c + u[i] * r, c + u[i + 1] * r, col);
}

namespace {
constexpr int kArcSegments = 64;
// The point at distance r from c, turned by angle a (rad) from the unit direction dir.
Vec2 at_angle(Vec2 c, double r, Vec2 dir, double a) {
    const double cs = std::cos(a), sn = std::sin(a);
    return c + Vec2{dir.x * cs - dir.y * sn, dir.x * sn + dir.y * cs} * r;
}
}  // namespace

void Shapes::sector(Vec2 c, double r, Vec2 dir, double half, SDL_Color fill) {
    for (int i = 0; i < kArcSegments; ++i) {
        const double t0 = half * (2.0 * i / kArcSegments - 1), t1 = half * (2.0 * (i + 1) / kArcSegments - 1);
        tri(c, at_angle(c, r, dir, t0), at_angle(c, r, dir, t1), fill);
    }
}

void Shapes::sector_outline(Vec2 c, double r, Vec2 dir, double half, double width, SDL_Color col) {
    for (int i = 0; i < kArcSegments; ++i) {
        const double t0 = half * (2.0 * i / kArcSegments - 1), t1 = half * (2.0 * (i + 1) / kArcSegments - 1);
        line(at_angle(c, r, dir, t0), at_angle(c, r, dir, t1), width, col);
    }
    if (half < M_PI - 1e-9) {
        line(c, at_angle(c, r, dir, -half), width, col);
        line(c, at_angle(c, r, dir, half), width, col);
    }
}

void Shapes::arrow(Vec2 a, Vec2 b, double width, SDL_Color col) {
    const Vec2 d = b - a;
    const double len = d.length();
    if (!(len > 0.5)) return;
    const Vec2 f = d / len, side{-f.y, f.x};
    const double head = std::min(len, 4.0 + 2.5 * width);
    line(a, b - f * (head * 0.8), width, col);
    tri(b, b - f * head + side * (head * 0.5), b - f * head - side * (head * 0.5), col);
}

void Shapes::arrowhead(Vec2 pos, Vec2 vel, double size, SDL_Color col) {
    const Vec2 forward = vel.length_squared() > 0 ? vel.normalize() : Vec2{1, 0};
    const Vec2 side{-forward.y, forward.x};
    tri(pos + forward * (9 * size), pos - forward * (6 * size) + side * (5 * size),
        pos - forward * (6 * size) - side * (5 * size), col);
}

}  // namespace flocklab
