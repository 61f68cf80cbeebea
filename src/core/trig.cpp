// Sine and cosine by glibc's method, as its FMA build rounds (see trig.hpp).
//
// Contents: the method's constants; fused and unfused multiply-adds; sine
// and cosine near 0 (a table at multiples of 1/128 and short series); the
// reduction by pi/2; sin and cos by range.
//
// Every multiply-add below is a fused one (one rounding) in the FMA build,
// and two roundings in the unfused one: where GCC contracted a multiply into
// an add when it compiled glibc's FMA build (read from its code on this
// machine: every multiply whose only uses are additions or subtractions, and
// of two such in one sum the first), and nowhere else.
#include "trig.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "sincos_table.hpp"

namespace flocklab {
namespace {

// Inlined into each public function, so that its FMA copy (below) has the
// multiply-adds as instructions.
#if defined(__GNUC__)
#define FLOCKLAB_INLINE inline __attribute__((always_inline))
#else
#define FLOCKLAB_INLINE inline
#endif

// The method's coefficients, bit for bit the published ones (they come from
// a fit, not a formula). Near a table point d: sin d - d = d^3 (kSin3 + d^2
// kSin5) and cos d - 1 = -d^2 (kCos2 + d^2 (kCos4 + d^2 kCos6)), |d| <= 1/256.
constexpr double kSin3 = -0x1.5555555555515p-3;
constexpr double kSin5 = 0x1.11110e829872fp-7;
constexpr double kCos2 = 0x1p-1;
constexpr double kCos4 = -0x1.5555555555535p-5;
constexpr double kCos6 = 0x1.6c16bedd9e239p-10;
// Near 0 (|x| < 0.126): sin x - x = x^3 (kS1 + x^2 (kS2 + ... + x^2 kS5)).
constexpr double kS1 = -0x1.5555555555555p-3;
constexpr double kS2 = 0x1.1111111110ECEp-7;
constexpr double kS3 = -0x1.A01A019DB08B8p-13;
constexpr double kS4 = 0x1.71DE27B9A7ED9p-19;
constexpr double kS5 = -0x1.ADDFFC2FCDF59p-26;
// pi/2 as kHalfPi + kHalfPiRest, and as kPi1 + kPi2 + kPi3 + kPi4, whose
// first three are short enough that n times them is exact for |n| < 2^22.
constexpr double kHalfPi = 0x1.921FB54442D18p0;
constexpr double kHalfPiRest = 0x1.1A62633145C07p-54;
constexpr double kPi1 = 0x1.921FB58000000p0;
constexpr double kPi2 = -0x1.DDE973C000000p-27;
constexpr double kPi3 = -0x1.CB3B398000000p-55;
constexpr double kPi4 = -0x1.d747f23e32ed7p-83;
constexpr double kTwoOverPi = 0x1.45F306DC9C883p-1;
// Adding kToInt leaves the nearest integer in a double's low bits; adding
// kToTable, the nearest multiple of 1/128 (its index).
constexpr double kToInt = 0x1.8p52;
constexpr double kToTable = 0x1.8p45;

// a * b + c and c - a * b, rounded once (Fused) or after each operation.
template <bool Fused>
FLOCKLAB_INLINE double mul_add(double a, double b, double c) {
    if constexpr (Fused) return std::fma(a, b, c);
    return a * b + c;
}
template <bool Fused>
FLOCKLAB_INLINE double mul_sub(double a, double b, double c) {
    if constexpr (Fused) return std::fma(-a, b, c);
    return c - a * b;
}

std::uint64_t bits(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}
std::uint32_t high_word(double v) { return static_cast<std::uint32_t>(bits(v) >> 32) & 0x7fffffffu; }
int low_int(double v) { return static_cast<int>(static_cast<std::uint32_t>(bits(v))); }

// |x| split into the nearest table point (as the index of its entries) and
// the distance d from it.
struct Near {
    const double* entry;  // sin, its rest, cos, its rest
    double d;
};
FLOCKLAB_INLINE Near near_point(double ax) {
    const double u = kToTable + ax;
    return {kSinCosTable + 4 * low_int(u), ax - (u - kToTable)};
}

// sin(x + dx), |x| < 0.855, |dx| tiny against x.
template <bool F>
FLOCKLAB_INLINE double sin_near(double x, double dx) {
    if (std::fabs(x) < 0.126) {
        const double xx = x * x;
        double p = mul_add<F>(kS5, xx, kS4);
        p = mul_add<F>(p, xx, kS3);
        p = mul_add<F>(p, xx, kS2);
        p = mul_add<F>(p, xx, kS1);
        return x + mul_add<F>(mul_add<F>(p, x, -(0.5 * dx)), xx, dx);
    }
    if (x <= 0) dx = -dx;
    const Near n = near_point(std::fabs(x));
    const double d = n.d, dd = d * d;
    const double s = d + mul_add<F>(d * dd, mul_add<F>(dd, kSin5, kSin3), dx);
    const double c = mul_add<F>(d, dx, dd * mul_add<F>(dd, mul_add<F>(dd, kCos6, kCos4), kCos2));
    const double* e = n.entry;
    const double rest = mul_add<F>(e[2], s, mul_sub<F>(e[0], c, mul_add<F>(s, e[3], e[1])));
    return std::copysign(e[0] + rest, x);
}

// cos(x + dx), |x| < 0.855, |dx| tiny against x.
template <bool F>
FLOCKLAB_INLINE double cos_near(double x, double dx) {
    if (x < 0) dx = -dx;
    const double ax = std::fabs(x);
    const Near n = near_point(ax);
    const double d = n.d + dx, dd = d * d;
    const double s = mul_add<F>(d * dd, mul_add<F>(dd, kSin5, kSin3), d);
    const double c = dd * mul_add<F>(dd, mul_add<F>(dd, kCos6, kCos4), kCos2);
    const double* e = n.entry;
    const double rest = mul_sub<F>(s, e[0], mul_sub<F>(c, e[2], mul_sub<F>(s, e[1], e[3])));
    return e[2] + rest;
}

// x - n pi/2 as a + da, and n mod 4, for |x| < 105414350.
struct Reduced {
    double a, da;
    int quadrant;
};
template <bool F>
FLOCKLAB_INLINE Reduced reduce(double x) {
    const double t = mul_add<F>(x, kTwoOverPi, kToInt);
    const double n = t - kToInt;
    const double y = mul_sub<F>(n, kPi2, mul_sub<F>(n, kPi1, x));
    const double t2 = mul_sub<F>(n, kPi3, y);
    double da = mul_sub<F>(n, kPi3, y - t2);
    const double a = mul_sub<F>(n, kPi4, t2);
    da += mul_sub<F>(n, kPi4, t2 - a);
    return {a, da, low_int(t) & 3};
}

// sin(a + da + q pi/2).
template <bool F>
FLOCKLAB_INLINE double in_quadrant(const Reduced& r, int q) {
    const double v = (q & 1) ? cos_near<F>(r.a, r.da) : sin_near<F>(r.a, r.da);
    return (q & 2) ? -v : v;
}

// The ranges, by the high word of |x|.
constexpr std::uint32_t kTiny = 0x3e500000;     // 2^-26: sin x = x
constexpr std::uint32_t kCosTiny = 0x3e400000;  // 2^-27: cos x = 1
constexpr std::uint32_t kNear = 0x3feb6000;     // 0.855: the table directly
constexpr std::uint32_t kMiddle = 0x400368fd;   // 2.426: from pi/2 - |x|
constexpr std::uint32_t kReduce = 0x419921FB;   // 105414350: reduced by pi/2 in parts

template <bool F>
FLOCKLAB_INLINE double sin_by_range(double x) {
    const std::uint32_t k = high_word(x);
    if (k < kTiny) return x;
    if (k < kNear) return sin_near<F>(x, 0);
    if (k < kMiddle) return std::copysign(cos_near<F>(kHalfPi - std::fabs(x), kHalfPiRest), x);
    if (k < kReduce) {
        const Reduced r = reduce<F>(x);
        return in_quadrant<F>(r, r.quadrant);
    }
    return std::sin(x);  // also infinities and NaN
}

template <bool F>
FLOCKLAB_INLINE double cos_by_range(double x) {
    const std::uint32_t k = high_word(x);
    if (k < kCosTiny) return 1.0;
    if (k < kNear) return cos_near<F>(x, 0);
    if (k < kMiddle) {
        const double y = kHalfPi - std::fabs(x);
        const double a = y + kHalfPiRest;
        return sin_near<F>(a, (y - a) + kHalfPiRest);
    }
    if (k < kReduce) {
        const Reduced r = reduce<F>(x);
        return in_quadrant<F>(r, r.quadrant + 1);
    }
    return std::cos(x);
}

}  // namespace

// Natively on x86-64 with GCC, a second copy of each for processors with FMA,
// picked at load time, where std::fma is one instruction instead of a call
// (about three times faster). Both copies compute the same exact fused
// multiply-adds, and -ffp-contract=off holds in both.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define FLOCKLAB_FMA_CLONES __attribute__((target_clones("fma", "default")))
#else
#define FLOCKLAB_FMA_CLONES
#endif

FLOCKLAB_FMA_CLONES double lab_sin(double x) { return sin_by_range<true>(x); }
FLOCKLAB_FMA_CLONES double lab_cos(double x) { return cos_by_range<true>(x); }
SinCos lab_sincos(double x) { return {lab_sin(x), lab_cos(x)}; }
double lab_sin_unfused(double x) { return sin_by_range<false>(x); }
double lab_cos_unfused(double x) { return cos_by_range<false>(x); }

}  // namespace flocklab
