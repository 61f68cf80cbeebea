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

TEST(Grid, DenseFlocksSearchFinerCellsAndStayExact) {
    // From kDenseFlock boids per r^2 the grid switches to cells of r/2 and
    // 5x5 blocks: the same neighbours in the same order as brute force.
    FlockParams p;
    EXPECT_EQ(grid_cells_per_radius(p, 1000), 1);
    EXPECT_EQ(grid_cells_per_radius(p, 2000), 2);
    p.num_boids = 2000;
    expect_same_run(p, 11, 100, Rules{});
    Flock f(p, 2);
    for (int s = 0; s < 30; ++s) f.step(Rules{}, kLabDt, std::nullopt, NeighborMode::Grid);
    for (int i = 0; i < f.size(); i += 7) {
        ASSERT_EQ(f.neighbors(i, NeighborMode::Brute), f.neighbors(i, NeighborMode::Grid)) << i;
    }
}

TEST(Grid, DenseFlockOnHalfCellEdgesAndOutsideTheWorld) {
    // Multiples of r/2, a hair below one, the far edge and points outside a
    // small world, dense enough for cells of r/2.
    FlockParams p;
    p.world_width = 150;
    p.world_height = 150;
    std::vector<Boid> boids;
    for (double x : {0.0, 30.0, 60.0, 90.0, 120.0, 150.0, 180.0, 29.999999999999996, -15.0, 195.0, 1e9}) {
        for (double y : {0.0, 30.0, 60.0, 90.0, 150.0, -10.0}) boids.push_back({{x, y}, {1, -1}});
    }
    ASSERT_EQ(grid_cells_per_radius(p, static_cast<int>(boids.size())), 2);
    Flock f(p, boids);
    for (int i = 0; i < f.size(); ++i) {
        ASSERT_EQ(f.neighbors(i, NeighborMode::Brute), f.neighbors(i, NeighborMode::Grid)) << i;
    }
    const GridArea a = grid_search_area(p, f.size(), {75, 75});
    EXPECT_DOUBLE_EQ(a.cell, 30 * (1 + 1e-9));
    EXPECT_EQ(a.x0, 0);  // cells 0..4 of 5, from the one holding x = 75
    EXPECT_DOUBLE_EQ(a.x1, 150);
}

TEST(Grid, OverlayAreaIsTheLayoutTheGridUses) {
    // A world so wide that 60 px cells would exceed 4096 per axis: the grid
    // coarsens its cells, and the overlay's search area follows it.
    FlockParams p;
    p.world_width = 1e6;
    p.world_height = 100;
    const GridLayout g = search_layout(p, 100);
    EXPECT_EQ(g.cols, 4096);
    EXPECT_DOUBLE_EQ(g.cell, 1e6 / 4096);
    EXPECT_EQ(search_reach(p, g), 1);
    const GridArea a = grid_search_area(p, 100, {5000, 50});
    EXPECT_EQ(a.cell, g.cell);
    EXPECT_DOUBLE_EQ(a.x0, (g.col(5000) - 1) * g.cell);
    EXPECT_DOUBLE_EQ(a.x1, (g.col(5000) + 2) * g.cell);
    EXPECT_EQ(a.y0, 0);
    EXPECT_EQ(a.y1, 100);
}

TEST(Grid, BlocksHoldTheirCellsPointsInAscendingIndex) {
    // A block is marked in a bitmap of every point when it has at least as
    // many candidates as the bitmap has words, and merged from its cells'
    // runs otherwise: both must give the points of the cells around c, in
    // ascending index, with their own state. Half the points crowd one
    // corner (big blocks), the rest are scattered (small ones), so both
    // kinds occur, on one reused block.
    const int n = 1500;  // 24 words
    std::vector<double> x(n), y(n), vx(n), vy(n);
    std::uint64_t r = 12345;
    const auto next = [&r] {
        r = r * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>(r >> 11) / 9007199254740992.0;  // [0, 1)
    };
    for (int i = 0; i < n; ++i) {
        const bool crowd = i % 2 == 0;
        x[i] = crowd ? 100 * next() : 900 * next();
        y[i] = crowd ? 100 * next() : 540 * next();
        vx[i] = i;
        vy[i] = -i;
    }
    UniformGrid grid;
    const GridLayout g = GridLayout::over(900, 540, 30);
    grid.build(x.data(), y.data(), vx.data(), vy.data(), n, g);
    GridBlock block;
    int marked = 0, merged = 0;
    for (int reach : {1, 2}) {
        for (int c = g.cols * g.rows - 1; c >= 0; c -= 3) {
            grid.block(c, reach, &block);
            const int cx = c % g.cols, cy = c / g.cols;
            std::vector<int> expected;
            for (int i = 0; i < n; ++i) {
                if (std::abs(g.col(x[i]) - cx) <= reach && std::abs(g.row(y[i]) - cy) <= reach) expected.push_back(i);
            }
            ASSERT_EQ(block.size, static_cast<int>(expected.size())) << c;
            (block.size >= (n + 63) / 64 ? marked : merged) += 1;
            for (int j = 0; j < block.size; ++j) {
                const int i = expected[j];
                ASSERT_EQ(block.id[j], i) << c;
                ASSERT_EQ(block.x[j], x[i]);
                ASSERT_EQ(block.y[j], y[i]);
                ASSERT_EQ(block.vx[j], vx[i]);
                ASSERT_EQ(block.vy[j], vy[i]);
            }
        }
    }
    EXPECT_GT(marked, 20);
    EXPECT_GT(merged, 20);
}
