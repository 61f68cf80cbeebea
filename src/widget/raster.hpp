// flocklab's own software rasteriser: the widget's fallback when the browser
// has no WebGL. It fills triangles (a colour per vertex, optionally times an
// alpha texture such as ImGui's font atlas) into an RGBA image with "over"
// blending, as SDL's renderer does with SDL_BLENDMODE_BLEND on WebGL.
//
// Pure C++ (no SDL, ImGui or Emscripten), so the native tests cover it.
// Vertices are snapped to 1/16 px and the edge functions are exact integers
// with a top-left fill rule: two triangles that share an edge cover each
// pixel along it exactly once, so a translucent quad shows no seam.
#pragma once

#include <cstdint>
#include <vector>

namespace flocklab {

// A colour as ImGui (IM_COL32) and the canvas's ImageData store it: R in the
// low byte, then G, B, A.
using Rgba = std::uint32_t;
constexpr Rgba rgba(unsigned r, unsigned g, unsigned b, unsigned a = 255) { return r | g << 8 | b << 16 | a << 24; }

struct RasterVertex {
    float x, y;  // px in the image; the pixel (i, j) is sampled at (i + 0.5, j + 0.5)
    float u, v;  // texture coordinates (0..1), unused without a texture
    Rgba color;
};

// An alpha-only texture (ImGui's font atlas), sampled at the nearest texel:
// the colour is the vertex colour, its alpha multiplied by the texel.
struct AlphaTexture {
    const std::uint8_t* alpha = nullptr;
    int width = 0, height = 0;
};

// A half-open pixel rectangle [x0, x1) x [y0, y1).
struct PixelRect {
    int x0, y0, x1, y1;
};

class Raster {
public:
    void resize(int width, int height);  // contents undefined until clear()
    int width() const { return width_; }
    int height() const { return height_; }
    const Rgba* pixels() const { return pixels_.data(); }
    Rgba at(int x, int y) const { return pixels_[static_cast<std::size_t>(y) * width_ + x]; }

    void clear(Rgba color);  // every pixel, opaque
    // One triangle, either winding; nothing for a degenerate one or one with
    // a coordinate that is not finite. `clip` is intersected with the image.
    void triangle(const RasterVertex& a, const RasterVertex& b, const RasterVertex& c, const AlphaTexture* texture,
                  PixelRect clip);

private:
    int width_ = 0, height_ = 0;
    std::vector<Rgba> pixels_;
};

}  // namespace flocklab
