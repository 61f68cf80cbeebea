// Sentences from facts (issue 31): each kind of sentence a widget says is
// built here from a state, and its words are checked against that state,
// computed apart from the sentence's own code where it can be: summaries,
// the answer after an action, the note that names an action, the hawk's
// fleeing boids, one agent's explanation.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstring>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "core/session.hpp"
#include "core/crowd_scene.hpp"
#include "core/flock_scene.hpp"
#include "core/steer_scene.hpp"
#include "core/words.hpp"
#include "core/format.hpp"

namespace {

using flocklab::Gauge;
using flocklab::Vec2;

double gauge(flocklab::Scene& s, const char* name) {
    for (const Gauge& g : s.gauges()) {
        if (std::string(g.name) == name) return g.value;
    }
    ADD_FAILURE() << "no gauge " << name;
    return NAN;
}

std::string lower(std::string t) {
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t;
}

// The first match of `pattern` in `text` (its groups), or a failure naming both.
std::smatch find(const std::string& text, const std::string& pattern) {
    std::smatch m;
    EXPECT_TRUE(std::regex_search(text, m, std::regex(pattern))) << "'" << pattern << "' not in: " << text;
    return m;
}

TEST(Sentences, TheCrowdsSummaryStatesItsCounts) {
    for (const char* follow : {"field", "seek"}) {
        for (std::uint64_t seed = 0; seed < 5; ++seed) {
            flocklab::Session s_session(std::make_unique<flocklab::CrowdScene>());
            auto& s = static_cast<flocklab::CrowdScene&>(s_session.scene());
            s.set("follow", follow);
            s.reset(seed);
            s_session.step(600);
            const std::string w = s.describe();
            const std::smatch m = find(w, R"((\d+) agents: (\d+) ha(?:s|ve) arrived, (\d+) (?:is|are) held up\.)");
            if (m.empty()) continue;
            EXPECT_EQ(std::stoi(m[1]), s.crowd().size()) << w;
            EXPECT_EQ(std::stod(m[2]), gauge(s, "arrived")) << w;
            EXPECT_EQ(std::stod(m[3]), gauge(s, "stuck")) << w;
            const std::smatch mean = find(w, R"(On average the crowd is ([0-9.]+) cells from the goal at column (\d+), row (\d+)\.$)");
            if (mean.empty()) continue;
            EXPECT_NEAR(std::stod(mean[1]), gauge(s, "mean_steps_to_goal"), 0.05 + 1e-9) << w;  // one decimal
            EXPECT_EQ(std::stoi(mean[2]), s.maze().goal().c);
            EXPECT_EQ(std::stoi(mean[3]), s.maze().goal().r);
            // "N agents are stuck against the wall at column C": a wall stands in column C.
            std::smatch at;
            if (std::regex_search(w, at, std::regex(R"((\d+) agents? (?:is|are) held up against the wall at column (\d+))"))) {
                const int c = std::stoi(at[2]);
                bool wall = false;
                for (int r = 0; r < flocklab::kRows; ++r) wall = wall || s.maze().wall({c, r});
                EXPECT_TRUE(wall) << w;
                EXPECT_LE(std::stod(at[1]), gauge(s, "stuck")) << w;
            }
        }
    }
}

// The mean distance is the lab's gauge over the agents with a way to the
// goal: the summary says so when some have none, and never gives a crowd
// that has none at all a distance ("0.0 cells from the goal").
TEST(Sentences, TheCrowdsMeanIsSaidOnlyOfAgentsWithAWayThere) {
    flocklab::CrowdScene s;
    s.reset(3);
    std::vector<flocklab::Cell> wall;
    for (int r = 0; r < flocklab::kRows; ++r) wall.push_back({6, r});
    s.set_walls(wall);  // the agents stay where they started, behind it
    ASSERT_EQ(s.crowd().cut_off(s.maze()), s.crowd().size());
    std::string w = s.describe();
    EXPECT_NE(w.find("None of the crowd has a way to the goal at column 26, row 4: walls cut it off."), std::string::npos) << w;
    EXPECT_EQ(w.find("On average"), std::string::npos) << w;
    wall.pop_back();  // a gap at the bottom: every agent has a way again
    s.set_walls(wall);
    EXPECT_EQ(s.crowd().cut_off(s.maze()), 0);
    EXPECT_NE(s.describe().find("On average the crowd is "), std::string::npos) << s.describe();
    // A pocket the search never reaches, around one agent: "(39 of 40)".
    s.set_walls({});
    const flocklab::Cell k = s.crowd().cell(0);
    std::vector<flocklab::Cell> pocket;
    for (int dc = -1; dc <= 1; ++dc) {
        for (int dr = -1; dr <= 1; ++dr) {
            const flocklab::Cell c{k.c + dc, k.r + dr};
            if ((dc || dr) && c.c >= 0 && c.r >= 0 && c.c < flocklab::kCols && c.r < flocklab::kRows) pocket.push_back(c);
        }
    }
    s.set_walls(pocket);
    const int cut = s.crowd().cut_off(s.maze()), n = s.crowd().size();
    ASSERT_GT(cut, 0);
    ASSERT_LT(cut, n);
    w = s.describe();
    const std::smatch m = find(w, R"(On average the agents with a way there \((\d+) of (\d+)\) are ([0-9.]+) cells from the goal at column 26, row 4\.$)");
    if (m.empty()) return;
    EXPECT_EQ(std::stoi(m[1]), n - cut);
    EXPECT_EQ(std::stoi(m[2]), n);
    EXPECT_NEAR(std::stod(m[3]), gauge(s, "mean_steps_to_goal"), 0.05 + 1e-9);
}

TEST(Sentences, AfterAnActionTheCrowdSaysWhereItsGaugesWentFromAndTo) {
    flocklab::Session s_session(std::make_unique<flocklab::CrowdScene>());
    auto& s = static_cast<flocklab::CrowdScene&>(s_session.scene());
    s.reset(3);
    s_session.step(300);
    const double arrived0 = gauge(s, "arrived"), stuck0 = gauge(s, "stuck");
    s.set("follow", "seek");
    s_session.step(flocklab::kRespondSteps);
    const std::string w = s_session.respond(false);
    EXPECT_EQ(w.rfind("Follow seek. In 2 seconds ", 0), 0u) << w;
    const double arrived1 = gauge(s, "arrived"), stuck1 = gauge(s, "stuck");
    if (arrived1 == arrived0) {
        const std::smatch m = find(w, R"(no more agents arrived \((\d+) have\))");
        if (!m.empty()) { EXPECT_EQ(std::stod(m[1]), arrived1) << w; }
    } else {
        const std::smatch m = find(w, R"(arrived went from (\d+) to (\d+))");
        if (!m.empty()) { EXPECT_EQ(std::make_pair(std::stod(m[1]), std::stod(m[2])), std::make_pair(arrived0, arrived1)) << w; }
    }
    const std::smatch m = find(w, R"(and held up from (\d+) to (\d+)\.$)");
    if (!m.empty()) { EXPECT_EQ(std::make_pair(std::stod(m[1]), std::stod(m[2])), std::make_pair(stuck0, stuck1)) << w; }
}

TEST(Sentences, AnAgentsExplanationStatesItsCellDistanceAndSpeed) {
    flocklab::Session s_session(std::make_unique<flocklab::CrowdScene>());
    auto& s = static_cast<flocklab::CrowdScene&>(s_session.scene());
    s.reset(7);
    s_session.step(240);
    for (int i = 0; i < s.crowd().size(); i += 7) {
        const std::string w = s.explain_words(i);
        const flocklab::Cell k = s.crowd().cell(i);
        const std::smatch m = find(w, R"(^Agent (\d+), at column (\d+), row (\d+), )");
        if (m.empty()) continue;
        EXPECT_EQ(std::stoi(m[1]), i);
        EXPECT_EQ(std::make_pair(std::stoi(m[2]), std::stoi(m[3])), std::make_pair(k.c, k.r)) << w;
        const int d = s.maze().distance(k);
        if (d >= 0) { EXPECT_NE(w.find(std::to_string(d) + (d == 1 ? " cell from the goal" : " cells from the goal")), std::string::npos) << w; }
        EXPECT_EQ(w.find(" 1 cells"), std::string::npos) << w;
        const double speed = s.crowd().agent(i).vel.length();
        if (speed >= 1.0) {
            const std::smatch v = find(w, R"(at (\d+) px/s)");
            if (!v.empty()) { EXPECT_NEAR(std::stod(v[1]), speed, 0.5) << w; }
        } else {
            EXPECT_NE(w.find("standing still"), std::string::npos) << w;
        }
    }
}

TEST(Sentences, AnAgentOneCellFromTheGoalIsOneCell) {
    // Every agent over a run, until one stands 1 cell from the goal: its
    // explanation agrees in number ("1 cell", never "1 cells").
    flocklab::Session s_session(std::make_unique<flocklab::CrowdScene>());
    auto& s = static_cast<flocklab::CrowdScene&>(s_session.scene());
    s.reset(7);
    int seen = 0;
    for (int step = 0; step < 1200 && seen == 0; ++step) {
        s_session.step(1);
        for (int i = 0; i < s.crowd().size(); ++i) {
            if (s.maze().distance(s.crowd().cell(i)) != 1) continue;
            const std::string w = s.explain_words(i);
            EXPECT_NE(w.find(", 1 cell from the goal: "), std::string::npos) << w;
            ++seen;
        }
    }
    EXPECT_GT(seen, 0) << "no agent came within 1 cell of the goal in 20 s";
}

TEST(Sentences, TheFlocksSummaryCountsTheBoidsInsideTheHawksCircle) {
    int with = 0, without = 0;  // seeds with and without boids in the circle: both kinds said
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
        flocklab::Session s_session(std::make_unique<flocklab::FlockScene>());
        auto& s = static_cast<flocklab::FlockScene&>(s_session.scene());
        s.reset(seed);
        s.hawk = Vec2{450, 270};
        s_session.step(240);
        int inside = 0;  // counted here, from the boids and the circle
        for (int i = 0; i < s.flock.size(); ++i) {
            const double d = (s.flock.boid(i).pos - *s.hawk).length();
            inside += d > 0 && d <= s.params.panic_radius;
        }
        const std::string w = s.describe();
        ++(inside == 0 ? without : with);
        if (inside == 0) {
            EXPECT_NE(w.find("no boid is fleeing it."), std::string::npos) << w;
        } else {
            const std::smatch m = find(w, R"((\d+) boids? (?:is|are) fleeing it\.)");
            if (!m.empty()) { EXPECT_EQ(std::stoi(m[1]), inside) << w; }
        }
        const std::smatch sp = find(w, R"(\(spacing (\d+) px\))");
        if (!sp.empty()) { EXPECT_EQ(sp[1].str(), flocklab::px(gauge(s, "spacing")).substr(0, sp[1].str().size())) << w; }
        const std::smatch od = find(w, R"(\(order ([0-9.]+)\))");
        if (!od.empty()) { EXPECT_NEAR(std::stod(od[1]), gauge(s, "order"), 0.005) << w; }
    }
    EXPECT_GT(with, 0);
    EXPECT_GT(without, 0);
}

TEST(Sentences, TheVehiclesSummaryStatesItsDistanceAndSpeed) {
    for (const char* mode : {"seek", "flee", "arrive"}) {
        for (int steps : {30, 120, 600}) {
            flocklab::Session s_session(std::make_unique<flocklab::SteerScene>());
            auto& s = static_cast<flocklab::SteerScene&>(s_session.scene());
            s.set("mode", mode);
            s.reset(7);
            s_session.step(steps);
            const std::string w = s.describe();
            const double distance = gauge(s, "distance"), speed = gauge(s, "speed");
            if (distance < 0.5) {
                EXPECT_NE(w.find("The vehicle is on the target"), std::string::npos) << w;
            } else {
                const std::smatch d = find(w, R"(The vehicle is ([0-9.]+) px )");
                if (!d.empty()) { EXPECT_NEAR(std::stod(d[1]), distance, distance < 10 ? 0.05 + 1e-9 : 0.5) << w; }
            }
            if (speed < 1.0) {
                EXPECT_NE(w.find("at rest."), std::string::npos) << w;
            } else {
                const std::smatch v = find(w, R"(at (\d+) px/s\.)");
                if (!v.empty()) { EXPECT_NEAR(std::stod(v[1]), speed, 0.5) << w; }
            }
        }
    }
}

// Every option a student changes by a button or a key is named, with its new
// value, in what the widget says next (paused: at once); options that only
// change the picture (overlays, the selection, the neighbour search, paint
// mode, which the view says itself) are not.
TEST(Sentences, EveryChangeOfASimulationOptionIsNamedWithItsNewValue) {
    int named = 0;
    for (const char* name : flocklab::scene_names()) {
        auto session = flocklab::make_session(name);
        flocklab::Scene* s = &session->scene();
        session->reset(7);
        session->step(60);
        session->respond(true);
        for (const flocklab::OptionSpec& o : s->options()) {
            const std::string opt = o.name;
            if (opt == "overlay" || opt == "selected" || opt == "neighbors" || opt == "paint") continue;
            std::vector<std::pair<std::string, std::string>> changes;  // the value set, the word said
            if (o.kind == flocklab::OptionKind::Choice) {
                for (const char* v : o.values) changes.emplace_back(v, v);
            } else if (o.kind == flocklab::OptionKind::Flags) {
                for (const char* f : o.values) changes.insert(changes.end(), {{std::string(f) + "=1", f}, {std::string(f) + "=0", f}});
            } else if (o.kind == flocklab::OptionKind::Toggle) {
                changes = {{"on", opt}, {"off", opt}};
            }
            for (const auto& [value, word] : changes) {
                const std::string before = s->get(o.name);
                const flocklab::SetResult r = s->set(o.name, value);
                ASSERT_NE(r.status, flocklab::SetResult::Invalid) << name << " " << opt << "=" << value;
                const std::string said = session->respond(true);
                if (s->get(o.name) == before) {
                    EXPECT_EQ(said, "") << name << " " << opt << "=" << value << ": nothing changed, yet it said: " << said;
                    continue;
                }
                EXPECT_NE(lower(said).find(lower(word)), std::string::npos)
                    << name << " " << opt << "=" << value << " said: " << said;
                ++named;
            }
        }
    }
    EXPECT_GT(named, 10);
}

// Text matched as it is inside a regular expression.
std::string escaped(const std::string& text) {
    std::string out;
    for (const char c : text) out += std::string(std::strchr("\\^$.|?*+()[]{}", c) && c ? "\\" : "") + c;
    return out;
}

// Every tuning change, as the live region says it: each tunable of each
// scene set to its lowest, its highest, a value between and 1 where 1 is in
// range. The rules are stated here apart from the sentence's code: the
// label as a student reads it (no code name: no "_"), the number as set and
// written by hand (no trailing ".0"), degrees as "°" (never "deg"), the
// unit as the field states it, and a count of one with no plural noun
// after it ("1 agents"), whatever the unit.
TEST(Sentences, EveryTuningChangeIsSaidAsAStudentReadsIt) {
    int said_right = 0;
    for (const char* name : flocklab::scene_names()) {
        auto session = flocklab::make_session(name);
        flocklab::Scene& s = session->scene();
        session->reset(7);
        session->step(60);
        session->respond(true);
        const size_t count = s.tunables().size();
        for (size_t k = 0; k < count; ++k) {
            const flocklab::Tunable t0 = s.tunables()[k];
            std::vector<double> values = {t0.lo, t0.hi, std::stod(flocklab::py_repr(std::round((t0.lo + t0.hi) / 2 * 10) / 10))};
            if (t0.lo <= 1 && t0.hi >= 1) values.push_back(1);
            for (const double v : values) {
                const flocklab::Tunable t = s.tunables()[k];  // a dependent limit may have moved
                if (v < t.lo || v > t.hi) continue;
                // (Clamped: a lower max_speed pulls min_speed down with it, and says so too.)
                ASSERT_NE(s.set_param(t.name, flocklab::py_repr(v)).status, flocklab::SetResult::Invalid) << name << " " << t.name;
                const std::string said = session->respond(true);
                const std::string where = std::string(name) + " " + t.name + " = " + flocklab::py_repr(v) + " said: " + said;
                EXPECT_EQ(said.find('_'), std::string::npos) << where;
                EXPECT_EQ(said.find("deg"), std::string::npos) << where;
                const std::smatch m = find(said, escaped(lower(t.label).substr(1)) + " set to (-?[0-9]+(?:\\.[0-9]+)?)([^;]*?)(\\. |;|\\.?$)");
                if (m.empty()) continue;
                const std::string number = m[1], unit = m[2];
                EXPECT_EQ(std::stod(number), v) << where;
                EXPECT_FALSE(number.size() > 2 && number.compare(number.size() - 2, 2, ".0") == 0) << where;
                if (std::string(t.unit) == "deg") {
                    EXPECT_EQ(unit, "°") << where;
                } else if (!t.unit[0]) {
                    EXPECT_EQ(unit, "") << where;
                } else if (v == 1) {  // "1 cell": the unit's noun without its plural s
                    EXPECT_EQ(unit.back() == 's' && std::isalpha(static_cast<unsigned char>(unit[unit.size() - 2])), false) << where;
                    EXPECT_EQ(std::string(t.unit).find(unit.substr(1)), 0u) << where;
                } else {
                    EXPECT_EQ(unit, std::string(" ") + t.unit) << where;
                }
                ++said_right;
            }
        }
    }
    EXPECT_GT(said_right, 40);
}

}  // namespace

// A heading in words (compass(): "up and right", ...) is the 45-degree
// sector, centred on an axis or a diagonal, that holds the vector's angle.
// The words find it without an arctangent; here the angle is computed with
// one, for vectors of every direction and length, and the words agree.
TEST(Sentences, AHeadingsWordsAreTheSectorOfItsAngle) {
    const char* const words[8] = {"right", "down and right", "down", "down and left",
                                  "left", "up and left", "up", "up and right"};  // screen: +y is down
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> turn(-M_PI, M_PI), scale(-12, 12);
    int checked = 0;
    for (int n = 0; n < 200000; ++n) {
        const double a = turn(rng), r = std::pow(10.0, scale(rng));
        const Vec2 v{r * std::cos(a), r * std::sin(a)};
        const double at = std::atan2(v.y, v.x) / (M_PI / 4);
        if (std::fabs(at - std::round(at) - 0.5) < 1e-9 || std::fabs(at - std::round(at) + 0.5) < 1e-9) continue;  // on a border
        const int k = static_cast<int>(std::lround(at)) & 7;
        ASSERT_EQ(flocklab::compass(v), words[k]) << "angle " << a << " length " << r;
        ++checked;
    }
    EXPECT_GT(checked, 199000);
    // The axes and the diagonals themselves, and no vector at all.
    EXPECT_EQ(flocklab::compass({3, 0}), "right");
    EXPECT_EQ(flocklab::compass({0, -3}), "up");
    EXPECT_EQ(flocklab::compass({-2, 2}), "down and left");
    EXPECT_EQ(flocklab::compass({0, 0}), "");
}
