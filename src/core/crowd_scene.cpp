#include "crowd_scene.hpp"

#include <algorithm>
#include <cmath>
#include <array>

#include "format.hpp"
#include "registry.hpp"
#include "words.hpp"

namespace flocklab {

// [SECTION] Registration (its keys: src/widget/crowd_keys.cpp, beside the view's key handler).
FLOCKLAB_REGISTER_SCENE(CrowdScene, "crowd", 2);

namespace {
const CrowdScene& C(const Scene& s) { return static_cast<const CrowdScene&>(s); }
CrowdScene& C(Scene& s) { return static_cast<CrowdScene&>(s); }
std::string agents_word(int n) { return trf(n == 1 ? "{0} agent" : "{0} agents", {std::to_string(n)}); }
}  // namespace

std::string cell_words(Cell k) { return trf("column {0}, row {1}", {std::to_string(k.c), std::to_string(k.r)}); }

const SceneInfo& CrowdScene::info() const {
    static const SceneInfo info = [] {
        std::vector<OptionSpec> v;
        OptionSpec follow{"follow", OptionKind::Choice, {kFollowNames, kFollowNames + 2}, 0, 0, false,
                          "field: every agent follows its cell's arrow; seek: straight at the goal. S switches; the agents stay put"};
        follow.heading = N_("follow");
        follow.read = [](const Scene& s, int) -> double { return static_cast<int>(C(s).follow()); };
        follow.write = [](Scene& s, int, double i) { C(s).set_follow(static_cast<Follow>(static_cast<int>(i))); };
        v.push_back(follow);
        // The goal before the walls, so an author's data-goal and data-walls
        // together work whatever the default goal and walls were.
        OptionSpec goal{"goal", OptionKind::Text, {}, 0, 0, false, "the goal cell as column,row (a wall there is taken away)"};
        goal.heading = N_("goal");
        goal.text = [](const Scene& s) { return C(s).maze().goal_text(); };
        goal.put = [](Scene& s, const std::string& text) -> SetResult {
            Cell k;
            std::string why;
            if (!Maze::parse_cell(text, &k, &why) || !C(s).set_goal(k, &why)) return {SetResult::Invalid, "goal: " + why};
            return {};
        };
        v.push_back(goal);
        OptionSpec walls{"walls", OptionKind::Text, {}, 0, 0, false,
                         "the wall cells: \"default\", \"none\" or \"c,r;c,r;...\" (not the goal's cell)"};
        walls.heading = N_("walls");
        walls.text = [](const Scene& s) { return C(s).maze().walls_text(); };
        walls.put = [](Scene& s, const std::string& text) -> SetResult {
            std::vector<Cell> cells;
            std::string why;
            if (!Maze::parse_walls(text, &cells, &why)) return {SetResult::Invalid, "walls: " + why};
            const Cell g = C(s).maze().goal();
            if (std::find(cells.begin(), cells.end(), g) != cells.end()) {
                return {SetResult::Invalid, "walls: cell " + std::to_string(g.c) + "," + std::to_string(g.r) +
                                                " is the goal; move the goal first"};
            }
            C(s).set_walls(cells);
            return {};
        };
        v.push_back(walls);
        OptionSpec agents{"agents", OptionKind::Count, {}, 1, kMaxAgents, false, "crowd size (a new crowd)"};
        agents.heading = N_("agents");
        agents.read = [](const Scene& s, int) -> double { return C(s).crowd().size(); };
        agents.write = [](Scene& s, int, double n) { C(s).set_agents(static_cast<int>(n)); };
        v.push_back(agents);
        OptionSpec selected{"selected", OptionKind::Count, {}, 0, kMaxAgents - 1, true,
                            "the agent whose path is drawn (click or tap one; none: agent 0)", nullptr, "select"};
        selected.heading = N_("selected");
        selected.read = [](const Scene& s, int) -> double { return C(s).selected() >= 0 ? C(s).selected() : std::nan(""); };
        selected.write = [](Scene& s, int, double i) { C(s).select(std::isnan(i) ? -1 : static_cast<int>(i)); };
        selected.hi_now = [](const Scene& s) -> double { return C(s).crowd().size() - 1; };
        selected.clamps = false;
        selected.what = "an agent";
        v.push_back(selected);
        OptionSpec paint{"paint", OptionKind::Toggle, {}, 0, 0, false,
                         "paint mode: a drag paints walls, and a finger's drag too instead of scrolling the page (B)"};
        paint.heading = N_("paint walls");
        paint.read = [](const Scene& s, int) -> double { return C(s).painting(); };
        paint.write = [](Scene& s, int, double on) { C(s).set_painting(on != 0); };
        v.push_back(paint);
        OptionSpec overlay{"overlay", OptionKind::Flags, {kCrowdOverlays, kCrowdOverlays + kCrowdOverlayCount}, 0, 0, false,
                           "what is drawn over the cells: the arrows, the search's distances, the inspected agent's path"};
        overlay.heading = N_("overlays");
        overlay.read = [](const Scene& s, int k) -> double { return C(s).overlay(k); };
        overlay.write = [](Scene& s, int k, double on) { C(s).set_overlay(k, on != 0); };
        v.push_back(overlay);
        // Looking ahead in one canvas: plain seeking beside the flow field.
        SceneInfo i{N_("crowd"), "agent", std::move(v), {{N_("plain seeking"), "follow=seek"}}};
        // "field": the search as the CLI's `field --json` prints it.
        i.readers = {{"field", [](const Scene& s) { return C(s).maze().field_json(); }}};
        i.cost = [](const Scene& s) { return StepCost::of(std::max(1, C(s).crowd().size())); };
        i.positions = [](const Scene& s) {
            std::vector<Vec2> p;
            for (int k = 0; k < C(s).crowd().size(); ++k) p.push_back(C(s).crowd().agent(k).pos);
            return p;
        };
        i.inspected = [](const Scene& s) { return C(s).inspected_agent(); };
        i.explain_words = [](Scene& s, int k) { return C(s).agent_words(k); };
        return i;
    }();
    return info;
}

std::string CrowdScene::label() const {
    return trf(follow_ == Follow::Field ? "Crowd simulation, {0} following the flow field. Press ? for keys."
                                        : "Crowd simulation, {0} seeking the goal. Press ? for keys.",
               {agents_word(crowd_.size())});
}

// [SECTION] Changes

void CrowdScene::set_follow(Follow f) {
    if (f != follow_) note(trf("follow {0}", {tr(kFollowNames[static_cast<int>(f)])}), "mode");
    follow_ = f;
}

void CrowdScene::set_walls(const std::vector<Cell>& cells) {
    const std::string before = maze_.walls_text();
    maze_.set_walls(cells);
    if (maze_.walls_text() != before) note(tr("walls changed"), "option");
}

bool CrowdScene::set_wall(Cell k, bool on, std::string* why, bool quiet) {
    std::string no;
    if (!why) why = &no;
    if (!in_grid(k)) {
        *why = tr("that cell is outside the grid");
        return false;
    }
    if (maze_.wall(k) == on) return true;
    if (on && k == maze_.goal()) {
        *why = trf("cell {0},{1} is the goal", {std::to_string(k.c), std::to_string(k.r)});
        return false;
    }
    for (int i = 0; on && i < crowd_.size(); ++i) {
        if (crowd_.cell(i) == k) {
            *why = trf("an agent is in {0}; a wall cannot go on it", {cell_words(k)});
            return false;
        }
    }
    maze_.set_wall(k, on);
    if (!quiet) note(trf(on ? "wall added at {0}" : "wall taken away at {0}", {cell_words(k)}), "option");
    return true;
}

void CrowdScene::painted(bool on, int count, Cell first, Cell last) {
    if (count <= 0) return;
    if (count == 1) {
        note(trf(on ? "wall added at {0}" : "wall taken away at {0}", {cell_words(first)}), "option");
        return;
    }
    note(trf(on ? "{0} walls added, from {1} to {2}" : "{0} walls taken away, from {1} to {2}",
             {std::to_string(count), cell_words(first), cell_words(last)}), "option");
}

bool CrowdScene::set_goal(Cell k, std::string* why) {
    if (!in_grid(k)) {
        if (why) *why = tr("that cell is outside the grid");
        return false;
    }
    if (k == maze_.goal()) return true;
    if (maze_.wall(k)) maze_.set_wall(k, false);
    maze_.set_goal(k);
    note(trf("goal moved to {0}", {cell_words(k)}), "option");
    return true;
}

void CrowdScene::set_agents(int n) {
    params.num_agents = std::clamp(n, 1, kMaxAgents);
    reset(seed());
}

int CrowdScene::inspected_agent() const {
    if (selected() >= 0) return selected();
    return overlays_[2] && crowd_.size() > 0 ? 0 : -1;
}

std::vector<Vec2> CrowdScene::path(int i) const {
    std::vector<Vec2> out;
    if (i < 0 || i >= crowd_.size()) return out;
    Cell k = crowd_.cell(i);
    out.push_back(crowd_.agent(i).pos);
    for (int n = 0; n < kCells && maze_.distance(k) > 0; ++n) {
        const Vec2 f = maze_.flow(k);
        if (f == Vec2{}) break;
        k = {k.c + (f.x > 0) - (f.x < 0), k.r + (f.y > 0) - (f.y < 0)};
        out.push_back(centre_of(k));
    }
    return out;
}

CrowdScene::StuckAt CrowdScene::stuck_at() const {
    std::array<int, kCols + 1> by_column{};  // the wall beside a stuck agent, by its column; [kCols]: none
    for (int i = 0; i < crowd_.size(); ++i) {
        if (!crowd_.stuck(i, params, maze_)) continue;
        const Cell k = crowd_.cell(i);
        int column = kCols;
        for (const Cell d : {Cell{1, 0}, Cell{-1, 0}, Cell{0, 1}, Cell{0, -1}}) {
            const Cell n{k.c + d.c, k.r + d.r};
            if (in_grid(n) && maze_.wall(n)) {
                column = n.c;
                break;
            }
        }
        ++by_column[column];
    }
    StuckAt best;
    for (int c = 0; c < kCols; ++c) {
        if (by_column[c] > best.count) best = {c, by_column[c]};
    }
    if (by_column[kCols] > best.count) best = {-1, by_column[kCols]};
    return best;
}

// [SECTION] In words

std::string CrowdScene::describe() {
    const int n = crowd_.size();
    std::string s = tr(follow_ == Follow::Field ? "Following the flow field. " : "Seeking the goal in a straight line. ");
    if (n == 0) return s + trf("No free cell in the first six columns can reach the goal at {0}, so there is no crowd.", {cell_words(maze_.goal())});
    const int arrived = crowd_.arrived(params, maze_), stuck = crowd_.stuck(params, maze_);
    s += agents_word(n) + ": " + trf(arrived == 1 ? "{0} has arrived" : "{0} have arrived", {std::to_string(arrived)}) + ", " +
         trf(stuck == 1 ? "{0} is held up. " : "{0} are held up. ", {std::to_string(stuck)});
    const StuckAt at = stuck_at();
    if (at.count > 0) {
        const std::string c = std::to_string(at.count);
        if (at.column >= 0) {
            s += trf(at.count == 1 ? "{0} agent is held up against the wall at column {1}. " : "{0} agents are held up against the wall at column {1}. ",
                     {c, std::to_string(at.column)});
        } else {
            s += trf(at.count == 1 ? "{0} agent is held up in the open. " : "{0} agents are held up in the open. ", {c});
        }
    }
    // The mean counts only the agents with a way to the goal (the lab's
    // gauge): said of them, never of a crowd that has none.
    const int cut = crowd_.cut_off(maze_);
    const std::string goal = cell_words(maze_.goal());
    if (cut == n) return s + trf("None of the crowd has a way to the goal at {0}: walls cut it off.", {goal});
    const std::string mean = fixed(crowd_.mean_steps_to_goal(maze_), 1);
    if (cut > 0) {
        return s + trf("On average the agents with a way there ({0} of {1}) are {2} cells from the goal at {3}.",
                       {std::to_string(n - cut), std::to_string(n), mean, goal});
    }
    return s + trf("On average the crowd is {0} cells from the goal at {1}.", {mean, goal});
}

std::string CrowdScene::agent_words(int i) {
    if (i < 0 || i >= crowd_.size()) return describe();
    const Boid& a = crowd_.agent(i);
    const Cell k = crowd_.cell(i);
    const int d = maze_.distance(k);
    std::string s = trf("Agent {0}, at {1}, ", {std::to_string(i), cell_words(k)}) +
                    (d < 0   ? std::string(tr("with no way to the goal"))
                     : d == 1 ? std::string(tr("1 cell from the goal"))  // agreement: never "1 cells"
                              : trf("{0} cells from the goal", {std::to_string(d)})) +
                    ": ";
    s += a.vel.length() < 1.0 ? std::string(tr("standing still"))
                              : trf("moving {0} at {1} px/s", {tr(compass(a.vel)), fixed(a.vel.length(), 0)});
    if (crowd_.stuck(i, params, maze_)) s += tr(", held up");
    if (follow_ == Follow::Seek || (d >= 0 && d <= params.arrive_cells)) return s + tr("; it heads straight for the goal.");
    if (d < 0) return s + tr("; it stops.");
    return s + trf("; it follows its cell's arrow, {0}.", {tr(compass(maze_.flow(k)))});
}

std::string CrowdScene::facts_json() {
    const StuckAt at = stuck_at();
    return "{\"follow\": " + get("follow") + ", \"agents\": " + std::to_string(crowd_.size()) + ", \"arrived\": " +
           std::to_string(crowd_.arrived(params, maze_)) + ", \"stuck\": " + std::to_string(crowd_.stuck(params, maze_)) +
           ", \"stuckAt\": {\"column\": " + (at.column >= 0 ? std::to_string(at.column) : "null") + ", \"count\": " +
           std::to_string(at.count) + "}, \"meanStepsToGoal\": " + py_repr(crowd_.mean_steps_to_goal(maze_)) +
           ", \"goal\": " + get("goal") + ", \"walls\": " + std::to_string(maze_.walls()) + "}";
}

std::string CrowdScene::change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                     const std::vector<Swing>& /*swings*/) {
    const auto count = [](double v) { return std::to_string(static_cast<long long>(v)); };
    const double a = before[0].value, b = after[0].value;
    std::string s = in_seconds(seconds);
    s += b == a ? trf("no more agents arrived ({0} have)", {count(b)}) : trf("arrived went from {0} to {1}", {count(a), count(b)});
    return s + trf(", and held up from {0} to {1}.", {count(before[1].value), count(after[1].value)});
}

// [SECTION] Simulation

void CrowdScene::restart(std::uint64_t seed) {
    sanitize(params);
    crowd_ = Crowd(params, maze_, seed);
}

void CrowdScene::state_io(StateIO& io) {
    crowd_.state_io(io);  // the maze is the lanes' shared setting (walls, goal)
    io.i32(selected_);
}

void CrowdScene::advance(int n) {
    sanitize(params);
    for (int i = 0; i < n; ++i) crowd_.step(params, maze_, follow_, kLabDt);
}

std::vector<Gauge> CrowdScene::gauges() {
    const double agents = crowd_.size();
    return {{N_("arrived"), N_("agents"), static_cast<double>(crowd_.arrived(params, maze_)), 0, agents},
            {N_("stuck"), N_("agents"), static_cast<double>(crowd_.stuck(params, maze_)), 0, agents},
            {N_("mean_steps_to_goal"), N_("cells"), crowd_.mean_steps_to_goal(maze_)}};
}

std::string CrowdScene::state_json() const {
    std::string o = "{\"agents\": [";
    for (int i = 0; i < crowd_.size(); ++i) o += (i ? ", " : "") + json_motion(crowd_.agent(i).pos, crowd_.agent(i).vel);
    return o + "], \"options\": {" + options_json(*this) + "}}";
}

std::vector<Tunable> CrowdScene::tunables() {
    return tunables_of(params);
}

}  // namespace flocklab
