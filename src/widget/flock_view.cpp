// The flock scene's view: boids, the hawk (pointer or hunter), the leader,
// the rules' keys (1-4, R) and the Scaling section of the tuning panel.
#include <algorithm>
#include <array>

#include "core/flock_scene.hpp"
#include "view.hpp"

namespace flocklab {
namespace {

// [SECTION] Colours (the lab's palette, plus the extensions')
constexpr SDL_Color kFlockBg{15, 23, 42, 255};
constexpr SDL_Color kBoid{125, 211, 252, 255};
constexpr SDL_Color kHawk{248, 113, 113, 255};
constexpr SDL_Color kHawkCircle{90, 40, 40, 255};
constexpr SDL_Color kAim{252, 165, 165, 255};
constexpr SDL_Color kLeader{251, 191, 36, 255};
constexpr SDL_Color kLeaderTarget{250, 204, 21, 255};
constexpr SDL_Color kBehind{167, 139, 250, 255};
constexpr SDL_Color kOn{128, 230, 153, 255};
constexpr SDL_Color kOff{153, 153, 166, 255};

class FlockView : public SceneView {
public:
    explicit FlockView(FlockScene& s) : s_(s) {}

    SDL_Color background() const override { return kFlockBg; }

    // Pointer mode: the hovering pointer (or a finger) is the hawk. Leader
    // mode: a click or tap sets the leader's target, and there is no pointer hawk.
    void pointer(const Pointer& p) override {
        if (s_.leader() && p.pressed) s_.set_leader_target(*p.pressed);
        const bool hawk_follows = s_.hawk_mode() == HawkMode::Pointer && !s_.leader();
        if (hawk_follows && p.hover) {
            s_.hawk = p.hover;
            pointer_hawk_ = true;
        } else if (pointer_hawk_) {  // leave a hawk set through the API alone
            s_.hawk.reset();
            pointer_hawk_ = false;
        }
    }

    void key(SDL_Keycode k) override {
        if (k >= SDLK_1 && k < SDLK_1 + kRuleCount) {
            const int i = static_cast<int>(k - SDLK_1);
            s_.set_rule(i, !s_.rule(i));
        } else if (k == SDLK_r) {
            s_.all_rules_on();
        }
    }

    void draw(Shapes& d) override {
        const FlockParams& p = s_.params;
        if (const auto& h = s_.flock.hunter()) {
            d.circle(h->pos, p.panic_radius, 1.5, kHawkCircle);
            d.line(h->pos, h->pos + (h->aim - h->pos).clamp_magnitude(60.0), 2, kAim);
            d.disc(h->aim, 3, kAim);
            d.arrowhead(h->pos, h->vel, 1.6, kHawk);
        } else if (const auto h = s_.active_hawk()) {
            d.circle(*h, p.panic_radius, 1.5, kHawkCircle);
            d.disc(*h, 9, kHawk);
        }
        const int n = s_.flock.size();
        const bool lead = s_.leader() && n > 0;
        if (lead) {
            const Vec2 t = s_.leader_target();
            d.circle(t, 16, 2, kLeaderTarget);
            d.line(t - Vec2{22, 0}, t + Vec2{22, 0}, 2, kLeaderTarget);
            d.line(t - Vec2{0, 22}, t + Vec2{0, 22}, 2, kLeaderTarget);
            d.circle(s_.flock.follow_point(), 4, 1.5, kBehind);
        }
        for (int i = lead ? 1 : 0; i < n; ++i) {
            const Boid b = s_.flock.boid(i);
            d.arrowhead(b.pos, b.vel, 1.0, kBoid);
        }
        if (lead) {
            const Boid b = s_.flock.boid(0);
            d.line(b.pos, s_.flock.follow_point(), 1.5, kBehind);
            d.arrowhead(b.pos, b.vel, 1.8, kLeader);
        }
    }

    void hud(const std::vector<Gauge>& g, bool paused, double time) override {
        static const char* const kShort[kRuleCount] = {"sep", "ali", "coh", "wan"};
        for (int i = 0; i < kRuleCount; ++i) {
            if (i) ImGui::SameLine();
            ImGui::TextColored(imgui_colour(s_.rule(i) ? kOn : kOff), "%d:%s %s", i + 1, kShort[i],
                               s_.rule(i) ? "ON" : "off");
        }
        ImGui::Text("spacing %5.1f px   order %.2f   t %.1f s%s", g.at(0).value, g.at(1).value, time,
                    paused ? "   (paused)" : "");
        if (s_.hawk_mode() == HawkMode::Pursuit) {
            ImGui::TextColored(imgui_colour(kHawk), "hawk: hunting the nearest boid");
        } else if (s_.hawk_mode() == HawkMode::Off) {
            ImGui::TextColored(imgui_colour(kOff), "hawk: off");
        }
        if (s_.leader()) {
            ImGui::TextColored(imgui_colour(kLeader), "leader: tap or click to set its target");
        }
    }

    void update_panels() override {
        if (compare_countdown_ > 0 && --compare_countdown_ == 0) {
            for (int i = 0; i < 3; ++i) {
                compare_ms_[i][0] = s_.benchmark(kSizes[i], NeighborMode::Brute, 60);
                compare_ms_[i][1] = s_.benchmark(kSizes[i], NeighborMode::Grid, 60);
            }
            compare_done_ = true;
        }
    }

    void tuning(double step_ms) override {
        if (!ImGui::CollapsingHeader("Scaling")) return;
        int brute = s_.neighbors == NeighborMode::Brute;
        ImGui::RadioButton("brute force", &brute, 1);
        ImGui::SameLine();
        ImGui::RadioButton("grid", &brute, 0);
        s_.neighbors = brute ? NeighborMode::Brute : NeighborMode::Grid;
        ImGui::Text("step time %.3f ms (median, %d boids)", step_ms, s_.flock.size());
        if (ImGui::Button(compare_countdown_ > 0 ? "measuring..." : "Compare 100 / 300 / 500 boids") &&
            compare_countdown_ == 0) {
            compare_countdown_ = 2;  // show "measuring..." for a frame, then measure
        }
        if (compare_done_ && ImGui::BeginTable("cmp", 4, ImGuiTableFlags_Borders)) {
            ImGui::TableNextRow();
            for (const char* h : {"boids", "brute ms", "grid ms", "ratio"}) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(h);
            }
            for (int i = 0; i < 3; ++i) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn(); ImGui::Text("%d", kSizes[i]);
                ImGui::TableNextColumn(); ImGui::Text("%.3f", compare_ms_[i][0]);
                ImGui::TableNextColumn(); ImGui::Text("%.3f", compare_ms_[i][1]);
                ImGui::TableNextColumn();
                ImGui::Text("%.1fx", compare_ms_[i][1] > 0 ? compare_ms_[i][0] / compare_ms_[i][1] : 0.0);
            }
            ImGui::EndTable();
        }
    }

private:
    static constexpr int kSizes[3] = {100, 300, 500};
    FlockScene& s_;
    bool pointer_hawk_ = false;  // the hawk follows the pointer (not the API)
    int compare_countdown_ = 0;  // frames until the 100/300/500 comparison runs
    std::array<std::array<double, 2>, 3> compare_ms_{};  // [size][brute, grid]
    bool compare_done_ = false;
};

const bool registered = register_view("flock", [](Scene& s) -> std::unique_ptr<SceneView> {
    return std::make_unique<FlockView>(static_cast<FlockScene&>(s));
});

}  // namespace
}  // namespace flocklab
