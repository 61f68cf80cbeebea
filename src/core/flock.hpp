// The flock lab: boids with separation, alignment and cohesion, a hawk to
// flee, and the two gauges, ported so that every floating-point operation
// happens in the lab's order (see ../shared/golden/README.md).
//
// Hot state is kept as contiguous arrays (x, y, vx, vy per boid). step() first
// computes every boid's force from the current state ("look"), then moves
// every boid ("move"), so the result never depends on list order. It does not
// allocate once the flock's size is fixed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grid.hpp"
#include "params.hpp"
#include "pyrandom.hpp"
#include "scan.hpp"
#include "lang.hpp"
#include "vec2.hpp"
#include "workers.hpp"

namespace flocklab {

class StateIO;

struct Boid {
    Vec2 pos;  // px
    Vec2 vel;  // px/s
};

// The switchable rules. The lesson's three are on by default; wander (Going
// further) is off. kRuleNames lists them in key order (keys 1, 2, 3, 4).
struct Rules {
    bool separation = true;
    bool alignment = true;
    bool cohesion = true;
    bool wander = false;
};
constexpr int kRuleCount = 4;
constexpr const char* kRuleNames[kRuleCount] = {N_("separation"), N_("alignment"), N_("cohesion"), N_("wander")};
bool rule(const Rules& r, int index);     // by kRuleNames index; false out of range
void set_rule(Rules& r, int index, bool on);

// The eight named sets of the lesson's three rules ("all", "none", "no-sep",
// "no-ali", "no-coh", "only-sep", "only-ali", "only-coh": the CLI's and the
// golden files' names). parse_rules leaves wander as it was.
constexpr int kRuleSetCount = 8;
const char* rule_set_name(int index);
bool parse_rules(const std::string& name, Rules* out);
std::string rules_name(const Rules& r);  // the set's name (wander not included)

// How step() finds neighbours. Both give the same neighbours in the same
// order, hence bit-identical trajectories; brute force is the reference.
enum class NeighborMode { Brute, Grid };

// The grid's cells are a hair wider than the view radius r, or than r/2 in
// a dense flock (so rounding in a cell index never puts a pair within the
// radius more than 1 or 2 cells apart), and each cell's block is the 3x3 or
// 5x5 cells around it. 25 cells of r/2 cover 6.25 r^2 against 9 r^2, so
// fewer candidates per boid, but four times as many blocks to build: that
// pays from about kDenseFlock boids per r^2 of world on average (measured
// again with bitmap blocks: at 2000 boids in the lesson's world and above;
// at 500, 700 and 1000 the coarse cells are faster, at 1500 it is even).
constexpr double kDenseFlock = 10.0;
int grid_cells_per_radius(const FlockParams& p, int boids);  // 1 or 2
// The grid step() uses for a flock of `boids`, and how many cells each way
// from its own a boid searches (2 for cells of r/2; fewer when a huge world
// made the cells coarser).
GridLayout search_layout(const FlockParams& p, int boids);
int search_reach(const FlockParams& p, const GridLayout& g);

// The cells searched for a boid at `pos`, as drawn by the grid overlay:
// the cell size and the block's rectangle (px, clipped to the world).
struct GridArea {
    double cell = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
GridArea grid_search_area(const FlockParams& p, int boids, Vec2 pos);

// One boid's neighbours as the rules read them: near[k] indexes the four
// state arrays (the flock's own, or a grid block's copies), in list order.
struct NeighborSet {
    const double *x, *y, *vx, *vy;  // px, px/s
    const int* near;
    int n;
};


// Why boid `boid` moves as it will in the next step: its neighbours (indices,
// list order: the set its rules read), each rule's force as the lab's
// function returns it before weighting, whether it counts in this step, and
// the total, clamped: exactly the force step() applies to it next.
struct Explanation {
    struct Force {
        const char* name;  // "separation", "alignment", "cohesion", "flee", "wander", "follow", "lead"
        Vec2 value;        // px/s^2, unweighted
        double weight;     // the blend weight (1 for the leader's own arrive)
        bool counted;      // part of the total in the next step
    };
    int boid = -1;
    Boid self;
    std::vector<int> neighbors;
    std::optional<Vec2> hawk;  // px: the hawk it flees, if any
    std::vector<Force> forces;  // the lesson's four always, then wander/follow/lead when active
    Vec2 total;                 // px/s^2
};

// Going further's pursuit hawk: a vehicle of its own that seeks where the
// nearest boid will be.
struct Hunter {
    Vec2 pos;   // px
    Vec2 vel;   // px/s
    Vec2 aim;   // px: the point it sought in the last step (for drawing)
};

class Flock {
public:
    // make_flock(seed): p.num_boids boids drawn from random.Random(seed), per
    // boid: angle, speed, then pos.x, pos.y.
    // The wander rule draws from a second random.Random(seed), beside the one
    // make_flock used.
    Flock(const FlockParams& p, std::uint64_t seed);
    Flock(const FlockParams& p, const std::vector<Boid>& boids);  // wander draws from random.Random(0)

    int size() const { return static_cast<int>(x_.size()); }
    Boid boid(int i) const { return {{x_[i], y_[i]}, {vx_[i], vy_[i]}}; }
    void set_boid(int i, const Boid& b);
    const FlockParams& params() const { return p_; }
    // Takes new tunables for the next step; the boids stay where they are.
    void set_params(const FlockParams& p) { p_ = p; }

    // One step of dt seconds: everyone looks at the same state (boids, hawk,
    // leader), then everyone moves; a hunting hawk moves last. `hawk` is the
    // pointer's; while a hunter exists it is the hawk instead.
    void step(const Rules& rules, double dt, std::optional<Vec2> hawk = std::nullopt,
              NeighborMode mode = NeighborMode::Grid);
    // What-if (the lesson's warning, what_if.py's switches): `as_you_go`
    // moves each boid as soon as its force is computed, so later boids see a
    // mix of moved and unmoved ones (neighbours found by brute force over
    // the live state: a grid would be stale); `reversed` gives the boids
    // their turns last first. The list itself is not reordered. With the
    // lab's look-first update the order of turns changes nothing.
    struct Update {
        bool as_you_go = false;
        bool reversed = false;
    };
    void set_update(Update u) { update_ = u; }
    Update update() const { return update_; }

    // Threads for the look phase (native builds with FLOCKLAB_THREADS; 1
    // elsewhere). Every boid's force is computed alone, in the same
    // arithmetic, so trajectories are bit-identical for any count. A copied
    // flock starts with 1.
    // Flocks under kMinBoidsPerThread boids per thread look on one thread.
    static constexpr int kMinBoidsPerThread = 64;
    void set_threads(int threads);
    int threads() const { return workers_.pool ? workers_.pool->threads() : 1; }

    // [SECTION] Going further
    // Pursuit: a hunter at the params' start, at rest (on), or none (off).
    void set_pursuit(bool on);
    const std::optional<Hunter>& hunter() const { return hunter_; }
    // Leader following: boid 0 arrives at `target`; none turns it off.
    void set_leader(std::optional<Vec2> target) { leader_target_ = target; }
    const std::optional<Vec2>& leader_target() const { return leader_target_; }
    // The point the followers aim at, 40 px behind the leader (as of the last step).
    Vec2 follow_point() const;

    // Boid i's neighbours in list order: within view_radius, inside the
    // vision cone, never i itself.
    std::vector<int> neighbors(int i, NeighborMode mode = NeighborMode::Brute);

    // Every boid's separation alone (px/s^2, unweighted: the lab's
    // separation(boid, neighbors(boid, boids))) into out, one neighbour
    // search for them all: what the crowd of Looking ahead adds.
    void separations(std::vector<Vec2>& out, NeighborMode mode = NeighborMode::Grid);

    // The steering force (px/s^2) of boid i as the lab's flock_force computes it.
    Vec2 force(int i, const Rules& rules, std::optional<Vec2> hawk,
               NeighborMode mode = NeighborMode::Brute);

    // Boid i's explanation for the next step with these rules and pointer
    // hawk (a hunter, when there is one, is the hawk instead). Changes nothing:
    // wander's next draws are previewed on a copy of its generator.
    Explanation explain(int i, const Rules& rules, std::optional<Vec2> hawk,
                        NeighborMode mode = NeighborMode::Grid);
    // The force (px/s^2) the last step() applied to boid i.
    Vec2 applied_force(int i) const { return {ax_[i], ay_[i]}; }

    // Gauges, exactly as the lab computes them. mean_spacing: average distance
    // (px) from each boid to its nearest flockmate (0 for fewer than 2 boids).
    // heading_order: |mean velocity| / mean speed, in [0, 1] (0 if all stand still).
    double mean_spacing();
    double mean_spacing_brute() const;
    double heading_order() const;
    // The lowest boid speed now (px/s; 0 without boids): what_if.py's slowest.
    double slowest() const;

    // Neighbour indices `near` viewed over this flock's state (list order).
    NeighborSet set_of(const int* near, int n) const;
    // The state that steps change, written to or read from `io`: the boids,
    // the last forces, wander's draws and targets, the hunter and the
    // leader's target. Not the params or the update (settings).
    void state_io(StateIO& io);

private:
    void prepare(NeighborMode mode);       // per-step set-up: limits, grid, scratch
    struct Scratch {                       // one looker's
        std::vector<int> near;             // neighbours of the boid it looks for
        GridBlock block;                   // the block of cell block_cell
        int block_cell = -1;
    };
    NeighborSet gather(int i, NeighborMode mode, Scratch& s) const;  // boid i's neighbours (in s.near)
    ScanQuery viewer(int i) const;         // boid i looking, with this step's limits
    // What every boid sees in one step besides its neighbours: the rules, the
    // hawk (pointer or hunter), whether this step drew wander targets, and the
    // point behind the leader (none without a leader).
    struct Look {
        Rules rules;
        std::optional<Vec2> hawk;
        bool wander = false;
        std::optional<Vec2> follow;
    };
    Look look_for(const Rules& rules, std::optional<Vec2> hawk) const;
    Vec2 flock_force(int i, const NeighborSet& near, const Look& look) const;
    void step_as_you_go(const Look& look, double dt);
    void move(int i, double dt, bool lead);  // boid i's move with this step's force (ax_, ay_)
    Vec2 hunter_aim();                       // the hunter's aim from the flock now; its force
    void move_hunter(Vec2 accel, double dt);
    Vec2 wrap(Vec2 p) const;                 // into the world (its edges wrap)
    Update update_;

    FlockParams p_;
    std::vector<double> x_, y_, vx_, vy_;  // the state, in list order
    std::vector<double> ax_, ay_;          // this step's forces (look phase)
    double view_r2_ = 0, view_cos_ = 0;    // this step's px^2 and cosine limits
    // The candidate scan for this processor, looked up once (asking for it
    // for every boid measured 7% slower at 500 boids).
    ScanFn scan_ = scan_candidates();
    UniformGrid grid_;
    int search_reach_ = 1;                 // cells searched each way from a boid's own
    std::vector<Scratch> scratch_;         // one per thread; [0] for neighbors() and explain()
    WorkersSlot workers_;
    // Going further
    PyRandom wander_rng_;
    std::vector<double> angles_, wx_, wy_;  // rad; px: each boid's wander target
    std::optional<Hunter> hunter_;
    std::optional<Vec2> leader_target_;  // px
};

// What the three rules sum over boid `me`'s neighbours, each in list order
// from +0.0 exactly as the lab sums it: separation's push (sum of offset /
// dist_sq over neighbours closer than sep_radius, 1/px), the velocities
// (px/s) and the positions (px).
struct NeighborSums {
    Vec2 push, vel, pos;
    int n = 0;
};
NeighborSums neighbor_sums(const Boid& me, const NeighborSet& near, const FlockParams& p);

// Steering rules for boid `me` from its neighbours' sums, each the lab's
// function of the same name. Each returns px/s^2.
Vec2 separation(const Boid& me, const NeighborSums& sums, const FlockParams& p);
Vec2 alignment(const Boid& me, const NeighborSums& sums, const FlockParams& p);
Vec2 cohesion(const Boid& me, const NeighborSums& sums, const FlockParams& p);
// The flock's flee: zero with no hawk, and zero (keep flocking) outside the
// panic radius or exactly on the hawk.
Vec2 flee_hawk(Vec2 pos, Vec2 vel, std::optional<Vec2> hawk, const FlockParams& p);
// The point `distance` px behind a boid along its heading (+x when standing still).
Vec2 behind(const Boid& b, double distance);

}  // namespace flocklab
