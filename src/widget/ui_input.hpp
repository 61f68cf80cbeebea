// Dear ImGui's platform side for the widget: SDL's events and state in,
// ImGui's IO out (mouse, wheel, keys, text, focus, display size, time, and
// the cursor shape back to the page). It does what ImGui's own SDL backend
// does for a browser canvas, without the gamepad, clipboard and
// global-mouse code a widget never uses: the gamepad code alone pulled SDL's
// game-controller database into the page.
#pragma once

#include <SDL.h>

#include <array>
#include <cstdint>
#include <vector>

#include "imgui.h"

namespace flocklab {

class UiInput {
public:
    void attach(SDL_Window* window);  // the key map and cursors; again after a new window
    void detach();                    // frees the cursors
    void event(const SDL_Event& e);   // every event, before the app's own handling
    void new_frame();                 // before ImGui::NewFrame()
    void size_display();              // ImGui's display is the window's size now (new_frame does it too)
    int keys_waiting() const { return static_cast<int>(keys_.size()); }  // key events and characters not yet given to ImGui

private:
    SDL_Window* window_ = nullptr;
    std::array<bool, 3> pressed_{};   // left, right, middle pressed since the last frame (its keys wait a frame)
    // Keys reach ImGui 1.86 as a state per frame (io.KeysDown), so a key
    // pressed and released within one frame, or pressed twice, would be
    // lost: key events wait in this queue and each frame takes them in order
    // until one would undo a change it already made to the same key. Typed
    // characters wait in the same queue, and a frame's keys come before its
    // characters (a field reads keys, then characters): so a frame stops at
    // a key that follows a character, and "5, Backspace" stays in that order.
    struct KeyEvent {
        int code;        // a scancode, or -1 for a typed character
        bool down;
        char text[SDL_TEXTINPUTEVENT_TEXT_SIZE];  // the text (UTF-8) when code is -1
    };
    std::vector<KeyEvent> keys_;
    std::uint64_t last_counter_ = 0;  // SDL's performance counter at the last frame
    std::array<SDL_Cursor*, ImGuiMouseCursor_COUNT> cursors_{};
};

}  // namespace flocklab
