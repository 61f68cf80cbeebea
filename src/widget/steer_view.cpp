// The steer scene's view: the vehicle, its velocity and steering force, the
// target with its slowing or panic circle, and wander's circle and point.
#include "core/steer_scene.hpp"
#include "core/words.hpp"
#include "view.hpp"

namespace flocklab {
namespace {

constexpr SDL_Color kSteerBg{18, 22, 34, 255};
constexpr SDL_Color kSlowCircle{60, 70, 100, 255};
constexpr SDL_Color kBrakeCircle{251, 146, 60, 200};  // the braking distance (arrive)
constexpr SDL_Color kPanicCircle{100, 60, 60, 255};
constexpr SDL_Color kTarget{250, 204, 21, 255};
constexpr SDL_Color kVehicle{96, 165, 250, 255};
constexpr SDL_Color kVelocity{134, 239, 172, 255};
constexpr SDL_Color kForce{248, 113, 113, 255};
constexpr SDL_Color kWanderCircle{100, 116, 139, 255};
constexpr SDL_Color kLegend{161, 171, 191, 255};
constexpr SDL_Color kFocusMark{255, 255, 255, 230};  // what the arrows move

class SteerView : public SceneView {
public:
    explicit SteerView(SteerScene& s) : s_(s) {}

    SDL_Color background() const override { return kSteerBg; }

    // A click or tap moves the target, and a drag that starts on it carries
    // it (wander picks its own).
    void pointer(const Pointer& p) override {
        if (s_.vehicle.mode == SteerMode::Wander) return;
        if (const auto to = target_.follow(p, [this](Vec2 at) { return draggable(at); })) s_.set_target(*to);
    }

    std::vector<Vec2> focus() const override {
        if (s_.vehicle.mode == SteerMode::Wander) return {s_.vehicle.pos};
        return {s_.vehicle.target, s_.vehicle.pos};
    }
    bool draggable(Vec2 at) const override {
        return s_.vehicle.mode != SteerMode::Wander && (at - s_.vehicle.target).length() <= kGrabRadius;
    }

    bool key(const std::string& k, bool repeat) override {
        Vec2 step;
        if (arrow_step(k, &step)) {
            if (s_.vehicle.mode == SteerMode::Wander) {  // it picks its own target: say so
                if (!repeat) s_.say(tr("Wander picks its own target; the arrows move it in seek, flee and arrive."));
                return true;
            }
            s_.set_target(s_.vehicle.target + step);
            s_.action(trf("target moved {0}", {tr(region(s_.vehicle.target, s_.world()))}));
            return true;
        }
        if (k == " " && !repeat) {
            s_.set_mode(next_steer_mode(s_.vehicle.mode));
            return true;
        }
        return false;
    }

    void draw(Shapes& d) override {
        const Vehicle& v = s_.vehicle;
        const VehicleParams& p = s_.params;
        switch (v.mode) {
            case SteerMode::Arrive: {
                d.circle(v.target, p.slow_radius, 1.5, kSlowCircle);
                // The braking distance at full speed, max_speed^2 / (2 max_force): a
                // slowing circle smaller than this overshoots (55 px in the lab).
                const double brake = braking_distance(p);
                if (brake < 4 * p.world_width) d.circle(v.target, brake, 1.5, kBrakeCircle);
                break;
            }
            case SteerMode::Flee: d.circle(v.target, p.panic_radius, 1.5, kPanicCircle); break;
            case SteerMode::Wander: {
                // The circle ahead of the heading, as it was when the point was chosen.
                const Vec2 heading = v.velocity.length_squared() > 0 ? v.velocity.normalize() : Vec2{1, 0};
                const Vec2 centre = v.pos + heading * p.wander_distance;
                d.circle(centre, p.wander_radius, 1.5, kWanderCircle);
                d.line(v.pos, centre, 1, kWanderCircle);
                const Vec2 on = wander_target(v.pos, v.velocity, v.wander_angle, p.wander_distance, p.wander_radius);
                d.line(centre, on, 1, kWanderCircle);
                d.disc(on, 5, kWanderCircle);  // the point it seeks now, grey as its circle
                break;
            }
            case SteerMode::Seek: break;
        }
        d.disc(v.pos, 12, kVehicle);
        d.line(v.pos, v.pos + v.velocity * 0.3, 2, kVelocity);
        d.line(v.pos, v.pos + v.accel * 0.1, 2, kForce);
        // The target above the vehicle, ringed so it shows on top of it (Arrive
        // ends there); in Wander too, as the lab draws it: the HUD's distance is to it.
        d.circle(v.target, 8, 2, kSteerBg);
        d.disc(v.target, 7, kTarget);
        if (focused && v.mode != SteerMode::Wander) d.circle(v.target, 16, 2, kFocusMark);
    }

    void hud(const std::vector<Gauge>& g, bool paused, double, bool compact) override {
        static const char* const kUpper[kSteerModeCount] = {N_("SEEK"), N_("FLEE"), N_("ARRIVE"), N_("WANDER")};
        if (compact) {
            ui_text("%s %.0f px/s %.0f px%s", tr(kUpper[static_cast<int>(s_.vehicle.mode)]), g.at(0).value,
                    g.at(1).value, paused ? " ||" : "");
            return;
        }
        ui_text("%s   speed %5.1f px/s   distance %5.1f px%s", tr(kUpper[static_cast<int>(s_.vehicle.mode)]),
                g.at(0).value, g.at(1).value, paused ? tr("   (paused)") : "");
        ui_text_coloured(imgui_colour(kLegend), "green = velocity   red = steering force%s",
                         s_.vehicle.mode == SteerMode::Wander ? tr("   grey = wander circle and point") : "");
        if (s_.vehicle.mode == SteerMode::Wander) ui_text_coloured(imgui_colour(kTarget), "yellow = the target, which wander does not seek");
        if (s_.vehicle.mode == SteerMode::Arrive) {
            ui_text_coloured(imgui_colour(kBrakeCircle), "orange = braking distance %.0f px (slowing circle %.0f px)", braking_distance(s_.params),
                             s_.params.slow_radius);
        }
    }

private:
    DragPoint target_;
    SteerScene& s_;
};

const bool registered = register_view("steer", [](Scene& s) -> std::unique_ptr<SceneView> {
    return std::make_unique<SteerView>(static_cast<SteerScene&>(s));
});

}  // namespace
}  // namespace flocklab
