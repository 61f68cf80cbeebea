// App: events, keys, the pointer and the canvas's size.
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
#include "core/words.hpp"
#include "app_internal.hpp"

namespace flocklab {

using namespace app_detail;

// [SECTION] Input

void App::set_pointer(bool finger, bool ctrl) {
    pointer_.finger = finger;
    panel_.entry.finger = finger;  // a finger's tap on a slider types (ui_number.hpp)
    ImGui::GetIO().KeyCtrl = ctrl;  // the press that follows reads it (a key event sets it again)
}

void App::handle_event(const SDL_Event& e) {
    const ImGuiIO& io = ImGui::GetIO();
    switch (e.type) {
        case SDL_MOUSEMOTION:  // also synthesised by SDL from touch
            if (pointer_.down && pointer_.hover) pointer_.dragged.push_back(*pointer_.hover);
            pointer_.hover = Vec2{static_cast<double>(e.motion.x), static_cast<double>(e.motion.y)};  // window px
            break;
        case SDL_MOUSEBUTTONUP:  // the drag's last place is where it let go
            if (e.button.button == SDL_BUTTON_LEFT && pointer_.down) {
                pointer_.down = false;
                const Vec2 p{static_cast<double>(e.button.x), static_cast<double>(e.button.y)};
                pointer_.dragged.push_back(p);
                pointer_.hover = p;
            }
            break;
        case SDL_MOUSEBUTTONDOWN:
            if (e.button.button == SDL_BUTTON_LEFT) {
                pointer_.down = true;
                pointer_.dragged.clear();  // the press starts the path
            }
            // Never both the panel's and the scene's: a tap on the panel's
            // header arrives before ImGui knows the pointer is over it, so
            // the panel's last rectangle decides too.
            if (e.button.button == SDL_BUTTON_LEFT && panel_.tuning_open &&
                over_panel({static_cast<double>(e.button.x), static_cast<double>(e.button.y)})) {
                panel_.pressed_frame = frames_;
            }
            if (e.button.button == SDL_BUTTON_LEFT && !io.WantCaptureMouse) {
                const Vec2 p{static_cast<double>(e.button.x), static_cast<double>(e.button.y)};
                if (!over_panel(p)) {
                    pointer_.pressed = p;
                    pointer_.pressed_touch = e.button.which == SDL_TOUCH_MOUSEID || pointer_.finger;
                }
            }
            break;
        case SDL_WINDOWEVENT:  // the pointer left (a lifted finger leaves what it placed where it was)
            if (e.window.event == SDL_WINDOWEVENT_LEAVE) pointer_.hover.reset();
            break;
        default: break;
    }
}

bool arrow_step(const std::string& key, Vec2* step) {
    const bool shift = key.rfind("Shift+", 0) == 0;
    const std::string k = shift ? key.substr(6) : key;
    const double d = shift ? kBigStep : kKeyStep;
    if (k == "ArrowLeft") *step = {-d, 0};
    else if (k == "ArrowRight") *step = {d, 0};
    else if (k == "ArrowUp") *step = {0, -d};
    else if (k == "ArrowDown") *step = {0, d};
    else return false;
    return true;
}

bool App::key(const std::string& name) {
    const bool repeat = name.rfind("repeat:", 0) == 0;
    const std::string k = repeat ? name.substr(7) : name;
    if (panel_.entry.id) return false;  // typing a number into the panel
    // Inside the open panel, ImGui's keyboard navigation takes these (through
    // SDL); and while keys are on their way to the panel, every key follows
    // them there, so that none overtakes them: "Enter, 0, ., 5" types 0.5
    // even when no frame ran between the keys (Enter starts the typing).
    Vec2 ignored;
    if (panel_.focused && (arrow_step(k, &ignored) || k == "Enter" || k == " " || keys_on_the_way() > 0)) return false;
    // A press on the open panel not yet handled, or handled by a frame or two
    // (ImGui acts on a click over two frames: a click on the seed field, then
    // "123" at once): the keys follow it there, so none goes to the scene
    // ("1" toggled separation) or is lost.
    if (panel_.tuning_open && (press_on_the_way() || frames_ - panel_.pressed_frame <= 2)) return false;
    if (k == "t" && !repeat) {
        panel_.request = panel_.tuning_open ? 0 : 1;
        session_->say(tr(panel_.request ? "Tuning panel open: Tab moves through its settings, T or Escape closes it." : "Tuning panel closed."));
        return true;
    }
    if (k == "w" && !repeat) {  // the what-if lane on or off, for every scene
        const SetResult r = session_->toggle_what_if();
        if (r.status == SetResult::Invalid) session_->say(r.message);
        else if (const std::string both = session_->solid_words(); session_->what_if() && !both.empty()) {
            session_->say(trf("What if {0}: a second lane, hollow, runs beside the solid one; both lanes: {1}.", {session_->compared_words(), both}));
        } else if (session_->what_if()) session_->say(trf("What if {0}: a second lane, hollow, runs beside the lab's way.", {session_->compared_words()}));
        else session_->say(tr("The what-if lane is off."));
        return true;
    }
    if (k == "?" && !repeat) {
        panel_.help_open = !panel_.help_open;
        session_->say(tr(panel_.help_open ? "The keys are listed on the canvas; ? or Escape closes the list." : "Keys list closed."));
        return true;
    }
    if (k == ".") {  // pause, then one step; say what the inspected agent does
        if (ask_first()) return true;
        paused = true;
        step(1);
        session_->say(scene().explain_words(scene().inspected()));
        return true;
    }
    return view_->key(k, repeat);
}

bool App::ask_first() {
    if (held) ++asked;
    return held;
}

bool App::press_on_the_way() const {
    SDL_Event waiting[16];
    const int n = SDL_PeepEvents(waiting, 16, SDL_PEEKEVENT, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONDOWN);
    for (int i = 0; i < n; ++i) {
        if (over_panel({static_cast<double>(waiting[i].button.x), static_cast<double>(waiting[i].button.y)})) return true;
    }
    return false;
}

int App::keys_on_the_way() const {
    const int in_sdl = SDL_PeepEvents(nullptr, 0, SDL_PEEKEVENT, SDL_KEYDOWN, SDL_TEXTINPUT);  // NULL: counts them
    return ui_input_.keys_waiting() + std::max(in_sdl, 0);
}

bool App::cancel() {
    // Typing a number, or keys still on their way to the panel (Enter may
    // start typing): Escape waits for them, then drops the number or does
    // what it does here (App::draw).
    if (panel_.entry.id || (panel_.focused && keys_on_the_way() > 0)) {
        panel_.escape = true;
        return true;
    }
    if (panel_.help_open) {
        panel_.help_open = false;
        return true;
    }
    if (panel_.tuning_open) {
        panel_.request = 0;
        return true;
    }
    return view_->cancel();
}

void App::set_text_scale(double s) {
    if (!(s > 0) || !ImGui::GetCurrentContext()) return;
    s = std::clamp(s, 0.5, 4.0);
    ImGui::GetStyle() = base_style_;
    ImGui::GetStyle().ScaleAllSizes(static_cast<float>(s));
    ImGui::GetIO().FontGlobalScale = static_cast<float>(s);
    text_scale_ = static_cast<float>(s);
}

bool App::over_panel(Vec2 p) const {
    return p.x >= panel_.min.x && p.x <= panel_.max.x && p.y >= panel_.min.y && p.y <= panel_.max.y;
}

bool App::grabs(double fx, double fy, bool drag) const {
    const Vec2 world = scene().world();
    const Vec2 p{fx * world.x, fy * world.y};
    return over_panel(p * ui_per_world_) || (drag && view_->draggable(p));
}

bool App::hold(double fx, double fy) {
    const Vec2 world = scene().world();
    const Vec2 p{fx * world.x, fy * world.y};
    return !over_panel(p * ui_per_world_) && view_->hold(p);
}

bool App::number_at(double fx, double fy) const {
    if (!panel_.tuning_open) return false;
    const Vec2 world = scene().world();
    const Vec2 p = Vec2{fx * world.x, fy * world.y} * ui_per_world_;
    return number_control_at(ImVec2(static_cast<float>(p.x), static_cast<float>(p.y)));
}

bool App::type(const std::string& s) {
    if (!typing()) return false;
    const auto key = [](SDL_Scancode code) {
        for (const Uint32 type : {SDL_KEYDOWN, SDL_KEYUP}) {
            SDL_Event e{};
            e.type = type;
            e.key.keysym.scancode = code;
            e.key.keysym.sym = SDL_GetKeyFromScancode(code);
            SDL_PushEvent(&e);
        }
    };
    std::string text;
    const auto flush = [&] {
        if (text.empty()) return;
        SDL_Event e{};
        e.type = SDL_TEXTINPUT;
        std::snprintf(e.text.text, sizeof e.text.text, "%s", text.c_str());
        SDL_PushEvent(&e);
        text.clear();
    };
    for (const char c : s) {
        const SDL_Scancode code = c == '\b'   ? SDL_SCANCODE_BACKSPACE
                                  : c == '\x7f' ? SDL_SCANCODE_DELETE
                                  : c == '\n'   ? SDL_SCANCODE_RETURN
                                  : c == '\x02' ? SDL_SCANCODE_LEFT
                                  : c == '\x06' ? SDL_SCANCODE_RIGHT
                                  : c == '\x01' ? SDL_SCANCODE_HOME
                                  : c == '\x05' ? SDL_SCANCODE_END
                                                 : SDL_SCANCODE_UNKNOWN;
        if (code != SDL_SCANCODE_UNKNOWN) {
            flush();
            key(code);
        } else if (static_cast<unsigned char>(c) >= 0x20) {  // other control characters are not typed
            if (text.size() + 1 >= sizeof(SDL_Event{}.text.text)) flush();  // one event holds 31 bytes
            text += c;
        }
    }
    flush();
    return true;
}

bool App::compact() const { return shown_right() - shown_left() < kCompactWidth; }  // the part on the screen

void App::resize(double css_w, double css_h, double dpr) {
    if (!painter_ || !(css_w >= 1) || !(css_h >= 1) || !(dpr > 0)) return;
    const int w = static_cast<int>(std::lround(css_w)), h = static_cast<int>(std::lround(css_h));
    int ww = 0, wh = 0;
    SDL_GetWindowSize(window_, &ww, &wh);
    if (w != ww || h != wh) SDL_SetWindowSize(window_, w, h);  // the backing store becomes w x h x dpr
    // ... at most kMaxBackingPx on its long side (a projector at dpr 3 would
    // otherwise ask for 5000+ px), then the renderer's viewport follows. A
    // software painter gets kSoftwarePixels (Painter::software), but never
    // fewer than one per CSS px.
    double scale = std::min(dpr, kMaxBackingPx / std::max(w, h));
    if (painter_->software())
        scale = std::min(scale, std::max(std::min(dpr, 1.0), std::sqrt(kSoftwarePixels / (static_cast<double>(w) * h))));
    const int bw = std::max(1, static_cast<int>(std::lround(w * scale)));
    const int bh = std::max(1, static_cast<int>(std::lround(h * scale)));
    int pw = 0, ph = 0;  // the canvas's backing store as it is (SDL may have set it to w x h x dpr)
    emscripten_get_canvas_element_size("#canvas", &pw, &ph);
    if (bw != pw || bh != ph) {
        emscripten_set_canvas_element_size("#canvas", bw, bh);
        painter_->resized();
    }
    ui_per_world_ = w / scene().world().x;
}

void App::set_shown(double x0, double x1) {
    const bool whole = !(std::isfinite(x0) && std::isfinite(x1) && x1 > x0);
    shown_x0_ = whole ? 0.0f : static_cast<float>(x0);
    shown_x1_ = whole ? 0.0f : static_cast<float>(x1);
}

float App::shown_left() const {
    return shown_x1_ > shown_x0_ ? std::clamp(shown_x0_, 0.0f, ImGui::GetIO().DisplaySize.x) : 0.0f;
}

float App::shown_right() const {
    const float w = ImGui::GetIO().DisplaySize.x;
    return shown_x1_ > shown_x0_ ? std::clamp(shown_x1_, shown_left(), w) : w;
}

std::string App::ui_metrics() const {
    int ww = 0, wh = 0, pw = 0, ph = 0;
    if (painter_) {
        SDL_GetWindowSize(window_, &ww, &wh);
        emscripten_get_canvas_element_size("#canvas", &pw, &ph);  // the backing store, as capped
    }
    const ImGuiStyle& st = ImGui::GetStyle();
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "{\"hud\": [%.1f, %.1f, %.1f, %.1f], \"textPx\": %.2f, \"controlPx\": %.2f, \"window\": [%d, %d], \"backing\": [%d, %d], "
                  "\"panel\": [%.1f, %.1f, %.1f, %.1f], \"compact\": %s, \"linePx\": %.2f, \"help\": %s, \"tuning\": %s, \"panelScroll\": %.1f, \"keysWaiting\": %d, \"frames\": %ld}",
                  hud_.x, hud_.y, hud_.x + hud_.w, hud_.y + hud_.h, ImGui::GetFontSize(), ImGui::GetFontSize() + 2 * st.FramePadding.y, ww, wh, pw, ph, panel_.min.x,
                  panel_.min.y, panel_.max.x, panel_.max.y, compact() ? "true" : "false",
                  ImGui::GetFontSize() + st.ItemSpacing.y, panel_.help_open ? "true" : "false", panel_.tuning_open ? "true" : "false", panel_.scroll, keys_on_the_way(), frames_);
    // The view's focus points in window px (the page keeps its Play button off them).
    std::string focus;
    for (const Vec2 f : view_ ? view_->focus() : std::vector<Vec2>{}) {
        char pt[64];
        std::snprintf(pt, sizeof pt, "%s[%.1f, %.1f]", focus.empty() ? "" : ", ", f.x * ui_per_world_, f.y * ui_per_world_);
        focus += pt;
    }
    std::string out = buf;
    char tap[48];  // the view's smallest finger target now, in window (CSS) px; 0: none
    std::snprintf(tap, sizeof tap, ", \"tapPx\": %.2f", view_ ? view_->tap_target() * ui_per_world_ : 0.0);
    char caret[64] = "null";  // the keyboard's cursor in window px, where the view has one
    if (const std::optional<Vec2> c = view_ ? view_->caret() : std::nullopt)
        std::snprintf(caret, sizeof caret, "[%.1f, %.1f]", c->x * ui_per_world_, c->y * ui_per_world_);
    const char* software = painter_ && painter_->software() ? "true" : "false";  // its pixels are the CPU's work
    return out.substr(0, out.size() - 1) + tap + ", \"focus\": [" + focus + "], \"caret\": " + caret + ", \"software\": " + software +
           ", \"typing\": " + (typing() ? "true" : "false") + ", \"navItem\": \"" + panel_.nav_item + "\"}";
}
}  // namespace flocklab
