// Sine and cosine as the lab gets them, the same bits in every build.
//
// The lab calls Python's math.sin and math.cos, which are the C library's.
// The golden files were made with glibc 2.36 on x86-64, whose sin and cos
// are IBM's Accurate Mathematical Library (a table of sin and cos at
// multiples of 1/128 with short polynomial corrections, the argument reduced
// by pi/2 in parts), compiled with fused multiply-adds where the processor
// has FMA. The page's C library is musl, which differs from glibc in the last
// bit for about 6% of angles, and a flock started from one seed then parts
// from the lab's within seconds. So the core carries the same method,
// written anew (trig.cpp; the table is computed in high precision by
// sincos_table.py), with an exact fused multiply-add (std::fma) exactly where
// glibc's FMA build has one. Natively and in WebAssembly the core then
// steps with the same numbers as the lab, on any processor.
// tests/test_trig.cpp compares them with this machine's glibc on millions of
// angles in every range the core uses, and at the edges of each interval.
#pragma once

namespace flocklab {

struct SinCos {
    double sin, cos;
};

// glibc's sin and cos as its FMA build computes them (the lab's, and the
// golden files'). For |x| < 105414350 (glibc's reduction by pi/2 in parts);
// beyond that, which no angle of the core reaches, the C library's.
double lab_sin(double x);
double lab_cos(double x);
SinCos lab_sincos(double x);  // {lab_sin(x), lab_cos(x)}

// The same method with every multiply and add rounded apart: glibc's build
// for processors without FMA (SSE2). For tests: a student whose processor
// has no FMA gets these from the lab, and other numbers than the golden files.
double lab_sin_unfused(double x);
double lab_cos_unfused(double x);

}  // namespace flocklab
