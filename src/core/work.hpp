// How long work takes: the estimate the CLI refuses commands past, and a
// page's experiment too (the same figures, the page's step being slower).
// From the measured figures in tests/README.md, the grid with one thread:
// about 0.35 us per boid-step at 500 boids in the lesson's world, 1.2 us at
// 5000, 4.8 us at 100,000, as the flock grows denser; brute force about
// 0.9 ns x boids per boid-step.
#pragma once

#include <string>

namespace flocklab {

// The most one command or one experiment may work, by its estimate (s).
constexpr double kMaxWorkSeconds = 600;
// The page's step against the native one: 1.7-1.9 times in make bench-wasm.
constexpr double kPageSlowdown = 2;
// Microseconds per agent-step, with `dense` agents sharing one lesson-sized world.
double micros_per_agent_step(double agents, double dense, bool brute);
std::string whole_words(double v);     // "12"
std::string duration_words(double s);  // "40 s", "12 min", "2.5 h"
// A grid cell cleared and filled again at every step, whatever is in it: 2.7
// ns measured (2 boids in a world whose grid is 4096x4096 cells took 46 ms a step).
constexpr double kMicrosPerCell = 0.003;
// One step's estimate (us): `agents` at micros_per_agent_step, and a grid of `cells`.
double step_micros(double agents, double dense, bool brute, double cells = 0);
// The estimate (s) for `agents` x `steps` x `runs` (times `slowdown`).
double work_seconds(double agents, double steps, double runs, bool brute = false, double dense = 0, double slowdown = 1);
// Empty when `agents` x `steps` x `runs` is estimated within kMaxWorkSeconds
// (times `slowdown`); else one line that gives the estimate and how to ask
// for less: "sweep: 5000 boids x 36000 steps x 13 runs would take about ...".
// `noun`: one unit of the work ("boid", "agent").
std::string work_refusal(const std::string& what, const std::string& noun, double agents, double steps, double runs,
                         bool brute = false, double dense = 0, double slowdown = 1);
// The same for a step estimated as a whole (Scene::step_estimate(): its
// neighbour search and its grid counted as they will run).
std::string step_refusal(const std::string& what, const std::string& noun, double agents, double step_us, double steps,
                         double runs, double slowdown = 1);

}  // namespace flocklab
