// Where a frame is painted: WebGL on SDL's GL context (webgl_paint.cpp) when
// the browser has it, otherwise flocklab's own rasteriser (raster.hpp) into the canvas's 2D
// context. The views' shapes and ImGui's draw lists take the same calls
// either way, so both paths draw the same frame.
#pragma once

#include <SDL.h>

#include <memory>
#include <vector>

struct ImDrawData;

namespace flocklab {

// The most device pixels of a software painter's frame: the lesson's canvas
// (900x540) at DPR 1, so a high-DPI screen costs what DPR 1 does, and a
// phone's small canvas keeps about 2.3 device px per CSS px. A crowd of 2000
// agents with every overlay, 900x540 CSS px, software WebGL (make
// bench-typing): a key typed in the page waited 84 ms at DPR 3 (4.4 million
// pixels), 37 with 1.1 million, 19 at DPR 1.
constexpr double kSoftwarePixels = 900.0 * 540.0;

class Painter {
public:
    virtual ~Painter() = default;
    // The canvas's backing store, device px.
    virtual void output_size(int* w, int* h) const = 0;
    // After the canvas's backing store was given a new size.
    virtual void resized() {}
    // Whether its pixels are the CPU's work (flocklab's rasteriser, or a
    // WebGL that draws in software). App::resize then holds the backing
    // store to kSoftwarePixels: each pixel is paid for on the main thread,
    // every frame.
    virtual bool software() const { return false; }
    // Starts a frame: every pixel `bg`.
    virtual void clear(SDL_Color bg) = 0;
    // Triangles (three vertices each, untextured), their coordinates
    // multiplied by (sx, sy) to give device px, blended over the frame.
    virtual void triangles(const std::vector<SDL_Vertex>& v, float sx, float sy) = 0;
    // ImGui's draw lists (textured by its font atlas), in the same way.
    virtual void ui(const ImDrawData& d, float sx, float sy) = 0;
    virtual void present() = 0;
};

// WebGL on the window's canvas ("#canvas"), or nullptr (SDL_GetError() says why).
std::unique_ptr<Painter> make_webgl_painter();
// The software fallback on the same canvas ("#canvas").
std::unique_ptr<Painter> make_software_painter();

}  // namespace flocklab
