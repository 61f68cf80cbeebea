// The tuning panel's number controls: a field for a whole number (the seed)
// and a slider that also takes a typed value. They use ImGui's layout,
// colours, focus and keyboard navigation, but not its text editor, whose
// editing, clipboard and undo code and whose sscanf (the C library's whole
// scanf) were about 16 kB of the page's gzipped payload for two numbers.
//
// Typing: digits (and, in a slider, a sign and either decimal mark) go in
// at the caret; Left, Right, Home and End move it; Backspace and Delete
// erase. The text starts selected, so the first key replaces it. Enter, or
// a click anywhere else (which that control also takes), keeps the number;
// Escape (App::cancel), or the panel closing, drops it (end_number_entry).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "imgui.h"

namespace flocklab {

// The number being typed, one at a time in a panel.
struct NumberEntry {
    ImGuiID id = 0;  // the control being typed into, 0 for none
    std::string text;
    std::size_t caret = 0;
    bool all = false;     // the whole text is selected
    ImGuiID edited = 0;   // a slider moved since it was taken (its release applies it)
    // A finger's press (App::set_pointer): a tap on a slider types into it
    // (the page raises the on-screen keyboard for it: web/src/typing.js);
    // a finger that moves kTapPx or more drags it.
    bool finger = false;
    ImVec2 press;         // where the press on a slider was (window px)
    bool slid = false;    // ... and it has moved since
};
constexpr float kTapPx = 10;  // as web/src/typing.js and input.js tell a tap from a drag

// Whether window point p is on a number control (the seed field, a slider)
// drawn in the last frame: a finger's tap there types (the page's keyboard).
bool number_control_at(ImVec2 p);

// Call once a frame after the panel: a number whose control was not drawn
// (the panel closed) or lost the keys is dropped, as is any number with
// `drop` (Escape), and the keys go back to the scene.
void end_number_entry(NumberEntry& entry, bool drop = false);

// A field holding a whole number: a click, Space or Enter starts typing one.
// True when *v changed.
bool whole_number_field(const char* label, std::uint64_t* v, NumberEntry& entry);

// What a slider did this frame.
struct SliderResult {
    bool changed = false;  // *v changed
    bool done = false;     // ... and the slider was let go (a typed value is both)
};

// A slider over [lo, hi] showing `decimals` decimals, with the language's
// decimal mark. Drag it; with the keyboard, Space takes it, the arrows move
// it (1% of its range, or one unit for a range of whole numbers up to 100;
// Shift: ten times as far) and Space lets it go. Ctrl+click or Enter types a
// value, clamped to the range. With `stops` (core/stops.hpp: lo first, hi
// last) the track is the stops, evenly spaced: a drag or an arrow lands on
// one (Shift: ten along), and the value shows in its shortest form.
SliderResult number_slider(const char* label, double* v, double lo, double hi, int decimals, NumberEntry& entry,
                           const std::vector<double>* stops = nullptr);

}  // namespace flocklab
