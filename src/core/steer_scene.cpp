#include "steer_scene.hpp"

#include <algorithm>
#include <cstring>

#include "format.hpp"
#include "registry.hpp"
#include "words.hpp"

namespace flocklab {

// [SECTION] Registration (its keys: src/widget/steer_keys.cpp, beside the view's key handler).
FLOCKLAB_REGISTER_SCENE(SteerScene, "steer", 1);

namespace {
// The gauges' sentences (words.hpp change()).
constexpr GaugeWords kDistanceWords{N_("the distance stayed near {0}"), N_("the distance fell from {0} to {1}"),
                                    N_("the distance rose from {0} to {1}")};
constexpr GaugeWords kSpeedWords{N_("the speed stayed near {0}"), N_("the speed fell from {0} to {1}"),
                                 N_("the speed rose from {0} to {1}")};
}  // namespace

// [SECTION] The modes

namespace {
// The guides' colours (the view's palette for them).
constexpr Rgba kSlowCircle{60, 70, 100, 255};
constexpr Rgba kBrakeCircle{251, 146, 60, 200};  // the braking distance (arrive)
constexpr Rgba kPanicCircle{100, 60, 60, 255};
constexpr Rgba kWanderCircle{100, 116, 139, 255};
constexpr Rgba kTargetWords{250, 204, 21, 255};  // the target's yellow

Vec2 seek_force(Vehicle& v, const VehicleParams& p) { return seek(v.pos, v.velocity, v.target, p); }
Vec2 flee_force(Vehicle& v, const VehicleParams& p) {
    return v.negated_seek_flee ? -seek(v.pos, v.velocity, v.target, p) : flee(v.pos, v.velocity, v.target, p);
}
Vec2 arrive_force(Vehicle& v, const VehicleParams& p) { return arrive(v.pos, v.velocity, v.target, p); }
// Going further's WanderVehicle: the angle moves by uniform(-jitter, jitter)
// from the vehicle's own random.Random(seed), then it seeks the point at that angle.
Vec2 wander_force(Vehicle& v, const VehicleParams& p) {
    v.wander_angle += v.rng.uniform(-p.wander_jitter, p.wander_jitter);
    v.wander_point = wander_target(v.pos, v.velocity, v.wander_angle, p.wander_distance, p.wander_radius);
    return seek(v.pos, v.velocity, v.wander_point, p);
}

MotionWords seek_motion(const Vehicle&, const VehicleParams&, bool closing) {
    return {closing ? N_("heading for it") : N_("turning back toward it"), ""};
}
MotionWords flee_motion(const Vehicle& v, const VehicleParams& p, bool closing) {
    // -seek neither flees nor brakes: it pushes along the way the vehicle goes.
    if (v.negated_seek_flee) return {closing ? N_("pushed on toward it by -seek") : N_("pushed away from it by -seek"), ""};
    return {v.distance() < p.panic_radius ? N_("fleeing it") : N_("braking, out of reach"), ""};
}
MotionWords arrive_motion(const Vehicle& v, const VehicleParams& p, bool closing) {
    if (v.distance() < 2.0) return {N_("settling on it"), ""};
    return {v.distance() < p.slow_radius ? N_("slowing down") : closing ? N_("heading for it") : N_("turning toward it"), ""};
}
MotionWords wander_motion(const Vehicle& v, const VehicleParams&, bool) { return {N_("heading {0}"), compass(v.velocity)}; }

void no_guides(const Vehicle&, const VehicleParams&, SteerGuides&) {}
void flee_guides(const Vehicle& v, const VehicleParams& p, SteerGuides& out) {
    out.add({SteerGuide::Circle, v.target, {}, p.panic_radius, 1.5, kPanicCircle});
}
void arrive_guides(const Vehicle& v, const VehicleParams& p, SteerGuides& out) {
    out.add({SteerGuide::Circle, v.target, {}, p.slow_radius, 1.5, kSlowCircle});
    // The braking distance at full speed, max_speed^2 / (2 max_force): a
    // slowing circle smaller than this overshoots (55 px in the lab).
    const double brake = braking_distance(p);
    if (brake < 4 * p.world_width) out.add({SteerGuide::Circle, v.target, {}, brake, 1.5, kBrakeCircle});
}
void wander_guides(const Vehicle& v, const VehicleParams& p, SteerGuides& out) {
    // The circle ahead of the heading, as it was when the point was chosen.
    const Vec2 heading = v.velocity.length_squared() > 0 ? v.velocity.normalize() : Vec2{1, 0};
    const Vec2 centre = v.pos + heading * p.wander_distance;
    const Vec2 on = wander_target(v.pos, v.velocity, v.wander_angle, p.wander_distance, p.wander_radius);
    out.add({SteerGuide::Circle, centre, {}, p.wander_radius, 1.5, kWanderCircle});
    out.add({SteerGuide::Line, v.pos, centre, 0, 1, kWanderCircle});
    out.add({SteerGuide::Line, centre, on, 0, 1, kWanderCircle});
    out.add({SteerGuide::Disc, on, {}, 5, 0, kWanderCircle});  // the point it seeks now, grey as its circle
}

SteerLegend arrive_legend(const Vehicle&, const VehicleParams& p) {
    return {kBrakeCircle, trf("orange = braking distance {0} px (slowing circle {1} px)", {fixed(braking_distance(p), 0), fixed(p.slow_radius, 0)})};
}
SteerLegend wander_legend(const Vehicle&, const VehicleParams&) { return {kTargetWords, tr("yellow = the target, which wander does not seek")}; }

// The modes, in the order Space cycles them (the lab's: SEEK -> FLEE -> ARRIVE -> WANDER).
const SteerModeRow kSteerModeRows[] = {
    {N_("seek"), N_("SEEK"), false, seek_force, seek_motion, no_guides, "", nullptr},
    {N_("flee"), N_("FLEE"), false, flee_force, flee_motion, flee_guides, "", nullptr},
    {N_("arrive"), N_("ARRIVE"), false, arrive_force, arrive_motion, arrive_guides, "", arrive_legend},
    {N_("wander"), N_("WANDER"), true, wander_force, wander_motion, wander_guides, N_("   grey = wander circle and point"), wander_legend},
};
constexpr int kRows = static_cast<int>(sizeof kSteerModeRows / sizeof kSteerModeRows[0]);
}  // namespace

int steer_mode_count() { return kRows; }

const SteerModeRow& steer_mode_row(SteerMode m) {
    const int i = static_cast<int>(m);
    return kSteerModeRows[i >= 0 && i < kRows ? i : 0];
}

std::vector<const char*> steer_mode_names() {
    std::vector<const char*> names;
    for (const SteerModeRow& r : kSteerModeRows) names.push_back(r.name);
    return names;
}

const char* steer_mode_name(SteerMode m) { return steer_mode_row(m).name; }

bool parse_steer_mode(const char* s, SteerMode* out) {
    for (int i = 0; i < kRows; ++i) {
        if (std::strcmp(s, kSteerModeRows[i].name) == 0) {
            *out = static_cast<SteerMode>(i);
            return true;
        }
    }
    return false;
}

SteerMode next_steer_mode(SteerMode m) { return static_cast<SteerMode>((static_cast<int>(m) + 1) % kRows); }

std::vector<std::string> steer_mode_words(int which) {
    std::vector<std::string> names;
    for (const SteerModeRow& r : kSteerModeRows) {
        if (which < 0 || r.own_target == (which == 1)) names.push_back(tr(r.name));
    }
    return names;
}

std::string own_target_words(SteerMode m) {
    return trf("{0} picks its own target; the arrows move it in {1}.", {capitalised(tr(steer_mode_name(m))), list(steer_mode_words(0))});
}

// [SECTION] The vehicle

Vec2 Vehicle::aim() const { return row().own_target ? wander_point : target; }

void Vehicle::reset_wander(std::uint64_t seed, const VehicleParams& p) {
    rng = PyRandom(seed);
    wander_angle = 0.0;
    wander_point = wander_target(pos, velocity, wander_angle, p.wander_distance, p.wander_radius);
}

void Vehicle::step(double dt, const VehicleParams& p) {
    accel = row().force(*this, p);
    const Motion m = integrate(pos, velocity, accel, dt, p.max_speed);
    velocity = m.velocity;
    pos = {py_mod(m.pos.x, p.world_width), py_mod(m.pos.y, p.world_height)};
}

// [SECTION] The scene

namespace {
const SteerScene& S(const Scene& s) { return static_cast<const SteerScene&>(s); }
SteerScene& S(Scene& s) { return static_cast<SteerScene&>(s); }
}  // namespace

const SceneInfo& SteerScene::info() const {
    static const SceneInfo info = [] {
        OptionSpec mode{"mode", OptionKind::Choice, steer_mode_names(), 0, 0, false,
                        "what the vehicle does; Space cycles them"};
        mode.heading = N_("mode");
        mode.read = [](const Scene& s, int) -> double { return static_cast<int>(S(s).vehicle.mode); };
        mode.write = [](Scene& s, int, double i) { S(s).set_mode(static_cast<SteerMode>(static_cast<int>(i))); };
        OptionSpec target{"target", OptionKind::Point, {}, 0, 0, false, "the target (px), inside the world"};
        target.heading = N_("target");
        target.where = [](const Scene& s) -> std::optional<Vec2> { return S(s).vehicle.target; };
        target.place = [](Scene& s, std::optional<Vec2> p) -> std::optional<Vec2> {
            if (p) S(s).set_target(*p);
            return S(s).vehicle.target;
        };
        // What-if: the lesson's warning about flee written as -seek.
        static constexpr const char* kFleeWays[] = {N_("lab"), N_("negated-seek")};
        OptionSpec flee_way{"flee", OptionKind::Choice, {kFleeWays, kFleeWays + 2}, 0, 0, false,
                            "how flee steers: lab (away at full speed, inside the panic radius) or negated-seek (-seek, the lesson's warning)"};
        flee_way.heading = N_("flee");
        flee_way.slip = true;
        flee_way.read = [](const Scene& s, int) -> double { return S(s).vehicle.negated_seek_flee ? 1 : 0; };
        flee_way.write = [](Scene& s, int, double i) {
            const bool negated = i != 0;
            if (S(s).vehicle.negated_seek_flee != negated) s.note(trf("flee {0}", {tr(negated ? "negated-seek" : "lab")}), "option");
            S(s).vehicle.negated_seek_flee = negated;
        };
        // Where a reset starts the vehicle (the CLI's --start and --vel): a page
        // starts where a golden run starts. Setting one starts the run again.
        OptionSpec start{"start", OptionKind::Point, {}, 0, 0, true, "where the vehicle starts (px); none: the lab's start"};
        start.heading = N_("start");
        start.where = [](const Scene& s) { return S(s).start_position; };
        start.place = [](Scene& s, std::optional<Vec2> p) -> std::optional<Vec2> {
            if (p) p = Vec2{std::clamp(p->x, 0.0, S(s).params.world_width), std::clamp(p->y, 0.0, S(s).params.world_height)};
            if (p != S(s).start_position) {
                S(s).start_position = p;
                s.reset();
            }
            return p;
        };
        OptionSpec velocity{"velocity", OptionKind::Point, {}, 0, 0, true, "the vehicle's velocity at the start (px/s); none: the lab's"};
        velocity.heading = N_("start velocity");
        velocity.where = [](const Scene& s) { return S(s).start_velocity; };
        velocity.place = [](Scene& s, std::optional<Vec2> v) -> std::optional<Vec2> {
            constexpr double kFast = 1e4;  // px/s: the integrator clamps to max_speed at once anyway
            if (v) v = Vec2{std::clamp(v->x, -kFast, kFast), std::clamp(v->y, -kFast, kFast)};
            if (v != S(s).start_velocity) {
                S(s).start_velocity = v;
                s.reset();
            }
            return v;
        };
        SceneInfo i{N_("steer"), "vehicle", std::vector<OptionSpec>{mode, target, flee_way, start, velocity},
                    {{N_("a per-frame force"), "max_force=0.2"}, {N_("flee as -seek"), "flee=negated-seek"}, {N_("slowing at 40 px"), "slow_radius=40"}}};
        i.positions = [](const Scene& s) { return std::vector<Vec2>{S(s).vehicle.pos}; };
        i.key_contexts = [](const Scene& s) -> std::vector<std::string> { return {S(s).vehicle.row().own_target ? "wander" : "target"}; };
        return i;
    }();
    return info;
}

std::string SteerScene::label() const {
    return trf("Steering simulation, {0}. Press ? for keys.", {tr(steer_mode_name(vehicle.mode))});
}

// [SECTION] In words

namespace {
// What the vehicle is doing relative to what it steers toward: its mode's words.
MotionWords motion(const Vehicle& v, const VehicleParams& p) {
    if (v.speed() < 1.0) return {N_("at rest"), ""};
    return v.row().motion(v, p, v.velocity.dot(v.aim() - v.pos) > 0);
}
// In English (the facts' JSON).
std::string motion_words(const Vehicle& v, const VehicleParams& p) {
    const MotionWords m = motion(v, p);
    std::string s = m.id;
    const size_t at = s.find("{0}");
    return at == std::string::npos ? s : s.replace(at, 3, m.arg);
}
// In the widget's language.
std::string motion_text(const Vehicle& v, const VehicleParams& p) {
    const MotionWords m = motion(v, p);
    return m.arg.empty() ? std::string(tr(m.id)) : trf(m.id, {tr(m.arg)});
}
}  // namespace

std::string SteerScene::describe() {
    const Vehicle& v = vehicle;
    std::string s = capitalised(tr(steer_mode_name(v.mode))) + ". ";
    if (v.row().own_target) {
        return s + trf("The vehicle roams {0}, {1}, at {2} px/s.", {tr(region(v.pos, world())), motion_text(v, params), fixed(v.speed(), 0)});
    }
    const std::string where = relative(v.pos, v.target);
    s += where == "at" ? std::string(tr("The vehicle is on the target")) : trf("The vehicle is {0} {1} the target", {px(v.distance()), tr(where)});
    const std::string m = motion_words(v, params);
    return s + ", " + motion_text(v, params) + (m == "at rest" ? std::string(".") : trf(", at {0} px/s.", {fixed(v.speed(), 0)}));
}

std::string SteerScene::facts_json() {
    const Vehicle& v = vehicle;
    return "{\"mode\": " + get("mode") + ", \"distance\": " + py_repr(v.distance()) + ", \"where\": " +
           json_string(v.row().own_target ? region(v.pos, world()) : relative(v.pos, v.target)) +
           ", \"speed\": " + py_repr(v.speed()) + ", \"motion\": " + json_string(motion_words(v, params)) + "}";
}

std::string SteerScene::change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                     const std::vector<Swing>& swings) {
    const Swing d = swings.at(1), v = swings.at(0);
    return in_seconds(seconds) + change(kDistanceWords, "px", before[1].value, after[1].value, kSameDistance, d.lo, d.hi) + tr(", and ") +
           change(kSpeedWords, "px/s", before[0].value, after[0].value, kSameSpeed, v.lo, v.hi) + ".";
}

void SteerScene::restart(std::uint64_t seed) {
    sanitize(params);
    // The lab's start for the vehicle; the mode and the target stay as the
    // student (or the page's data-target, or a config) set them.
    const Vehicle was = vehicle;
    vehicle = Vehicle{};
    vehicle.mode = was.mode;
    vehicle.target = was.target;
    vehicle.negated_seek_flee = was.negated_seek_flee;
    if (start_position) vehicle.pos = *start_position;
    if (start_velocity) vehicle.velocity = *start_velocity;
    vehicle.reset_wander(seed, params);
    watch();
}

void SteerScene::watch() {
    const Vec2 offset = vehicle.target - vehicle.pos;
    toward_ = offset.length_squared() > 0 ? std::optional<Vec2>(offset.normalize()) : std::nullopt;
    closest_ = vehicle.pos.distance_to(vehicle.target);
    overshoot_ = 0.0;
}

void SteerScene::advance(int n) {
    sanitize(params);
    for (int i = 0; i < n; ++i) {
        vehicle.step(kLabDt, params);
        // what_if.py's gauges: min and max keep the first of equals, as Python's do.
        closest_ = std::min(closest_, vehicle.pos.distance_to(vehicle.target));
        if (toward_) overshoot_ = std::max(overshoot_, (vehicle.pos - vehicle.target).dot(*toward_));
    }
}

void SteerScene::state_io(StateIO& io) {
    Vehicle& v = vehicle;  // all of it but negated_seek_flee, a setting of this lane's
    io.vec2(v.pos);
    io.vec2(v.velocity);
    io.vec2(v.target);
    io.choice(v.mode, steer_mode_count());
    io.vec2(v.accel);
    v.rng.state_io(io);
    io.f64(v.wander_angle);
    io.vec2(v.wander_point);
    io.opt_vec2(start_position);
    io.opt_vec2(start_velocity);
    io.f64(closest_);
    io.f64(overshoot_);
    io.opt_vec2(toward_);
}

std::vector<Gauge> SteerScene::gauges() {
    // Predictions range over the world's width, and an overshoot over half
    // again the braking distance max_speed^2 / (2 max_force) (82.5 px in the lab).
    const double wide = params.world_width;
    const double braking = params.max_speed * params.max_speed / (2 * params.max_force);
    return {{N_("speed"), "px/s", vehicle.speed(), -1, params.max_speed, 0, kSameSpeed},
            {N_("distance"), "px", vehicle.distance(), -1, 0, wide, kSameDistance},
            {N_("closest"), "px", closest_, -1, 0, wide},
            {N_("overshoot"), "px", overshoot_, -1, 0, std::min(wide, 1.5 * braking)}};
}

bool SteerScene::set_target(Vec2 t) {
    // The target is where a click can put it: inside the world. The watch
    // (closest, overshoot) starts again toward it when it moves.
    const Vec2 inside{std::clamp(t.x, 0.0, params.world_width), std::clamp(t.y, 0.0, params.world_height)};
    const bool moved = inside != vehicle.target;
    vehicle.target = inside;
    if (moved) watch();
    return inside != t;
}

void SteerScene::set_mode(SteerMode m) {
    if (vehicle.mode != m) note(trf("mode {0}", {tr(steer_mode_name(m))}), "mode");
    vehicle.mode = m;
}

std::string SteerScene::state_json() const {
    const Vehicle& v = vehicle;
    std::string o = "{\"pos\": " + json_point(v.pos) + ", \"velocity\": " + json_point(v.velocity) +
                    ", \"target\": " + json_point(v.target) + ", \"mode\": " + get("mode");
    if (v.row().own_target) {
        o += ", \"wander\": {\"angle\": " + py_repr(v.wander_angle) + ", \"point\": " + json_point(v.wander_point) + "}";
    }
    return o + ", \"options\": {" + options_json(*this) + "}}";
}

std::vector<Tunable> SteerScene::tunables() {
    return tunables_of(params);
}

}  // namespace flocklab
