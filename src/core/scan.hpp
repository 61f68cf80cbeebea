// Which candidates a boid sees: the lab's radius and vision-cone tests over
// a run of candidate positions, several candidates at a time. Every lane
// does the lab's scalar arithmetic, so the answer never depends on the
// instruction set: natively, AVX2 when the processor has it (chosen once at
// run time), SSE2 otherwise; SIMD128 in WebAssembly.
#pragma once

namespace flocklab {

// One boid as a viewer: its position (px), its unit heading, the squared
// view radius (px^2) and the cosine of half the cone's angle.
struct ScanQuery {
    double x = 0, y = 0;
    double hx = 0, hy = 0;     // unit heading (unused without a cone)
    double r2 = 0, cos = -1;
    bool cone = false;         // false: a boid standing still sees all round
};

// Writes to out the indices k < m of the candidates (xs[k], ys[k]) that the
// viewer sees, in the order given, and returns how many. out must hold m
// ints. The lab skips a pair when dsq == 0 (which also skips the boid
// itself) or dsq > r^2, and a pair in the blind spot; a NaN distance is
// never seen.
using ScanFn = int (*)(const ScanQuery& q, const double* xs, const double* ys, int m, int* out);

int scan_baseline(const ScanQuery& q, const double* xs, const double* ys, int m, int* out);
// The AVX2 version, or null when this build or this processor has none.
ScanFn scan_avx2();
// The fastest of the above on this processor.
ScanFn scan_candidates();
// The instruction set scan_candidates() uses: "avx2", "sse2", "simd128" or "scalar".
const char* scan_isa();

}  // namespace flocklab
