// The CLI's commands: one table (commands.cpp) names each command, its
// options and its usage text; `flocklab --help` prints the usage made from
// it. Each command's code is in a file of its own.
#pragma once

#include <memory>
#include <string>

#include "args.hpp"
#include "core/scene.hpp"

namespace flocklab::cli {

int cmd_gauges(const Args& a);
int cmd_scene_gauges(const Args& a, const std::string& scene);  // gauges --scene (sweep_command.cpp)
int cmd_dump(const Args& a);
int cmd_explain(const Args& a);
int cmd_bench(const Args& a);
int cmd_vehicle(const Args& a);
int cmd_describe(const Args& a);
int cmd_crowd(const Args& a);
int cmd_field(const Args& a);
int cmd_sweep(const Args& a);
int cmd_summarize(int argc, char** argv);
int cmd_keys(const Args& a);
// The crowd scene given the command's maze, --follow and --agents (crowd_commands.cpp).
void configure_crowd(const Args& a, Scene& s);

// Runs `flocklab ARGS...` (argv[0] is the program): the command's exit
// status; UsageError for a bad argument (main() prints it, exit 2).
int dispatch(int argc, char** argv);
// The usage text, made from the command table.
std::string usage();

}  // namespace flocklab::cli
