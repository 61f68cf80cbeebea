// Vec2: a 2-D vector of doubles whose arithmetic repeats pygame-ce's
// pygame.math.Vector2 operation by operation, so that a port of a lab that
// uses Vector2 rounds exactly where the lab rounds.
//
// The rules (see ../shared/golden/README.md):
//   v / s            multiplies by the reciprocal 1.0 / s
//   length()         sqrt(x*x + y*y)
//   normalize()      divides each component by length()
//   clamp_magnitude  compares the squared length with lo*lo and hi*hi and
//                    multiplies both components by lo/len or hi/len
#pragma once

#include <cmath>

namespace flocklab {

struct Vec2 {
    double x = 0.0;
    double y = 0.0;

    constexpr Vec2() = default;
    constexpr Vec2(double x_, double y_) : x(x_), y(y_) {}

    constexpr double length_squared() const { return x * x + y * y; }
    double length() const { return std::sqrt(length_squared()); }
    constexpr double dot(Vec2 o) const { return x * o.x + y * o.y; }

    // Precondition: length_squared() > 0 (pygame raises ValueError otherwise;
    // every caller in the labs guards that case first).
    Vec2 normalize() const {
        const double len = length();
        return {x / len, y / len};
    }

    double distance_to(Vec2 o) const {
        const double dx = o.x - x;
        const double dy = o.y - y;
        return std::sqrt(dx * dx + dy * dy);
    }

    // The one-argument form: shortens a vector longer than hi, and is safe on
    // the zero vector (nothing to shorten).
    Vec2 clamp_magnitude(double hi) const {
        const double sq = length_squared();
        if (sq > hi * hi) {
            const double f = hi / std::sqrt(sq);
            return {x * f, y * f};
        }
        return *this;
    }

    // The two-argument form: also stretches vectors shorter than lo. pygame
    // raises on a zero vector because it has no direction; here a zero vector
    // comes back unchanged and callers guard it as the lab does.
    Vec2 clamp_magnitude(double lo, double hi) const {
        const double sq = length_squared();
        if (sq > hi * hi) {
            const double f = hi / std::sqrt(sq);
            return {x * f, y * f};
        }
        if (sq < lo * lo && sq > 0.0) {
            const double f = lo / std::sqrt(sq);
            return {x * f, y * f};
        }
        return *this;
    }

    constexpr Vec2& operator+=(Vec2 o) { x += o.x; y += o.y; return *this; }
    constexpr Vec2& operator-=(Vec2 o) { x -= o.x; y -= o.y; return *this; }
};

constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }  // pygame's -v
constexpr Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
constexpr Vec2 operator/(Vec2 a, double s) {
    const double r = 1.0 / s;  // pygame multiplies by the reciprocal
    return {a.x * r, a.y * r};
}
constexpr bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
constexpr bool operator!=(Vec2 a, Vec2 b) { return !(a == b); }

// Python's float modulo for m > 0: the result takes the sign of the divisor,
// so wrapping a position always lands in [0, m] (m itself only when x is a
// tiny negative number, exactly as CPython's float_rem rounds it).
inline double py_mod(double x, double m) {
    double mod = std::fmod(x, m);
    if (mod != 0.0) {
        if ((m < 0.0) != (mod < 0.0)) mod += m;
    } else {
        mod = std::copysign(0.0, m);
    }
    return mod;
}

}  // namespace flocklab
