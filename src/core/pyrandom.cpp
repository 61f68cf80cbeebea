// MT19937 as in Matsumoto & Nishimura's reference code, which CPython's
// _randommodule.c follows; random() packs 27 + 26 bits as CPython does.
#include "pyrandom.hpp"

#include "state_io.hpp"

namespace flocklab {

PyRandom::PyRandom(std::uint64_t seed) {
    // CPython uses as many 32-bit words as the number needs, and one word for 0.
    std::uint32_t key[2] = {static_cast<std::uint32_t>(seed),
                            static_cast<std::uint32_t>(seed >> 32)};
    init_by_array(key, key[1] != 0 ? 2 : 1);
}

void PyRandom::init_genrand(std::uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < N; ++i) {
        mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
    }
    mti_ = N;
}

void PyRandom::init_by_array(const std::uint32_t* key, int key_length) {
    init_genrand(19650218U);
    int i = 1;
    int j = 0;
    for (int k = (N > key_length ? N : key_length); k; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] +
                 static_cast<std::uint32_t>(j);
        ++i;
        ++j;
        if (i >= N) { mt_[0] = mt_[N - 1]; i = 1; }
        if (j >= key_length) j = 0;
    }
    for (int k = N - 1; k; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) -
                 static_cast<std::uint32_t>(i);
        ++i;
        if (i >= N) { mt_[0] = mt_[N - 1]; i = 1; }
    }
    mt_[0] = 0x80000000U;  // non-zero initial state is assured
}

std::uint32_t PyRandom::genrand_uint32() {
    constexpr int M = 397;
    constexpr std::uint32_t kMatrixA = 0x9908b0dfU;
    constexpr std::uint32_t kUpper = 0x80000000U;
    constexpr std::uint32_t kLower = 0x7fffffffU;
    if (mti_ >= N) {
        int kk = 0;
        for (; kk < N - M; ++kk) {
            const std::uint32_t y = (mt_[kk] & kUpper) | (mt_[kk + 1] & kLower);
            mt_[kk] = mt_[kk + M] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
        }
        for (; kk < N - 1; ++kk) {
            const std::uint32_t y = (mt_[kk] & kUpper) | (mt_[kk + 1] & kLower);
            mt_[kk] = mt_[kk + (M - N)] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
        }
        const std::uint32_t y = (mt_[N - 1] & kUpper) | (mt_[0] & kLower);
        mt_[N - 1] = mt_[M - 1] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
        mti_ = 0;
    }
    std::uint32_t y = mt_[mti_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

double PyRandom::random() {
    const std::uint32_t a = genrand_uint32() >> 5;
    const std::uint32_t b = genrand_uint32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

double PyRandom::uniform(double a, double b) { return a + (b - a) * random(); }

void PyRandom::state_io(StateIO& io) {
    io.array(mt_, [](StateIO& io, std::uint32_t& w) { io.u32(w); });
    io.i32(mti_);
    if (io.reading() && (mti_ < 0 || mti_ > N + 1)) io.fail("a generator's index out of range");
}

}  // namespace flocklab
