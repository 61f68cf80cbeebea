// make fuzz: libFuzzer over arbitrary params, states, rules, hawks, leaders
// and steps, in grid and brute mode, built with AddressSanitizer and
// UndefinedBehaviorSanitizer. It checks:
//   - no crash and no undefined behaviour (the sanitizers abort);
//   - grid == brute force, bit for bit, after every step;
//   - finite in -> finite out: every state stays finite;
//   - explain(i).total is the force the next step applies.
// Input layout (missing bytes take the lesson's values):
//   [0] boids - 2 (mod 40)   [1] rules: bits sep, ali, coh, wander
//   [2] bit 0-1 hawk: none, point, pursuit; bit 2 leader   [3] steps - 1 (mod 8)
//   then 8 params as raw doubles (max_speed, min_speed, max_force,
//   reaction_time, view_radius, view_angle, sep_radius, weight_separation),
//   the hawk and the leader's target (2 doubles each), and boids as 4 raw
//   doubles each (x, y, vx, vy); boids without bytes come from make_flock.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include "core/flock.hpp"
#include "core/params.hpp"
#include "core/steering.hpp"

namespace {

struct Reader {
    const std::uint8_t* p;
    size_t n;
    bool byte(std::uint8_t* out) {
        if (n < 1) return false;
        *out = *p++;
        --n;
        return true;
    }
    bool real(double* out) {
        if (n < sizeof(double)) return false;
        std::memcpy(out, p, sizeof(double));
        p += sizeof(double);
        n -= sizeof(double);
        return true;
    }
};

bool finite(const flocklab::Flock& f) {
    for (int i = 0; i < f.size(); ++i) {
        const flocklab::Boid b = f.boid(i);
        if (!std::isfinite(b.pos.x) || !std::isfinite(b.pos.y) || !std::isfinite(b.vel.x) || !std::isfinite(b.vel.y)) {
            return false;
        }
    }
    return true;
}

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "flocklab_fuzz: %s\n", what);
    std::abort();
}

// The edge a page or the CLI passes a state through: a position into the
// world (wrapped, as a step would), a velocity finite and no faster than a
// boid can fly. NaN or infinite input is refused at that edge, not here.
bool accept(flocklab::Boid* b, const flocklab::FlockParams& p) {
    const double v[4] = {b->pos.x, b->pos.y, b->vel.x, b->vel.y};
    for (double x : v) {
        if (!std::isfinite(x)) return false;
    }
    b->pos = {flocklab::py_mod(b->pos.x, p.world_width), flocklab::py_mod(b->pos.y, p.world_height)};
    b->vel = b->vel.clamp_magnitude(p.max_speed);
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
    using namespace flocklab;
    Reader in{data, size};
    std::uint8_t nb = 58, rb = 7, hb = 0, sb = 0;
    in.byte(&nb);
    in.byte(&rb);
    in.byte(&hb);
    in.byte(&sb);
    FlockParams p;
    p.num_boids = 2 + nb % 40;
    double* const fields[8] = {&p.max_speed, &p.min_speed, &p.max_force, &p.reaction_time,
                               &p.view_radius, &p.view_angle, &p.sep_radius, &p.weight_separation};
    for (double* f : fields) in.real(f);
    sanitize(p);  // the params' edge: clamped into the field table's ranges
    Rules rules;
    rules.separation = rb & 1;
    rules.alignment = rb & 2;
    rules.cohesion = rb & 4;
    rules.wander = rb & 8;
    Vec2 hawk_at{450, 270}, leader_at{700, 300};
    in.real(&hawk_at.x);
    in.real(&hawk_at.y);
    in.real(&leader_at.x);
    in.real(&leader_at.y);
    const std::optional<Vec2> hawk = (hb & 3) == 1 && std::isfinite(hawk_at.x) && std::isfinite(hawk_at.y) &&
                                             std::fabs(hawk_at.x) < 1e5 && std::fabs(hawk_at.y) < 1e5
                                         ? std::optional<Vec2>(hawk_at)
                                         : std::nullopt;
    Flock made(p, 7);
    std::vector<Boid> boids;
    for (int i = 0; i < p.num_boids; ++i) {
        Boid b = made.boid(i);
        Boid raw;
        if (in.real(&raw.pos.x) && in.real(&raw.pos.y) && in.real(&raw.vel.x) && in.real(&raw.vel.y) && accept(&raw, p)) {
            b = raw;
        }
        boids.push_back(b);
    }
    Flock brute(p, boids), grid(p, boids);
    for (Flock* f : {&brute, &grid}) {
        f->set_pursuit((hb & 3) == 2);
        if ((hb & 4) && std::isfinite(leader_at.x) && std::isfinite(leader_at.y)) {
            f->set_leader(Vec2{std::fmin(std::fmax(leader_at.x, 0.0), p.world_width),
                               std::fmin(std::fmax(leader_at.y, 0.0), p.world_height)});
        }
    }
    const int steps = 1 + sb % 8;
    for (int s = 0; s < steps; ++s) {
        const Explanation e = grid.explain(s % grid.size(), rules, hawk, NeighborMode::Grid);
        brute.step(rules, kLabDt, hawk, NeighborMode::Brute);
        grid.step(rules, kLabDt, hawk, NeighborMode::Grid);
        if (!(e.total == grid.applied_force(e.boid))) fail("explain().total differs from the force step() applied");
        if (!finite(grid) || !finite(brute)) fail("a finite state became non-finite");
        for (int i = 0; i < grid.size(); ++i) {
            const Boid a = brute.boid(i), b = grid.boid(i);
            if (!(a.pos == b.pos) || !(a.vel == b.vel)) fail("grid and brute force differ");
        }
    }
    const double order = grid.heading_order();
    if (!(order >= 0 && order <= 1)) fail("heading_order outside [0, 1]");
    if (!std::isfinite(grid.mean_spacing())) fail("mean_spacing not finite");
    return 0;
}
