// A scene's view: how the widget draws one kind of scene, what its HUD says,
// which keys and pointer gestures it takes, and its own tuning sections.
// One file per scene (flock_view.cpp, steer_view.cpp); each registers itself
// by the scene's name, so the platform layer (app.cpp) never names a scene.
#pragma once

#include <SDL.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <vector>

#include "core/session.hpp"
#include "draw.hpp"
#include "imgui.h"

namespace flocklab {

// The pointer as a view sees it in one frame, in world px, with whatever
// ImGui took already removed.
struct Pointer {
    std::optional<Vec2> hover;    // over the canvas (mouse, pen, or a finger down)
    std::optional<Vec2> pressed;  // a click or tap started here this frame
    bool held = false;            // a button or finger is down (a drag when hover moves)
    bool touch = false;           // the press came from a finger
    double css_per_world = 1.0;   // CSS px per world px (a finger's reach is in CSS px)
};

// A tap selects the nearest boid within this many CSS px of the finger
// (WCAG 2.5.8's 24 px target); a mouse keeps its reach in world px.
constexpr double kTouchPickCss = 24.0;

// Arrow keys move the object they move by this much (px), or kBigStep with Shift.
constexpr double kKeyStep = 10.0, kBigStep = 50.0;
// "ArrowLeft" / "Shift+ArrowUp" -> a step in world px; false for any other key.
bool arrow_step(const std::string& key, Vec2* step);

// ] and [: the next or previous of n agents after `now` (-1: none yet), wrapping.
inline int cycle(int now, int n, bool forward) {
    return now < 0 ? (forward ? 0 : n - 1) : (now + (forward ? 1 : n - 1)) % n;
}

// A touch this close (px) to something draggable (the hawk, a target) drags it.
constexpr double kGrabRadius = 36.0;

// A point that a click or tap places and that a drag starting on it carries.
struct DragPoint {
    bool dragging = false;
    // Where the pointer put the point this frame, if anywhere; on(p): the point is at p.
    template <class On>
    std::optional<Vec2> follow(const Pointer& p, On on) {
        std::optional<Vec2> to;
        if (p.pressed) {
            dragging = on(*p.pressed);
            to = p.pressed;
        } else if (p.held && dragging && p.hover) {
            to = p.hover;
        }
        if (!p.held) dragging = false;
        return to;
    }
};

class SceneView {
public:
    virtual ~SceneView() = default;
    virtual SDL_Color background() const = 0;
    virtual void pointer(const Pointer& p) = 0;    // once per frame, before the update
    // A key pressed on the focused canvas, by its web name ("ArrowLeft",
    // "Shift+ArrowUp", "h", "]", " "); `repeat` while held. True if used.
    virtual bool key(const std::string& k, bool repeat) = 0;
    virtual bool cancel() { return false; }        // Escape: true if it cleared something
    // A long press: a finger held still at world point p and lifted (the
    // page times it, kHoldMs in web/src/input.js). True if the view used it.
    virtual bool hold(Vec2 p) { (void)p; return false; }
    // Whether something draggable (the hawk, a target) is at world point p:
    // a touch there drags it instead of scrolling the page.
    virtual bool draggable(Vec2 p) const { (void)p; return false; }
    // The world points that matter most now (the goal, the selected agent,
    // the target): the HUD keeps off them, and off the agents (App::place_hud).
    virtual std::vector<Vec2> focus() const { return {}; }
    // The size (world px) of the smallest thing a finger must hit now, such
    // as a maze cell while painting; 0: nothing small. The page zooms the
    // canvas on a touch screen where it is under 24 CSS px (controls.js).
    virtual double tap_target() const { return 0; }
    // Where the keyboard's cursor is (world px) in a view that has one (the
    // crowd's cell cursor): a zoomed canvas keeps it in sight (zoom.js).
    virtual std::optional<Vec2> caret() const { return std::nullopt; }
    // What this configuration will not show when it is opened again (a saved
    // file, a link): those restart from the settings, as Reset does, and
    // carry no positions. Empty when a restart shows what the canvas holds
    // in kind (the crowd's: its start columns walled off, it has no agents).
    virtual std::string reopen_note() const { return {}; }
    virtual void draw(Shapes& s) = 0;              // the world
    // Text over the world (ImGui's background list, window px = world px x ui_per_world).
    virtual void labels(ImDrawList* list, double ui_per_world) { (void)list; (void)ui_per_world; }
    bool focused = false;  // the canvas has the keyboard: draw() marks what the arrows move
    // ImGui lines in the HUD window; gauges as of the HUD's last refresh.
    // compact: a small canvas (a phone), where the HUD keeps to the essentials.
    virtual void hud(const std::vector<Gauge>& gauges, bool paused, double time, bool compact) = 0;
    // ImGui sections after the tunables; step_ms: the live step time (median).
    virtual void tuning(double step_ms) { (void)step_ms; }
    virtual void update_panels() {}                // per-frame work for tuning(), outside drawing
    // What the view keeps between frames that a student would miss if it
    // went (a hawk the keys placed, the crowd's keyboard cell), written to or
    // read from `io`: a widget that gave up its instance comes back with it.
    virtual void state_io(StateIO& io) { (void)io; }
};

// A view's factory (a lambda without captures), kept in the scene's record
// of the one registry (src/core/registry.hpp).
using ViewFactory = std::unique_ptr<SceneView> (*)(Session&);
// Called at start-up by each view file; returns true so it can initialise a static.
bool register_view(const char* scene_name, ViewFactory make);
std::unique_ptr<SceneView> make_view(Session& session);  // nullptr if no view registered

// ImGui colour from an SDL colour (for HUD legends).
inline ImVec4 imgui_colour(SDL_Color c) { return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, 1.f); }

// Text in the widget's language: `fmt` is the English printf format (a key
// of the language table, core/lang.hpp); the printed numbers take the
// language's decimal mark. %s arguments are passed through tr() by the caller.
void ui_text(const char* fmt, ...) IM_FMTARGS(1);
void ui_text_coloured(const ImVec4& colour, const char* fmt, ...) IM_FMTARGS(2);
void ui_text_disabled(const char* fmt, ...) IM_FMTARGS(1);
// SameLine() when a button labelled `label` still fits on the current line.
void same_line_if_fits(const char* label);

}  // namespace flocklab
