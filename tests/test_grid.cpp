// The spatial grid must give brute force's neighbours in brute force's order,
// so trajectories are bit-identical for any seed and flock size.
#include <gtest/gtest.h>

#include "core/flock.hpp"

using namespace flocklab;

namespace {
void expect_same_run(FlockParams p, std::uint64_t seed, int steps, Rules rules,
                     std::optional<Vec2> hawk = std::nullopt) {
    Flock brute(p, seed), grid(p, seed);
    for (int s = 0; s < steps; ++s) {
        brute.step(rules, kLabDt, hawk, NeighborMode::Brute);
        grid.step(rules, kLabDt, hawk, NeighborMode::Grid);
    }
    for (int i = 0; i < brute.size(); ++i) {
        ASSERT_EQ(brute.boid(i).pos, grid.boid(i).pos) << "boid " << i;
        ASSERT_EQ(brute.boid(i).vel, grid.boid(i).vel) << "boid " << i;
    }
}
}  // namespace

TEST(Grid, SameNeighboursInTheSameOrder) {
    FlockParams p;
    p.num_boids = 400;
    Flock f(p, 3);
    for (int s = 0; s < 60; ++s) f.step(Rules{}, kLabDt);
    for (int i = 0; i < f.size(); ++i) {
        ASSERT_EQ(f.neighbors(i, NeighborMode::Brute), f.neighbors(i, NeighborMode::Grid)) << i;
    }
}

TEST(Grid, BitIdenticalTrajectoriesAcrossSeedsSizesAndRules) {
    FlockParams p;
    for (int n : {2, 17, 60, 300}) {
        p.num_boids = n;
        for (std::uint64_t seed : {0ULL, 5ULL, 123456789ULL}) {
            SCOPED_TRACE(std::to_string(n) + " boids, seed " + std::to_string(seed));
            expect_same_run(p, seed, 90, Rules{});
        }
    }
    p.num_boids = 200;
    expect_same_run(p, 9, 120, Rules{false, true, true});
    expect_same_run(p, 9, 120, Rules{true, false, false}, Vec2{450, 270});
}

TEST(Grid, BoidsOnCellEdgesAndOutsideTheWorld) {
    // Exact multiples of the view radius, the world's far edge, and points
    // outside the world all keep every neighbour brute force finds.
    std::vector<Boid> boids;
    for (double x : {0.0, 60.0, 120.0, 119.99999999999999, 180.0, 900.0, -30.0, 930.0, 1e9}) {
        for (double y : {0.0, 60.0, 540.0, -10.0}) boids.push_back({{x, y}, {1, 1}});
    }
    Flock f(FlockParams{}, boids);
    for (int i = 0; i < f.size(); ++i) {
        ASSERT_EQ(f.neighbors(i, NeighborMode::Brute), f.neighbors(i, NeighborMode::Grid)) << i;
    }
}

TEST(Grid, OtherViewRadiiAndWorldSizes) {
    FlockParams p;
    p.num_boids = 250;
    p.view_radius = 23.5;
    p.view_angle = 200;
    expect_same_run(p, 4, 60, Rules{});
    p.view_radius = 1000;  // one cell covers the world
    p.view_angle = 90;
    expect_same_run(p, 4, 30, Rules{});
    p.world_width = 3000;
    p.world_height = 100;
    p.view_radius = 60;
    expect_same_run(p, 4, 30, Rules{});
}
