// The flock's behaviours and their edge cases from the lesson.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/flock.hpp"
#include "core/pyrandom.hpp"
#include "core/steering.hpp"

using namespace flocklab;

namespace {
const FlockParams kP;
Flock make(const std::vector<Boid>& boids) { return Flock(kP, boids); }
}  // namespace

TEST(Flock, ViewCosIsCosOf135Degrees) {
    EXPECT_EQ(kP.view_cos(), std::cos(135.0 * (3.141592653589793 / 180.0)));
    EXPECT_NEAR(kP.view_cos(), -std::sqrt(0.5), 1e-15);
}

TEST(Flock, NeverItsOwnNeighbour) {
    // Two boids at the same spot as boid 0 and one 10 px ahead.
    Flock f = make({{{100, 100}, {50, 0}}, {{100, 100}, {50, 0}}, {{110, 100}, {50, 0}}});
    for (NeighborMode m : {NeighborMode::Brute, NeighborMode::Grid}) {
        const std::vector<int> n = f.neighbors(0, m);
        EXPECT_EQ(n, (std::vector<int>{2}));  // a zero offset is skipped too, as in the lab
    }
}

TEST(Flock, ViewRadiusIsInclusive) {
    Flock f = make({{{100, 100}, {50, 0}}, {{160, 100}, {50, 0}}, {{160.001, 100}, {50, 0}}});
    EXPECT_EQ(f.neighbors(0), (std::vector<int>{1}));
}

TEST(Flock, VisionConeHasABlindSpotBehind) {
    // Heading +x. Straight behind (180 deg) and 150 deg off are blind; 120 deg
    // off, the side and ahead are seen.
    auto at_angle = [](double deg) {
        const double r = deg * 3.141592653589793 / 180.0;
        return Vec2{100 + 30 * std::cos(r), 100 + 30 * std::sin(r)};
    };
    Flock f = make({{{100, 100}, {50, 0}},
                    {at_angle(180), {0, 50}},
                    {at_angle(150), {0, 50}},
                    {at_angle(-150), {0, 50}},
                    {at_angle(120), {0, 50}},
                    {at_angle(90), {0, 50}},
                    {at_angle(0), {0, 50}}});
    for (NeighborMode m : {NeighborMode::Brute, NeighborMode::Grid}) {
        EXPECT_EQ(f.neighbors(0, m), (std::vector<int>{4, 5, 6}));
    }
}

TEST(Flock, ConeEdgeIsDecidedExactlyAsTheLab) {
    // Candidates swept finely across the 135-degree edge: the fast test must
    // agree with offset.normalize().dot(heading) < view_cos for every one.
    std::vector<Boid> boids = {{{500, 300}, {37, 21}}};
    const Vec2 h = Vec2{37, 21}.normalize();
    const double base = std::atan2(21.0, 37.0) + 135.0 * 3.141592653589793 / 180.0;
    for (int k = -200; k <= 200; ++k) {
        const double a = base + k * 1e-15 * 1000;
        const double r = 10 + (k + 200) * 0.1;
        boids.push_back({{500 + r * std::cos(a), 300 + r * std::sin(a)}, {1, 0}});
    }
    Flock f = make(boids);
    std::vector<int> expected;
    for (int j = 1; j < f.size(); ++j) {
        const Vec2 off = f.boid(j).pos - f.boid(0).pos;
        if (off.length_squared() == 0 || off.length_squared() > 3600) continue;
        if (off.normalize().dot(h) < kP.view_cos()) continue;
        expected.push_back(j);
    }
    EXPECT_GT(expected.size(), 50u);
    EXPECT_LT(expected.size(), 350u);
    EXPECT_EQ(f.neighbors(0, NeighborMode::Brute), expected);
    EXPECT_EQ(f.neighbors(0, NeighborMode::Grid), expected);
}

TEST(Flock, StandingBoidSeesAllAround) {
    Flock f = make({{{100, 100}, {0, 0}}, {{80, 100}, {50, 0}}, {{120, 100}, {50, 0}}});
    EXPECT_EQ(f.neighbors(0), (std::vector<int>{1, 2}));
}

TEST(Flock, SeparationPushesAwayAndNearestDominates) {
    Flock f = make({{{100, 100}, {0, 60}}, {{110, 100}, {0, 60}}, {{100, 80}, {0, 60}}});
    const int near[] = {1, 2};
    const Vec2 s = separation(f.boid(0), neighbor_sums(f.boid(0), f.set_of(near, 2), kP), kP);
    EXPECT_LT(s.x, 0);  // away from the boid 10 px to the right
    // Beyond sep_radius a neighbour does not push.
    Flock g = make({{{100, 100}, {0, 60}}, {{130, 100}, {0, 60}}});
    const int one[] = {1};
    EXPECT_EQ(separation(g.boid(0), neighbor_sums(g.boid(0), g.set_of(one, 1), kP), kP), Vec2{});
}

TEST(Flock, RulesWithNoNeighboursReturnZero) {
    Flock f = make({{{100, 100}, {60, 0}}});
    EXPECT_EQ(alignment(f.boid(0), neighbor_sums(f.boid(0), f.set_of(nullptr, 0), kP), kP), Vec2{});
    EXPECT_EQ(cohesion(f.boid(0), neighbor_sums(f.boid(0), f.set_of(nullptr, 0), kP), kP), Vec2{});
    EXPECT_EQ(separation(f.boid(0), neighbor_sums(f.boid(0), f.set_of(nullptr, 0), kP), kP), Vec2{});
}

TEST(Flock, AlignmentWithOpposedNeighboursCancelsToZero) {
    Flock f = make({{{100, 100}, {60, 0}}, {{110, 100}, {0, 80}}, {{110, 110}, {0, -80}}});
    const int near[] = {1, 2};
    EXPECT_EQ(alignment(f.boid(0), neighbor_sums(f.boid(0), f.set_of(near, 2), kP), kP), Vec2{});
}

TEST(Flock, FlockFleeIsZeroOutsidePanicAndWithoutHawk) {
    const Vec2 pos{100, 100}, vel{80, 0};
    EXPECT_EQ(flee_hawk(pos, vel, std::nullopt, kP), Vec2{});
    EXPECT_EQ(flee_hawk(pos, vel, Vec2{300, 100}, kP), Vec2{});  // 200 px > 110: keep flocking
    EXPECT_EQ(flee_hawk(pos, vel, pos, kP), Vec2{});
    const Vec2 near = flee_hawk(pos, vel, Vec2{150, 100}, kP);
    EXPECT_LT(near.x, 0);
}

TEST(Flock, SpeedBandAndZeroVelocityGuard) {
    // A standing boid with no neighbours: the guard gives it (MIN_SPEED, 0).
    Flock f = make({{{100, 100}, {0, 0}}, {{500, 400}, {1000, 0}}});
    f.step(Rules{}, kLabDt);
    EXPECT_EQ(f.boid(0).vel, (Vec2{kP.min_speed, 0}));
    EXPECT_EQ(f.boid(0).pos, (Vec2{100 + kP.min_speed * kLabDt, 100}));
    EXPECT_DOUBLE_EQ(f.boid(1).vel.length(), kP.max_speed);  // too fast: clamped
    Flock slow = make({{{100, 100}, {3, 4}}});
    slow.step(Rules{}, kLabDt);
    EXPECT_DOUBLE_EQ(slow.boid(0).vel.length(), kP.min_speed);
}

TEST(Flock, StepLooksFirstThenMoves) {
    // Boids face each other 40 px apart. Each one's force is computed from the
    // unmoved flock, so the result is the mirror image whatever the list
    // order; moving as you go would give boid 1 a different view.
    const std::vector<Boid> a = {{{100, 100}, {60, 0}}, {{140, 100}, {-60, 0}}};
    const std::vector<Boid> b = {a[1], a[0]};
    Flock fa = make(a), fb = make(b);
    const Rules all;
    fa.step(all, kLabDt);
    fb.step(all, kLabDt);
    EXPECT_EQ(fa.boid(0).pos, fb.boid(1).pos);
    EXPECT_EQ(fa.boid(1).pos, fb.boid(0).pos);
    EXPECT_EQ(fa.boid(0).vel, fb.boid(1).vel);
}

TEST(Flock, StepEqualsLookThenMoveNotMoveAsYouGo) {
    const Rules all;
    Flock stepped(kP, 7), look(kP, 7), greedy(kP, 7);
    stepped.step(all, kLabDt);
    // Reference "look, then move": every force from the unmoved flock first.
    auto move = [](Boid b, Vec2 accel) {
        b.vel += accel * kLabDt;
        if (b.vel.length_squared() == 0) b.vel = {kP.min_speed, 0};
        b.vel = b.vel.clamp_magnitude(kP.min_speed, kP.max_speed);
        b.pos += b.vel * kLabDt;
        return Boid{{py_mod(b.pos.x, kP.world_width), py_mod(b.pos.y, kP.world_height)}, b.vel};
    };
    std::vector<Vec2> forces;
    for (int i = 0; i < look.size(); ++i) forces.push_back(look.force(i, all, std::nullopt));
    for (int i = 0; i < look.size(); ++i) look.set_boid(i, move(look.boid(i), forces[i]));
    // Move-as-you-go: later boids see a mix of old and new positions.
    for (int i = 0; i < greedy.size(); ++i) greedy.set_boid(i, move(greedy.boid(i), greedy.force(i, all, std::nullopt)));
    int differs = 0;
    for (int i = 0; i < stepped.size(); ++i) {
        EXPECT_EQ(stepped.boid(i).pos, look.boid(i).pos) << i;
        EXPECT_EQ(stepped.boid(i).vel, look.boid(i).vel) << i;
        differs += stepped.boid(i).vel != greedy.boid(i).vel;
    }
    EXPECT_GT(differs, 0);
}

TEST(Flock, GaugesOnSimpleFlocks) {
    Flock f = make({{{0, 0}, {60, 0}}, {{3, 4}, {60, 0}}, {{100, 0}, {60, 0}}});
    // nearest: 5, 5, 97 -> mean 107/3; all heading the same way -> order 1.
    EXPECT_NEAR(f.mean_spacing(), (5.0 + 5.0 + std::hypot(97.0, 4.0)) / 3.0, 1e-12);
    EXPECT_DOUBLE_EQ(f.heading_order(), 1.0);
    Flock opposed = make({{{0, 0}, {60, 0}}, {{50, 0}, {-60, 0}}});
    EXPECT_EQ(opposed.heading_order(), 0.0);
}

TEST(Flock, GridSpacingEqualsBruteOnLargeFlocks) {
    for (int n : {129, 500, 2000}) {
        FlockParams p;
        p.num_boids = n;
        Flock f(p, 11);
        for (int s = 0; s < 30; ++s) f.step(Rules{}, kLabDt);
        EXPECT_EQ(f.mean_spacing(), f.mean_spacing_brute()) << n;
    }
}

TEST(Flock, RuleNamesRoundTrip) {
    for (const char* name : {"all", "none", "no-sep", "no-ali", "no-coh", "only-sep", "only-ali", "only-coh"}) {
        Rules r;
        ASSERT_TRUE(parse_rules(name, &r)) << name;
        EXPECT_EQ(rules_name(r), name);
    }
    Rules r;
    EXPECT_FALSE(parse_rules("everything", &r));
}

TEST(Flock, LessonsClaimsAcrossSeeds0To11) {
    // The lesson: across seeds 0 to 11 after 10 s, the all-on order ranges
    // from about 0.5 to 0.96, separation-off spacing from under 1 px to about
    // 6 px, and alignment-off order from about 0.05 to 0.25.
    auto range = [](Rules rules, bool spacing) {
        double lo = 1e9, hi = -1e9;
        for (std::uint64_t seed = 0; seed < 12; ++seed) {
            Flock f(kP, seed);
            for (int s = 0; s < 600; ++s) f.step(rules, kLabDt);
            const double v = spacing ? f.mean_spacing() : f.heading_order();
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        return std::make_pair(lo, hi);
    };
    const auto order_all = range(Rules{}, false);
    EXPECT_NEAR(order_all.first, 0.5, 0.06);
    EXPECT_NEAR(order_all.second, 0.96, 0.01);
    const auto spacing_no_sep = range(Rules{false, true, true}, true);
    EXPECT_LT(spacing_no_sep.first, 1.0);
    EXPECT_NEAR(spacing_no_sep.second, 6.0, 0.5);
    const auto order_no_ali = range(Rules{true, false, true}, false);
    EXPECT_NEAR(order_no_ali.first, 0.05, 0.02);
    EXPECT_NEAR(order_no_ali.second, 0.25, 0.01);
}

// [SECTION] explain(i): the force step() will apply, and why

namespace {
// Every boid's explanation must hold the force the next step applies (==),
// the neighbours brute force finds, and, for a plain boid, the weighted sum
// of the counted rules, clamped.
void expect_explains_next_step(Flock flock, const Rules& rules, std::optional<Vec2> hawk, NeighborMode mode) {
    std::vector<Explanation> before;
    for (int i = 0; i < flock.size(); ++i) before.push_back(flock.explain(i, rules, hawk, mode));
    const Flock unchanged = flock;
    Flock probe = flock;
    std::vector<int> near_brute;
    for (int i = 0; i < flock.size(); ++i) {
        const Explanation& e = before[i];
        ASSERT_EQ(e.boid, i);
        EXPECT_EQ(e.neighbors, probe.neighbors(i, NeighborMode::Brute)) << "boid " << i;
        bool plain = true;
        Vec2 sum;
        for (const Explanation::Force& f : e.forces) {
            plain = plain && std::string(f.name) != "lead" && std::string(f.name) != "wander";
            if (f.counted) sum += f.value * f.weight;
        }
        if (plain) {
            EXPECT_EQ(e.total, sum.clamp_magnitude(kP.max_force)) << "boid " << i;
        }
    }
    flock.step(rules, kLabDt, hawk, mode);
    for (int i = 0; i < flock.size(); ++i) {
        EXPECT_EQ(before[i].total, flock.applied_force(i)) << "boid " << i;
    }
    // Explaining changed nothing: the same step from an unexplained copy lands in the same place.
    Flock again = unchanged;
    again.step(rules, kLabDt, hawk, mode);
    for (int i = 0; i < flock.size(); ++i) EXPECT_EQ(again.boid(i).pos, flock.boid(i).pos);
}
}  // namespace

TEST(FlockExplain, TotalIsTheForceTheNextStepAppliesOnEveryRuleSet) {
    for (std::uint64_t seed : {0u, 3u, 7u, 11u}) {
        for (int set = 0; set < kRuleSetCount; ++set) {
            Rules rules;
            ASSERT_TRUE(parse_rules(rule_set_name(set), &rules));
            for (NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) {
                SCOPED_TRACE(std::string(rule_set_name(set)) + " seed " + std::to_string(seed));
                FlockParams p;
                p.num_boids = 40 + static_cast<int>(seed) * 10;
                Flock f(p, seed);
                const std::optional<Vec2> hawk = seed % 2 ? std::optional<Vec2>(Vec2{450, 270}) : std::nullopt;
                for (int s = 0; s < 60 + static_cast<int>(seed) * 20; ++s) f.step(rules, kLabDt, hawk, mode);
                expect_explains_next_step(f, rules, hawk, mode);
            }
        }
    }
}

TEST(FlockExplain, WithWanderPursuitAndALeader) {
    for (NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) {
        Rules rules;
        rules.wander = true;
        Flock f(kP, 5);
        f.set_pursuit(true);
        f.set_leader(Vec2{700, 300});
        for (int s = 0; s < 200; ++s) f.step(rules, kLabDt, std::nullopt, mode);
        const Explanation lead = f.explain(0, rules, std::nullopt, mode);
        EXPECT_EQ(std::string(lead.forces.back().name), "lead");
        ASSERT_TRUE(lead.hawk.has_value());
        EXPECT_EQ(*lead.hawk, f.hunter()->pos);  // the hunter is the hawk every boid flees
        const Explanation other = f.explain(9, rules, std::nullopt, mode);
        std::vector<std::string> names;
        for (const auto& force : other.forces) names.push_back(force.name);
        EXPECT_EQ(names, (std::vector<std::string>{"separation", "alignment", "cohesion", "flee", "wander", "follow"}));
        expect_explains_next_step(f, rules, std::nullopt, mode);
    }
}

TEST(FlockExplain, SwitchedOffRulesAreListedButNotCounted) {
    Flock f(kP, 7);
    Rules none;
    ASSERT_TRUE(parse_rules("none", &none));
    for (int s = 0; s < 120; ++s) f.step(Rules{}, kLabDt);
    const Explanation e = f.explain(3, none, std::nullopt);
    ASSERT_EQ(e.forces.size(), 4u);
    EXPECT_NE(e.forces[1].value, Vec2{});  // alignment would act...
    EXPECT_FALSE(e.forces[1].counted);     // ...but it is off
    EXPECT_EQ(e.total, Vec2{});
    EXPECT_EQ(f.explain(60, Rules{}, std::nullopt).boid, -1);  // no such boid
}

// [SECTION] Finite in, finite out

TEST(FlockRobust, BoidsCloserThanAnyDistanceStayFinite) {
    // 1e-160 px apart: 1/dsq overflows; the pair is skipped like a pair at distance 0.
    Flock f = make({{{0, 100}, {50, 0}}, {{1e-160, 100}, {50, 0}}, {{10, 100}, {50, 0}}});
    for (NeighborMode m : {NeighborMode::Brute, NeighborMode::Grid}) {
        Flock g = f;
        for (int s = 0; s < 5; ++s) g.step(Rules{}, kLabDt, std::nullopt, m);
        for (int i = 0; i < g.size(); ++i) {
            const Boid b = g.boid(i);
            EXPECT_TRUE(std::isfinite(b.pos.x) && std::isfinite(b.pos.y) && std::isfinite(b.vel.x) && std::isfinite(b.vel.y))
                << "boid " << i;
        }
    }
}

TEST(FlockRobust, ANanBoidIsNobodysNeighbourNotEvenItsOwn) {
    const double nan = std::nan("");
    Flock f = make({{{nan, 100}, {50, 0}}, {{100, 100}, {50, 0}}, {{110, 100}, {50, 0}}});
    EXPECT_TRUE(f.neighbors(0, NeighborMode::Brute).empty());
    EXPECT_EQ(f.neighbors(1, NeighborMode::Brute), (std::vector<int>{2}));
}

TEST(FlockRobust, HeadingOrderNeverExceedsOne) {
    PyRandom r(1);
    for (int t = 0; t < 20000; ++t) {
        const int n = 2 + static_cast<int>(r.uniform(0, 6));
        const Vec2 v{r.uniform(-160, 160), r.uniform(-160, 160)};
        std::vector<Boid> boids(n, Boid{{100, 100}, v});
        const double o = make(boids).heading_order();
        ASSERT_LE(o, 1.0) << n << " boids at " << v.x << "," << v.y;
    }
}

TEST(FlockThreads, SameTrajectoriesWithAnyNumberOfThreads) {
    // Each boid's force is computed alone: splitting the look phase over
    // threads must not change one bit, in either neighbour mode, with every
    // going-further extension on, and for flocks too small to split.
    struct Case {
        int boids;
        bool extensions;
    };
    for (const Case c : {Case{40, false}, Case{500, false}, Case{700, true}, Case{2000, false}}) {
        for (const NeighborMode mode : {NeighborMode::Brute, NeighborMode::Grid}) {
            FlockParams p;
            p.num_boids = c.boids;
            Rules rules;
            rules.wander = c.extensions;
            Flock one(p, 5);
            std::vector<Flock> many;
            for (int threads : {2, 3}) {
                many.emplace_back(p, 5);
                many.back().set_threads(threads);
                EXPECT_EQ(many.back().threads(), threads);
            }
            for (Flock* f : {&one, &many[0], &many[1]}) {
                if (c.extensions) {
                    f->set_pursuit(true);
                    f->set_leader(Vec2{700, 300});
                }
            }
            const int steps = c.boids > 1000 ? 40 : 120;
            for (int s = 0; s < steps; ++s) {
                const std::optional<Vec2> hawk = s % 50 < 10 ? std::optional<Vec2>(Vec2{450.0 + s, 270}) : std::nullopt;
                one.step(rules, kLabDt, hawk, mode);
                for (Flock& f : many) f.step(rules, kLabDt, hawk, mode);
            }
            for (const Flock& f : many) {
                SCOPED_TRACE(std::to_string(c.boids) + " boids, " + std::to_string(f.threads()) + " threads");
                for (int i = 0; i < one.size(); ++i) {
                    ASSERT_EQ(one.boid(i).pos, f.boid(i).pos) << i;
                    ASSERT_EQ(one.boid(i).vel, f.boid(i).vel) << i;
                    ASSERT_EQ(one.applied_force(i), f.applied_force(i)) << i;
                }
            }
        }
    }
}

TEST(FlockThreads, ACopyStartsWithOneThreadAndStepsAlike) {
    FlockParams p;
    p.num_boids = 300;
    Flock f(p, 9);
    f.set_threads(2);
    Flock copy = f;
    EXPECT_EQ(copy.threads(), 1);
    EXPECT_EQ(f.threads(), 2);
    for (int s = 0; s < 30; ++s) {
        f.step(Rules{}, kLabDt);
        copy.step(Rules{}, kLabDt);
    }
    for (int i = 0; i < f.size(); ++i) ASSERT_EQ(f.boid(i).pos, copy.boid(i).pos) << i;
    f.set_threads(1);
    EXPECT_EQ(f.threads(), 1);
}

TEST(Flock, ConeEdgeIsExactForNarrowHalfAndWideCones) {
    // The same sweep across the edge for cones narrower than 180 degrees
    // (view_cos > 0), of exactly 180 (view_cos ~ 0: every pair takes the
    // lab's arithmetic) and nearly 360: four candidates at a time or one by
    // one, the answer is the lab's.
    for (double angle : {90.0, 180.0, 200.0, 359.0}) {
        FlockParams p;
        p.view_angle = angle;
        std::vector<Boid> boids = {{{500, 300}, {-12, 31}}};
        const Vec2 h = Vec2{-12, 31}.normalize();
        const double base = std::atan2(31.0, -12.0) + angle / 2 * 3.141592653589793 / 180.0;
        for (int k = -300; k <= 300; ++k) {
            const double a = base + k * 1e-15;
            const double r = 5 + (k + 300) * 0.09;
            boids.push_back({{500 + r * std::cos(a), 300 + r * std::sin(a)}, {1, 0}});
        }
        Flock f(p, boids);
        std::vector<int> expected;
        for (int j = 1; j < f.size(); ++j) {
            const Vec2 off = f.boid(j).pos - f.boid(0).pos;
            if (off.length_squared() == 0 || off.length_squared() > p.view_radius * p.view_radius) continue;
            if (off.normalize().dot(h) < p.view_cos()) continue;
            expected.push_back(j);
        }
        SCOPED_TRACE(angle);
        EXPECT_GT(expected.size(), 20u);
        EXPECT_LT(expected.size(), 590u);
        EXPECT_EQ(f.neighbors(0, NeighborMode::Brute), expected);
        EXPECT_EQ(f.neighbors(0, NeighborMode::Grid), expected);
    }
}
