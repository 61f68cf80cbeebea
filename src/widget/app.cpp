// The widget's App: its lifetime and each frame. The rest of App, by job:
// input (app_input.cpp), the clock, stepping and run-to (app_clock.cpp), the
// HUD and the chart (app_hud.cpp), the keys' help (app_help.cpp), the
// tuning panel (app_tuning.cpp); text in the widget's language: ui_text.cpp.
#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdarg>
#include <cstring>
#include <map>

#include <emscripten/html5.h>

#include "imgui.h"
#include "imgui_internal.h"  // the body window's move id (a swipe on the panel scrolls it)
#include "font.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "app_internal.hpp"

namespace flocklab {

using namespace app_detail;

// The view's factory goes into the scene's record, as a plain function
// pointer the core keeps without knowing its type (cast back here only).
bool register_view(const char* scene_name, ViewFactory make) {
    return register_view_slot(scene_name, reinterpret_cast<ViewSlot>(make));
}

std::unique_ptr<SceneView> make_view(Session& session) {
    const ViewSlot slot = view_slot(session.scene().name());
    return slot ? reinterpret_cast<ViewFactory>(slot)(session) : nullptr;
}

// [SECTION] Lifetime

bool App::init(const AppConfig& cfg) {
    // Every registered scene whole: its key rows and its view (said once, at the first widget).
    static const bool checked = [] {
        for (const std::string& p : registry_problems(true)) warn(p);
        return true;
    }();
    (void)checked;
    session_ = make_session(cfg.scene.empty() ? scene_names()[0] : cfg.scene);
    if (!session_) {
        warn("data-scene=\"" + cfg.scene + "\" is not one of " + join(scene_names()) + "; using " + scene_names()[0]);
        session_ = make_session(scene_names()[0]);
    }
    view_ = make_view(*session_);
    if (!view_) {
        warn(std::string("no view for the scene ") + scene().name());
        return false;
    }
    // The page's data-* attributes, through the scene's own options.
    for (const std::string& w : apply_attributes(*session_, cfg.attributes)) warn(w);
    char* end = nullptr;
    const unsigned long long seed = std::strtoull(cfg.seed.c_str(), &end, 10);
    const bool seed_ok = !cfg.seed.empty() && *end == '\0' && cfg.seed[0] != '-' && seed <= kMaxSeed;
    if (!seed_ok && !cfg.seed.empty()) {
        warn("data-seed=\"" + cfg.seed + "\" is not a whole number from 0 to 2^53-1; using " + std::to_string(kDefaultSeed));
    }
    reset(seed_ok ? seed : kDefaultSeed);
    paused = cfg.paused;

    // Keys only while this instance's canvas has focus ("#canvas" maps to it).
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        warn(std::string("SDL_Init failed: ") + SDL_GetError());
        return false;
    }
    if (!create_graphics()) return false;
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no settings file on the web
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // T opens the panel; arrows, Enter and Escape work in it
    ImGui::StyleColorsDark();
    ui_font_atlas();  // ImGui's font, before its first frame
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 6.0f;
    style.Alpha = 0.95f;
    // ImGui works in CSS px (the window follows the canvas's displayed size):
    // 13 px text, and controls at least 25 px tall for fingers.
    style.FramePadding = ImVec2(8, kFramePadY);
    style.ItemSpacing = ImVec2(8, 6);
    style.ScrollbarSize = 18;
    style.GrabMinSize = 18;
    base_style_ = style;  // text_scale multiplies it
    io.BackendRendererName = "flocklab";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // both painters honour ImDrawCmd::VtxOffset
    ui_input_.attach(window_);
    return true;
}

// The window (its canvas is whatever "#canvas" names now) and a painter on
// it: WebGL, or flocklab's software rasteriser when there is none.
bool App::create_graphics() {
    const Vec2 world = scene().world();
    // Sized to the world until the page reports the canvas's displayed size (resize()).
    // No title: SDL would write a window's title into the host page's <title>.
    const auto open = [&](Uint32 flags) {
        window_ = SDL_CreateWindow(nullptr, 0, 0, static_cast<int>(world.x), static_cast<int>(world.y),
                                   SDL_WINDOW_SHOWN | SDL_WINDOW_ALLOW_HIGHDPI | flags);
        return window_ != nullptr;
    };
    if (!open(0)) {
        warn(std::string("cannot create a window: ") + SDL_GetError());
        return false;
    }
    if ((painter_ = make_webgl_painter())) return true;
    // No WebGL: flocklab's rasteriser draws into the canvas's 2D context.
    warn(std::string("no WebGL (") + SDL_GetError() + "); drawing in software");
    painter_ = make_software_painter();
    return true;
}

bool App::restore_graphics() {
    if (!ImGui::GetCurrentContext()) return false;  // not started, or shut down
    ui_input_.detach();
    painter_.reset();
    if (window_) SDL_DestroyWindow(window_);
    window_ = nullptr;
    if (!create_graphics()) return false;
    ui_input_.attach(window_);
    pointer_.hover.reset();
    last_frame_ms_ = -1;
    return true;
}

void App::release_graphics() {
    if (!painter_) return;
    ui_input_.detach();
    painter_.reset();
    if (window_) SDL_DestroyWindow(window_);
    window_ = nullptr;
    pointer_.hover.reset();
}

bool App::draw_now() {
    if (!painter_) return false;
    // What a frame reads besides the scene (the HUD's gauges, its corner):
    // none may have run since the start, a restore or the last change.
    update_panels(now_ms());
    lay_out_panels();
    draw();
    return true;
}

void App::shutdown() {
    if (!session_) return;  // already shut down
    ui_input_.detach();
    if (ImGui::GetCurrentContext()) ImGui::DestroyContext();
    painter_.reset();
    if (window_) SDL_DestroyWindow(window_);
    window_ = nullptr;
    SDL_Quit();
    view_.reset();
    session_.reset();
}

void App::set_visible(bool on) {
    visible_ = on;
    last_frame_ms_ = -1;  // the time away is not simulated
}

void App::frame() {
    if (!painter_) return;  // graphics could not be made again after a lost context: the page says so
    SDL_Event e;
    pointer_.pressed.reset();
    while (SDL_PollEvent(&e)) {
        ui_input_.event(e);
        handle_event(e);
    }
    // The pointer is the view's only while it is over the canvas and not over
    // a panel. Decided once per frame, not per event: SDL may deliver the
    // last motion event after the pointer has left (so the focus itself is
    // asked), and a panel's claim on the mouse is only known after ImGui's
    // next frame.
    if (SDL_GetMouseFocus() != window_) pointer_.hover.reset();
    const bool panel = ImGui::GetIO().WantCaptureMouse || (pointer_.hover && over_panel(*pointer_.hover));
    const bool held = (SDL_GetMouseState(nullptr, nullptr) & SDL_BUTTON_LMASK) != 0;
    const auto world = [this, panel](const std::optional<Vec2>& ui) -> std::optional<Vec2> {
        if (panel || !ui) return std::nullopt;
        return to_world(*ui);
    };
    // A drag's places since the last frame, in order, still held: the view
    // sees every one (the crowd paints each cell a finger crossed, a target
    // ends where the finger let go, however slow the frame).
    if (!panel && pointer_.hover) {
        for (const Vec2& at : pointer_.dragged) {
            view_->pointer({world(at), world(pointer_.pressed), true, pointer_.pressed_touch, ui_per_world_});
            pointer_.pressed.reset();
        }
    }
    pointer_.dragged.clear();
    view_->pointer({world(pointer_.hover), world(pointer_.pressed), held && !panel, pointer_.pressed_touch, ui_per_world_});
    view_->focused = (SDL_GetWindowFlags(window_) & SDL_WINDOW_INPUT_FOCUS) != 0;
    const double t = now_ms();
    const double dt = last_frame_ms_ < 0 ? 0.0 : (t - last_frame_ms_) / 1000.0;
    last_frame_ms_ = t;
    update(dt);
    update_panels(t);
    ++frames_;
    // While a run to a time goes on, the frame is drawn a few times a second
    // (the progress line moves), and the time goes to the run.
    constexpr int kRunDrawEvery = 8;  // frames
    if (run_.left > 0 && ++run_.frames % kRunDrawEvery != 0) return;
    draw();
}
}  // namespace flocklab
