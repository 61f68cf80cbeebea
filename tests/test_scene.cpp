// Scenes and the fixed timestep: simulated time, not frame rate, decides
// what happens.
#include <gtest/gtest.h>

#include "core/bench.hpp"
#include "core/flock_scene.hpp"
#include "core/steer_scene.hpp"

using namespace flocklab;

TEST(FixedStep, WholeStepsAndCarriesTheRemainder) {
    FixedStep fs;
    EXPECT_EQ(fs.advance(1.0 / 120.0), 0);
    EXPECT_EQ(fs.advance(1.0 / 120.0), 1);
    EXPECT_EQ(fs.advance(2.5 / 60.0), 2);
    EXPECT_NEAR(fs.accumulator, 0.5 / 60.0, 1e-12);
}

TEST(FixedStep, CapsStepsPerFrameAndDropsTheBacklog) {
    FixedStep fs;
    EXPECT_EQ(fs.advance(5.0), fs.max_steps_per_frame);  // a tab back from the background
    EXPECT_LT(fs.accumulator, fs.step);
    EXPECT_EQ(fs.advance(0.0), 0);
    EXPECT_EQ(fs.advance(-1.0), 0);
    EXPECT_EQ(fs.advance(std::nan("")), 0);
    EXPECT_LT(fs.accumulator, fs.step);
}

TEST(FixedStep, AnyFrameRateGivesTheLabsGaugesAtTenSimulatedSeconds) {
    for (double fps : {30.0, 50.0, 60.0, 75.0, 144.0, 240.0}) {
        FlockScene scene;
        FixedStep fs;
        int frames = 0;
        while (scene.steps() < 600) {
            // Jittery frames around 1/fps; never more steps than remain.
            const double dt = (1.0 + 0.3 * ((frames * 7919) % 13 - 6) / 6.0) / fps;
            const int n = fs.advance(dt);
            scene.step(std::min<long long>(n, 600 - scene.steps()));
            ++frames;
        }
        EXPECT_DOUBLE_EQ(scene.time(), 10.0);
        EXPECT_EQ(scene.flock.mean_spacing(), 22.550619377904063) << fps;
        EXPECT_EQ(scene.flock.heading_order(), 0.8828553839737805) << fps;
        EXPECT_NEAR(frames, 10.0 * fps, 0.05 * 10.0 * fps);
    }
}

TEST(FlockScene, RulesResetAndSize) {
    FlockScene s;
    s.set_rule(0, false);
    EXPECT_FALSE(s.rules.separation);
    EXPECT_FALSE(s.rule(0));
    s.all_rules_on();
    EXPECT_TRUE(s.rule(0) && s.rule(1) && s.rule(2));
    s.step(10);
    EXPECT_EQ(s.steps(), 10);
    s.params.num_boids = 300;
    s.reset(3);
    EXPECT_EQ(s.flock.size(), 300);
    EXPECT_EQ(s.steps(), 0);
    EXPECT_EQ(s.seed(), 3u);
    s.params.num_boids = -5;  // clamped, never a crash
    s.reset();
    EXPECT_EQ(s.flock.size(), 2);
}

TEST(FlockScene, TuningTakesEffectWithoutReset) {
    FlockScene a, b;
    b.params.weight_cohesion = 3.0;
    a.step(60);
    b.step(60);
    EXPECT_NE(a.flock.mean_spacing(), b.flock.mean_spacing());
}

TEST(SteerScene, ResetKeepsTheModeAndArrives) {
    SteerScene s;
    s.vehicle.mode = SteerMode::Seek;
    s.step(30);
    s.reset();
    EXPECT_EQ(s.vehicle.mode, SteerMode::Seek);
    EXPECT_EQ(s.vehicle.pos, (Vec2{120, 225}));
    s.vehicle.mode = SteerMode::Arrive;
    s.step(300);
    EXPECT_LT(s.vehicle.distance(), 1.0);
}

TEST(Bench, ReportsPositiveTimes) {
    FlockParams p;
    p.num_boids = 100;
    const BenchResult r = bench_flock(p, 7, NeighborMode::Grid, 5, 3, 2);
    EXPECT_GT(r.median_ms, 0.0);
    EXPECT_LE(r.min_ms, r.median_ms);
}
