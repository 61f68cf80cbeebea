// [SECTION] Explain: why one boid moves as it will in the next step, each
// rule's force as the step computes it.
#include "flock.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "flock_scene.hpp"
#include "steering.hpp"
#include "words.hpp"

namespace flocklab {

Explanation Flock::explain(int i, const Rules& rules, std::optional<Vec2> hawk, NeighborMode mode) {
    Explanation e;
    if (i < 0 || i >= size()) return e;
    const Look look = look_for(rules, hawk);
    e.boid = i;
    e.self = boid(i);
    e.hawk = look.hawk;
    prepare(mode);
    const NeighborSet near = gather(i, mode, scratch_[0]);
    e.neighbors.assign(near.near, near.near + near.n);
    if (mode == NeighborMode::Grid) {  // block slots -> boid indices
        for (int& k : e.neighbors) k = scratch_[0].block.id[k];
    }
    const NeighborSums sums = neighbor_sums(e.self, near, p_);
    const bool lead = leader_target_.has_value() && i == 0;
    e.forces = {
        {N_("separation"), separation(e.self, sums, p_), p_.weight_separation, !lead && rules.separation},
        {N_("alignment"), alignment(e.self, sums, p_), p_.weight_alignment, !lead && rules.alignment},
        {N_("cohesion"), cohesion(e.self, sums, p_), p_.weight_cohesion, !lead && rules.cohesion},
        {N_("flee"), flee_hawk(e.self.pos, e.self.vel, look.hawk, p_), p_.weight_flee, !lead},
    };
    // Wander's target for the next step: the next draws, on a copy.
    const int n = size();
    std::vector<double> saved_x, saved_y;
    if (look.wander) {
        PyRandom rng = wander_rng_;
        double angle = 0;
        for (int k = 0; k <= i; ++k) {
            const double d = rng.uniform(-p_.wander_jitter, p_.wander_jitter);
            if (k == i) angle = (k < static_cast<int>(angles_.size()) ? angles_[k] : 0.0) + d;
        }
        const Vec2 t = wander_target(e.self.pos, e.self.vel, angle, p_.wander_distance, p_.wander_radius);
        saved_x = wx_;
        saved_y = wy_;
        wx_.resize(n);
        wy_.resize(n);
        wx_[i] = t.x;
        wy_[i] = t.y;
        e.forces.push_back({N_("wander"), seek(e.self.pos, e.self.vel, t, limits(p_)), p_.weight_wander,
                            !lead && near.n == 0});
    }
    if (look.follow && !lead) {
        e.forces.push_back({N_("follow"), arrive(e.self.pos, e.self.vel, *look.follow, p_.follow_slow_radius, limits(p_)),
                            p_.weight_follow, true});
    }
    if (lead) {
        e.forces.push_back({N_("lead"), arrive(e.self.pos, e.self.vel, *leader_target_, p_.leader_slow_radius, limits(p_)),
                            1.0, true});
        e.total = e.forces.back().value;
    } else {
        e.total = flock_force(i, near, look);  // the very function step() calls
    }
    if (look.wander) {
        wx_ = std::move(saved_x);
        wy_ = std::move(saved_y);
    }
    return e;
}

// [SECTION] Where a point is against the flock, for a sentence.
std::string FlockScene::place_words(Vec2 p) const {
    std::string s = tr(region(p, world()));
    double nearest = -1;
    for (int i = 0; i < flock.size(); ++i) {
        const double d = (flock.boid(i).pos - p).length();
        if (nearest < 0 || d < nearest) nearest = d;
    }
    return nearest < 0 ? s : s + trf(", {0} from the nearest boid", {px(nearest)});
}

}  // namespace flocklab
