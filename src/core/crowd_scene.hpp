// The crowd scene (Looking ahead): a crowd heading for a goal cell past
// walls, seeking it in a straight line or following the flow field of one
// breadth-first search. Options: follow, walls, goal, agents, selected,
// overlay. Gauges: arrived, stuck (agents) and mean_steps_to_goal (cells).
#pragma once

#include <algorithm>
#include <optional>

#include "crowd.hpp"
#include "scene.hpp"

namespace flocklab {

// What the crowd's view can draw: the arrows, the search's distances as a
// heat map, and the inspected agent's path ahead along the arrows.
constexpr int kCrowdOverlayCount = 3;
constexpr const char* kCrowdOverlays[kCrowdOverlayCount] = {N_("field"), N_("distance"), N_("path")};

// "column 9, row 13", in the widget's language.
std::string cell_words(Cell k);

class CrowdScene : public Scene {
public:
    CrowdScene() { reset(kDefaultSeed); }

    // [SECTION] Scene
    const SceneInfo& info() const override;
    Vec2 world() const override { return {kCols * kCellPx, kRows * kCellPx}; }
    std::string label() const override;
    std::string describe() override;
    std::string facts_json() override;
    std::vector<Gauge> gauges() override;
    std::string state_json() const override;
    std::vector<Tunable> tunables() override;

    // [SECTION] Typed access (the view, the CLI and tests)
    const Crowd& crowd() const { return crowd_; }
    const Maze& maze() const { return maze_; }
    Follow follow() const { return follow_; }
    void set_follow(Follow f);  // the agents stay where they are
    // A wall on or off at a cell; false (and said why) for the goal's cell
    // or one that holds an agent. The search is redone at once.
    // `quiet`: not noted (a drag notes its cells once, with painted()).
    bool set_wall(Cell k, bool on, std::string* why = nullptr, bool quiet = false);
    // A drag's walls in one note: "3 walls added, from column 4, row 2 to column 4, row 4".
    void painted(bool on, int count, Cell first, Cell last);
    void set_walls(const std::vector<Cell>& cells);  // every wall at once (none on the goal)
    // The goal to a free cell (a wall there is taken away).
    bool set_goal(Cell k, std::string* why = nullptr);
    void set_agents(int n);  // clamped to [1, kMaxAgents]; a new crowd
    int selected() const { return selected_ < crowd_.size() ? selected_ : -1; }
    void select(int i) { selected_ = i >= 0 && i < crowd_.size() ? i : -1; }
    // inspected() (SceneInfo::inspected): the selected agent, else agent 0 while the path is drawn.
    bool overlay(int index) const { return overlays_[index]; }
    void set_overlay(int index, bool on) { overlays_[index] = on; }
    // Paint mode: a drag anywhere on the canvas paints walls, and a finger's
    // drag does too instead of scrolling the page (a phone's way to draw a maze).
    bool painting() const { return painting_; }
    void set_painting(bool on) { painting_ = on; }
    // Agent i's path ahead along the arrows: the centres of the cells it
    // would pass, from its own to the goal (at most kCells).
    std::vector<Vec2> path(int i) const;
    // Where the stuck agents are: the largest group's wall column (or -1)
    // and its size.
    struct StuckAt {
        int column = -1, count = 0;
    };
    StuckAt stuck_at() const;

    CrowdParams params;

protected:
    std::string change_sentence(const std::vector<Gauge>& before, const std::vector<Gauge>& after, double seconds,
                                const std::vector<Swing>& swings) override;
    void restart(std::uint64_t seed) override;
    void advance(int n) override;
    void state_io(StateIO& io) override;

private:
    std::string agent_words(int i);  // SceneInfo::explain_words
    int inspected_agent() const;     // SceneInfo::inspected
    Maze maze_;
    Follow follow_ = Follow::Field;
    Crowd crowd_{params, maze_, 7};
    int selected_ = -1;
    bool overlays_[kCrowdOverlayCount] = {};
    bool painting_ = false;
};

}  // namespace flocklab
