// make soak: a big flock for a long time (216,000 steps at 2000 boids is one
// simulated hour), through the widget's own scene with every rule and
// extension switching on and off along the way. Checks that the state stays
// finite and that memory stays flat, and prints its figures. Exit status 1 on
// a failure.
//   flocklab_soak [--steps N] [--boids N]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/session.hpp"
#include "core/flock_scene.hpp"

namespace {

long resident_kib() {  // this process's resident memory, from /proc
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return -1;
    long pages = 0, resident = 0;
    const int got = std::fscanf(f, "%ld %ld", &pages, &resident);
    std::fclose(f);
    return got == 2 ? resident * 4 : -1;
}

bool finite_state(const flocklab::FlockScene& s) {
    for (int i = 0; i < s.flock.size(); ++i) {
        const flocklab::Boid b = s.flock.boid(i);
        if (!std::isfinite(b.pos.x) || !std::isfinite(b.pos.y) || !std::isfinite(b.vel.x) || !std::isfinite(b.vel.y)) {
            return false;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    long steps = 216000;
    int boids = 2000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--steps") == 0) steps = std::atol(argv[i + 1]);
        else if (std::strcmp(argv[i], "--boids") == 0) boids = std::atoi(argv[i + 1]);
    }
    if (steps < 2000 || boids < 2) {
        std::fprintf(stderr, "flocklab_soak: expected --steps >= 2000 and --boids >= 2\n");
        return 2;
    }
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    flocklab::Session session(std::make_unique<flocklab::FlockScene>());
    auto& s = static_cast<flocklab::FlockScene&>(session.scene());
    s.set_size(boids);
    const long chunk = 1000;
    long rss_start = -1, rss_peak = 0;
    for (long done = 0; done < steps; done += chunk) {
        // Every 10 simulated seconds something changes, as in a lesson.
        const int phase = static_cast<int>(done / 600) % 8;
        s.set_rule(phase % 4, phase < 4);
        s.set_hawk_mode(phase == 5 ? flocklab::HawkMode::Pursuit : flocklab::HawkMode::Pointer);
        s.hawk = flocklab::Vec2{450.0 + 300.0 * std::sin(done * 1e-3), 270.0};
        s.set_leader(phase == 6);
        session.step(static_cast<int>(std::min(chunk, steps - done)));
        if (!finite_state(s) || !std::isfinite(s.gauges()[0].value) || !std::isfinite(s.gauges()[1].value)) {
            std::printf("FAIL: non-finite state after %ld steps\n", done + chunk);
            return 1;
        }
        const long rss = resident_kib();
        if (done == 2 * chunk) rss_start = rss;  // after warm-up: buffers at their size
        if (rss > rss_peak) rss_peak = rss;
    }
    const long rss_end = resident_kib();
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const auto g = s.gauges();
    std::printf("soak: %ld steps (%.1f simulated s) of %d boids in %.1f s (%.3f ms/step)\n", steps, steps / 60.0, boids,
                seconds, seconds * 1000.0 / steps);
    std::printf("soak: spacing %.3f px, order %.4f, history %d samples, %zu marks\n", g[0].value, g[1].value,
                session.history().size(), session.history().events().size());
    std::printf("soak: resident memory %ld KiB after warm-up, %ld KiB at the end, peak %ld KiB\n", rss_start, rss_end,
                rss_peak);
    // Flat: the history is bounded and the flock reuses its buffers.
    constexpr long kSlackKib = 2048;
    if (rss_start > 0 && rss_peak - rss_start > kSlackKib) {
        std::printf("FAIL: memory grew by %ld KiB\n", rss_peak - rss_start);
        return 1;
    }
    std::printf("soak: ok\n");
    return 0;
}
