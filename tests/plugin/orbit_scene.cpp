#include "orbit_scene.hpp"

#include <cmath>
#include <cstring>

#include "core/format.hpp"
#include "core/pyrandom.hpp"
#include "core/registry.hpp"
#include "core/steering.hpp"
#include "core/trig.hpp"
#include "core/words.hpp"

namespace flocklab {

// [SECTION] Registration (its keys: orbit_keys.cpp; its view: orbit_view.cpp).
FLOCKLAB_REGISTER_SCENE(OrbitScene, "orbit", 3);

const std::vector<Field<OrbitParams>>& fields(const OrbitParams*) {
    using P = OrbitParams;
    static const std::vector<Field<P>> t = [] {
        std::vector<Field<P>> rows;
        for (const Field<VehicleParams>& f : fields(static_cast<const VehicleParams*>(nullptr))) {
            for (const char* used : {"world_width", "world_height", "max_speed", "max_force", "reaction_time", "slow_radius"}) {
                if (std::strcmp(f.name, used) == 0) rows.push_back({f.name, f.label, f.unit, f.group, static_cast<double P::*>(f.member), f.lo, f.hi, f.tunable,
                                   f.at_most ? static_cast<double P::*>(f.at_most) : nullptr});
            }
        }
        rows.push_back({"orbit_radius", N_("orbit radius"), N_("px"), N_("orbit"), &P::orbit_radius, 0, 220});
        rows.push_back({"orbit_speed", N_("orbit speed"), N_("rad/s"), N_("orbit"), &P::orbit_speed, 0, 3});
        return rows;
    }();
    return t;
}

namespace {
constexpr GaugeWords kLagWords{N_("the lag stayed near {0}"), N_("the lag fell from {0} to {1}"), N_("the lag rose from {0} to {1}")};
constexpr double kSameLag = 2.0;  // px: less is noise
const OrbitScene& O(const Scene& s) { return static_cast<const OrbitScene&>(s); }
OrbitScene& O(Scene& s) { return static_cast<OrbitScene&>(s); }
}  // namespace

const SceneInfo& OrbitScene::info() const {
    static const SceneInfo info = [] {
        OptionSpec n{"agents", OptionKind::Count, {}, 1, 50, false, "how many agents chase the target (made at a reset)"};
        n.heading = N_("agents");
        n.read = [](const Scene& s, int) -> double { return O(s).count; };
        n.write = [](Scene& s, int, double v) {
            O(s).count = static_cast<int>(v);
            s.reset();
        };
        SceneInfo i{N_("orbit"), "agent", {n}, {{N_("a per-frame force"), "max_force=0.2"}, {N_("a still target"), "orbit_speed=0"}}};
        i.positions = [](const Scene& s) {
            std::vector<Vec2> p;
            for (const OrbitAgent& a : O(s).agents) p.push_back(a.pos);
            return p;
        };
        i.cost = [](const Scene& s) { return StepCost::of(static_cast<long long>(O(s).agents.size())); };
        return i;
    }();
    return info;
}

Vec2 OrbitScene::target() const {
    const Vec2 centre{params.world_width / 2, params.world_height / 2};
    // The core's sine and cosine (trig.hpp), not the C library's: the page's rounds differently.
    return centre + Vec2{lab_cos(angle_), -lab_sin(angle_)} * params.orbit_radius;
}

double OrbitScene::lag() const {
    if (agents.empty()) return 0;
    double sum = 0;
    for (const OrbitAgent& a : agents) sum += a.pos.distance_to(target());
    return sum / static_cast<double>(agents.size());
}

void OrbitScene::reverse() {
    direction = -direction;
    note(tr(direction > 0 ? "the target goes anticlockwise" : "the target goes clockwise"), "option");
}

std::string OrbitScene::label() const {
    return trf("Orbit simulation, {0} agents. Press ? for keys.", {std::to_string(agents.size())});
}

std::string OrbitScene::describe() {
    return trf("{0} agents trail the target by {1} on average, as it goes {2}.",
               {std::to_string(agents.size()), px(lag()), tr(direction > 0 ? "anticlockwise" : "clockwise")});
}

std::string OrbitScene::facts_json() {
    return "{\"agents\": " + std::to_string(agents.size()) + ", \"lag\": " + py_repr(lag()) + ", \"direction\": " + py_repr(direction) + "}";
}

std::vector<Gauge> OrbitScene::gauges() {
    return {{N_("lag"), "px", lag(), -1, 0, params.world_width, kSameLag}};
}

std::string OrbitScene::state_json() const {
    std::string o = "{\"target\": " + json_point(target()) + ", \"agents\": [";
    for (size_t i = 0; i < agents.size(); ++i) {
        o += (i ? ", " : "") + std::string("{\"pos\": ") + json_point(agents[i].pos) + ", \"velocity\": " + json_point(agents[i].velocity) + "}";
    }
    return o + "], \"options\": {" + options_json(*this) + "}}";
}

std::string OrbitScene::change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                     const std::vector<Swing>& /*swings*/) {
    return in_seconds(seconds) + change(kLagWords, "px", before[0].value, after[0].value, kSameLag) + ".";
}

void OrbitScene::restart(std::uint64_t seed) {
    sanitize_fields(params);
    PyRandom rng(seed);
    angle_ = 0;
    agents.clear();
    for (int i = 0; i < count; ++i) agents.push_back({{rng.uniform(0, params.world_width), rng.uniform(0, params.world_height)}, {}});
}

void OrbitScene::state_io(StateIO& io) {
    io.list(agents, [](StateIO& io, OrbitAgent& a) {
        io.vec2(a.pos);
        io.vec2(a.velocity);
    });
    io.f64(angle_);
    io.f64(direction);
}

void OrbitScene::advance(int n) {
    sanitize_fields(params);
    for (int k = 0; k < n; ++k) {
        angle_ += direction * params.orbit_speed * kLabDt;
        const Vec2 to = target();
        for (OrbitAgent& a : agents) {
            const Motion m = integrate(a.pos, a.velocity, arrive(a.pos, a.velocity, to, params), kLabDt, params.max_speed);
            a.pos = m.pos;
            a.velocity = m.velocity;
        }
    }
}

}  // namespace flocklab
