// The steer scene's command: vehicle, the warm-up vehicle.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "core/format.hpp"
#include "core/steer_scene.hpp"

namespace flocklab::cli {

// vehicle: the steer scene, as the widget runs it (Session::reset, then
// Session::step), from --start and --vel, toward --target.
int cmd_vehicle(const Args& a) {
    Session session(std::make_unique<SteerScene>());
    auto& scene = static_cast<SteerScene&>(session.scene());
    if (a.has("mode") && scene.set("mode", a.raw("mode")).status != SetResult::Ok) {
        std::string modes;  // "seek, flee, arrive or wander", from the modes' rows
        const std::vector<const char*> names = steer_mode_names();
        for (size_t i = 0; i < names.size(); ++i) modes += std::string(i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
        throw UsageError("--mode: expected " + modes + ", got '" + shortened(a.raw("mode")) + "'");
    }
    const long long steps = steps_option(a, 5.0);
    const std::uint64_t seed = a.seeds("seed", 7).at(0);
    if (a.has("seed") && a.seeds("seed", 7).size() != 1) throw UsageError("--seed: vehicle takes one seed, got '" + shortened(a.raw("seed")) + "'");
    const bool own_target = scene.vehicle.row().own_target;  // wander
    if (own_target && a.has("target")) {
        throw UsageError("--target: " + std::string(steer_mode_name(scene.vehicle.mode)) + " chooses its own target, got '" + shortened(a.raw("target")) + "'");
    }
    const Vehicle lab;
    const Vec2 start = a.vec("start", lab.pos), vel0 = a.vec("vel", lab.velocity);
    scene.start_position = start;
    scene.start_velocity = vel0;
    scene.vehicle.target = a.vec("target", lab.target);  // as given: the scene's setter would keep it inside the world
    apply_sets(a, scene);
    session.reset(seed);
    const Pairs compare = name_values(a, "compare");
    apply_compare(compare, session);
    step_all(session, steps);
    const Vehicle& v = scene.vehicle;
    if (a.has("json") && (a.has("set") || !compare.empty())) {  // what_if.py's layout
        const auto report = [](Scene& lane) {
            const SteerScene& s = static_cast<const SteerScene&>(lane);
            const Vehicle& w = s.vehicle;
            return "\"pos\": " + json_point(w.pos) + ", \"velocity\": " + json_point(w.velocity) + ", \"distance\": " + py_repr(w.distance()) +
                   ", \"speed\": " + py_repr(w.speed()) + ", \"closest\": " + py_repr(s.closest()) + ", \"overshoot\": " + py_repr(s.overshoot());
        };
        const std::string head = "\"mode\": \"" + std::string(steer_mode_name(v.mode)) + "\", \"steps\": " + std::to_string(steps);
        std::cout << what_if_json(head, name_values(a, "set"), compare, session, report) << "\n";
        return 0;
    }
    if (a.has("json") && own_target) {  // going_further.py's layout
        std::cout << "{\"mode\": \"" << steer_mode_name(v.mode) << "\", \"seed\": " << seed << ", \"steps\": " << steps
                  << ", \"pos\": " << json_point(v.pos) << ", \"velocity\": " << json_point(v.velocity)
                  << ", \"target\": " << json_point(v.wander_point) << ", \"angle\": " << py_repr(v.wander_angle)
                  << "}\n";
    } else if (a.has("json")) {
        std::cout << "{\"mode\": \"" << steer_mode_name(v.mode) << "\", \"steps\": " << steps
                  << ", \"start\": \"" << vec_arg(start) << "\", \"vel\": \"" << vec_arg(vel0)
                  << "\", \"target\": \"" << vec_arg(v.target) << "\", \"pos\": " << json_point(v.pos)
                  << ", \"velocity\": " << json_point(v.velocity)
                  << ", \"distance\": " << py_repr(v.distance()) << ", \"speed\": " << py_repr(v.speed())
                  << "}\n";
    } else {
        std::printf("mode %s, %lld steps (%.3f s)\n", steer_mode_name(v.mode), steps, steps / 60.0);
        std::printf("position (%.2f, %.2f) px, velocity (%.2f, %.2f) px/s\n", v.pos.x, v.pos.y,
                    v.velocity.x, v.velocity.y);
        std::printf("distance to target %.1f px, speed %.1f px/s\n", v.distance(), v.speed());
    }
    return 0;
}
// describe --scene steer: --mode and --target.
const bool kSteerFlags = register_cli_scene({"steer", {"mode", "target"}, [](const Args& a, Scene& s) {
    const auto set = [&](const char* option, const std::string& value) {
        const SetResult r = s.set(option, value);
        if (r.status == SetResult::Invalid) throw UsageError(r.message);
    };
    if (a.has("mode")) set("mode", a.raw("mode"));
    if (a.has("target")) set("target", vec_arg(a.vec("target", {})));
}});

}  // namespace flocklab::cli
