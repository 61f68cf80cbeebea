// Optional helper threads for the flock's look phase (native builds with
// FLOCKLAB_THREADS; the widget runs on one thread). Each part of the work is
// independent and writes only its own slots, so the result is the same for
// any number of threads.
#pragma once

#include <memory>

namespace flocklab {

class Workers {
public:
    static constexpr int kMaxThreads = 64;
    // threads (1 to kMaxThreads): the calling thread plus threads - 1 helpers
    // (1 = no helper).
    // Without FLOCKLAB_THREADS there are no helpers: threads() is 1.
    explicit Workers(int threads);
    ~Workers();
    Workers(const Workers&) = delete;
    Workers& operator=(const Workers&) = delete;

    int threads() const { return threads_; }
    // Calls part(context, p) for p in [0, threads()): part 0 on the calling
    // thread, the others on the helpers; returns when every part is done.
    void run(void (*part)(void* context, int p), void* context);

private:
    struct Shared;
    int threads_ = 1;
    std::unique_ptr<Shared> shared_;
};

// A Workers slot that copies as empty: a copied flock gets no threads of
// its own until asked (set_threads), and never shares another's.
class WorkersSlot {
public:
    WorkersSlot() = default;
    WorkersSlot(const WorkersSlot&) {}
    WorkersSlot& operator=(const WorkersSlot&) {
        pool.reset();
        return *this;
    }
    WorkersSlot(WorkersSlot&&) noexcept = default;
    WorkersSlot& operator=(WorkersSlot&&) noexcept = default;
    std::unique_ptr<Workers> pool;
};

}  // namespace flocklab
