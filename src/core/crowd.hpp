// Looking ahead: a crowd in a world of walls, heading for one goal cell,
// either seeking it in a straight line or following a flow field that one
// breadth-first search from the goal gives the whole crowd. Ported from
// ../shared/looking-ahead/looking_ahead.py so that every floating-point
// operation happens in its order (the golden files say so, bit for bit).
// Pure C++.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "flock.hpp"
#include "params.hpp"
#include "vec2.hpp"

namespace flocklab {

// [SECTION] The world's cells: the flock lab's 900 x 540 px in 30 px cells.
constexpr double kCellPx = 30.0;
constexpr int kCols = 30, kRows = 18, kCells = kCols * kRows;

struct Cell {
    int c = 0, r = 0;  // column, row
    friend constexpr bool operator==(Cell a, Cell b) { return a.c == b.c && a.r == b.r; }
    friend constexpr bool operator!=(Cell a, Cell b) { return !(a == b); }
};
constexpr bool in_grid(Cell k) { return k.c >= 0 && k.c < kCols && k.r >= 0 && k.r < kRows; }
constexpr int cell_index(Cell k) { return k.r * kCols + k.c; }
constexpr Cell cell_at(int index) { return {index % kCols, index / kCols}; }
// The cell a point is in, as Python's int(x // 30) finds it; false outside the world.
bool cell_of(Vec2 p, Cell* out);
Vec2 centre_of(Cell k);  // px

// The default maze: column 9, rows 0-12 (a gap at the bottom) and column 19,
// rows 5-17 (a gap at the top), so the way to the goal is an S.
constexpr Cell kDefaultGoal{26, 4};

// Walls, the goal, and what the search made of them: each cell's number of
// side steps to the goal (-1: a wall, or no way to the goal) and its arrow.
class Maze {
public:
    Maze();  // the default maze and goal, solved
    static Maze empty();  // no walls, the default goal

    bool wall(Cell k) const { return wall_[cell_index(k)]; }
    bool free(Cell k) const { return in_grid(k) && !wall_[cell_index(k)]; }
    Cell goal() const { return goal_; }
    int distance(Cell k) const { return in_grid(k) ? dist_[cell_index(k)] : -1; }
    Vec2 flow(Cell k) const { return flow_[cell_index(k)]; }  // unit, or zero (the goal, no way)
    int walls() const;  // how many

    // Both redo the search. A goal must be a free cell; a wall cannot go on the goal.
    bool set_goal(Cell k);
    bool set_wall(Cell k, bool on);
    void set_walls(const std::vector<Cell>& cells);  // all walls at once (none on the goal)
    bool is_default() const;

    // "default", "none" or "c,r;c,r;...", as the CLI and data-walls take them,
    // and the goal as "c,r". Refused (false, why set): a malformed list, a
    // cell outside the 30 x 18 grid. parse_walls does not check the goal.
    static bool parse_walls(const std::string& text, std::vector<Cell>* out, std::string* why);
    static bool parse_cell(const std::string& text, Cell* out, std::string* why);
    // The walls as parse_walls reads them back ("default", "none" or the
    // sorted list); the goal as "c,r".
    std::string walls_text() const;
    std::string goal_text() const;
    // The spec's `field` output: goal, walls, distance grid, flow vectors.
    std::string field_json() const;

private:
    void solve();  // the breadth-first search, then the arrows
    std::array<bool, kCells> wall_{};
    Cell goal_ = kDefaultGoal;
    std::array<int, kCells> dist_{};
    std::array<Vec2, kCells> flow_{};
};

// [SECTION] The crowd
enum class Follow { Field = 0, Seek = 1 };
constexpr const char* kFollowNames[] = {N_("field"), N_("seek")};

// The crowd's motion: one step per fixed dt. Agents look at the same state,
// then all move; the separation is the flock lab's own (its neighbour search
// and rule, through Flock).
class Crowd {
public:
    // p.num_agents agents drawn from random.Random(seed) in the spawn columns,
    // each in a cell that can reach the goal. None when no such cell exists
    // (spawnable() is then false).
    Crowd(const CrowdParams& p, const Maze& m, std::uint64_t seed);
    static bool spawnable(const Maze& m);  // a spawn column's free cell reaches the goal

    int size() const { return static_cast<int>(agents_.size()); }
    const Boid& agent(int i) const { return agents_[i]; }
    Vec2 force(int i) const { return force_[i]; }  // the last step's (px/s^2)
    // One step; both neighbour searches give the same bits (grid: the default).
    void step(const CrowdParams& p, const Maze& m, Follow follow, double dt, NeighborMode mode = NeighborMode::Grid);

    // [SECTION] Gauges, as the spec counts them
    int arrived(const CrowdParams& p, const Maze& m) const;  // within goal_radius of the goal's centre
    int stuck(const CrowdParams& p, const Maze& m) const;    // slower than stuck_speed, far from the goal
    int cut_off(const Maze& m) const;  // agents on a cell with no way to the goal (the search never reached it)
    bool stuck(int i, const CrowdParams& p, const Maze& m) const;
    // The mean of the agents' cells' distances (cells) over the agents that
    // have a way to the goal (0 when none has).
    double mean_steps_to_goal(const Maze& m) const;
    // Agent i's cell (its position is always in the world).
    Cell cell(int i) const;

    // The spec's `crowd` output.
    std::string json(const CrowdParams& p, const Maze& m, Follow follow, std::uint64_t seed, long long steps) const;
    // The agents and their last forces, written to or read from `io`.
    void state_io(StateIO& io);

private:
    Vec2 want(int i, const CrowdParams& p, const Maze& m, Follow follow) const;
    std::vector<Boid> agents_;
    std::vector<Vec2> force_, push_;
    Flock look_;  // the agents as a flock, for its neighbour search
};

}  // namespace flocklab
