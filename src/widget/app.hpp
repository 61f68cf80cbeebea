// The platform layer: one App per canvas. It turns SDL input into pointer
// and key events for the scene's view, advances the scene with a fixed
// timestep (update), and draws it and Dear ImGui's panels through a Painter
// (WebGL, or the software fallback: paint.hpp).
// It knows scenes only through the Session and Scene interfaces
// (src/core/session.hpp, scene.hpp) and views only through SceneView
// (view.hpp). All simulation lives in src/core.
#pragma once

#include <SDL.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/session.hpp"
#include "ui_number.hpp"
#include "draw.hpp"
#include "imgui.h"
#include "paint.hpp"
#include "ui_input.hpp"
#include "view.hpp"

namespace flocklab {

// What the page asked for: the scene, the seed, and data-* attributes
// (name, value) that the scene's options may take. Anything unusable falls
// back to the lesson's default with a warning.
struct AppConfig {
    std::string scene;  // "": the default scene (the registry's first)
    std::string seed = "7";
    bool paused = false;
    std::vector<std::pair<std::string, std::string>> attributes;  // e.g. {"hawk", "pursuit"}
};

struct App {
    // [SECTION] Lifetime
    bool init(const AppConfig& cfg);
    void frame();  // events, update, draw: one browser animation frame
    void shutdown();  // frees ImGui, the painter, the window and SDL
    // A new window and painter on the page's new canvas, after the old one's
    // WebGL context was lost; the scene and ImGui's state carry on.
    bool restore_graphics();
    // Draws a frame now (the page takes a snapshot of it in the same task,
    // before it lets the widget's WebGL context go). False without graphics.
    bool draw_now();
    // Lets the window, the painter and their WebGL context go (the widget
    // gave its context to another); restore_graphics() makes them again.
    void release_graphics();
    bool visible() const { return visible_; }
    void set_visible(bool on);  // off: frames stop; on: the clock restarts (no catch-up)
    // The canvas's displayed size (CSS px) and devicePixelRatio: the window,
    // ImGui and the backing store follow it (the backing store capped at
    // kMaxBackingPx on its long side), while the scene keeps its world.
    void resize(double css_w, double css_h, double dpr);
    // The part of the canvas on the screen, x0 to x1 in window (CSS) px,
    // while the page shows only a part of it (zoomed for fingers, in a box
    // that scrolls sideways): the HUD and the Tuning panel keep inside it.
    // x1 <= x0: the whole canvas.
    void set_shown(double x0, double x1);
    // Text height and the smallest control height, in CSS px (for tests).
    std::string ui_metrics() const;
    // What a saved file or a link of this configuration will not show (SceneView::reopen_note).
    std::string reopen_note() const { return view_ ? view_->reopen_note() : std::string(); }

    // [SECTION] A snapshot (app_snapshot.cpp): the scene's whole session
    // (Session::snapshot) and the widget's own state around it (paused, the
    // speed, a play's stop, the help and the panel open, the seed field, the
    // view's), as bytes. A widget far from the viewport keeps only these
    // while its instance is gone; restore() puts them back in a new instance
    // started with the same page arguments: "" when done, else why not (and
    // nothing changed).
    std::string snapshot();
    std::string restore(const std::string& bytes);

    // [SECTION] Control (the JS handle's methods land here)
    void reset(std::uint64_t seed);
    // Reset, then run `steps` steps and pause there (the panel's "Reset and
    // run 10 s", the page's runTo()), in slices: run_slice() works at most
    // budget_ms and returns the steps still to run; each frame also runs a
    // slice. While a run is on, the clock does not step the scene.
    void run_begin(std::uint64_t seed, int steps);
    int run_slice(double budget_ms);
    void run_cancel();  // stops where it is, paused
    // Reset, then play in real time (the clock's fixed steps) and pause after
    // `steps` steps: a what-if watched from its start. Pause and resume keep
    // the stop; a reset, a run or another play ends it.
    void play_begin(std::uint64_t seed, int steps);
    int step(int n);                  // returns the steps run (bounded per call)
    // Escape: closes the help, then the panel, then the view's own (a
    // selection, a keyboard hawk); true if something used it.
    bool cancel();
    // Keys and typed characters not yet given to ImGui: in SDL's queue and the
    // platform layer's (uiMetrics().keysWaiting).
    int keys_on_the_way() const;
    bool press_on_the_way() const;  // a press on the panel, in SDL's queue
    // What the page's last pointerdown on the canvas was: a finger (true) or
    // a mouse or pen (a tap reaches SDL as mouse events; this tells them
    // apart), and whether Ctrl was held. SDL knows a modifier only from the
    // keys the canvas got: Ctrl pressed before the canvas had focus was not
    // seen, and Ctrl+click, which types into a slider, dragged it instead.
    void set_pointer(bool finger, bool ctrl);
    // A key on the focused canvas by its web name ("t", "?", ".", "Shift+ArrowUp";
    // "repeat:" first while held): true if the widget used it. The page sends
    // every key here first; what is not used goes on to SDL (ImGui's panel).
    bool key(const std::string& name);
    // HUD and panel size: 1 normally, more on a projector or in full screen.
    void set_text_scale(double s);
    // Whether a touch (drag = true) or a wheel turn (false) at (fx, fy)
    // (fractions of the canvas's width and height) belongs to the widget: on
    // the tuning panel, or for a touch on something the view lets you drag.
    // Anything else is left to the page, which scrolls.
    bool grabs(double fx, double fy, bool drag) const;
    // A finger held still at (fx, fy) of the canvas: the view's long press.
    bool hold(double fx, double fy);
    // Typing on a touch screen: a canvas cannot raise the on-screen keyboard,
    // so the page focuses a text field of its own when a finger taps a number
    // control (number_at, from the last frame), and hands its characters and
    // keys to the panel while it types (typing): "\b" is Backspace, "\x7f"
    // Delete, "\n" Enter, and as in Emacs "\x02" and "\x06" Left and Right,
    // "\x01" Home and "\x05" End; other control characters are dropped,
    // anything else is typed. They go through SDL's queue, as a keyboard's
    // do, so the panel has one way of typing.
    bool number_at(double fx, double fy) const;
    bool typing() const { return panel_.entry.id != 0; }
    bool type(const std::string& s);
    // ms per step over the last StepMeter::kWindow frames: their whole stepping time
    // over their steps, so a clock the browser coarsens to 0.1 ms (pages
    // without cross-origin isolation) still gives the real 0.03 ms of a
    // small flock on average, where each frame alone reads 0 or 0.1.
    double step_time() const;
    Scene& scene() { return session_->scene(); }
    const Scene& scene() const { return session_->scene(); }
    Session& session() { return *session_; }

    bool paused = false;
    // A what-if waiting for its student's prediction (the page's question,
    // web/src/predict.js): the panel's Play, Step and "Reset and run", and
    // the . key, run nothing; each counts an ask in `asked`, which the page
    // reads and answers (its question's Play, or "choose first").
    bool held = false;
    int asked = 0;
    bool ask_first();  // true, counted, while held
    double speed = 1.0;  // simulated seconds per real second while it plays (a slow-motion replay: 0.25)
    static constexpr double kMinSpeed = 0.1, kMaxSpeed = 4.0;  // speed's range: fl_set_speed() clamps to it, a snapshot is held to it

private:
    bool create_graphics();
    // The widget's own part of a snapshot, written from or read into `a`.
    struct Around {
        bool paused = false, help = false, tuning = false;
        bool hud_corner = false;  // the HUD's corner (Hud::corner): it moves only for a clear gain, so it depends on the run's past
        double speed = 1;
        int play_left = 0;
        std::uint64_t seed_input = 0;
    };
    static void around_io(StateIO& io, Around& a);
    void handle_event(const SDL_Event& e);
    void update(double frame_seconds);
    // Up to n steps, stopping once budget_ms is spent (at least one step);
    // `within`: before a step that would likely pass it (the longest so far).
    int run_for(int n, double budget_ms, bool within = false);
    void update_panels(double now_ms);
    void place_hud(double now_ms);  // the HUD's corner: the one over less of what matters
    void draw();
    void lay_out_panels();  // a frame drawn alone: its auto-sized panels fit what it shows
    void draw_hud();
    void draw_plot();
    void draw_what_if();  // the what-if lane's ghost, over the view's shapes
    void draw_lane_over_hud();  // ... and again over the HUD where the HUD would hide it
    void draw_tuning();
    void draw_help();
    void record_step_time(double ms, int steps);
    bool over_panel(Vec2 p) const;  // window px: inside the tuning panel (last frame)
    bool compact() const;           // a small canvas: the HUD keeps to the essentials
    bool hud_compact() const { return compact() || hud_.folded; }
    // The shown part's left and right edges (window px; the whole width
    // unless set_shown() says less).
    float shown_left() const;
    float shown_right() const;
    float shown_x0_ = 0, shown_x1_ = 0;

    std::unique_ptr<Session> session_;
    std::unique_ptr<SceneView> view_;
    FixedStep clock_;
    SDL_Window* window_ = nullptr;
    std::unique_ptr<Painter> painter_;
    UiInput ui_input_;                  // SDL's events to ImGui
    double last_frame_ms_ = -1;
    long frames_ = 0;  // frames whose input has been handled (uiMetrics().frames)
    bool visible_ = true;
    Shapes shapes_;                     // every shape of a frame: one draw call
    // The live step time: each frame's stepping over the last 5 s.
    struct StepMeter {
        static constexpr int kWindow = 300;        // frames (5 s at 60 frames/s)
        std::array<double, kWindow> ms{};          // each frame's stepping time (ms)
        std::array<int, kWindow> steps{};          // and its steps
        int count = 0, next = 0;
    } meter_;
    struct Hud {
        std::vector<Gauge> gauges;  // for the HUD, refreshed ~4 times a second
        double at_ms = -1e9;
        double time = -1;           // the scene's time (s) they were read at
        bool corner = false;        // false: top left; true: bottom right (out of the way)
        float x = 0, y = 0, w = 0, h = 0;  // where it was last drawn (window px)
        double placed_ms = -1e9;
        ImVec2 placed_for;                 // the display size it was placed for (a change places it at once)
        float placed_left = 0, placed_right = 0;  // ... and the shown part of it
        bool placed_lane_playing = false;  // ... and whether a what-if lane played
        float placed_h = 0;                // ... and its own height
        bool folded = false;               // drawn compact: whole, it would cover a focus point in either corner,
                                           // or a what-if lane plays (App::place_hud)
        float full_w = 0, full_h = 0;      // its whole size, while folded
    } hud_;
    // The pointer, as this frame sees it.
    struct Pointer {
        std::optional<Vec2> hover;    // window px, while the pointer is over the canvas
        std::optional<Vec2> pressed;  // window px, a press this frame not taken by ImGui
        bool pressed_touch = false;   // ... made by a finger
        bool finger = false;          // the page's last pointerdown was a finger
        // Where the pointer went while held, this frame, before its last
        // place: a slow frame may hold a whole drag, its release included.
        std::vector<Vec2> dragged;
        bool down = false;            // the left button or a finger is down, as the events say
    } pointer_;
    // The help and the tuning panel.
    struct Panel {
        bool help_open = false;        // ?: the keys
        bool tuning_open = false;      // the tuning panel, as last drawn
        bool focused = false;          // ... and the keyboard is in it
        long pressed_frame = -10;      // the frame that handled the last press on it
        std::map<std::pair<double, double>, std::vector<double>> stops;  // each range's slider stops, made once
        int request = -1;              // T: 1 open, 0 close, -1 nothing asked
        float header_h = 40, body_h = 400;  // CSS px: the open panel's header and body, last frame
        float scroll = 0;              // CSS px: how far its body is scrolled
        std::uint64_t seed_input = 7;  // the seed field
        std::map<std::string, int> count_input;  // the whole-number sliders, by option
        NumberEntry entry;             // the number being typed into the panel
        bool escape = false;           // Escape, waiting for the keys before it (App::cancel)
        Vec2 min, max;                 // window (CSS) px: the panel as last drawn
        bool low = false;              // the closed header at the bottom (off a focus point at the top right)
        bool left = false;             // ... and at the left (the HUD took the bottom right)
        std::string nav_item;          // the keyboard's item in the open panel, by name ("" none): a test waits on it
    } panel_;
    // A run to a time: steps still to go, of how many, and frames since it
    // began (it draws every few).
    struct Run {
        int left = 0, total = 0, frames = 0;
    } run_;
    int play_left_ = 0;  // play_begin(): steps until it pauses (0: none)
    ImGuiStyle base_style_;             // the style at text scale 1
    float text_scale_ = 1;              // set_text_scale()
    double ui_per_world_ = 1.0;         // window (CSS) px per world px
    Vec2 to_world(Vec2 ui) const { return ui / ui_per_world_; }
};

}  // namespace flocklab
