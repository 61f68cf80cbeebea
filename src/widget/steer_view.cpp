// The steer scene's view: the vehicle, its velocity and steering force, the
// target, and what its mode's row (steer_scene.cpp) says to draw: arrive's
// slowing and braking circles, flee's panic circle, wander's circle and point.
#include "core/steer_scene.hpp"
#include "core/words.hpp"
#include "view.hpp"

namespace flocklab {
namespace {

constexpr SDL_Color kSteerBg{18, 22, 34, 255};
constexpr SDL_Color kTarget{250, 204, 21, 255};
constexpr SDL_Color kVehicle{96, 165, 250, 255};
constexpr SDL_Color kVelocity{134, 239, 172, 255};
constexpr SDL_Color kForce{248, 113, 113, 255};
constexpr SDL_Color kLegend{161, 171, 191, 255};
constexpr SDL_Color kFocusMark{255, 255, 255, 230};  // what the arrows move

SDL_Color sdl(Rgba c) { return {c.r, c.g, c.b, c.a}; }

class SteerView : public SceneView {
public:
    explicit SteerView(Session& run) : run_(run), s_(static_cast<SteerScene&>(run.scene())) {}

    SDL_Color background() const override { return kSteerBg; }

    // A click or tap moves the target, and a drag that starts on it carries
    // it (wander picks its own).
    void pointer(const Pointer& p) override {
        if (own_target()) return;
        if (const auto to = target_.follow(p, [this](Vec2 at) { return draggable(at); })) s_.set_target(*to);
    }

    std::vector<Vec2> focus() const override {
        if (own_target()) return {s_.vehicle.pos};
        return {s_.vehicle.target, s_.vehicle.pos};
    }
    bool draggable(Vec2 at) const override {
        return !own_target() && (at - s_.vehicle.target).length() <= kGrabRadius;
    }

    bool key(const std::string& k, bool repeat) override {
        Vec2 step;
        if (arrow_step(k, &step)) {
            if (own_target()) {  // it picks its own target: say so
                if (!repeat) run_.say(own_target_words(s_.vehicle.mode));
                return true;
            }
            s_.set_target(s_.vehicle.target + step);
            run_.action(trf("target moved {0}", {tr(region(s_.vehicle.target, s_.world()))}));
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
        SteerGuides guides;
        v.row().guides(v, s_.params, guides);
        for (int i = 0; i < guides.count; ++i) {
            const SteerGuide& g = guides.at[i];
            switch (g.kind) {
                case SteerGuide::Circle: d.circle(g.a, g.radius, g.width, sdl(g.colour)); break;
                case SteerGuide::Line: d.line(g.a, g.b, g.width, sdl(g.colour)); break;
                case SteerGuide::Disc: d.disc(g.a, g.radius, sdl(g.colour)); break;
            }
        }
        d.disc(v.pos, 12, kVehicle);
        d.line(v.pos, v.pos + v.velocity * 0.3, 2, kVelocity);
        d.line(v.pos, v.pos + v.accel * 0.1, 2, kForce);
        // The target above the vehicle, ringed so it shows on top of it (Arrive
        // ends there); in Wander too, as the lab draws it: the HUD's distance is to it.
        d.circle(v.target, 8, 2, kSteerBg);
        d.disc(v.target, 7, kTarget);
        if (focused && !own_target()) d.circle(v.target, 16, 2, kFocusMark);
    }

    void hud(const std::vector<Gauge>& g, bool paused, double, bool compact) override {
        const SteerModeRow& mode = s_.vehicle.row();
        if (compact) {
            ui_text("%s %.0f px/s %.0f px%s", tr(mode.upper), g.at(0).value, g.at(1).value, paused ? " ||" : "");
            return;
        }
        ui_text("%s   speed %5.1f px/s   distance %5.1f px%s", tr(mode.upper), g.at(0).value, g.at(1).value, paused ? tr("   (paused)") : "");
        ui_text_coloured(imgui_colour(kLegend), "green = velocity   red = steering force%s", mode.legend_suffix[0] ? tr(mode.legend_suffix) : "");
        if (!mode.legend) return;
        const SteerLegend l = mode.legend(s_.vehicle, s_.params);
        ImGui::TextColored(imgui_colour(sdl(l.colour)), "%s", l.text.c_str());  // in the language already
    }

private:
    bool own_target() const { return s_.vehicle.row().own_target; }
    DragPoint target_;
    Session& run_;  // the session: what the view says
    SteerScene& s_;
};

const bool registered = register_view("steer", [](Session& s) -> std::unique_ptr<SceneView> {
    return std::make_unique<SteerView>(s);
});

}  // namespace
}  // namespace flocklab
