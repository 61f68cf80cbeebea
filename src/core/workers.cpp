#include "workers.hpp"

#include <algorithm>

#if FLOCKLAB_THREADS
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace flocklab {

#if FLOCKLAB_THREADS

// Helpers wait for a new generation: they spin briefly (a step of a small
// flock takes a fraction of a millisecond, less than a sleeping thread takes
// to wake), then sleep on the condition variable.
constexpr int kSpinYields = 20000;  // a few ms of yielding before sleeping

struct Workers::Shared {
    std::mutex mutex;
    std::condition_variable wake;
    std::atomic<unsigned> generation{0};
    std::atomic<int> pending{0};
    std::atomic<bool> stop{false};
    void (*part)(void*, int) = nullptr;
    void* context = nullptr;
    std::vector<std::thread> helpers;

    void helper(int p) {
        unsigned seen = 0;
        for (;;) {
            for (int spin = 0; spin < kSpinYields && generation.load(std::memory_order_acquire) == seen && !stop; ++spin) {
                std::this_thread::yield();
            }
            if (generation.load(std::memory_order_acquire) == seen) {
                std::unique_lock<std::mutex> lock(mutex);
                wake.wait(lock, [&] { return generation.load(std::memory_order_acquire) != seen || stop; });
            }
            if (stop) return;
            seen = generation.load(std::memory_order_acquire);
            part(context, p);
            pending.fetch_sub(1, std::memory_order_acq_rel);
        }
    }
};

Workers::Workers(int threads) : threads_(std::clamp(threads, 1, kMaxThreads)), shared_(std::make_unique<Shared>()) {
    for (int p = 1; p < threads_; ++p) shared_->helpers.emplace_back([this, p] { shared_->helper(p); });
}

Workers::~Workers() {
    {
        std::lock_guard<std::mutex> lock(shared_->mutex);
        shared_->stop = true;
    }
    shared_->wake.notify_all();
    for (std::thread& t : shared_->helpers) t.join();
}

void Workers::run(void (*part)(void*, int), void* context) {
    if (threads_ == 1) return part(context, 0);
    Shared& s = *shared_;
    s.part = part;
    s.context = context;
    s.pending.store(threads_ - 1, std::memory_order_relaxed);
    {
        std::lock_guard<std::mutex> lock(s.mutex);  // no helper misses the wake-up
        s.generation.fetch_add(1, std::memory_order_acq_rel);
    }
    s.wake.notify_all();
    part(context, 0);
    while (s.pending.load(std::memory_order_acquire) != 0) std::this_thread::yield();
}

#else

struct Workers::Shared {};

Workers::Workers(int) {}
Workers::~Workers() = default;
void Workers::run(void (*part)(void*, int), void* context) { part(context, 0); }

#endif

}  // namespace flocklab
