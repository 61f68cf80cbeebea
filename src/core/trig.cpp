// Sine and cosine, correctly rounded (see trig.hpp).
//
// x is reduced by pi/2 (Cody and Waite: pi/2 in four parts, the first three
// short enough that k times them is exact for |k| < 2^21) to a remainder r
// (|r| <= pi/4) in double-double arithmetic: Knuth's two-sum and Dekker's
// two-product with Veltkamp's split, so no fma. The quick path takes sine and
// cosine of r from a table at multiples of 1/64 and a short series; if its
// error could move the rounding, the careful path sums the Taylor series to
// 1/29! and 1/30! (below 2^-100 of the result) in double-double. Either
// result rounds to the nearest double once.
#include "trig.hpp"

#include <cmath>

namespace flocklab {
namespace {

struct DD {
    double hi, lo;  // the value is hi + lo, |lo| <= half an ulp of hi
};

// a + b as hi + lo, exactly (Knuth).
DD two_sum(double a, double b) {
    const double s = a + b;
    const double bb = s - a;
    return {s, (a - (s - bb)) + (b - bb)};
}
// a + b as hi + lo, exactly, where |a| >= |b| or a is 0 (Dekker).
DD fast_two_sum(double a, double b) {
    const double s = a + b;
    return {s, b - (s - a)};
}
// a as two halves of at most 26 bits each (Veltkamp).
DD split(double a) {
    const double t = 134217729.0 * a;  // 2^27 + 1
    const double hi = t - (t - a);
    return {hi, a - hi};
}
// a * b as hi + lo, exactly (Dekker).
DD two_prod(double a, double b) {
    const double p = a * b;
    const DD x = split(a), y = split(b);
    return {p, ((x.hi * y.hi - p) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo};
}
DD add(DD a, DD b) {
    DD s = two_sum(a.hi, b.hi);
    const DD t = two_sum(a.lo, b.lo);
    s = fast_two_sum(s.hi, s.lo + t.hi);
    return fast_two_sum(s.hi, s.lo + t.lo);
}
DD mul(DD a, DD b) {
    const DD p = two_prod(a.hi, b.hi);
    return fast_two_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}
DD neg(DD a) { return {-a.hi, -a.lo}; }

// 1/n! as double-doubles (hi the nearest double, lo the nearest to the rest).
constexpr DD kInverseFactorial[31] = {
    {0x1.0000000000000p+0, 0x0.0p+0},  // 1/0!
    {0x1.0000000000000p+0, 0x0.0p+0},  // 1/1!
    {0x1.0000000000000p-1, 0x0.0p+0},  // 1/2!
    {0x1.5555555555555p-3, 0x1.5555555555555p-57},  // 1/3!
    {0x1.5555555555555p-5, 0x1.5555555555555p-59},  // 1/4!
    {0x1.1111111111111p-7, 0x1.1111111111111p-63},  // 1/5!
    {0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65},  // 1/6!
    {0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73},  // 1/7!
    {0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76},  // 1/8!
    {0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73},  // 1/9!
    {0x1.27e4fb7789f5cp-22, 0x1.cbbc05b4fa99ap-76},  // 1/10!
    {0x1.ae64567f544e4p-26, -0x1.c062e06d1f209p-80},  // 1/11!
    {0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83},  // 1/12!
    {0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87},  // 1/13!
    {0x1.93974a8c07c9dp-37, 0x1.05d6f8a2efd1fp-92},  // 1/14!
    {0x1.ae7f3e733b81fp-41, 0x1.1d8656b0ee8cbp-97},  // 1/15!
    {0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101},  // 1/16!
    {0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103},  // 1/17!
    {0x1.6827863b97d97p-53, 0x1.eec01221a8b0bp-107},  // 1/18!
    {0x1.2f49b46814157p-57, 0x1.2650f61dbdcb4p-112},  // 1/19!
    {0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120},  // 1/20!
    {0x1.71b8ef6dcf572p-66, -0x1.d043ae40c4647p-120},  // 1/21!
    {0x1.0ce396db7f853p-70, -0x1.aebcdbd20331cp-124},  // 1/22!
    {0x1.761b41316381ap-75, -0x1.3423c7d91404fp-130},  // 1/23!
    {0x1.f2cf01972f578p-80, -0x1.9ada5fcc1ab14p-135},  // 1/24!
    {0x1.3f3ccdd165fa9p-84, -0x1.58ddadf344487p-139},  // 1/25!
    {0x1.88e85fc6a4e5ap-89, -0x1.71c37ebd16540p-143},  // 1/26!
    {0x1.d1ab1c2dccea3p-94, 0x1.054d0c78aea14p-149},  // 1/27!
    {0x1.0a18a2635085dp-98, 0x1.b9e2e28e1aa54p-153},  // 1/28!
    {0x1.259f98b4358adp-103, 0x1.eaf8c39dd9bc5p-157},  // 1/29!
    {0x1.3932c5047d60ep-108, 0x1.832b7b530a627p-162},  // 1/30!
};

// The sum over m of (-1)^m r2^m / (2m + k)! for 2m + k <= 30, by Horner in
// r2: sin(r) / r for k = 1, cos(r) for k = 0 (|r| <= pi/4, a little more at
// the edges).
DD alternating(DD r2, int k) {
    DD acc{0, 0};
    for (int m = (30 - k) / 2; m >= 0; --m) {
        const DD c = kInverseFactorial[2 * m + k];
        acc = add(mul(acc, r2), m % 2 ? neg(c) : c);
    }
    return acc;
}
DD sin_over_r(DD r2) { return alternating(r2, 1); }
DD cos_of(DD r2) { return alternating(r2, 0); }

constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
// pi/2 = kP1 + kP2 + kP3 + kP4 to about 2^-150; kP1..kP3 have at most 32 significant bits.
constexpr double kP1 = 0x1.921fb544p+0;
constexpr double kP2 = 0x1.0b4611a6p-34;
constexpr double kP3 = 0x1.3198a2ep-69;
constexpr double kP4 = 0x1.b839a252049c1p-104;
constexpr double kLimit = 0x1p20;

// x = k pi/2 + r: k, and r as a double-double.
struct Reduced {
    long long quadrant;
    DD r;
};
Reduced reduce(double x) {
    const double k = std::nearbyint(x * kTwoOverPi);
    DD r{x, 0};
    if (k != 0) {
        const double t = x - k * kP1;  // exact: k * kP1 is, and it is within a factor 2 of x
        r = two_sum(t, -(k * kP2));
        r = add(r, DD{-(k * kP3), 0});
        r = add(r, neg(two_prod(k, kP4)));
    }
    return {static_cast<long long>(k), r};
}
// sin x and cos x from sin r and cos r.
SinCos turn(long long quadrant, double s, double c) {
    switch (quadrant & 3) {
        case 0: return {s, c};
        case 1: return {c, -s};
        case 2: return {-s, -c};
        default: return {-c, s};
    }
}

// The careful path: the Taylor series in double-double.
SinCos careful(Reduced red) {
    const DD r2 = mul(red.r, red.r);
    const double s = mul(sin_over_r(r2), red.r).hi;  // hi: the double nearest the double-double
    const double c = cos_of(r2).hi;
    return turn(red.quadrant, s, c);
}

// The quick path, a table: sin and cos of i/64 for i = 0..51 (pi/4 is 50.3/64),
// as double-doubles from the careful series, made once.
struct Entry {
    DD sin, cos;
};
const Entry* table() {
    static const auto* entries = [] {
        static Entry e[52];
        for (int i = 0; i < 52; ++i) {
            const DD a{i / 64.0, 0};
            const DD a2 = mul(a, a);
            e[i] = {mul(sin_over_r(a2), a), cos_of(a2)};
        }
        return e;
    }();
    return entries;
}
// v rounds to v.hi whatever its error, if that is below 2^-61 of it.
bool sure(DD v) {
    const double e = std::fabs(v.hi) * 0x1p-61;
    return v.hi + (v.lo + e) == v.hi && v.hi + (v.lo - e) == v.hi;
}

}  // namespace

// sin r = sin a cos d + cos a sin d, cos r = cos a cos d - sin a sin d, with
// a = i/64 the nearest table entry and |d| <= 1/128: the large products
// exact, the small terms in doubles, within about 2^-66 of the result. Where
// that leaves the rounding in doubt (about one angle in a thousand) the
// careful path decides.
SinCos sincos_exact(double x) {
    if (!(std::fabs(x) < kLimit)) return {std::sin(x), std::cos(x)};
    if (x == 0) return {x, 1.0};  // keeps the sign of -0
    const Reduced red = reduce(x);
    DD r = red.r;
    const bool negative = r.hi < 0;
    if (negative) r = neg(r);
    const int i = static_cast<int>(std::nearbyint(r.hi * 64));
    const Entry& e = table()[i];
    const DD d = two_sum(r.hi - i / 64.0, r.lo);  // r.hi - i/64 is exact (Sterbenz)
    const double d2 = d.hi * d.hi;
    // sin d - d.hi and cos d - 1, to about 2^-70.
    const double sin_rest = d.lo + d.hi * d2 * (-1.0 / 6 + d2 * (1.0 / 120 + d2 * (-1.0 / 5040)));
    const double cos_rest = d2 * (-0.5 + d2 * (1.0 / 24 + d2 * (-1.0 / 720 + d2 * (1.0 / 40320)))) - d.lo * d.hi;
    const DD ps = two_prod(e.cos.hi, d.hi);
    const DD s0 = two_sum(e.sin.hi, ps.hi);
    const DD s = fast_two_sum(s0.hi, s0.lo + (ps.lo + e.sin.lo + e.sin.hi * cos_rest + e.cos.lo * d.hi + e.cos.hi * sin_rest));
    const DD pc = two_prod(e.sin.hi, d.hi);
    const DD c0 = two_sum(e.cos.hi, -pc.hi);
    const DD c = fast_two_sum(c0.hi, c0.lo + (-pc.lo + e.cos.lo + e.cos.hi * cos_rest - e.sin.lo * d.hi - e.sin.hi * sin_rest));
    if (!sure(s) || !sure(c)) return careful(red);
    return turn(red.quadrant, negative ? -s.hi : s.hi, c.hi);
}

SinCos sincos_careful(double x) {
    if (!(std::fabs(x) < kLimit)) return {std::sin(x), std::cos(x)};
    if (x == 0) return {x, 1.0};
    return careful(reduce(x));
}

SinCos lab_sincos(double x) {
#if FLOCKLAB_EXACT_TRIG
    return sincos_exact(x);
#else
    return {std::sin(x), std::cos(x)};
#endif
}

double sin_exact(double x) { return sincos_exact(x).sin; }
double cos_exact(double x) { return sincos_exact(x).cos; }

}  // namespace flocklab
