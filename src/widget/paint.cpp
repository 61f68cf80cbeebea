#include "paint.hpp"

#include <emscripten.h>
#include <emscripten/html5.h>

#include "font.hpp"
#include "imgui.h"
#include "paint_commands.hpp"
#include "raster.hpp"

namespace flocklab {

namespace {

// [SECTION] Software: flocklab's rasteriser, shown with putImageData

// Copies the frame onto this instance's canvas (Module.canvas) through its 2D
// context; the canvas keeps its size (the frame was made at that size).
EM_JS(void, fl_put_image, (const void* pixels, int w, int h), {
    var canvas = Module['canvas'];
    var ctx = canvas && canvas.width === w && canvas.height === h ? canvas.getContext('2d') : null;
    if (ctx) ctx.putImageData(new ImageData(new Uint8ClampedArray(HEAPU8.buffer, pixels, w * h * 4), w, h), 0, 0);
});

class SoftwarePainter final : public Painter {
public:
    // Every pixel is the main thread's work (Painter::software): without
    // WebGL, a key typed in the page waited 16 ms at DPR 1, 34 at DPR 1.5 and
    // 98 at DPR 3 (`make bench-typing ARGS=--no-webgl`).
    bool software() const override { return true; }
    void output_size(int* w, int* h) const override {
        if (emscripten_get_canvas_element_size("#canvas", w, h) != EMSCRIPTEN_RESULT_SUCCESS) *w = *h = 0;
    }
    void clear(SDL_Color bg) override {
        int w = 0, h = 0;
        output_size(&w, &h);
        if (w != raster_.width() || h != raster_.height()) raster_.resize(w, h);
        raster_.clear(rgba(bg.r, bg.g, bg.b));
    }
    void triangles(const std::vector<SDL_Vertex>& v, float sx, float sy) override {
        const PixelRect all{0, 0, raster_.width(), raster_.height()};
        const auto at = [sx, sy](const SDL_Vertex& p) {
            return RasterVertex{p.position.x * sx, p.position.y * sy, 0, 0,
                                rgba(p.color.r, p.color.g, p.color.b, p.color.a)};
        };
        for (std::size_t i = 0; i + 2 < v.size(); i += 3) raster_.triangle(at(v[i]), at(v[i + 1]), at(v[i + 2]), nullptr, all);
    }
    void ui(const ImDrawData& d, float sx, float sy) override {
        const AlphaTexture font = ui_font_atlas();
        each_command(d, [&](const ImDrawVert* v, int /*vertices*/, const ImDrawIdx* idx, int count, const ImVec4& c) {
            const PixelRect clip = device_clip(c, sx, sy);
            const auto at = [v, sx, sy](ImDrawIdx i) {
                return RasterVertex{v[i].pos.x * sx, v[i].pos.y * sy, v[i].uv.x, v[i].uv.y, v[i].col};
            };
            for (int i = 0; i + 2 < count; i += 3)
                raster_.triangle(at(idx[i]), at(idx[i + 1]), at(idx[i + 2]), &font, clip);
        });
    }
    void present() override {
        if (raster_.width() > 0 && raster_.height() > 0) fl_put_image(raster_.pixels(), raster_.width(), raster_.height());
    }

private:
    Raster raster_;
};

}  // namespace

std::unique_ptr<Painter> make_software_painter() { return std::make_unique<SoftwarePainter>(); }

}  // namespace flocklab
