// Snapshots (src/core/snapshot.cpp, state_io.hpp): every registered scene,
// driven through its own options, tunables and what-if lane, written to
// bytes and read back as a new scene that then goes on exactly as the first:
// its state, gauges, history, summary and the responses it says. Bytes that
// are not a whole snapshot are refused with a reason, never a crash.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "core/session.hpp"
#include "core/flock_scene.hpp"
#include "core/registry.hpp"
#include "core/steer_scene.hpp"

using namespace flocklab;

namespace {
// A setting for option `o` as a student or a page could give it, drawn from `rng`.
std::string any_value(const Scene& s, const OptionSpec& o, std::mt19937& rng) {
    const auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
    switch (o.kind) {
        case OptionKind::Flags: return std::string(o.values[pick(o.values.size())]) + (rng() % 2 ? "=1" : "=0");
        case OptionKind::Choice: return o.values[pick(o.values.size())];
        case OptionKind::Toggle: return rng() % 2 ? "1" : "0";
        case OptionKind::Count: {
            const double hi = std::min(o.hi_now ? o.hi_now(s) : o.hi, o.lo + 30);
            return hi < o.lo ? "" : std::to_string(static_cast<int>(o.lo) + static_cast<int>(pick(static_cast<size_t>(hi - o.lo) + 1)));
        }
        case OptionKind::Point: {
            const Vec2 w = s.world();
            return std::to_string(static_cast<int>(pick(static_cast<size_t>(w.x)))) + "," + std::to_string(static_cast<int>(pick(static_cast<size_t>(w.y))));
        }
        case OptionKind::Text: return "";  // walls and a goal: their own test below
    }
    return "";
}

// Some of everything a session holds: settings changed, a lane, steps, an
// answered action and one still on its way.
void drive(Session& session, std::mt19937& rng) {
    Scene& s = session.scene();
    for (const OptionSpec& o : s.options()) {
        const std::string v = any_value(s, o, rng);
        if (!v.empty()) s.set(o.name, v);
    }
    std::vector<std::pair<std::string, std::string>> params;
    for (const Tunable& t : s.tunables()) {
        if (rng() % 3 == 0) params.emplace_back(t.name, std::to_string(t.lo + (t.hi - t.lo) * (rng() % 100) / 100.0));
    }
    s.set_params(params);
    if (!s.what_if_presets().empty()) session.toggle_what_if();
    session.reset(rng() % 1000);
    session.step(97);
    const OptionSpec& o = s.options()[rng() % s.options().size()];
    const std::string v = any_value(s, o, rng);
    if (!v.empty()) s.set(o.name, v);
    session.step(150);
    session.respond(false);
    s.set_param(s.tunables()[0].name, std::to_string(s.tunables()[0].lo));  // an action not yet answered
    session.step(7);
}

// The two sessions read the same, to the bit, by every account they give.
void expect_same(Session& a, Session& b) {
    EXPECT_EQ(a.scene().state_json(), b.scene().state_json());
    EXPECT_EQ(a.seed(), b.seed());
    EXPECT_EQ(a.steps(), b.steps());
    EXPECT_EQ(a.history().json(), b.history().json());
    EXPECT_EQ(a.history().csv(), b.history().csv());
    EXPECT_EQ(a.summary(), b.summary());
    EXPECT_EQ(a.scene().facts_json(), b.scene().facts_json());
    EXPECT_EQ(a.scene().params_json(), b.scene().params_json());
    EXPECT_EQ(a.compared(), b.compared());
    const std::vector<Gauge> ga = a.measured(), gb = b.measured();
    ASSERT_EQ(ga.size(), gb.size());
    for (size_t k = 0; k < ga.size(); ++k) {
        EXPECT_STREQ(ga[k].name, gb[k].name);
        EXPECT_EQ(std::memcmp(&ga[k].value, &gb[k].value, sizeof(double)), 0) << ga[k].name << ": " << ga[k].value << " against " << gb[k].value;
    }
}
}  // namespace

TEST(Snapshot, EverySceneComesBackAndGoesOnExactlyAsBefore) {
    for (const char* name : scene_names()) {
        for (unsigned trial = 0; trial < 6; ++trial) {
            SCOPED_TRACE(std::string(name) + " trial " + std::to_string(trial));
            std::mt19937 rng(trial * 7919 + static_cast<unsigned>(std::strlen(name)));
            std::unique_ptr<Session> a = make_session(name);
            drive(*a, rng);
            const std::string bytes = a->snapshot();
            std::string why;
            std::unique_ptr<Session> b = restore_session(bytes, &why);
            ASSERT_NE(b, nullptr) << why;
            EXPECT_EQ(b->snapshot(), bytes);  // read back whole: nothing written is left unread
            expect_same(*a, *b);
            // ... and they go on together: the response on its way, then more steps.
            for (int round = 0; round < 4; ++round) {
                a->step(40);
                b->step(40);
                EXPECT_EQ(a->respond(round % 2 == 1), b->respond(round % 2 == 1));
            }
            const OptionSpec& o = a->scene().options()[rng() % a->scene().options().size()];
            const std::string v = any_value(a->scene(), o, rng);
            if (!v.empty()) {
                a->scene().set(o.name, v);
                b->scene().set(o.name, v);
            }
            a->step(300);
            b->step(300);
            EXPECT_EQ(a->respond(false), b->respond(false));
            expect_same(*a, *b);
            EXPECT_EQ(b->snapshot(), a->snapshot());
        }
    }
}

TEST(Snapshot, APointersHawkAMovedTargetAndASelectionComeBack) {
    Session f_session(std::make_unique<FlockScene>());
    auto& f = static_cast<FlockScene&>(f_session.scene());
    f.set("hawk", "pointer");
    f.hawk = Vec2{300.25, 200.5};
    f_session.step(30);
    f.select(3);
    std::string why;
    std::unique_ptr<Session> g = restore_session(f_session.snapshot(), &why);
    ASSERT_NE(g, nullptr) << why;
    auto& fg = static_cast<FlockScene&>(g->scene());
    ASSERT_TRUE(fg.hawk.has_value());
    EXPECT_EQ(fg.hawk->x, 300.25);
    EXPECT_EQ(fg.selected(), 3);
    f_session.step(60);
    g->step(60);
    EXPECT_EQ(f.state_json(), fg.state_json());
    EXPECT_EQ(f.explain_json(3), fg.explain_json(3));

    Session s_session(std::make_unique<SteerScene>());
    auto& s = static_cast<SteerScene&>(s_session.scene());
    s.set("mode", "wander");
    s_session.step(45);
    s.set_target({100, 80});
    s_session.step(5);
    std::unique_ptr<Session> t = restore_session(s_session.snapshot(), &why);
    ASSERT_NE(t, nullptr) << why;
    s_session.step(200);
    t->step(200);
    EXPECT_EQ(s.state_json(), t->scene().state_json());
    EXPECT_EQ(s.gauges()[2].value, t->scene().gauges()[2].value);  // closest: the watch came back too
}

TEST(Snapshot, ACrowdsWallsAndGoalComeBack) {
    std::unique_ptr<Session> c = make_session("crowd");
    ASSERT_EQ(c->scene().set("walls", "3,3;3,4;3,5;10,2").status, SetResult::Ok);
    ASSERT_EQ(c->scene().set("goal", "20,10").status, SetResult::Ok);
    c->step(120);
    std::string why;
    std::unique_ptr<Session> d = restore_session(c->snapshot(), &why);
    ASSERT_NE(d, nullptr) << why;
    EXPECT_EQ(d->scene().get("walls"), c->scene().get("walls"));
    EXPECT_EQ(d->scene().get("goal"), c->scene().get("goal"));
    c->step(240);
    d->step(240);
    EXPECT_EQ(c->scene().state_json(), d->scene().state_json());
    EXPECT_EQ(c->scene().read("field"), d->scene().read("field"));
}

TEST(Snapshot, BytesThatAreNotAWholeSnapshotAreRefusedWithAReason) {
    std::unique_ptr<Session> a = make_session("flock");
    a->toggle_what_if();
    a->step(33);
    const std::string bytes = a->snapshot();
    std::string why;
    EXPECT_EQ(restore_session("", &why), nullptr);
    EXPECT_NE(why.find("not a flocklab snapshot"), std::string::npos) << why;
    // Every shorter prefix, and one byte more: refused, each with a reason.
    for (size_t n = 0; n < bytes.size(); n += 1 + n / 64) {
        why.clear();
        EXPECT_EQ(restore_session(bytes.substr(0, n), &why), nullptr) << n;
        EXPECT_FALSE(why.empty()) << n;
    }
    why.clear();
    EXPECT_EQ(restore_session(bytes + "x", &why), nullptr);
    EXPECT_NE(why.find("left over"), std::string::npos) << why;
    // Another kind's name: refused by name.
    std::string other = bytes;
    other.replace(other.find("flock", std::strlen("flocklab snapshot")), 5, "flick");
    why.clear();
    EXPECT_EQ(restore_session(other, &why), nullptr);
    EXPECT_NE(why.find("'flick'"), std::string::npos) << why;
    // Any byte changed: a session or a refusal, never a crash or a huge allocation.
    std::mt19937 rng(11);
    for (int k = 0; k < 3000; ++k) {
        std::string bad = bytes;
        bad[rng() % bad.size()] = static_cast<char>(rng());
        why.clear();
        std::unique_ptr<Session> s = restore_session(bad, &why);
        if (s) s->step(2);
        else EXPECT_FALSE(why.empty());
    }
}

TEST(Snapshot, Base64CarriesEveryByteAndRefusesWhatIsNotBase64) {
    std::string all;
    for (int b = 0; b < 256; ++b) all.push_back(static_cast<char>(b));
    for (size_t n = 0; n <= all.size(); n += 1 + n / 7) {
        const std::string bytes = all.substr(0, n);
        std::string back;
        ASSERT_TRUE(from_base64(to_base64(bytes), &back)) << n;
        EXPECT_EQ(back, bytes) << n;
    }
    EXPECT_EQ(to_base64("foobar"), "Zm9vYmFy");  // RFC 4648's own examples
    EXPECT_EQ(to_base64("fo"), "Zm8=");
    EXPECT_EQ(to_base64("f"), "Zg==");
    std::string out;
    for (const std::string& bad : {std::string("Zg="), std::string("Zg=a"), std::string("Z==="), std::string("Zm9v!mFy"), std::string("=Zm8"),
                                   std::string("Zg==Zg=="), std::string("Zm\0v", 4)}) {
        EXPECT_FALSE(from_base64(bad, &out)) << bad;
    }
}
