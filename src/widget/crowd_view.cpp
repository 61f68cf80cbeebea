// The crowd scene's view (Looking ahead): the cells, walls and goal, the
// agents with their velocity, and the overlays (the flow field's arrows, the
// search's distances as a heat map with numbers, one agent's path ahead).
// A click toggles a wall and a drag paints walls; G moves the goal (to the
// cell cursor, or to the next click), a long press on touch too; S switches
// between following the field and seeking. The arrows move a cell cursor.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/crowd_scene.hpp"
#include "core/words.hpp"
#include "view.hpp"

namespace flocklab {
namespace {

constexpr SDL_Color kCrowdBg{17, 24, 39, 255};
constexpr SDL_Color kGridLine{71, 85, 105, 70};
constexpr SDL_Color kWall{100, 116, 139, 255};
constexpr SDL_Color kWallEdge{148, 163, 184, 255};
constexpr SDL_Color kGoal{250, 204, 21, 255};
constexpr SDL_Color kGoalCircle{250, 204, 21, 70};
constexpr SDL_Color kAgent{125, 211, 252, 255};
constexpr SDL_Color kArrived{134, 239, 172, 255};
constexpr SDL_Color kStuck{248, 113, 113, 255};
constexpr double kStuckShownAfter = 1.0;  // s stuck before an agent is drawn red
constexpr SDL_Color kVelocity{226, 232, 240, 150};
constexpr SDL_Color kFlow{148, 163, 184, 170};
constexpr SDL_Color kPath{250, 204, 21, 220};
constexpr SDL_Color kNoWay{30, 20, 30, 255};
constexpr SDL_Color kCursor{255, 255, 255, 230};
constexpr SDL_Color kLegend{161, 171, 191, 255};
// The heat map: near the goal warm, far cool.
constexpr SDL_Color kNear{180, 83, 9, 150}, kFar{30, 58, 138, 110};
// Cells at least this wide (CSS px) show their distance as a number.
constexpr double kNumbersFromCss = 22.0;

SDL_Color mix(SDL_Color a, SDL_Color b, double t) {
    const auto m = [t](Uint8 x, Uint8 y) { return static_cast<Uint8>(std::lround(x + (y - x) * t)); };
    return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a)};
}

void square(Shapes& d, Cell k, double inset, SDL_Color c) {
    const double x0 = k.c * kCellPx + inset, y0 = k.r * kCellPx + inset, x1 = (k.c + 1) * kCellPx - inset,
                 y1 = (k.r + 1) * kCellPx - inset;
    d.tri({x0, y0}, {x1, y0}, {x1, y1}, c);
    d.tri({x0, y0}, {x1, y1}, {x0, y1}, c);
}

void outline(Shapes& d, Cell k, double inset, double width, SDL_Color c) {
    const double x0 = k.c * kCellPx + inset, y0 = k.r * kCellPx + inset, x1 = (k.c + 1) * kCellPx - inset,
                 y1 = (k.r + 1) * kCellPx - inset;
    d.line({x0, y0}, {x1, y0}, width, c);
    d.line({x1, y0}, {x1, y1}, width, c);
    d.line({x1, y1}, {x0, y1}, width, c);
    d.line({x0, y1}, {x0, y0}, width, c);
}

class CrowdView : public SceneView {
public:
    explicit CrowdView(Session& run) : run_(run), s_(static_cast<CrowdScene&>(run.scene())), cursor_(s_.maze().goal()) {}

    SDL_Color background() const override { return kCrowdBg; }

    // [SECTION] Pointer
    void pointer(const Pointer& p) override {
        Cell at;
        const bool on_cell = p.hover && cell_of(*p.hover, &at);
        if (p.pressed && !goal_armed_ && near_goal(*p.pressed)) {  // a drag that starts on the goal carries it
            dragging_goal_ = true;
            return;
        }
        if (dragging_goal_) {
            if (!p.held) dragging_goal_ = false;
            else if (on_cell && s_.maze().free(at)) move_goal(at);  // over free cells only: a drag erases no wall
            return;
        }
        if (p.pressed) {
            Cell k;
            if (!cell_of(*p.pressed, &k)) return;
            if (goal_armed_) {  // G, then a click
                goal_armed_ = false;
                move_goal(k);
                return;
            }
            press_ = k;
            painting_ = !s_.maze().wall(k);  // the first cell decides: walls on, or off
            painted_ = 0;
            paint(k);
            return;
        }
        if (!press_) return;
        if (!p.held) {  // let go: the drag's cells in one sentence
            s_.painted(painting_, painted_, first_painted_, last_painted_);
            press_.reset();
        } else if (on_cell && at != *press_) {  // a drag paints every cell it enters
            // ... and every cell on the way from the last one, so that a
            // finger faster than the frames leaves no gap.
            const Cell from = *press_;
            const int n = std::max(std::abs(at.c - from.c), std::abs(at.r - from.r));
            for (int i = 1; i <= n; ++i) {
                paint({from.c + static_cast<int>(std::lround(static_cast<double>(at.c - from.c) * i / n)),
                       from.r + static_cast<int>(std::lround(static_cast<double>(at.r - from.r) * i / n))});
            }
            press_ = at;
        }
    }

    // A finger held still on a cell (the page times it) moves the goal
    // there; in paint mode a finger paints, however long it stays.
    bool hold(Vec2 q) override {
        Cell k;
        if (s_.painting() || !cell_of(q, &k)) return false;
        move_goal(k);
        return true;
    }

    std::vector<Vec2> focus() const override {
        std::vector<Vec2> f{centre_of(s_.maze().goal())};
        if (s_.selected() >= 0) f.push_back(static_cast<const Scene&>(s_).positions()[static_cast<size_t>(s_.selected())]);
        return f;
    }
    bool near_goal(Vec2 q) const { return (q - centre_of(s_.maze().goal())).length() <= kGrabRadius; }
    // What a finger's drag takes from the page's scrolling: the goal, or anywhere in paint mode.
    bool draggable(Vec2 q) const override { return s_.painting() || near_goal(q); }
    // While painting, a finger hits cells: the page zooms where they are small.
    double tap_target() const override { return s_.painting() ? kCellPx : 0; }
    std::optional<Vec2> caret() const override { return Vec2{(cursor_.c + 0.5) * kCellPx, (cursor_.r + 0.5) * kCellPx}; }
    std::string reopen_note() const override {
        if (s_.crowd().size() == 0 || Crowd::spawnable(s_.maze())) return {};
        return tr("The walls cut the start columns off from the goal: a saved file or a link opens as Reset would, with no agents.");
    }

    // [SECTION] Keys
    bool key(const std::string& k, bool repeat) override {
        Vec2 step;
        if (arrow_step(k, &step)) {
            const int n = k.rfind("Shift+", 0) == 0 ? 5 : 1;  // Shift: five cells
            cursor_ = {std::clamp(cursor_.c + (step.x > 0 ? n : step.x < 0 ? -n : 0), 0, kCols - 1),
                       std::clamp(cursor_.r + (step.y > 0 ? n : step.y < 0 ? -n : 0), 0, kRows - 1)};
            run_.say(cell_words(cursor_));
            return true;
        }
        if (repeat) return false;  // the rest are switches: a held key switches once
        if (k == " ") {
            paint_at_cursor();
        } else if (k == "g") {
            move_goal(cursor_);
            goal_armed_ = true;  // and the next click moves it too
        } else if (k == "s") {
            s_.set_follow(s_.follow() == Follow::Field ? Follow::Seek : Follow::Field);
        } else if (k == "b") {
            s_.set_painting(!s_.painting());
            run_.say(tr(s_.painting() ? "Paint mode: a drag paints walls, a finger's too." : "Paint mode off: a finger's drag scrolls the page."));
        } else if (k == "a" || k == "m" || k == "p") {
            const int o = k == "a" ? 0 : k == "m" ? 1 : 2;
            s_.set_overlay(o, !s_.overlay(o));
            static const char* const kShown[] = {N_("Arrows of the flow field shown."), N_("Distances to the goal shown."), N_("Path ahead shown.")};
            static const char* const kHidden[] = {N_("Arrows of the flow field hidden."), N_("Distances to the goal hidden."), N_("Path ahead hidden.")};
            run_.say(tr(s_.overlay(o) ? kShown[o] : kHidden[o]));
        } else if (k == "]" || k == "[") {
            if (s_.crowd().size() == 0) return false;
            s_.select(cycle(s_.selected(), s_.crowd().size(), k == "]"));
            run_.say(s_.explain_words(s_.selected()));
        } else {
            return false;
        }
        return true;
    }

    // Escape: a pending goal placement first, then the selection.
    bool cancel() override {
        if (goal_armed_) {
            goal_armed_ = false;
            return true;
        }
        if (s_.selected() < 0) return false;
        s_.select(-1);
        return true;
    }

    // [SECTION] Drawing
    void draw(Shapes& d) override {
        const Maze& m = s_.maze();
        const bool heat = s_.overlay(1), arrows = s_.overlay(0);
        int far = 1;
        for (int i = 0; i < kCells; ++i) far = std::max(far, m.distance(cell_at(i)));
        for (int i = 0; i < kCells; ++i) {
            const Cell k = cell_at(i);
            const int dist = m.distance(k);
            if (m.wall(k)) continue;
            if (dist < 0) square(d, k, 0, kNoWay);  // free, but no way to the goal
            else if (heat) square(d, k, 0, mix(kNear, kFar, static_cast<double>(dist) / far));
        }
        for (int c = 1; c < kCols; ++c) d.line({c * kCellPx, 0}, {c * kCellPx, kRows * kCellPx}, 1, kGridLine);
        for (int r = 1; r < kRows; ++r) d.line({0, r * kCellPx}, {kCols * kCellPx, r * kCellPx}, 1, kGridLine);
        for (int i = 0; i < kCells; ++i) {
            const Cell k = cell_at(i);
            if (m.wall(k)) {
                square(d, k, 0, kWall);
                outline(d, k, 0.5, 1, kWallEdge);
            } else if (arrows && m.distance(k) > 0) {
                // Under the cell's number when the numbers show, else across the cell.
                const Vec2 f = m.flow(k), c = centre_of(k) + Vec2{0, numbers_ ? 7.0 : 0.0};
                const double half = numbers_ ? 6.0 : 9.0;
                d.arrow(c - f * half, c + f * half, 1.5, kFlow);
            }
        }
        const Vec2 goal = centre_of(m.goal());
        d.circle(goal, s_.params.goal_radius, 1.5, kGoalCircle);
        square(d, m.goal(), 5, kGoal);
        const Crowd& crowd = s_.crowd();
        if (s_.overlay(2)) {
            const std::vector<Vec2> path = s_.path(s_.inspected());
            for (size_t i = 1; i < path.size(); ++i) d.line(path[i - 1], path[i], 2.5, kPath);
        }
        // Red only for an agent stuck a while (kStuckShownAfter of simulated
        // time): one a jam slows for a moment is not drawn as stuck.
        const double now = s_.time();
        if (stuck_since_.size() != static_cast<size_t>(crowd.size()) || now < drawn_at_) stuck_since_.assign(static_cast<size_t>(crowd.size()), -1.0);
        drawn_at_ = now;
        for (int i = 0; i < crowd.size(); ++i) {
            const Boid& a = crowd.agent(i);
            double& since = stuck_since_[static_cast<size_t>(i)];
            since = !crowd.stuck(i, s_.params, m) ? -1.0 : since < 0 ? now : since;
            const SDL_Color c = since >= 0 && now - since >= kStuckShownAfter ? kStuck
                                : a.pos.distance_to(goal) <= s_.params.goal_radius ? kArrived
                                                                                    : kAgent;
            d.line(a.pos, a.pos + a.vel * 0.15, 1.5, kVelocity);
            if (a.vel.length_squared() > 1.0) d.arrowhead(a.pos, a.vel, 0.9, c);
            else d.disc(a.pos, 4, c);  // standing still: no heading to point
        }
        const int i = s_.inspected();
        if (i >= 0) d.circle(crowd.agent(i).pos, 10, 2, kCursor);
        if (focused || goal_armed_) outline(d, cursor_, 1.5, 2.5, kCursor);  // what Space and G act on
    }

    // The distances as numbers, in their cells, while the heat map is shown
    // and the cells are wide enough to read them.
    void labels(ImDrawList* list, double ui_per_world) override {
        numbers_ = s_.overlay(1) && kCellPx * ui_per_world >= kNumbersFromCss;
        if (!numbers_) return;
        const double up = s_.overlay(0) ? 5.0 : 0.0;  // above the arrow
        const float size = static_cast<float>(std::min<double>(ImGui::GetFontSize(), kCellPx * ui_per_world * 0.5));
        char text[8];
        for (int i = 0; i < kCells; ++i) {
            const int dist = s_.maze().distance(cell_at(i));
            if (dist < 0) continue;
            std::snprintf(text, sizeof text, "%d", dist);
            const ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(size, 1e9f, 0, text);
            const Vec2 c = (centre_of(cell_at(i)) - Vec2{0, up}) * ui_per_world;
            list->AddText(ImGui::GetFont(), size, ImVec2(static_cast<float>(c.x) - extent.x / 2, static_cast<float>(c.y) - extent.y / 2),
                          IM_COL32(241, 245, 249, 220), text);
        }
    }

    void hud(const std::vector<Gauge>& g, bool paused, double time, bool compact) override {
        const char* mode = tr(s_.follow() == Follow::Field ? "FIELD" : "SEEK");
        if (compact) {
            ui_text("%s in %.0f held up %.0f %.1f s%s", mode, g.at(0).value, g.at(1).value, time, paused ? " ||" : "");
            if (goal_armed_) ui_text_coloured(imgui_colour(kGoal), "tap a cell: goal");
            else if (s_.painting()) ui_text_coloured(imgui_colour(kGoal), "paint: drag");
            return;
        }
        ui_text("%s   arrived %.0f   held up %.0f   mean %.1f cells   t %.1f s%s", mode, g.at(0).value, g.at(1).value,
                g.at(2).value, time, paused ? tr("   (paused)") : "");
        if (goal_armed_) ui_text_coloured(imgui_colour(kGoal), "click a cell to put the goal there (Escape: no)");
        else if (s_.painting()) ui_text_coloured(imgui_colour(kGoal), "paint mode: a drag paints walls (B: off)");
        else ui_text_coloured(imgui_colour(kLegend), "click: wall on/off   drag: paint walls   G: goal   S: seek/field   B: paint mode");
    }

    void tuning(double) override {
        if (!ImGui::CollapsingHeader(tr("Maze"))) return;
        if (ImGui::Button(tr("Default maze"))) s_.set("walls", "default");
        same_line_if_fits(tr("No walls"));
        if (ImGui::Button(tr("No walls"))) s_.set("walls", "none");
        ui_text("%d walls, goal at %s", s_.maze().walls(), s_.maze().goal_text().c_str());
    }

    void state_io(StateIO& io) override {
        io.i32(cursor_.c);
        io.i32(cursor_.r);
        if (io.reading() && !in_grid(cursor_)) io.fail("a keyboard cell outside the maze");
        io.f64s(stuck_since_);
        io.f64(drawn_at_);
        io.flag(goal_armed_);
        io.flag(numbers_);
    }

private:
    // A wall on or off at k (painting_ says which), said when refused; the
    // cells changed are counted, and noted when the press ends.
    void paint(Cell k) {
        std::string why;
        if (s_.maze().wall(k) == painting_) return;
        if (!s_.set_wall(k, painting_, &why, true)) {
            run_.say(trf("No wall there: {0}.", {why}));
            return;
        }
        if (painted_++ == 0) first_painted_ = k;
        last_painted_ = k;
    }

    void paint_at_cursor() {
        painting_ = !s_.maze().wall(cursor_);
        std::string why;
        if (!s_.set_wall(cursor_, painting_, &why)) {
            run_.say(trf("No wall there: {0}.", {why}));
            return;
        }
        // "No way there" is about the search: an agent on a cell it never reached
        // (not one that is merely slow, as every agent is before the run moves).
        const int cut = s_.crowd().cut_off(s_.maze());
        const bool all_reach = cut == 0 && Crowd::spawnable(s_.maze());
        // The whole answer now (set_wall noted the action; nothing more is said of it).
        // The mean is over the agents with a way there: none, no distance.
        run_.answer(trf(painting_ ? "Wall added at {0}." : "Wall taken away at {0}.", {cell_words(cursor_)}) + " " +
               (cut > 0 && cut == s_.crowd().size()
                    ? std::string(tr("The search is redone: no agent has a way to the goal now."))
                    : trf(all_reach ? "The search is redone: the crowd is now {0} cells from the goal on average."
                                    : "The search is redone: the crowd is now {0} cells from the goal on average, and some agents have no way there.",
                          {fixed(s_.crowd().mean_steps_to_goal(s_.maze()), 1)})));
    }

    void move_goal(Cell k) {
        if (k == s_.maze().goal()) return;
        std::string why;
        if (!s_.set_goal(k, &why)) run_.say(trf("The goal cannot go there: {0}.", {why}));
        cursor_ = s_.maze().goal();
    }

    Session& run_;  // the session: what the view says
    CrowdScene& s_;
    Cell cursor_;                 // the keyboard's cell
    std::optional<Cell> press_;   // the cell a press or drag is on
    bool painting_ = true;        // this press adds walls (true) or takes them away
    std::vector<double> stuck_since_;  // s: when each agent was first seen stuck, this time (-1: moving)
    double drawn_at_ = 0;              // s: the scene's time at the last draw (a smaller one: a reset)
    int painted_ = 0;             // cells this press changed, from first_painted_ to last_painted_
    Cell first_painted_, last_painted_;
    bool goal_armed_ = false;     // G was pressed: the next click moves the goal
    bool dragging_goal_ = false;
    bool numbers_ = false;        // the last frame showed the distances as numbers
};

const bool registered = register_view("crowd", [](Session& s) -> std::unique_ptr<SceneView> {
    return std::make_unique<CrowdView>(s);
});

}  // namespace
}  // namespace flocklab
