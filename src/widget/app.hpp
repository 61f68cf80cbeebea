// The platform layer: one App per canvas. It turns SDL input into scene
// changes, advances the scene with a fixed timestep (update), and draws it
// with SDL_Renderer and Dear ImGui (draw). All simulation lives in src/core.
#pragma once

#include <SDL.h>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/scene.hpp"

namespace flocklab {

enum class SceneKind { Flock, Steer };

// What the page asked for (data-* attributes, already checked by the shim and
// clamped again here).
struct AppConfig {
    SceneKind scene = SceneKind::Flock;
    std::uint64_t seed = 7;
    int boids = 60;
    SteerMode mode = SteerMode::Arrive;
    NeighborMode neighbors = NeighborMode::Grid;
    bool paused = false;
};

// Widget-side limit on the flock size: the scaling view goes up to here.
constexpr int kWidgetMaxBoids = 5000;
// step(n) and benchmark() run synchronously in the page: at most this many
// boid-steps per call, so no call can hang it.
constexpr long long kMaxBoidStepsPerCall = 3000000;
int max_steps_per_call(int boids);  // steps allowed per call for a flock this size

struct Gauges {
    double time = 0;  // s of simulated time
    double a = 0;     // flock: spacing (px); steer: speed (px/s)
    double b = 0;     // flock: order (0..1); steer: distance (px)
};

struct App {
    // [SECTION] Lifetime
    bool init(const AppConfig& cfg);
    void frame();  // events, update, draw: one browser animation frame

    // [SECTION] Control (the JS handle's methods land here)
    void reset(std::uint64_t seed);
    void step(int n);
    void set_flock_size(int n);
    bool set_target(Vec2 t);  // the steering target, clamped into the world; true if clamped
    Gauges gauges();
    double step_time_median() const;  // ms per step over the last 60 frames
    double benchmark(int boids, NeighborMode mode, int steps);

    // [SECTION] State
    AppConfig cfg;
    FlockScene flock;
    SteerScene steer;
    FixedStep clock;
    bool paused = false;

private:
    void handle_event(const SDL_Event& e);
    void update_pointer_hawk();
    void update(double frame_seconds);
    void update_panels(double now_ms);
    void draw();
    void draw_flock();
    void draw_steer();
    void draw_hud();
    void draw_tuning();
    void record_step_time(double ms_per_step);

    SDL_Window* window_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
    double last_frame_ms_ = -1;
    std::vector<SDL_Vertex> verts_;     // every shape of a frame: one draw call
    std::array<double, 60> step_ms_{};  // recent ms per step, for a moving median
    int step_ms_count_ = 0, step_ms_next_ = 0;
    Gauges hud_;                        // gauges for the HUD, refreshed ~4 times a second
    double hud_at_ms_ = -1e9;
    std::optional<Vec2> pointer_;       // px, while the pointer is over the canvas
    bool pointer_hawk_ = false;         // the hawk follows the pointer (not the API)
    std::uint64_t seed_input_ = 7;      // the tuning panel's seed field
    long long epoch_ = 0;               // counts resets: a new flock, same step count
    Gauges flock_gauges_;               // the flock's gauges at (steps, epoch) below
    long long flock_gauges_steps_ = -1, flock_gauges_epoch_ = -1;
    int compare_countdown_ = 0;         // frames until the 100/300/500 comparison runs
    std::array<std::array<double, 2>, 3> compare_ms_{};  // [size][brute, grid]
    bool compare_done_ = false;
};

}  // namespace flocklab
