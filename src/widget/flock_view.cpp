// The flock scene's view: boids, the hawk (pointer or hunter), the leader,
// the rules' keys (1-4, R) and the Scaling section of the tuning panel.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "core/flock_scene.hpp"
#include "core/words.hpp"
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
// Inspecting one boid: its view, neighbours, forces and grid block.
constexpr SDL_Color kInspected{255, 255, 255, 255};
constexpr SDL_Color kCone{125, 211, 252, 38};
constexpr SDL_Color kConeEdge{125, 211, 252, 150};
constexpr SDL_Color kSepRing{251, 146, 60, 170};
constexpr SDL_Color kNeighborLine{226, 232, 240, 90};
constexpr SDL_Color kNeighbor{253, 224, 71, 255};
constexpr SDL_Color kGridLine{148, 163, 184, 40};
constexpr SDL_Color kGridBlock{148, 163, 184, 28};
constexpr SDL_Color kGridBlockEdge{148, 163, 184, 150};
constexpr SDL_Color kTotal{255, 255, 255, 255};
constexpr SDL_Color kFocusMark{255, 255, 255, 230};  // what the arrows move
// One colour per force, in explain()'s names.
struct ForceStyle {
    const char* name;
    const char* label;
    SDL_Color colour;
};
constexpr ForceStyle kForceStyles[] = {
    {"separation", N_("sep"), {251, 146, 60, 255}}, {"alignment", N_("ali"), {74, 222, 128, 255}},
    {"cohesion", N_("coh"), {192, 132, 252, 255}},  {"flee", N_("flee"), {248, 113, 113, 255}},
    {"wander", N_("wan"), {45, 212, 191, 255}},     {"follow", N_("fol"), {167, 139, 250, 255}},
    {"lead", N_("lead"), {251, 191, 36, 255}},
};
const ForceStyle& style_of(const char* name) {
    for (const ForceStyle& f : kForceStyles) {
        if (std::strcmp(f.name, name) == 0) return f;
    }
    return kForceStyles[0];
}
// Force arrows: px of arrow per px/s^2 of weighted force, so the lesson's
// forces (up to 320 px/s^2 before weighting) are drawn 20-60 px long.
constexpr double kArrowScale = 0.15;
// A click or tap within this distance (px) of a boid selects it.
constexpr double kPickRadius = 14.0;

class FlockView : public SceneView {
public:
    explicit FlockView(Session& run) : run_(run), s_(static_cast<FlockScene&>(run.scene())) {}

    SDL_Color background() const override { return kFlockBg; }

    // Pointer mode: the hovering pointer (or a finger) is the hawk. Leader
    // mode: a click or tap sets the leader's target, and there is no pointer hawk.
    void pointer(const Pointer& p) override {
        if (s_.leader()) {
            if (const auto to = target_.follow(p, [this](Vec2 at) { return draggable(at); })) s_.set_leader_target(*to);
        } else if (p.pressed) {  // select the boid under the click (a finger reaches farther), or clear
            s_.select(pick(*p.pressed, p.touch ? kTouchPickCss / p.css_per_world : kPickRadius));
        }
        const bool hawk_follows = s_.hawk_mode() == HawkMode::Pointer && !s_.leader();
        if (hawk_follows && p.hover) {
            s_.hawk = p.hover;
            pointer_hawk_ = true;
            key_hawk_ = false;  // the pointer took it over
        } else if (pointer_hawk_) {  // leave a hawk set through the API or the keys alone
            s_.hawk.reset();
            pointer_hawk_ = false;
        }
    }

    bool key(const std::string& k, bool repeat) override {
        Vec2 step;
        if (arrow_step(k, &step)) {
            if (s_.leader()) {
                s_.set_leader_target(s_.leader_target() + step);
                run_.action(trf("leader's target moved {0}", {tr(region(s_.leader_target(), s_.world()))}));
                return true;
            }
            if (s_.hawk_mode() != HawkMode::Pointer || !s_.hawk) return false;
            s_.hawk = Vec2{std::clamp(s_.hawk->x + step.x, 0.0, s_.params.world_width),
                           std::clamp(s_.hawk->y + step.y, 0.0, s_.params.world_height)};
            key_hawk_ = true;
            pointer_hawk_ = false;
            run_.action(trf("hawk moved {0}", {s_.place_words(*s_.hawk)}));
            return true;
        }
        if (repeat) return false;  // the rest are switches: a held key switches once
        if (k.size() == 1 && k[0] >= '1' && k[0] < '1' + kRuleCount) {
            const int i = k[0] - '1';
            s_.set_rule(i, !s_.rule(i));
        } else if (k == "r") {
            s_.all_rules_on();
        } else if (k == "h") {
            if (s_.hawk_mode() != HawkMode::Pointer || s_.leader()) return false;
            if (s_.hawk) {
                s_.hawk.reset();
                run_.action(tr("hawk taken away"));
            } else {
                s_.hawk = s_.world() / 2.0;
                run_.action(trf("hawk placed {0}", {s_.place_words(*s_.hawk)}));
            }
            key_hawk_ = s_.hawk.has_value();
            pointer_hawk_ = false;
        } else if (k == "]" || k == "[") {
            s_.select(cycle(s_.selected(), s_.flock.size(), k == "]"));
            run_.say(s_.explain_words(s_.selected()));
        } else if (k == "n") {
            const Vec2 from = s_.leader() ? s_.leader_target() : s_.hawk ? *s_.hawk : s_.world() / 2.0;
            s_.select(pick(from, 1e18));
            run_.say(s_.explain_words(s_.selected()));
        } else {
            return false;
        }
        return true;
    }

    // A touch on the pointer hawk or on the leader's target drags it.
    bool draggable(Vec2 at) const override {
        if (s_.leader()) return (at - s_.leader_target()).length() <= kGrabRadius;
        return s_.hawk_mode() == HawkMode::Pointer && s_.hawk && (at - *s_.hawk).length() <= kGrabRadius;
    }

    // Escape: a keyboard hawk goes first, then the selection.
    bool cancel() override {
        if (key_hawk_ && s_.hawk) {
            s_.hawk.reset();
            key_hawk_ = false;
            return true;
        }
        if (s_.selected() < 0) return false;
        s_.select(-1);
        return true;
    }

    // [SECTION] Inspecting one boid
    // The boid nearest `at` within `reach` px, or -1.
    int pick(Vec2 at, double reach) const {
        int best = -1;
        double best_d = reach * reach;
        for (int i = 0; i < s_.flock.size(); ++i) {
            const double d = (s_.flock.boid(i).pos - at).length_squared();
            if (d <= best_d) {
                best = i;
                best_d = d;
            }
        }
        return best;
    }

    void draw_inspected(Shapes& d) {
        const int i = s_.inspected();
        if (i < 0 || explained_.boid != i) return;
        const FlockParams& p = s_.params;
        const Boid me = explained_.self;
        const bool vision = s_.overlay(0), neighbors = s_.overlay(1), forces = s_.overlay(2), grid = s_.overlay(3);
        if (grid) draw_grid(d, me.pos);
        if (vision) {
            // The cone: view_angle wide around the heading; the blind spot is left out.
            const bool moving = me.vel.length_squared() > 0;
            const Vec2 heading = moving ? me.vel.normalize() : Vec2{1, 0};
            const double half = (moving ? std::min(p.view_angle, 360.0) : 360.0) * M_PI / 360.0;
            d.sector(me.pos, p.view_radius, heading, half, kCone);
            d.sector_outline(me.pos, p.view_radius, heading, half, 1.5, kConeEdge);
            d.circle(me.pos, p.sep_radius, 1.5, kSepRing);
        }
        if (neighbors) {
            for (int k : explained_.neighbors) {
                const Vec2 q = s_.flock.boid(k).pos;
                d.line(me.pos, q, 1.0, kNeighborLine);
                d.circle(q, 7, 1.5, kNeighbor);
            }
        }
        d.circle(me.pos, 11, 2, kInspected);
        if (forces) {
            for (const Explanation::Force& f : explained_.forces) {
                if (f.counted) d.arrow(me.pos, me.pos + f.value * (f.weight * kArrowScale), 2.5, style_of(f.name).colour);
            }
            d.arrow(me.pos, me.pos + explained_.total * kArrowScale, 3.5, kTotal);
        }
    }

    // The grid's cells and the block of cells searched for the boid at `pos`.
    void draw_grid(Shapes& d, Vec2 pos) {
        const FlockParams& p = s_.params;
        const GridArea a = grid_search_area(p, s_.flock.size(), pos);
        if (!(a.cell > 4)) return;
        for (double x = a.cell; x < p.world_width; x += a.cell) d.line({x, 0}, {x, p.world_height}, 1, kGridLine);
        for (double y = a.cell; y < p.world_height; y += a.cell) d.line({0, y}, {p.world_width, y}, 1, kGridLine);
        if (s_.neighbors != NeighborMode::Grid) return;  // brute force: every boid is a candidate
        d.tri({a.x0, a.y0}, {a.x1, a.y0}, {a.x1, a.y1}, kGridBlock);
        d.tri({a.x0, a.y0}, {a.x1, a.y1}, {a.x0, a.y1}, kGridBlock);
        for (const auto& [u, v] : {std::pair<Vec2, Vec2>{{a.x0, a.y0}, {a.x1, a.y0}}, {{a.x1, a.y0}, {a.x1, a.y1}}, {{a.x1, a.y1}, {a.x0, a.y1}}, {{a.x0, a.y1}, {a.x0, a.y0}}}) {
            d.line(u, v, 1.5, kGridBlockEdge);
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
        draw_inspected(d);
        // While the canvas has the keyboard, the object the arrows move is ringed.
        if (focused) {
            if (s_.leader()) d.circle(s_.leader_target(), 26, 2, kFocusMark);
            else if (s_.hawk_mode() == HawkMode::Pointer && s_.hawk) d.circle(*s_.hawk, 16, 2, kFocusMark);
        }
    }

    std::vector<Vec2> focus() const override {
        std::vector<Vec2> f;
        if (s_.hawk) f.push_back(*s_.hawk);
        if (s_.leader()) f.push_back(s_.leader_target());
        if (s_.selected() >= 0) f.push_back(static_cast<const Scene&>(s_).positions()[static_cast<size_t>(s_.selected())]);
        return f;
    }

    void hud(const std::vector<Gauge>& g, bool paused, double time, bool compact) override {
        static const char* const kShort[kRuleCount] = {N_("sep"), N_("ali"), N_("coh"), N_("wan")};
        // A rule on at weight 0 does nothing: said so ("sep w=0"), not "ON"
        // (an experiment's run of separation 0 replayed here said "1:sep ON").
        const double weights[kRuleCount] = {s_.params.weight_separation, s_.params.weight_alignment, s_.params.weight_cohesion,
                                            s_.params.weight_wander};
        for (int i = 0; i < kRuleCount; ++i) {
            if (i) ImGui::SameLine();
            const bool acts = s_.rule(i) && weights[i] != 0;
            // A phone: a mark beside the name, so the state reads without colour ("sep+ ali- coh=0").
            if (compact) ImGui::TextColored(imgui_colour(acts ? kOn : kOff), "%s%s", tr(kShort[i]), acts ? "+" : s_.rule(i) ? "=0" : "-");
            else ui_text_coloured(imgui_colour(acts ? kOn : kOff), "%d:%s %s", i + 1, tr(kShort[i]), !s_.rule(i) ? tr("off") : acts ? tr("ON") : tr("w=0"));
        }
        if (compact) {  // a phone: the page's buttons and chart say the rest
            ui_text("%.1f px  %.2f  %.1f s%s", g.at(0).value, g.at(1).value, time, paused ? " ||" : "");
            const int i = s_.inspected();
            if (i >= 0 && explained_.boid == i) {
                ui_text("boid %d: %d nbrs, %.0f px/s²", i, static_cast<int>(explained_.neighbors.size()),
                            explained_.total.length());
            }
            return;
        }
        ui_text("spacing %5.1f px   order %.2f   t %.1f s%s", g.at(0).value, g.at(1).value, time,
                paused ? tr("   (paused)") : "");
        if (s_.hawk_mode() == HawkMode::Pursuit) {
            ui_text_coloured(imgui_colour(kHawk), "hawk: hunting the nearest boid");
        } else if (s_.hawk_mode() == HawkMode::Off) {
            ui_text_coloured(imgui_colour(kOff), "hawk: off");
        }
        if (s_.leader()) {
            ui_text_coloured(imgui_colour(kLeader), "leader: tap or click to set its target");
        }
        const int i = s_.inspected();
        if (i >= 0 && explained_.boid == i) {
            ui_text(explained_.neighbors.size() == 1 ? "boid %d%s: %d neighbour" : "boid %d%s: %d neighbours", i,
                    s_.selected() == i ? "" : tr(" (click a boid to pick another)"), static_cast<int>(explained_.neighbors.size()));
            // Weighted, as the arrows are drawn and as they add up to the total.
            ui_text_disabled("force x weight (px/s²):");
            for (const Explanation::Force& f : explained_.forces) {
                ImGui::SameLine();
                const ForceStyle& st = style_of(f.name);
                ui_text_coloured(imgui_colour(f.counted ? st.colour : kOff), "%s %.0f", tr(st.label), (f.value * f.weight).length());
            }
            ImGui::SameLine();
            ui_text("total %.0f", explained_.total.length());
            if (s_.overlay(2)) ui_text_disabled("arrows: force x weight, 1 px = %.1f px/s²", 1.0 / kArrowScale);
        }
    }

    void update_panels() override {
        const int i = s_.inspected();
        explained_ = i >= 0 ? s_.explain(i) : Explanation{};
        // The comparison a part per frame (each run's warm-up in 30 ms
        // slices, then its timing within 200 ms), so no frame waits long.
        if (compare_next_ >= 0) {
            const int i = compare_next_ / 2, brute = compare_next_ % 2 == 0;
            if (!compare_run_) compare_run_ = s_.bench(kSizes[i], brute ? "brute" : "grid", kFormedWarmup);
            if (compare_run_->warm(30.0) == 0) {
                compare_ms_[i][brute ? 0 : 1] = compare_run_->time(60, 200.0).median_ms;
                compare_run_.reset();
                if (++compare_next_ == 6) {
                    compare_next_ = -1;
                    compare_done_ = true;
                }
            }
        }
    }

    void tuning(double step_ms) override {
        if (!ImGui::CollapsingHeader(tr("Scaling"))) return;
        int brute = s_.neighbors == NeighborMode::Brute;
        ImGui::RadioButton(tr("brute force"), &brute, 1);
        ImGui::SameLine();
        ImGui::RadioButton(tr("grid"), &brute, 0);
        s_.neighbors = brute ? NeighborMode::Brute : NeighborMode::Grid;
        ui_text("step time %.3f ms (last 5 s, %d boids)", step_ms, s_.flock.size());
        if (ImGui::Button(compare_next_ >= 0 ? tr("measuring...") : tr("Compare 100 / 300 / 500 boids")) && compare_next_ < 0) {
            compare_next_ = 0;
            compare_done_ = false;
        }
        // Columns of a monospace font (ImGui's own): no table code in the page.
        if (compare_done_) {
            ImGui::TextUnformatted(tr(" boids  brute ms   grid ms  ratio"));
            for (int i = 0; i < 3; ++i) {
                ui_text("%6d %9.3f %9.3f %5.1fx", kSizes[i], compare_ms_[i][0], compare_ms_[i][1],
                            compare_ms_[i][1] > 0 ? compare_ms_[i][0] / compare_ms_[i][1] : 0.0);
            }
        }
    }

    void state_io(StateIO& io) override {
        io.flag(pointer_hawk_);
        io.flag(key_hawk_);
        bool done = compare_done_ && compare_next_ < 0;  // a comparison under way starts again by hand
        io.flag(done);
        for (auto& row : compare_ms_) io.array(row, [](StateIO& io, double& ms) { io.f64(ms); });
        compare_done_ = done;
    }

private:
    static constexpr int kSizes[3] = {100, 300, 500};
    Session& run_;  // the session: what the view says
    FlockScene& s_;
    bool pointer_hawk_ = false;  // the hawk follows the pointer (not the API)
    bool key_hawk_ = false;      // the keys placed the hawk: it stays until H or Escape
    int compare_next_ = -1;      // the comparison's next run (size x2 + grid), or -1: none under way
    std::unique_ptr<Scene::BenchRun> compare_run_;
    std::array<std::array<double, 2>, 3> compare_ms_{};  // [size][brute, grid]
    bool compare_done_ = false;
    Explanation explained_;  // the inspected boid, this frame
    DragPoint target_;       // the leader's target
};

const bool registered = register_view("flock", [](Session& s) -> std::unique_ptr<SceneView> {
    return std::make_unique<FlockView>(s);
});

}  // namespace
}  // namespace flocklab
