// PyRandom: CPython's random.Random(int), bit for bit, so that a seed names
// the same flock here as in the lesson's lab.
#pragma once

#include <array>
#include <cstdint>

namespace flocklab {

class StateIO;

class PyRandom {
public:
    // random.Random(seed) for a non-negative integer seed: MT19937 seeded by
    // init_by_array over the seed's 32-bit words, least significant first.
    explicit PyRandom(std::uint64_t seed);

    std::uint32_t genrand_uint32();
    double random();                        // [0, 1), 53 random bits
    double uniform(double a, double b);     // a + (b - a) * random()
    // The generator's whole state, written to or read from `io` (state_io.hpp).
    void state_io(StateIO& io);

private:
    void init_genrand(std::uint32_t s);
    void init_by_array(const std::uint32_t* key, int key_length);

    static constexpr int N = 624;
    std::array<std::uint32_t, N> mt_{};
    int mti_ = N + 1;
};

}  // namespace flocklab
