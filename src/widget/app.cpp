#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "core/bench.hpp"
#include "imgui.h"
#include "imgui_impl_sdl.h"
#include "imgui_impl_sdlrenderer.h"

namespace flocklab {

namespace {

// [SECTION] Colours (the labs' palette)
constexpr SDL_Color kFlockBg{15, 23, 42, 255};
constexpr SDL_Color kBoid{125, 211, 252, 255};
constexpr SDL_Color kHawk{248, 113, 113, 255};
constexpr SDL_Color kHawkCircle{90, 40, 40, 255};
constexpr SDL_Color kSteerBg{18, 22, 34, 255};
constexpr SDL_Color kSlowCircle{60, 70, 100, 255};
constexpr SDL_Color kPanicCircle{100, 60, 60, 255};
constexpr SDL_Color kTarget{250, 204, 21, 255};
constexpr SDL_Color kVehicle{96, 165, 250, 255};
constexpr SDL_Color kVelocity{134, 239, 172, 255};
constexpr SDL_Color kForce{248, 113, 113, 255};

double now_ms() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// [SECTION] Geometry: every shape becomes triangles in one vertex buffer.
void tri(std::vector<SDL_Vertex>& v, Vec2 a, Vec2 b, Vec2 c, SDL_Color col) {
    for (Vec2 p : {a, b, c}) {
        v.push_back({{static_cast<float>(p.x), static_cast<float>(p.y)}, col, {0, 0}});
    }
}

void thick_line(std::vector<SDL_Vertex>& v, Vec2 a, Vec2 b, double width, SDL_Color col) {
    const Vec2 d = b - a;
    if (d.length_squared() == 0) return;
    const Vec2 n = Vec2{-d.y, d.x}.normalize() * (width / 2);
    tri(v, a + n, b + n, b - n, col);
    tri(v, a + n, b - n, a - n, col);
}

// Points on the unit circle, computed once: circles are drawn every frame.
template <int N>
const std::array<Vec2, N + 1>& unit_circle() {
    static const std::array<Vec2, N + 1> points = [] {
        std::array<Vec2, N + 1> a{};
        for (int i = 0; i <= N; ++i) a[i] = {std::cos(2 * M_PI * i / N), std::sin(2 * M_PI * i / N)};
        return a;
    }();
    return points;
}

void circle_outline(std::vector<SDL_Vertex>& v, Vec2 c, double r, double width, SDL_Color col) {
    const auto& u = unit_circle<72>();
    for (size_t i = 0; i + 1 < u.size(); ++i) {
        const Vec2 o0 = c + u[i] * (r + width / 2), i0 = c + u[i] * (r - width / 2);
        const Vec2 o1 = c + u[i + 1] * (r + width / 2), i1 = c + u[i + 1] * (r - width / 2);
        tri(v, o0, o1, i1, col);
        tri(v, o0, i1, i0, col);
    }
}

void disc(std::vector<SDL_Vertex>& v, Vec2 c, double r, SDL_Color col) {
    const auto& u = unit_circle<24>();
    for (size_t i = 0; i + 1 < u.size(); ++i) tri(v, c, c + u[i] * r, c + u[i + 1] * r, col);
}

// A boid as the lab draws it: a triangle pointing along its velocity.
void boid_triangle(std::vector<SDL_Vertex>& v, const Boid& b) {
    const Vec2 forward = b.vel.length_squared() > 0 ? b.vel.normalize() : Vec2{1, 0};
    const Vec2 side{-forward.y, forward.x};
    tri(v, b.pos + forward * 9, b.pos - forward * 6 + side * 5, b.pos - forward * 6 - side * 5, kBoid);
}

// A slider over a double field, labelled with its unit.
bool slider(const char* label, double* v, double lo, double hi, const char* fmt) {
    return ImGui::SliderScalar(label, ImGuiDataType_Double, v, &lo, &hi, fmt,
                               ImGuiSliderFlags_AlwaysClamp);
}

}  // namespace

// [SECTION] Lifetime

bool App::init(const AppConfig& c) {
    cfg = c;
    cfg.boids = std::clamp(cfg.boids, 2, kWidgetMaxBoids);
    paused = cfg.paused;
    flock.params.num_boids = cfg.boids;
    flock.neighbors = cfg.neighbors;
    flock.reset(cfg.seed);
    seed_input_ = cfg.seed;
    steer.vehicle.mode = cfg.mode;

    // Keys only while this instance's canvas has focus ("#canvas" maps to it).
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        std::fprintf(stderr, "flocklab: SDL_Init failed: %s\n", SDL_GetError());
        return false;
    }
    const bool is_flock = cfg.scene == SceneKind::Flock;
    const int w = static_cast<int>(is_flock ? flock.params.world_width : steer.params.world_width);
    const int h = static_cast<int>(is_flock ? flock.params.world_height : steer.params.world_height);
    // High-DPI: the canvas gets devicePixelRatio times as many pixels as the
    // world has, and everything is drawn scaled up, so it stays sharp on phones.
    window_ = SDL_CreateWindow("flocklab", 0, 0, w, h, SDL_WINDOW_SHOWN | SDL_WINDOW_ALLOW_HIGHDPI);
    if (window_) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (window_ && !renderer_) {  // no WebGL: SDL's software renderer draws into a 2D canvas
        std::fprintf(stderr, "flocklab: no WebGL (%s); drawing in software\n", SDL_GetError());
        renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
    }
    if (!renderer_) {
        std::fprintf(stderr, "flocklab: cannot create a renderer: %s\n", SDL_GetError());
        return false;
    }
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no settings file on the web
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 6.0f;
    ImGui::GetStyle().Alpha = 0.95f;
    ImGui_ImplSDL2_InitForSDLRenderer(window_);
    ImGui_ImplSDLRenderer_Init(renderer_);
    return true;
}

void App::frame() {
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        ImGui_ImplSDL2_ProcessEvent(&e);
        handle_event(e);
    }
    update_pointer_hawk();
    const double t = now_ms();
    const double dt = last_frame_ms_ < 0 ? 0.0 : (t - last_frame_ms_) / 1000.0;
    last_frame_ms_ = t;
    update(dt);
    update_panels(t);
    draw();
}

// [SECTION] Input

// The hawk is the pointer while it is over the canvas and not over a panel.
// Decided once per frame, not per event: SDL may deliver the last motion
// event after the pointer has left (so the focus itself is asked), and a
// panel's claim on the mouse is only known after ImGui's next frame.
void App::update_pointer_hawk() {
    if (cfg.scene != SceneKind::Flock) return;
    if (SDL_GetMouseFocus() != window_) pointer_.reset();
    if (pointer_ && !ImGui::GetIO().WantCaptureMouse) {
        flock.hawk = pointer_;
        pointer_hawk_ = true;
    } else if (pointer_hawk_) {  // leave a hawk set through the API alone
        flock.hawk.reset();
        pointer_hawk_ = false;
    }
}

void App::handle_event(const SDL_Event& e) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool flock_scene = cfg.scene == SceneKind::Flock;
    switch (e.type) {
        case SDL_MOUSEMOTION:  // also synthesised by SDL from touch
            pointer_ = Vec2{static_cast<double>(e.motion.x), static_cast<double>(e.motion.y)};
            break;
        case SDL_MOUSEBUTTONDOWN:
            if (!flock_scene && e.button.button == SDL_BUTTON_LEFT && !io.WantCaptureMouse) {
                set_target({static_cast<double>(e.button.x), static_cast<double>(e.button.y)});
            }
            break;
        case SDL_FINGERUP:  // a finger lifted or the pointer left
        case SDL_WINDOWEVENT:
            if (e.type == SDL_FINGERUP || e.window.event == SDL_WINDOWEVENT_LEAVE) pointer_.reset();
            break;
        case SDL_KEYDOWN:
            if (io.WantCaptureKeyboard || e.key.repeat) break;
            if (flock_scene) {
                switch (e.key.keysym.sym) {
                    case SDLK_1: flock.set_rule(0, !flock.rule(0)); break;
                    case SDLK_2: flock.set_rule(1, !flock.rule(1)); break;
                    case SDLK_3: flock.set_rule(2, !flock.rule(2)); break;
                    case SDLK_r: flock.all_rules_on(); break;
                    default: break;
                }
            } else if (e.key.keysym.sym == SDLK_SPACE) {
                steer.vehicle.mode = next_steer_mode(steer.vehicle.mode);
            }
            break;
        default: break;
    }
}

// [SECTION] Update

void App::update(double frame_seconds) {
    if (paused) {
        clock.accumulator = 0;
        return;
    }
    const int n = clock.advance(frame_seconds);
    if (n == 0) return;
    const double t0 = now_ms();
    step(n);
    if (cfg.scene == SceneKind::Flock) record_step_time((now_ms() - t0) / n);
}

int max_steps_per_call(int boids) {
    return static_cast<int>(std::max(1LL, kMaxBoidStepsPerCall / std::max(1, boids)));
}

void App::step(int n) {
    n = std::clamp(n, 0, max_steps_per_call(cfg.scene == SceneKind::Flock ? flock.flock.size() : 1));
    if (cfg.scene == SceneKind::Flock) flock.step(n);
    else steer.step(n);
}

void App::reset(std::uint64_t seed) {
    ++epoch_;
    seed_input_ = seed;
    if (cfg.scene == SceneKind::Flock) flock.reset(seed);
    else steer.reset();
    clock.accumulator = 0;
}

void App::set_flock_size(int n) {
    flock.params.num_boids = std::clamp(n, 2, kWidgetMaxBoids);
    flock.reset();
    ++epoch_;
    step_ms_count_ = 0;
}

bool App::set_target(Vec2 t) {
    // The target is where a click can put it: inside the world.
    const Vec2 inside{std::clamp(t.x, 0.0, steer.params.world_width),
                      std::clamp(t.y, 0.0, steer.params.world_height)};
    steer.vehicle.target = inside;
    return inside != t;
}

Gauges App::gauges() {
    if (cfg.scene == SceneKind::Flock) {
        // The flock changes only by stepping or resetting: measure it once
        // per state (the spacing gauge is the costly one at 5000 boids).
        if (flock_gauges_steps_ != flock.steps || flock_gauges_epoch_ != epoch_) {
            flock_gauges_ = {flock.time(), flock.flock.mean_spacing(), flock.flock.heading_order()};
            flock_gauges_steps_ = flock.steps;
            flock_gauges_epoch_ = epoch_;
        }
        return flock_gauges_;
    }
    return {steer.time(), steer.vehicle.speed(), steer.vehicle.distance()};
}

double App::benchmark(int boids, NeighborMode mode, int steps) {
    FlockParams p = flock.params;
    p.num_boids = std::clamp(boids, 2, kWidgetMaxBoids);
    steps = std::clamp(steps, 1, max_steps_per_call(p.num_boids));
    // Batches keep the browser's coarse clock usable; the 120-step warm-up (as
    // in the CLI's bench) lets the flock form.
    const int rounds = std::min(steps, 5);
    return bench_flock(p, flock.seed, mode, 120, rounds, std::max(1, steps / rounds)).median_ms;
}

void App::record_step_time(double ms) {
    step_ms_[step_ms_next_] = ms;
    step_ms_next_ = (step_ms_next_ + 1) % static_cast<int>(step_ms_.size());
    step_ms_count_ = std::min(step_ms_count_ + 1, static_cast<int>(step_ms_.size()));
}

double App::step_time_median() const {
    if (step_ms_count_ == 0) return 0;
    std::array<double, 60> s = step_ms_;
    std::sort(s.begin(), s.begin() + step_ms_count_);
    return s[step_ms_count_ / 2];
}

// The HUD's gauges (about 4 times a second) and the 100/300/500 comparison,
// which runs one frame after the click so "measuring..." can show first.
void App::update_panels(double now) {
    if (now - hud_at_ms_ >= 250) {
        hud_ = gauges();
        hud_at_ms_ = now;
    }
    if (compare_countdown_ > 0 && --compare_countdown_ == 0) {
        const int sizes[3] = {100, 300, 500};
        for (int i = 0; i < 3; ++i) {
            compare_ms_[i][0] = benchmark(sizes[i], NeighborMode::Brute, 60);
            compare_ms_[i][1] = benchmark(sizes[i], NeighborMode::Grid, 60);
        }
        compare_done_ = true;
    }
}

// [SECTION] Draw

void App::draw() {
    verts_.clear();
    if (cfg.scene == SceneKind::Flock) draw_flock();
    else draw_steer();
    const SDL_Color bg = cfg.scene == SceneKind::Flock ? kFlockBg : kSteerBg;
    SDL_SetRenderDrawColor(renderer_, bg.r, bg.g, bg.b, 255);
    SDL_RenderClear(renderer_);
    // World pixels to canvas pixels (devicePixelRatio), for the shapes and
    // for ImGui alike: its backend leaves a scale set by the caller to SDL.
    int ww = 0, wh = 0, pw = 0, ph = 0;
    SDL_GetWindowSize(window_, &ww, &wh);
    SDL_GetRendererOutputSize(renderer_, &pw, &ph);
    SDL_RenderSetScale(renderer_, ww > 0 ? static_cast<float>(pw) / ww : 1.0f,
                       wh > 0 ? static_cast<float>(ph) / wh : 1.0f);
    if (!verts_.empty()) {
        SDL_RenderGeometry(renderer_, nullptr, verts_.data(), static_cast<int>(verts_.size()), nullptr, 0);
    }

    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    draw_hud();
    draw_tuning();
    ImGui::Render();
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    SDL_RenderPresent(renderer_);
}

void App::draw_flock() {
    if (flock.hawk) {
        circle_outline(verts_, *flock.hawk, flock.params.panic_radius, 1.5, kHawkCircle);
        disc(verts_, *flock.hawk, 9, kHawk);
    }
    const int n = flock.flock.size();
    for (int i = 0; i < n; ++i) boid_triangle(verts_, flock.flock.boid(i));
}

void App::draw_steer() {
    const Vehicle& v = steer.vehicle;
    if (v.mode == SteerMode::Arrive) circle_outline(verts_, v.target, steer.params.slow_radius, 1.5, kSlowCircle);
    if (v.mode == SteerMode::Flee) circle_outline(verts_, v.target, steer.params.panic_radius, 1.5, kPanicCircle);
    disc(verts_, v.target, 8, kTarget);
    disc(verts_, v.pos, 12, kVehicle);
    thick_line(verts_, v.pos, v.pos + v.velocity * 0.3, 2, kVelocity);
    thick_line(verts_, v.pos, v.pos + v.accel * 0.1, 2, kForce);
}

void App::draw_hud() {
    ImGui::SetNextWindowPos(ImVec2(8, 8));
    ImGui::SetNextWindowBgAlpha(0.55f);
    constexpr ImGuiWindowFlags kHud = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing |
                                      ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    ImGui::Begin("##hud", nullptr, kHud);
    if (cfg.scene == SceneKind::Flock) {
        const char* names[3] = {"sep", "ali", "coh"};
        for (int i = 0; i < 3; ++i) {
            if (i) ImGui::SameLine();
            ImGui::TextColored(flock.rule(i) ? ImVec4(0.5f, 0.9f, 0.6f, 1) : ImVec4(0.6f, 0.6f, 0.65f, 1),
                               "%d:%s %s", i + 1, names[i], flock.rule(i) ? "ON" : "off");
        }
        ImGui::Text("spacing %5.1f px   order %.2f   t %.1f s%s", hud_.a, hud_.b, hud_.time,
                    paused ? "   (paused)" : "");
    } else {
        const char* modes[3] = {"SEEK", "FLEE", "ARRIVE"};
        ImGui::Text("%s   speed %5.1f px/s   distance %5.1f px%s", modes[static_cast<int>(steer.vehicle.mode)],
                    hud_.a, hud_.b, paused ? "   (paused)" : "");
        ImGui::TextColored(ImVec4(0.63f, 0.67f, 0.75f, 1), "green = velocity   red = steering force");
    }
    ImGui::End();
}

void App::draw_tuning() {
    const float w = static_cast<float>(ImGui::GetIO().DisplaySize.x);
    ImGui::SetNextWindowPos(ImVec2(w - 8, 8), ImGuiCond_Always, ImVec2(1, 0));
    ImGui::SetNextWindowSizeConstraints(ImVec2(96, 0), ImVec2(420, 520));
    ImGui::SetNextWindowBgAlpha(0.85f);
    // A header the whole width of a small window: one click anywhere on it
    // opens or closes the panel.
    ImGui::Begin("##tuning", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove);
    if (!ImGui::CollapsingHeader("Tuning")) {
        ImGui::End();
        return;
    }
    ImGui::PushItemWidth(130);
    if (cfg.scene == SceneKind::Flock) {
        FlockParams& p = flock.params;
        ImGui::TextDisabled("flock (the lab's random.Random seed)");
        ImGui::InputScalar("seed", ImGuiDataType_U64, &seed_input_);
        if (ImGui::Button("Reset")) reset(seed_input_);
        ImGui::SameLine();
        // The lab's gauges are read after 10 s: 600 fixed steps from the start.
        if (ImGui::Button("Reset and run 10 s")) {
            reset(seed_input_);
            step(600);
        }
        ImGui::TextDisabled("weights");
        slider("separation", &p.weight_separation, 0, 5, "%.2f");
        slider("alignment", &p.weight_alignment, 0, 5, "%.2f");
        slider("cohesion", &p.weight_cohesion, 0, 5, "%.2f");
        slider("flee", &p.weight_flee, 0, 10, "%.2f");
        ImGui::TextDisabled("radii and vision");
        slider("view radius (px)", &p.view_radius, 5, 200, "%.0f");
        slider("view angle (deg)", &p.view_angle, 30, 360, "%.0f");
        slider("sep radius (px)", &p.sep_radius, 0, 100, "%.0f");
        slider("panic radius (px)", &p.panic_radius, 0, 300, "%.0f");
        ImGui::TextDisabled("motion");
        slider("max speed (px/s)", &p.max_speed, 10, 500, "%.0f");
        slider("min speed (px/s)", &p.min_speed, 0, p.max_speed, "%.0f");
        slider("max force (px/s^2)", &p.max_force, 10, 2000, "%.0f");
        slider("reaction time (s)", &p.reaction_time, 0.02, 2.0, "%.2f");
        int n = p.num_boids;
        ImGui::SliderInt("flock size (boids)", &n, 2, kWidgetMaxBoids, "%d", ImGuiSliderFlags_AlwaysClamp);
        if (n != p.num_boids) p.num_boids = n;
        if (ImGui::IsItemDeactivatedAfterEdit()) set_flock_size(n);
        if (ImGui::Button("Lesson defaults")) {
            p = FlockParams{};
            set_flock_size(p.num_boids);
        }
        if (ImGui::CollapsingHeader("Scaling")) {
            int brute = flock.neighbors == NeighborMode::Brute;
            ImGui::RadioButton("brute force", &brute, 1);
            ImGui::SameLine();
            ImGui::RadioButton("grid", &brute, 0);
            flock.neighbors = brute ? NeighborMode::Brute : NeighborMode::Grid;
            ImGui::Text("step time %.3f ms (median, %d boids)", step_time_median(), flock.flock.size());
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
                const int sizes[3] = {100, 300, 500};
                for (int i = 0; i < 3; ++i) {
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn(); ImGui::Text("%d", sizes[i]);
                    ImGui::TableNextColumn(); ImGui::Text("%.3f", compare_ms_[i][0]);
                    ImGui::TableNextColumn(); ImGui::Text("%.3f", compare_ms_[i][1]);
                    ImGui::TableNextColumn();
                    ImGui::Text("%.1fx", compare_ms_[i][1] > 0 ? compare_ms_[i][0] / compare_ms_[i][1] : 0.0);
                }
                ImGui::EndTable();
            }
        }
    } else {
        VehicleParams& p = steer.params;
        slider("max speed (px/s)", &p.max_speed, 10, 600, "%.0f");
        slider("max force (px/s^2)", &p.max_force, 10, 3000, "%.0f");
        slider("reaction time (s)", &p.reaction_time, 0.02, 2.0, "%.2f");
        slider("slow radius (px)", &p.slow_radius, 1, 400, "%.0f");
        slider("panic radius (px)", &p.panic_radius, 0, 400, "%.0f");
        if (ImGui::Button("Lesson defaults")) p = VehicleParams{};
    }
    ImGui::PopItemWidth();
    ImGui::End();
}

}  // namespace flocklab
