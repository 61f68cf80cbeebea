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

class Painter {
public:
    virtual ~Painter() = default;
    // The canvas's backing store, device px.
    virtual void output_size(int* w, int* h) const = 0;
    // After the canvas's backing store was given a new size.
    virtual void resized() {}
    // The most device pixels a frame should have (0: as many as the screen
    // asks for, up to kMaxBackingPx on the long side). App::resize holds the
    // backing store to it, but never below one device px per CSS px.
    virtual double max_pixels() const { return 0; }
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
