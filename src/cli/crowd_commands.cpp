// Looking ahead: the crowd scene's commands, crowd and field.
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
#include "core/crowd_scene.hpp"
#include "core/format.hpp"

namespace flocklab::cli {

// --walls and --goal, checked as looking_ahead.py's main() checks them (the
// goal must be a free cell), each refusal one line.
struct MazeArgs {
    std::string walls = "default", goal = "26,4";
};
MazeArgs maze_args(const Args& a) {
    MazeArgs m;
    if (a.has("walls")) m.walls = a.raw("walls");
    if (a.has("goal")) m.goal = a.raw("goal");
    std::vector<Cell> walls;
    std::string why;
    if (!Maze::parse_walls(m.walls, &walls, &why)) throw UsageError("--walls: " + why);
    Cell goal;
    if (!Maze::parse_cell(m.goal, &goal, &why)) throw UsageError("--goal: " + why);
    if (std::find(walls.begin(), walls.end(), goal) != walls.end()) {
        throw UsageError("--goal: cell " + m.goal + " is a wall; the goal must be a free cell");
    }
    return m;
}

// The crowd scene given the command's maze (through its options, as the widget sets them).
void configure_crowd(const Args& a, Scene& s) {
    const MazeArgs m = maze_args(a);
    for (const auto& [option, value] : {std::pair<const char*, std::string>{"goal", m.goal}, {"walls", m.walls}}) {
        const SetResult r = s.set(option, value);
        if (r.status == SetResult::Invalid) throw UsageError("--" + r.message);
    }
    if (a.has("follow")) {
        const SetResult r = s.set("follow", a.raw("follow"));
        if (r.status == SetResult::Invalid) throw UsageError("--follow: expected field or seek, got '" + shortened(a.raw("follow")) + "'");
    }
    if (a.has("agents")) s.set("agents", std::to_string(a.integer("agents", 40, 1, kMaxAgents)));
    if (!Crowd::spawnable(static_cast<CrowdScene&>(s).maze())) {
        throw UsageError("--walls/--goal: no free cell in columns 0-5 can reach the goal " + m.goal + ", so no agent can start");
    }
}

int cmd_crowd(const Args& a) {
    Session session(std::make_unique<CrowdScene>());
    auto& c = static_cast<CrowdScene&>(session.scene());
    configure_crowd(a, c);
    apply_sets(a, c);
    const std::uint64_t seed = static_cast<std::uint64_t>(a.integer("seed", 7, 0, static_cast<long long>(kMaxSeed)));
    if (a.has("seconds") && a.has("steps")) throw UsageError("give --seconds or --steps, not both");
    const long long steps = a.has("seconds") ? std::llround(a.number("seconds", 10, 0, 1e6) * 60) : a.integer("steps", 600, 0, 100000000);
    check_work("crowd", c.agent_noun(), c.params.num_agents, static_cast<double>(steps), 1);
    session.reset(seed);
    step_all(session, steps);
    if (a.has("json")) {
        std::cout << c.crowd().json(c.params, c.maze(), c.follow(), seed, steps) << "\n";
        return 0;
    }
    const std::vector<Gauge> g = c.gauges();
    std::printf("follow %s, seed %llu, %lld steps (%.2f s), goal %s: arrived %.0f, stuck %.0f, mean steps to goal %s\n",
                kFollowNames[static_cast<int>(c.follow())], static_cast<unsigned long long>(seed), steps, c.time(),
                c.maze().goal_text().c_str(), g[0].value, g[1].value, py_repr(g[2].value).c_str());
    return 0;
}

int cmd_field(const Args& a) {
    const MazeArgs m = maze_args(a);
    Maze maze = Maze::empty();
    Cell goal;
    std::string why;
    Maze::parse_cell(m.goal, &goal, &why);
    std::vector<Cell> walls;
    Maze::parse_walls(m.walls, &walls, &why);
    maze.set_goal(goal);
    maze.set_walls(walls);
    if (a.has("json")) {
        std::cout << maze.field_json() << "\n";
        return 0;
    }
    // The grid as text: each cell's distance, # for walls, . for no way.
    for (int r = 0; r < kRows; ++r) {
        for (int c = 0; c < kCols; ++c) {
            const int d = maze.distance({c, r});
            std::printf("%4s", maze.wall({c, r}) ? "#" : d < 0 ? "." : std::to_string(d).c_str());
        }
        std::printf("\n");
    }
    return 0;
}
// describe --scene crowd: --follow, --walls, --goal and --agents.
const bool kCrowdFlags = register_cli_scene({"crowd", {"follow", "walls", "goal", "agents"},
                                             configure_crowd});

}  // namespace flocklab::cli
