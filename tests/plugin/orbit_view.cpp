// The orbit scene's view: the target's circle, the target, and each agent
// with its velocity.
#include "orbit_scene.hpp"
#include "widget/view.hpp"

namespace flocklab {
namespace {

constexpr SDL_Color kOrbitBg{16, 20, 30, 255};
constexpr SDL_Color kCircle{60, 70, 100, 255};
constexpr SDL_Color kTarget{250, 204, 21, 255};
constexpr SDL_Color kAgent{96, 165, 250, 255};
constexpr SDL_Color kVelocity{134, 239, 172, 255};

class OrbitView : public SceneView {
public:
    explicit OrbitView(Session& run) : s_(static_cast<OrbitScene&>(run.scene())) {}

    SDL_Color background() const override { return kOrbitBg; }
    void pointer(const Pointer&) override {}
    std::vector<Vec2> focus() const override { return {s_.target()}; }

    bool key(const std::string& k, bool repeat) override {
        if ((k == "o" || k == "O") && !repeat) {
            s_.reverse();
            return true;
        }
        return false;
    }

    void draw(Shapes& d) override {
        const Vec2 centre{s_.params.world_width / 2, s_.params.world_height / 2};
        d.circle(centre, s_.params.orbit_radius, 1.5, kCircle);
        for (const OrbitAgent& a : s_.agents) {
            d.disc(a.pos, 7, kAgent);
            d.line(a.pos, a.pos + a.velocity * 0.2, 2, kVelocity);
        }
        d.disc(s_.target(), 7, kTarget);
    }

    void hud(const std::vector<Gauge>& g, bool paused, double, bool compact) override {
        if (compact) {
            ui_text("%s %.0f px%s", tr("lag"), g.at(0).value, paused ? " ||" : "");
            return;
        }
        ui_text("%s   lag %5.1f px%s", tr(s_.direction > 0 ? "ANTICLOCKWISE" : "CLOCKWISE"), g.at(0).value, paused ? tr("   (paused)") : "");
    }

private:
    OrbitScene& s_;
};

const bool registered = register_view("orbit", [](Session& s) -> std::unique_ptr<SceneView> {
    return std::make_unique<OrbitView>(s);
});

}  // namespace
}  // namespace flocklab
