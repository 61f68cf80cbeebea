#include "paint.hpp"

#include <cmath>

#include <emscripten.h>
#include <emscripten/html5.h>

#include "font.hpp"
#include "imgui.h"
#include "raster.hpp"

namespace flocklab {

namespace {

// Calls f(vertices, vertex_count, indices, index_count, clip) for each of
// ImGui's draw commands, with the clip rectangle in ImGui's coordinates
// (display origin removed).
template <typename F>
void each_command(const ImDrawData& d, F&& f) {
    for (int n = 0; n < d.CmdListsCount; ++n) {
        const ImDrawList& list = *d.CmdLists[n];
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            if (cmd.UserCallback || cmd.ElemCount == 0) continue;  // flocklab sets no callbacks
            const ImVec4 clip{cmd.ClipRect.x - d.DisplayPos.x, cmd.ClipRect.y - d.DisplayPos.y,
                              cmd.ClipRect.z - d.DisplayPos.x, cmd.ClipRect.w - d.DisplayPos.y};
            if (clip.z <= clip.x || clip.w <= clip.y) continue;
            f(list.VtxBuffer.Data + cmd.VtxOffset, list.VtxBuffer.Size - static_cast<int>(cmd.VtxOffset),
              list.IdxBuffer.Data + cmd.IdxOffset, static_cast<int>(cmd.ElemCount), clip);
        }
    }
}

// [SECTION] WebGL, through SDL's renderer

class WebGlPainter final : public Painter {
public:
    explicit WebGlPainter(SDL_Renderer* r) : renderer_(r) {}
    ~WebGlPainter() override {
        if (font_) SDL_DestroyTexture(font_);
        SDL_DestroyRenderer(renderer_);
    }
    void output_size(int* w, int* h) const override { SDL_GetRendererOutputSize(renderer_, w, h); }
    void resized() override {
        SDL_RenderSetScale(renderer_, 1.0f, 1.0f);
        SDL_RenderSetViewport(renderer_, nullptr);  // the whole new backing store
    }
    void clear(SDL_Color bg) override {
        SDL_RenderSetScale(renderer_, 1.0f, 1.0f);
        SDL_SetRenderDrawColor(renderer_, bg.r, bg.g, bg.b, 255);
        SDL_RenderClear(renderer_);
    }
    void triangles(const std::vector<SDL_Vertex>& v, float sx, float sy) override {
        if (v.empty()) return;
        SDL_RenderSetScale(renderer_, sx, sy);
        SDL_RenderGeometry(renderer_, nullptr, v.data(), static_cast<int>(v.size()), nullptr, 0);
    }
    void ui(const ImDrawData& d, float sx, float sy) override {
        if (!font_ && !make_font()) return;
        SDL_RenderSetScale(renderer_, sx, sy);  // SDL scales the clip rectangles too
        each_command(d, [this](const ImDrawVert* v, int vertices, const ImDrawIdx* idx, int count, const ImVec4& c) {
            const SDL_Rect clip{static_cast<int>(std::floor(c.x)), static_cast<int>(std::floor(c.y)),
                                static_cast<int>(std::ceil(c.z) - std::floor(c.x)),
                                static_cast<int>(std::ceil(c.w) - std::floor(c.y))};
            SDL_RenderSetClipRect(renderer_, &clip);
            // ImDrawVert's colour is R, G, B, A bytes: SDL_Color's layout.
            static_assert(sizeof(ImU32) == sizeof(SDL_Color));
            SDL_RenderGeometryRaw(renderer_, font_, &v->pos.x, sizeof(ImDrawVert),
                                  reinterpret_cast<const SDL_Color*>(&v->col), sizeof(ImDrawVert), &v->uv.x,
                                  sizeof(ImDrawVert), vertices, idx, count, sizeof(ImDrawIdx));
        });
        SDL_RenderSetClipRect(renderer_, nullptr);
    }
    void present() override { SDL_RenderPresent(renderer_); }

private:
    bool make_font() {
        const AlphaTexture atlas = ui_font_atlas();
        font_ = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STATIC, atlas.width,
                                  atlas.height);
        if (!font_) return false;
        std::vector<Rgba> texels(static_cast<std::size_t>(atlas.width) * atlas.height);
        for (std::size_t i = 0; i < texels.size(); ++i) texels[i] = rgba(255, 255, 255, atlas.alpha[i]);
        SDL_UpdateTexture(font_, nullptr, texels.data(), atlas.width * 4);
        SDL_SetTextureBlendMode(font_, SDL_BLENDMODE_BLEND);
        return true;
    }

    SDL_Renderer* renderer_;
    SDL_Texture* font_ = nullptr;
};

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
    // Every pixel is the main thread's work, so a frame's cost grows with
    // their count. A crowd of 2000 agents with every overlay, 900x540 CSS px:
    // a key typed in the page waited 16 ms at DPR 1, 34 at DPR 1.5 (1.1
    // million pixels) and 98 at DPR 3 (3.9 million) (`make bench-typing
    // ARGS=--no-webgl`). Above this the canvas is drawn at fewer pixels and
    // the browser scales it up.
    double max_pixels() const override { return 1.1e6; }
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
            const PixelRect clip{static_cast<int>(std::floor(c.x * sx)), static_cast<int>(std::floor(c.y * sy)),
                                 static_cast<int>(std::ceil(c.z * sx)), static_cast<int>(std::ceil(c.w * sy))};
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

std::unique_ptr<Painter> make_webgl_painter(SDL_Window* window) {
    SDL_Renderer* r = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!r) return nullptr;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);  // the shapes' overlays are translucent
    return std::make_unique<WebGlPainter>(r);
}

std::unique_ptr<Painter> make_software_painter() { return std::make_unique<SoftwarePainter>(); }

}  // namespace flocklab
