// Sine and cosine, correctly rounded, the same bits in every build. The lab
// calls Python's math.cos and math.sin, which are the C library's: glibc
// natively, but musl in the widget's WebAssembly, and musl differs from
// glibc in the last bit for about 6% of angles (a flock started from one
// seed then parts from the lab's within seconds). glibc itself is not
// correctly rounded everywhere: of the sines and cosines of the lab's start
// headings, about 1 in 700 differ from the correctly rounded value
// (tests/test_trig.cpp measures it). So the page
// computes these instead of musl's: they agree with glibc wherever glibc is
// correctly rounded. They are computed to about 2^-66 (a table and a short
// series), or where that leaves the last bit in doubt to about 2^-100 (a
// Taylor series in double-double), and rounded once. Plain + - * / only (no
// fma, no libm), so native and WebAssembly agree.
#pragma once

namespace flocklab {

// For |x| < 2^20 (about a million radians). Beyond that, and for infinities
// and NaN, they return the C library's std::sin and std::cos.
struct SinCos {
    double sin, cos;
};
SinCos sincos_exact(double x);  // a table and a short series; in doubt, the careful path
double sin_exact(double x);
double cos_exact(double x);
// The careful path alone (a Taylor series in double-double): for tests.
SinCos sincos_careful(double x);

// The sine and cosine the core steps with. Natively the C library's
// (glibc's are the lab's: Python's math.sin and math.cos call them, and the
// golden files say so); in WebAssembly, where the C library is musl's,
// sincos_exact, which equals glibc on far more angles than musl does (see
// tests/test_trig.cpp and src/core/README.md, Exactness).
SinCos lab_sincos(double x);

}  // namespace flocklab
