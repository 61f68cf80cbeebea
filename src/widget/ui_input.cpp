#include "ui_input.hpp"

#include <algorithm>
#include <cstring>

namespace flocklab {

void UiInput::attach(SDL_Window* window) {
    window_ = window;
    ImGuiIO& io = ImGui::GetIO();
    io.BackendPlatformName = "flocklab";
    io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
    // ImGui 1.86 reads keys through io.KeysDown[io.KeyMap[key]]: SDL scancodes.
    constexpr std::pair<ImGuiKey, SDL_Scancode> kKeys[] = {
        {ImGuiKey_Tab, SDL_SCANCODE_TAB},           {ImGuiKey_LeftArrow, SDL_SCANCODE_LEFT},
        {ImGuiKey_RightArrow, SDL_SCANCODE_RIGHT},  {ImGuiKey_UpArrow, SDL_SCANCODE_UP},
        {ImGuiKey_DownArrow, SDL_SCANCODE_DOWN},    {ImGuiKey_PageUp, SDL_SCANCODE_PAGEUP},
        {ImGuiKey_PageDown, SDL_SCANCODE_PAGEDOWN}, {ImGuiKey_Home, SDL_SCANCODE_HOME},
        {ImGuiKey_End, SDL_SCANCODE_END},           {ImGuiKey_Insert, SDL_SCANCODE_INSERT},
        {ImGuiKey_Delete, SDL_SCANCODE_DELETE},     {ImGuiKey_Backspace, SDL_SCANCODE_BACKSPACE},
        {ImGuiKey_Space, SDL_SCANCODE_SPACE},       {ImGuiKey_Enter, SDL_SCANCODE_RETURN},
        {ImGuiKey_Escape, SDL_SCANCODE_ESCAPE},
        {ImGuiKey_A, SDL_SCANCODE_A},               {ImGuiKey_C, SDL_SCANCODE_C},
        {ImGuiKey_V, SDL_SCANCODE_V},               {ImGuiKey_X, SDL_SCANCODE_X},
        {ImGuiKey_Y, SDL_SCANCODE_Y},               {ImGuiKey_Z, SDL_SCANCODE_Z},
    };
    for (const auto& [key, code] : kKeys) io.KeyMap[key] = code;
    constexpr std::pair<ImGuiMouseCursor, SDL_SystemCursor> kCursors[] = {
        {ImGuiMouseCursor_Arrow, SDL_SYSTEM_CURSOR_ARROW},         {ImGuiMouseCursor_TextInput, SDL_SYSTEM_CURSOR_IBEAM},
        {ImGuiMouseCursor_ResizeAll, SDL_SYSTEM_CURSOR_SIZEALL},   {ImGuiMouseCursor_ResizeNS, SDL_SYSTEM_CURSOR_SIZENS},
        {ImGuiMouseCursor_ResizeEW, SDL_SYSTEM_CURSOR_SIZEWE},     {ImGuiMouseCursor_ResizeNESW, SDL_SYSTEM_CURSOR_SIZENESW},
        {ImGuiMouseCursor_ResizeNWSE, SDL_SYSTEM_CURSOR_SIZENWSE}, {ImGuiMouseCursor_Hand, SDL_SYSTEM_CURSOR_HAND},
        {ImGuiMouseCursor_NotAllowed, SDL_SYSTEM_CURSOR_NO},
    };
    for (const auto& [shape, system] : kCursors)
        if (!cursors_[shape]) cursors_[shape] = SDL_CreateSystemCursor(system);
    // A click that focuses the canvas is still a click.
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1");
    pressed_ = {};
    keys_.clear();
    last_counter_ = 0;
}

void UiInput::detach() {
    for (SDL_Cursor*& c : cursors_) {
        if (c) SDL_FreeCursor(c);
        c = nullptr;
    }
    window_ = nullptr;
}

void UiInput::event(const SDL_Event& e) {
    ImGuiIO& io = ImGui::GetIO();
    switch (e.type) {
        case SDL_MOUSEWHEEL:  // one notch per event, whatever its size
            io.MouseWheelH += static_cast<float>((e.wheel.x > 0) - (e.wheel.x < 0));
            io.MouseWheel += static_cast<float>((e.wheel.y > 0) - (e.wheel.y < 0));
            break;
        case SDL_MOUSEBUTTONDOWN:
            if (e.button.button == SDL_BUTTON_LEFT) pressed_[0] = true;
            if (e.button.button == SDL_BUTTON_RIGHT) pressed_[1] = true;
            if (e.button.button == SDL_BUTTON_MIDDLE) pressed_[2] = true;
            break;
        case SDL_TEXTINPUT:
        case SDL_KEYDOWN:
        case SDL_KEYUP: {
            // A stalled page drops the oldest keys, beyond what a student types
            // ahead: a key is up to three events (down, text, up), and the panel
            // takes one character a frame, so 64 lost the start of a quickly
            // typed number (issue 42 #7).
            constexpr size_t kMaxQueued = 512;
            if (keys_.size() >= kMaxQueued) keys_.erase(keys_.begin());
            if (e.type == SDL_TEXTINPUT) {
                KeyEvent t{-1, true, {}};
                std::memcpy(t.text, e.text.text, sizeof t.text);  // the same size, NUL-terminated
                keys_.push_back(t);
                break;
            }
            // The keypad's Enter is Enter: ImGui 1.86 starts typing and
            // activates on ImGuiKey_Enter alone, so a student on a keypad
            // (or a browser that reports its Enter as the keypad's) would
            // send the digits after it to the scene instead.
            const int code = e.key.keysym.scancode == SDL_SCANCODE_KP_ENTER ? SDL_SCANCODE_RETURN : e.key.keysym.scancode;
            if (code >= 0 && code < IM_ARRAYSIZE(io.KeysDown)) keys_.push_back({code, e.type == SDL_KEYDOWN, {}});
            const SDL_Keymod mod = SDL_GetModState();
            io.KeyShift = (mod & KMOD_SHIFT) != 0;
            io.KeyCtrl = (mod & KMOD_CTRL) != 0;
            io.KeyAlt = (mod & KMOD_ALT) != 0;
            io.KeySuper = (mod & KMOD_GUI) != 0;
            break;
        }
        case SDL_WINDOWEVENT:
            if (e.window.event == SDL_WINDOWEVENT_FOCUS_GAINED) io.AddFocusEvent(true);
            if (e.window.event == SDL_WINDOWEVENT_FOCUS_LOST) io.AddFocusEvent(false);
            break;
        default: break;
    }
}

void UiInput::size_display() {
    int w = 0, h = 0;
    SDL_GetWindowSize(window_, &w, &h);
    ImGui::GetIO().DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));
}

void UiInput::new_frame() {
    ImGuiIO& io = ImGui::GetIO();
    // A press this frame is handled first, alone: the keys typed after it wait
    // a frame, for the field it may start typing into ("123" after a click on
    // the seed field lost its "1" to the frame that began the typing).
    const bool pressing = pressed_[0] && !io.MouseDown[0];
    size_t taken = 0;
    bool typed = false;  // this frame took a character
    for (; !pressing && taken < keys_.size(); ++taken) {
        const KeyEvent& k = keys_[taken];
        if (k.code < 0) {
            io.AddInputCharactersUTF8(k.text);
            typed = true;
            continue;
        }
        bool changed_before = false;  // this frame already changed this key
        for (size_t j = 0; j < taken; ++j) changed_before = changed_before || keys_[j].code == k.code;
        if (changed_before || typed) break;
        io.KeysDown[k.code] = k.down;
    }
    keys_.erase(keys_.begin(), keys_.begin() + static_cast<long>(taken));
    size_display();

    // ImGui's clock moves at most 1/20 s a frame. It repeats a key held
    // for 0.275 s of it, and a slow frame (a busy machine, a big flock) made
    // a tap whose release came a frame late count as held: one ArrowDown
    // moved the Tuning keyboard two items. A key now repeats only when it is
    // seen down for six frames or more.
    constexpr double kMaxUiFrameS = 1.0 / 20.0;
    const std::uint64_t now = SDL_GetPerformanceCounter();
    io.DeltaTime = last_counter_ > 0 && now > last_counter_
                       ? static_cast<float>(std::min(static_cast<double>(now - last_counter_) / SDL_GetPerformanceFrequency(), kMaxUiFrameS))
                       : 1.0f / 60.0f;
    last_counter_ = now;

    // A press that came and went within one frame still counts as held for it.
    int x = 0, y = 0;
    const Uint32 buttons = SDL_GetMouseState(&x, &y);
    constexpr Uint32 kMasks[3] = {SDL_BUTTON_LMASK, SDL_BUTTON_RMASK, SDL_BUTTON_MMASK};
    for (int b = 0; b < 3; ++b) io.MouseDown[b] = pressed_[b] || (buttons & kMasks[b]) != 0;
    pressed_ = {};
    // The pointer is ImGui's only while the canvas has the input focus.
    const bool focused = (SDL_GetWindowFlags(window_) & SDL_WINDOW_INPUT_FOCUS) != 0;
    io.MousePos = focused ? ImVec2(static_cast<float>(x), static_cast<float>(y)) : ImVec2(-FLT_MAX, -FLT_MAX);

    const ImGuiMouseCursor shape = ImGui::GetMouseCursor();
    if (shape == ImGuiMouseCursor_None || io.MouseDrawCursor) {
        SDL_ShowCursor(SDL_FALSE);
    } else {
        SDL_Cursor* c = shape >= 0 && shape < ImGuiMouseCursor_COUNT ? cursors_[shape] : nullptr;
        SDL_SetCursor(c ? c : cursors_[ImGuiMouseCursor_Arrow]);
        SDL_ShowCursor(SDL_TRUE);
    }
}

}  // namespace flocklab
