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

namespace flocklab {

namespace {

constexpr float kFramePadY = 6.0f;        // px: 13 px text + 2 x 6 = 25 px controls
constexpr double kMaxBackingPx = 2560.0;  // the backing store's longest side, device px
constexpr double kCompactWidth = 560.0;   // CSS px: narrower canvases get the compact HUD
constexpr double kFrameBudgetMs = 8.0;    // stepping per frame, so a few big widgets keep a page responsive

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// A slider over a double field, labelled with its unit.
// A slider showing `decimals` decimals, with the language's decimal mark
// (ImGui prints with '.': another mark is shown as the format's literal text,
// and the value is rounded here as ImGui would round it to the format).
bool slider(const char* label, double* v, double lo, double hi, int decimals) {
    char fmt[16];
    std::snprintf(fmt, sizeof fmt, "%%.%df", decimals);
    if (decimal_mark() == '.' || ImGui::TempInputIsActive(ImGui::GetID(label))) {
        return ImGui::SliderScalar(label, ImGuiDataType_Double, v, &lo, &hi, fmt, ImGuiSliderFlags_AlwaysClamp);
    }
    char shown[64];
    std::snprintf(shown, sizeof shown, fmt, *v);
    const std::string text = local_number(shown);  // digits, a sign and the mark: no '%'
    if (!ImGui::SliderScalar(label, ImGuiDataType_Double, v, &lo, &hi, text.c_str(), ImGuiSliderFlags_AlwaysClamp)) return false;
    const double scale = std::pow(10.0, decimals);
    *v = std::clamp(std::round(*v * scale) / scale, lo, hi);
    return true;
}

void warn(const std::string& message) { std::fprintf(stderr, "flocklab: %s\n", message.c_str()); }

std::map<std::string, ViewFactory>& views() {
    static std::map<std::string, ViewFactory> v;
    return v;
}

}  // namespace

bool register_view(const char* scene_name, ViewFactory make) {
    views()[scene_name] = std::move(make);
    return true;
}

std::unique_ptr<SceneView> make_view(Scene& scene) {
    const auto it = views().find(scene.name());
    return it == views().end() ? nullptr : it->second(scene);
}

// [SECTION] Lifetime

bool App::init(const AppConfig& cfg) {
    scene_ = make_scene(cfg.scene.empty() ? scene_names()[0] : cfg.scene);
    if (!scene_) {
        warn("data-scene=\"" + cfg.scene + "\" is not one of " + join(scene_names()) + "; using flock");
        scene_ = make_scene("flock");
    }
    view_ = make_view(*scene_);
    if (!view_) {
        warn(std::string("no view for the scene ") + scene_->name());
        return false;
    }
    // The page's data-* attributes, through the scene's own options.
    for (const std::string& w : apply_attributes(*scene_, cfg.attributes)) warn(w);
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
    const Vec2 world = scene_->world();
    // Sized to the world until the page reports the canvas's displayed size (resize()).
    window_ = SDL_CreateWindow("flocklab", 0, 0, static_cast<int>(world.x), static_cast<int>(world.y),
                               SDL_WINDOW_SHOWN | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!window_) {
        warn(std::string("cannot create a window: ") + SDL_GetError());
        return false;
    }
    painter_ = make_webgl_painter(window_);
    if (!painter_) {  // no WebGL: flocklab's rasteriser draws into a 2D canvas
        warn(std::string("no WebGL (") + SDL_GetError() + "); drawing in software");
        painter_ = make_software_painter();
    }
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
    hover_.reset();
    last_frame_ms_ = -1;
    return true;
}

void App::release_graphics() {
    if (!painter_) return;
    ui_input_.detach();
    painter_.reset();
    if (window_) SDL_DestroyWindow(window_);
    window_ = nullptr;
    hover_.reset();
}

bool App::draw_now() {
    if (!painter_) return false;
    draw();
    return true;
}

void App::shutdown() {
    if (!scene_) return;  // already shut down
    ui_input_.detach();
    if (ImGui::GetCurrentContext()) ImGui::DestroyContext();
    painter_.reset();
    if (window_) SDL_DestroyWindow(window_);
    window_ = nullptr;
    SDL_Quit();
    view_.reset();
    scene_.reset();
}

void App::set_visible(bool on) {
    visible_ = on;
    last_frame_ms_ = -1;  // the time away is not simulated
}

void App::frame() {
    if (!painter_) return;  // graphics could not be made again after a lost context: the page says so
    SDL_Event e;
    pressed_.reset();
    while (SDL_PollEvent(&e)) {
        ui_input_.event(e);
        handle_event(e);
    }
    // The pointer is the view's only while it is over the canvas and not over
    // a panel. Decided once per frame, not per event: SDL may deliver the
    // last motion event after the pointer has left (so the focus itself is
    // asked), and a panel's claim on the mouse is only known after ImGui's
    // next frame.
    if (SDL_GetMouseFocus() != window_) hover_.reset();
    const bool panel = ImGui::GetIO().WantCaptureMouse || (hover_ && over_panel(*hover_));
    const bool held = (SDL_GetMouseState(nullptr, nullptr) & SDL_BUTTON_LMASK) != 0;
    const auto world = [this, panel](const std::optional<Vec2>& ui) -> std::optional<Vec2> {
        if (panel || !ui) return std::nullopt;
        return to_world(*ui);
    };
    view_->pointer({world(hover_), world(pressed_), held && !panel, pressed_touch_, ui_per_world_});
    view_->focused = (SDL_GetWindowFlags(window_) & SDL_WINDOW_INPUT_FOCUS) != 0;
    const double t = now_ms();
    const double dt = last_frame_ms_ < 0 ? 0.0 : (t - last_frame_ms_) / 1000.0;
    last_frame_ms_ = t;
    update(dt);
    update_panels(t);
    // While a run to a time goes on, the frame is drawn a few times a second
    // (the progress line moves), and the time goes to the run.
    constexpr int kRunDrawEvery = 8;  // frames
    if (run_left_ > 0 && ++run_frames_ % kRunDrawEvery != 0) return;
    draw();
}

// [SECTION] Input

void App::handle_event(const SDL_Event& e) {
    const ImGuiIO& io = ImGui::GetIO();
    switch (e.type) {
        case SDL_MOUSEMOTION:  // also synthesised by SDL from touch
            hover_ = Vec2{static_cast<double>(e.motion.x), static_cast<double>(e.motion.y)};  // window px
            break;
        case SDL_MOUSEBUTTONDOWN:
            // Never both the panel's and the scene's: a tap on the panel's
            // header arrives before ImGui knows the pointer is over it, so
            // the panel's last rectangle decides too.
            if (e.button.button == SDL_BUTTON_LEFT && !io.WantCaptureMouse) {
                const Vec2 p{static_cast<double>(e.button.x), static_cast<double>(e.button.y)};
                if (!over_panel(p)) {
                    pressed_ = p;
                    pressed_touch_ = e.button.which == SDL_TOUCH_MOUSEID || finger_;
                }
            }
            break;
        case SDL_WINDOWEVENT:  // the pointer left (a lifted finger leaves what it placed where it was)
            if (e.window.event == SDL_WINDOWEVENT_LEAVE) hover_.reset();
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
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return false;  // typing into the panel's seed field
    // Inside the open panel, ImGui's keyboard navigation takes these (through SDL).
    Vec2 ignored;
    if (panel_focused_ && (arrow_step(k, &ignored) || k == "Enter" || k == " ")) return false;
    if (k == "t" && !repeat) {
        tuning_request_ = tuning_open_ ? 0 : 1;
        return true;
    }
    if (k == "?" && !repeat) {
        help_open_ = !help_open_;
        return true;
    }
    if (k == ".") {  // pause, then one step; say what the inspected agent does
        paused = true;
        step(1);
        scene_->say(scene_->explain_words(scene_->inspected()));
        return true;
    }
    return view_->key(k, repeat);
}

bool App::cancel() {
    if (help_open_) {
        help_open_ = false;
        return true;
    }
    if (tuning_open_) {
        tuning_request_ = 0;
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
    return p.x >= panel_min_.x && p.x <= panel_max_.x && p.y >= panel_min_.y && p.y <= panel_max_.y;
}

bool App::grabs(double fx, double fy, bool drag) const {
    const Vec2 world = scene_->world();
    const Vec2 p{fx * world.x, fy * world.y};
    return over_panel(p * ui_per_world_) || (drag && view_->draggable(p));
}

bool App::hold(double fx, double fy) {
    const Vec2 world = scene_->world();
    const Vec2 p{fx * world.x, fy * world.y};
    return !over_panel(p * ui_per_world_) && view_->hold(p);
}

bool App::compact() const { return ImGui::GetIO().DisplaySize.x < kCompactWidth; }

void App::resize(double css_w, double css_h, double dpr) {
    if (!painter_ || !(css_w >= 1) || !(css_h >= 1) || !(dpr > 0)) return;
    const int w = static_cast<int>(std::lround(css_w)), h = static_cast<int>(std::lround(css_h));
    int ww = 0, wh = 0;
    SDL_GetWindowSize(window_, &ww, &wh);
    if (w != ww || h != wh) SDL_SetWindowSize(window_, w, h);  // the backing store becomes w x h x dpr
    // ... at most kMaxBackingPx on its long side (a projector at dpr 3 would
    // otherwise ask for 5000+ px), then the renderer's viewport follows.
    const double scale = std::min(dpr, kMaxBackingPx / std::max(w, h));
    const int bw = std::max(1, static_cast<int>(std::lround(w * scale)));
    const int bh = std::max(1, static_cast<int>(std::lround(h * scale)));
    int pw = 0, ph = 0;
    painter_->output_size(&pw, &ph);
    if (bw != pw || bh != ph) {
        emscripten_set_canvas_element_size("#canvas", bw, bh);
        painter_->resized();
    }
    ui_per_world_ = w / scene_->world().x;
}

std::string App::ui_metrics() const {
    int ww = 0, wh = 0, pw = 0, ph = 0;
    if (painter_) {
        SDL_GetWindowSize(window_, &ww, &wh);
        painter_->output_size(&pw, &ph);
    }
    const ImGuiStyle& st = ImGui::GetStyle();
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "{\"textPx\": %.2f, \"controlPx\": %.2f, \"window\": [%d, %d], \"backing\": [%d, %d], "
                  "\"panel\": [%.1f, %.1f, %.1f, %.1f], \"compact\": %s, \"linePx\": %.2f, \"help\": %s, \"tuning\": %s, \"panelScroll\": %.1f, \"keysWaiting\": %d}",
                  ImGui::GetFontSize(), ImGui::GetFontSize() + 2 * st.FramePadding.y, ww, wh, pw, ph, panel_min_.x,
                  panel_min_.y, panel_max_.x, panel_max_.y, compact() ? "true" : "false",
                  ImGui::GetFontSize() + st.ItemSpacing.y, help_open_ ? "true" : "false", tuning_open_ ? "true" : "false", panel_scroll_, ui_input_.keys_waiting());
    return buf;
}

// [SECTION] Update

void App::update(double frame_seconds) {
    if (run_left_ > 0) {  // a run to a time goes on, a slice per frame
        run_slice(kFrameBudgetMs);
        return;
    }
    if (paused) {
        clock_.accumulator = 0;
        return;
    }
    const int n = clock_.advance(frame_seconds);
    if (n == 0) return;
    // At most kFrameBudgetMs of stepping per frame (at least one step): a big
    // flock slows down instead of holding up the page (typing, scrolling).
    const double t0 = now_ms();
    const int done = run_for(n, kFrameBudgetMs);
    record_step_time(now_ms() - t0, done);
}

int App::step(int n) {
    // At most kMaxCallMs of work, checked between steps.
    return run_for(std::clamp(n, 0, scene_->max_steps_per_call()), kMaxCallMs);
}

int App::run_for(int n, double budget_ms) {
    const double t0 = now_ms();
    int done = 0;
    while (done < n) {
        scene_->step(1);
        ++done;
        if (now_ms() - t0 > budget_ms) break;
    }
    return done;
}

void App::run_begin(std::uint64_t seed, int steps) {
    reset(seed);
    paused = true;  // and it stays there, so the gauges read the lab's numbers
    run_total_ = run_left_ = std::max(0, steps);
    if (run_left_ == 0) scene_->say(trf("Reset, seed {0}. ", {std::to_string(seed)}) + scene_->describe());
}

int App::run_slice(double budget_ms) {
    if (run_left_ <= 0) return 0;
    run_left_ -= run_for(std::min(run_left_, scene_->max_steps_per_call()), budget_ms);
    if (run_left_ == 0) scene_->say(trf("Ran to {0} s and paused. ", {fixed(scene_->time(), 1)}) + scene_->describe());
    return run_left_;
}

void App::run_cancel() {
    if (run_left_ > 0) scene_->say(trf("Stopped at {0} s.", {fixed(scene_->time(), 1)}));
    run_left_ = 0;
    paused = true;
}

void App::reset(std::uint64_t seed) {
    seed_input_ = seed;
    scene_->reset(seed);
    clock_.accumulator = 0;
    step_ms_count_ = step_ms_next_ = 0;
}

void App::record_step_time(double ms, int steps) {
    step_ms_[step_ms_next_] = ms;
    step_n_[step_ms_next_] = steps;
    step_ms_next_ = (step_ms_next_ + 1) % kStepWindow;
    step_ms_count_ = std::min(step_ms_count_ + 1, kStepWindow);
}

double App::step_time() const {
    double ms = 0;
    long long n = 0;
    for (int i = 0; i < step_ms_count_; ++i) {
        ms += step_ms_[i];
        n += step_n_[i];
    }
    return n > 0 ? ms / static_cast<double>(n) : 0.0;
}

// The HUD's gauges (about 4 times a second) and the view's own panel work.
void App::update_panels(double now) {
    if (now - hud_at_ms_ >= 250 || hud_.empty()) {
        hud_ = scene_->gauges();
        hud_at_ms_ = now;
    }
    view_->update_panels();
}

// [SECTION] Draw

void App::draw() {
    shapes_.v.clear();
    view_->draw(shapes_);
    painter_->clear(view_->background());
    // The shapes: world px to the backing store's pixels. ImGui: window (CSS)
    // px to the backing store's.
    int ww = 0, wh = 0, pw = 0, ph = 0;
    SDL_GetWindowSize(window_, &ww, &wh);
    painter_->output_size(&pw, &ph);
    const Vec2 world = scene_->world();
    painter_->triangles(shapes_.v, static_cast<float>(pw / world.x), static_cast<float>(ph / world.y));

    ui_input_.new_frame();
    ImGui::NewFrame();
    view_->labels(ImGui::GetBackgroundDrawList(), ui_per_world_);
    draw_hud();
    draw_tuning();
    draw_help();
    ImGui::Render();
    painter_->ui(*ImGui::GetDrawData(), ww > 0 ? static_cast<float>(pw) / ww : 1.0f,
                 wh > 0 ? static_cast<float>(ph) / wh : 1.0f);
    painter_->present();
}

void App::draw_hud() {
    ImGui::SetNextWindowPos(ImVec2(8, 8));
    ImGui::SetNextWindowBgAlpha(0.55f);
    constexpr ImGuiWindowFlags kHud = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing |
                                      ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    ImGui::Begin("##hud", nullptr, kHud);
    view_->hud(hud_, paused, scene_->time(), compact());
    if (run_left_ > 0) {
        ui_text_coloured(ImVec4(0.98f, 0.75f, 0.14f, 1), "running to %.1f s: %d%%", run_total_ * kLabDt,
                           static_cast<int>(100.0 * (run_total_ - run_left_) / std::max(1, run_total_)));
    }
    if (!compact()) draw_plot();
    ImGui::End();
}

// The first two gauges over the last minute of simulated time, each scaled
// to its own range, with a tick for every mark (a rule switched, a reset).
void App::draw_plot() {
    const History& h = scene_->history();
    if (h.size() < 2 || h.names().size() < 2) return;
    constexpr double kWindow = 60.0;  // s
    const double t1 = h.time(h.size() - 1);
    const double t0 = std::max(h.time(0), t1 - kWindow);
    int first = 0;
    while (first < h.size() - 1 && h.time(first) < t0) ++first;
    double top[2] = {0, 0};
    for (int k = first; k < h.size(); ++k) {
        for (int g = 0; g < 2; ++g) top[g] = std::max(top[g], std::isfinite(h.value(k, g)) ? h.value(k, g) : 0.0);
    }
    for (double& t : top) t = t > 0 ? t : 1.0;
    if (h.units()[1].empty()) top[1] = std::max(top[1], 1.0);  // a 0-1 gauge keeps its scale
    const ImVec2 size(260 * text_scale_, 52 * text_scale_);
    ImGui::Dummy(size);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(a, b, IM_COL32(0, 0, 0, 90));
    const double span = std::max(t1 - t0, 1e-9);  // the plot spans exactly the samples shown
    const auto x_of = [&](double t) { return a.x + static_cast<float>((t - t0) / span) * size.x; };
    const auto y_of = [&](double v, int g) {
        return b.y - 2 - static_cast<float>(std::clamp(v / top[g], 0.0, 1.0)) * (size.y - 4);
    };
    for (const History::Event& e : h.events()) {
        if (e.time < t0) continue;
        dl->AddLine(ImVec2(x_of(e.time), a.y), ImVec2(x_of(e.time), b.y), IM_COL32(251, 191, 36, 200), 1.5f);
    }
    constexpr ImU32 kColours[2] = {IM_COL32(125, 211, 252, 255), IM_COL32(128, 230, 153, 255)};
    // The previous run, faint, behind the current one, on the same times.
    const bool ghost = h.previous_size() > 1;
    if (ghost) {
        constexpr ImU32 kGhosts[2] = {IM_COL32(125, 211, 252, 90), IM_COL32(128, 230, 153, 90)};
        for (int g = 0; g < 2; ++g) {
            for (int k = 1; k < h.previous_size() && h.previous_time(k) <= t1; ++k) {
                if (h.previous_time(k - 1) < t0) continue;
                dl->AddLine(ImVec2(x_of(h.previous_time(k - 1)), y_of(h.previous_value(k - 1, g), g)),
                            ImVec2(x_of(h.previous_time(k)), y_of(h.previous_value(k, g), g)), kGhosts[g], 1.0f);
            }
        }
    }
    for (int g = 0; g < 2; ++g) {
        for (int k = first + 1; k < h.size(); ++k) {
            dl->AddLine(ImVec2(x_of(h.time(k - 1)), y_of(h.value(k - 1, g), g)), ImVec2(x_of(h.time(k)), y_of(h.value(k, g), g)),
                        kColours[g], 1.5f);
        }
    }
    const auto range = [&](int g) {
        char buf[64];
        const std::string& u = h.units()[g];
        std::snprintf(buf, sizeof buf, top[g] >= 10 ? "%s 0-%.0f%s%s" : "%s 0-%.1f%s%s", tr(h.names()[g].c_str()), top[g],
                      u.empty() ? "" : " ", tr(u.c_str()));
        return local_number(buf);
    };
    ImGui::TextColored(ImVec4(0.49f, 0.83f, 0.99f, 1), "%s", range(0).c_str());
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.6f, 1), "%s", range(1).c_str());
    ImGui::SameLine();
    ui_text_disabled(ghost ? "last %.0f s, faint: run before" : "last %.0f s", t1 - t0);
    if (!h.events().empty() && h.events().back().time >= t0) {
        ui_text_coloured(ImVec4(0.98f, 0.75f, 0.14f, 1), "| %s at %.1f s", h.events().back().what.c_str(),
                           h.events().back().time);
    }
}

// The keys for this scene and mode, from the one key table (words.hpp), in
// the middle of the canvas; ? or Escape closes it.
void App::draw_help() {
    if (!help_open_) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x - 16, display.y - 16));
    ImGui::SetNextWindowBgAlpha(0.92f);
    ImGui::Begin(tr("Keys (? or Escape closes)"), nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoFocusOnAppearing);
    const std::vector<std::string> contexts = scene_->key_contexts();
    const std::vector<KeyHelp> keys = keys_for(scene_->name(), &contexts);
    // Two columns: the keys, then what they do (wrapped).
    float key_w = 0;
    // A key's name is translated when it is a word ("Space", "Arrows"); letters and signs stay ("R", "A M P", "?").
    const auto key_name = [](const char* keys) {
        for (const char* c = keys; c[0] && c[1]; ++c) {
            if (std::isalpha(static_cast<unsigned char>(c[0])) && std::isalpha(static_cast<unsigned char>(c[1]))) return tr(keys);
        }
        return keys;
    };
    for (const KeyHelp& k : keys) key_w = std::max(key_w, ImGui::CalcTextSize(key_name(k.keys)).x);
    key_w += ImGui::GetStyle().ItemSpacing.x * 2;
    ImGui::PushTextWrapPos(std::max(200.0f, display.x - 140 * text_scale_));
    for (const KeyHelp& k : keys) {
        ImGui::TextColored(ImVec4(0.49f, 0.83f, 0.99f, 1), "%s", key_name(k.keys));
        ImGui::SameLine(key_w);
        ImGui::TextUnformatted(tr(k.what));
    }
    ImGui::PopTextWrapPos();
    ImGui::End();
}

void App::draw_tuning() {
    // Inside the canvas whatever its size. Closed, a header at the top
    // right; open, the header stays and the body below it scrolls (the wheel,
    // the scrollbar, or a finger's swipe). On a phone-sized canvas it opens
    // as a sheet over the lower two thirds, so the top of the scene stays in view.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImGuiStyle& st = ImGui::GetStyle();
    const float edge = 8.0f * text_scale_;  // CSS px
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoScrollbar |
                             ImGuiWindowFlags_NoScrollWithMouse;
    const bool opening = tuning_request_ == 1 || (tuning_open_ && tuning_request_ != 0);
    if (!opening) {
        flags |= ImGuiWindowFlags_AlwaysAutoResize;
        ImGui::SetNextWindowPos(ImVec2(display.x - edge, edge), ImGuiCond_Always, ImVec2(1, 0));
        // At least as wide as its header's label (a translation may be longer than "Tuning").
        const float label_w = ImGui::CalcTextSize(tr("Tuning")).x + ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 4 +
                              ImGui::GetStyle().WindowPadding.x * 2;
        ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(std::max(110 * text_scale_, label_w), display.x - 2 * edge), 0),
                                            ImVec2(display.x - 2 * edge, display.y - 2 * edge));
    } else if (compact()) {
        ImGui::SetNextWindowPos(ImVec2(0, std::floor(display.y / 3)), ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(display.x, display.y - std::floor(display.y / 3)), ImGuiCond_Always);
    } else {
        const float w = std::min(420.0f * text_scale_, display.x - 2 * edge);
        const float h = std::min(header_h_ + body_h_, display.y - 2 * edge);
        ImGui::SetNextWindowPos(ImVec2(display.x - edge, edge), ImGuiCond_Always, ImVec2(1, 0));
        ImGui::SetNextWindowSize(ImVec2(w, std::max(h, 40.0f)), ImGuiCond_Always);
    }
    ImGui::SetNextWindowBgAlpha(0.85f);
    // A header the whole width of the window: one click anywhere on it
    // opens or closes the panel.
    ImGui::Begin("##tuning", nullptr, flags);
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    panel_min_ = {at.x, at.y};
    panel_max_ = {at.x + size.x, at.y + size.y};
    // T opens it with the keyboard in it, and closes it giving the keys back to the scene.
    if (tuning_request_ >= 0) {
        ImGui::SetNextItemOpen(tuning_request_ == 1);
        if (tuning_request_ == 1) ImGui::SetWindowFocus();
        else ImGui::SetWindowFocus(nullptr);
        tuning_request_ = -1;
    }
    tuning_open_ = ImGui::CollapsingHeader(tr("Tuning"));
    panel_focused_ = tuning_open_ && ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    if (!tuning_open_) {
        ImGui::End();
        return;
    }
    header_h_ = ImGui::GetCursorPosY() + st.WindowPadding.y;
    ImGui::BeginChild("##body", ImVec2(0, 0), false, ImGuiWindowFlags_NavFlattened);
    // A swipe (or a drag) on the body, not on a control, scrolls it. (A
    // press on a window's background makes the window's "move" id active,
    // even when it cannot move; a control's own id means the control has it.)
    const ImGuiWindow* body = ImGui::GetCurrentWindow();
    const ImGuiID active = ImGui::GetActiveID();
    const bool on_background = active == 0 || active == body->MoveId || active == body->RootWindow->MoveId;
    if (ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f) &&
        on_background) {
        ImGui::SetScrollY(ImGui::GetScrollY() - ImGui::GetIO().MouseDelta.y);
    }
    panel_scroll_ = ImGui::GetScrollY();
    ImGui::PushItemWidth(130 * text_scale_);
    ImGui::PushTextWrapPos(0.0f);  // wrapped at the panel's edge, in any language
    ui_text_disabled("%s (the lab's random.Random seed)", tr(scene_->name()));
    ImGui::PopTextWrapPos();
    ImGui::InputScalar(tr("seed"), ImGuiDataType_U64, &seed_input_);
    if (ImGui::Button(paused ? tr("Play") : tr("Pause"))) paused = !paused;
    same_line_if_fits(tr("Step"));
    ImGui::BeginDisabled(!paused);
    if (ImGui::Button(tr("Step"))) step(1);  // one 1/60 s step (key .)
    ImGui::EndDisabled();
    same_line_if_fits(tr("Reset"));
    if (ImGui::Button(tr("Reset"))) {
        reset(seed_input_);
        scene_->action(trf("reset, seed {0}", {std::to_string(seed_input_)}));
    }
    same_line_if_fits(tr("Reset and run 10 s"));  // a phone: on a line of its own
    // The lab's gauges are read after 10 s: 600 fixed steps from the start.
    if (ImGui::Button(tr("Reset and run 10 s"))) run_begin(seed_input_, 600);
    // Every tunable from the params' field table, grouped, with its unit and range.
    const char* group = "";
    for (const Tunable& t : scene_->tunables()) {
        if (std::strcmp(group, t.group) != 0) {
            group = t.group;
            ImGui::TextDisabled("%s", tr(group));
        }
        // "separation" under "weights"; "view radius (px)". The name keeps the id unique.
        const std::string label = std::string(tr(t.label)) + (t.unit[0] ? std::string(" (") + tr(t.unit) + ")" : "") + "##" + t.name;
        const double span = t.hi - t.lo;
        slider(label.c_str(), t.value, t.lo, t.hi, span <= 10 ? 2 : 0);
    }
    // Whole-number options (the flock's size): applied when the slider is let go.
    for (const OptionSpec& o : scene_->options()) {
        if (o.kind != OptionKind::Count) continue;
        auto it = count_input_.find(o.name);
        if (it == count_input_.end() || !ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows)) {
            it = count_input_.insert_or_assign(o.name, std::atoi(scene_->get(o.name).c_str())).first;
        }
        ImGui::SliderInt((std::string(tr(option_heading(o))) + "##" + o.name).c_str(), &it->second, static_cast<int>(o.lo), static_cast<int>(o.hi), "%d",
                         ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::IsItemDeactivatedAfterEdit()) scene_->set(o.name, std::to_string(it->second));
    }
    // Switches (the rules, the overlays): one checkbox each.
    for (const OptionSpec& o : scene_->options()) {
        if (o.kind != OptionKind::Flags) continue;
        ImGui::TextDisabled("%s", tr(option_heading(o)));
        ImGui::PushID(o.name);
        const std::string now = scene_->get(o.name);
        for (size_t k = 0; k < o.values.size(); ++k) {
            bool on = now.find(std::string("\"") + o.values[k] + "\": true") != std::string::npos;
            if (k % 4) ImGui::SameLine();
            if (ImGui::Checkbox((std::string(tr(o.values[k])) + "##" + o.values[k]).c_str(), &on)) scene_->set(o.name, std::string(o.values[k]) + (on ? "=1" : "=0"));
        }
        ImGui::PopID();
    }
    if (ImGui::Button(tr("Lesson defaults"))) scene_->defaults();
    view_->tuning(step_time());
    ImGui::PopItemWidth();
    body_h_ = ImGui::GetCursorPosY() + st.WindowPadding.y;  // the body's full height, for the next frame's size
    ImGui::EndChild();
    ImGui::End();
}

// [SECTION] Text in the widget's language

namespace {
std::string printf_local(const char* fmt, va_list args) {
    char buf[512];
    std::vsnprintf(buf, sizeof buf, tr(fmt), args);
    return local_number(buf);
}
}  // namespace

// SameLine() when a button labelled `label` still fits on the current line
// (a longer translation wraps to the next line instead of being cut off).
void same_line_if_fits(const char* label) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float w = ImGui::CalcTextSize(label, nullptr, true).x + st.FramePadding.x * 2;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + st.ItemSpacing.x + w <= right) ImGui::SameLine();
}

void ui_text(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = printf_local(fmt, args);
    va_end(args);
    ImGui::TextUnformatted(s.c_str());
}

void ui_text_coloured(const ImVec4& colour, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = printf_local(fmt, args);
    va_end(args);
    ImGui::TextColored(colour, "%s", s.c_str());
}

void ui_text_disabled(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = printf_local(fmt, args);
    va_end(args);
    ImGui::TextDisabled("%s", s.c_str());
}

}  // namespace flocklab
