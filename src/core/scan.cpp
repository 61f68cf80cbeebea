#include "scan.hpp"

#include "scan_lanes.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace flocklab {

namespace {

// Two lanes: SSE2 natively (every x86-64 has it), SIMD128 in WebAssembly,
// plain pairs of doubles elsewhere.
struct TwoLanes {
    typedef double V __attribute__((vector_size(16)));
    typedef decltype(V{} < V{}) M;  // a comparison result: all ones or zeros per lane
    static constexpr int kWidth = 2;
    // Measured in the page: 0.22 ms per step at 500 boids with the skip, 0.29
    // without; with AVX2 natively it is the other way round.
    static constexpr bool kSkipFar = true;
    static V load(const double* p) {
        V v;
        std::memcpy(&v, p, sizeof v);
        return v;
    }
    // WebAssembly has an instruction for it (extracting lanes one by one is
    // slow there); on x86 the compiler's lane extraction measured faster
    // than movmskpd.
    static unsigned bits(M m) {
#if defined(__wasm_simd128__)
        return static_cast<unsigned>(wasm_i64x2_bitmask(m));
#else
        return static_cast<unsigned>((m[0] & 1) | ((m[1] & 1) << 1));
#endif
    }
};

}  // namespace

int scan_baseline(const ScanQuery& q, const double* xs, const double* ys, int m, int* out) {
    return scan_with<TwoLanes>(q, xs, ys, m, out);
}

#if defined(FLOCKLAB_AVX2)
int scan_avx2_lanes(const ScanQuery& q, const double* xs, const double* ys, int m, int* out);  // scan_avx2.cpp

ScanFn scan_avx2() {
    // (__builtin_cpu_init first: then the answer holds even if this runs
    // from a static constructor, before the runtime has probed the CPU.)
    static const bool has = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));
    return has ? scan_avx2_lanes : nullptr;
}
#else
ScanFn scan_avx2() { return nullptr; }
#endif

ScanFn scan_candidates() {
    static const ScanFn best = scan_avx2() ? scan_avx2() : scan_baseline;
    return best;
}

const char* scan_isa() {
    if (scan_candidates() != scan_baseline) return "avx2";
#if defined(__wasm_simd128__)
    return "simd128";
#elif defined(__SSE2__)
    return "sse2";
#else
    return "scalar";
#endif
}

}  // namespace flocklab
