// The warm-up's behaviours and their edge cases from the lesson.
#include <gtest/gtest.h>

#include "core/steer_scene.hpp"

using namespace flocklab;

namespace {
const VehicleParams kP;
}

TEST(Steering, SteerTowardIsVelocityErrorOverReactionTimeClamped) {
    const Vec2 a = steer_toward({10, 0}, {0, 0}, 0.2, 440);
    EXPECT_EQ(a, (Vec2{10 * (1.0 / 0.2), 0}));
    const Vec2 big = steer_toward({220, 0}, {-220, 0}, 0.2, 440);
    EXPECT_DOUBLE_EQ(big.length(), 440.0);
    EXPECT_GT(big.x, 0);
}

TEST(Steering, SeekWithZeroOffsetReturnsZero) {
    EXPECT_EQ(seek({5, 5}, {30, -20}, {5, 5}, kP), Vec2{});
}

TEST(Steering, SeekPushesTowardTheTargetAtFullSpeed) {
    const Vec2 a = seek({0, 0}, {0, 0}, {100, 0}, kP);
    EXPECT_GT(a.x, 0);
    EXPECT_EQ(a.y, 0);
    EXPECT_DOUBLE_EQ(a.length(), kP.max_force);  // (220 - 0) / 0.2 = 1100, clamped to 440
}

TEST(Steering, WarmupFleeBrakesOutsideThePanicRadius) {
    const Vec2 vel{100, 0};
    const Vec2 far = flee({0, 0}, vel, {500, 0}, kP);
    EXPECT_EQ(far, steer_toward({}, vel, kP.reaction_time, kP.max_force));
    EXPECT_LT(far.x, 0);  // against the motion: braking
    // Exactly on the threat: no direction to flee in, so it brakes too.
    EXPECT_EQ(flee({10, 10}, vel, {10, 10}, kP), far);
}

TEST(Steering, FleeIsNotMinusSeek) {
    // Moving toward the threat at 100 px/s: flee must push away harder than
    // -seek, whose +velocity term keeps pushing along the current heading.
    const Vec2 pos{0, 0}, vel{100, 0}, threat{50, 0};
    const Vec2 f = flee(pos, vel, threat, kP);
    const Vec2 minus_seek = seek(pos, vel, threat, kP) * -1.0;
    EXPECT_LT(f.x, 0);
    EXPECT_NE(f, minus_seek);
    EXPECT_EQ(f, steer_toward(Vec2{-220, 0}, vel, kP.reaction_time, kP.max_force));
}

TEST(Steering, ArriveInsideOnePixelAsksForZeroVelocity) {
    const Vec2 vel{3, -4};
    const Vec2 a = arrive({100, 100}, vel, {100.5, 100.5}, kP);
    EXPECT_EQ(a, steer_toward({}, vel, kP.reaction_time, kP.max_force));
}

TEST(Steering, ArriveSlowsInsideTheSlowingRadius) {
    // 70 px out: desired speed is 220 * 70/140 = 110 px/s toward the target.
    const Vec2 a = arrive({0, 0}, {110, 0}, {70, 0}, kP);
    EXPECT_EQ(a, Vec2{});
    const Vec2 outside = arrive({0, 0}, {0, 0}, {500, 0}, kP);
    EXPECT_EQ(outside, seek({0, 0}, {0, 0}, {500, 0}, kP));
}

TEST(Steering, IntegrateIsSemiImplicitAndClampsSpeed) {
    const Motion m = integrate({0, 0}, {10, 0}, {60, 0}, 0.5, 220);
    EXPECT_EQ(m.velocity, (Vec2{40, 0}));
    EXPECT_EQ(m.pos, (Vec2{20, 0}));  // moved with the new velocity
    const Motion fast = integrate({0, 0}, {200, 0}, {1000, 0}, 0.5, 220);
    EXPECT_EQ(fast.velocity, (Vec2{220, 0}));
}

TEST(Steering, VehicleWrapsAroundTheWorld) {
    Vehicle v;
    v.mode = SteerMode::Seek;
    v.pos = {799, 10};
    v.velocity = {220, 0};
    v.target = {5000, 10};
    v.step(1.0 / 60.0, kP);
    EXPECT_GE(v.pos.x, 0.0);
    EXPECT_LT(v.pos.x, 800.0);
    EXPECT_NEAR(v.pos.x, 799 + 220.0 / 60.0 - 800, 1e-9);
}

TEST(Steering, ArriveStopsWithinOnePixel) {
    Vehicle v;  // the lab's default start in ARRIVE
    for (int s = 0; s < 600; ++s) v.step(1.0 / 60.0, kP);
    EXPECT_LT(v.distance(), 1.0);
    EXPECT_LT(v.speed(), 1.0);
}

TEST(Steering, ModesCycleAndParse) {
    // Space cycles the modes' rows in order, and each name is its mode.
    const std::vector<const char*> names = steer_mode_names();
    ASSERT_EQ(static_cast<int>(names.size()), steer_mode_count());
    for (int k = 0; k < steer_mode_count(); ++k) {
        SCOPED_TRACE(names[k]);
        EXPECT_EQ(next_steer_mode(static_cast<SteerMode>(k)), static_cast<SteerMode>((k + 1) % steer_mode_count()));
        EXPECT_STREQ(steer_mode_name(static_cast<SteerMode>(k)), names[k]);
        SteerMode parsed = SteerMode::Seek;
        EXPECT_TRUE(parse_steer_mode(names[k], &parsed));
        EXPECT_EQ(parsed, static_cast<SteerMode>(k));
    }
    EXPECT_EQ(next_steer_mode(SteerMode::Seek), SteerMode::Flee);  // the lab's order
    SteerMode m = SteerMode::Seek;
    EXPECT_TRUE(parse_steer_mode("flee", &m));
    EXPECT_EQ(m, SteerMode::Flee);
    EXPECT_FALSE(parse_steer_mode("fly", &m));
    EXPECT_EQ(m, SteerMode::Flee);
}

TEST(Params, SanitizeClampsAndReports) {
    VehicleParams v;
    EXPECT_TRUE(sanitize(v).empty());
    v.reaction_time = 0;
    v.max_speed = std::nan("");
    const auto w = sanitize(v);
    EXPECT_EQ(w.size(), 2u);
    EXPECT_EQ(v.reaction_time, 0.01);
    EXPECT_EQ(v.max_speed, VehicleParams{}.max_speed);
    FlockParams f;
    EXPECT_TRUE(sanitize(f).empty());
    f.min_speed = 500;  // above max_speed: the band would be empty
    f.num_boids = -3;
    EXPECT_EQ(sanitize(f).size(), 2u);
    EXPECT_EQ(f.min_speed, f.max_speed);
    EXPECT_EQ(f.num_boids, 2);
}
