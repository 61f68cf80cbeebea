#include "raster.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace flocklab {

namespace {

constexpr std::int64_t kSub = 16;   // subpixel steps per px
constexpr float kFar = 1 << 20;     // px: coordinates are clamped to +-kFar (far outside any canvas)

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// Whether the edge a -> b of a positively wound triangle owns the pixels
// exactly on it. The rule is antisymmetric (an edge owns them exactly when
// its reverse does not), so neighbours never both draw, nor both skip, them.
bool owns_edge(std::int64_t dx, std::int64_t dy) { return dy < 0 || (dy == 0 && dx > 0); }

struct Channels {
    float r, g, b, a;
};
Channels channels(Rgba c) {
    return {static_cast<float>(c & 0xff), static_cast<float>(c >> 8 & 0xff), static_cast<float>(c >> 16 & 0xff),
            static_cast<float>(c >> 24)};
}

unsigned to_byte(float v) { return v <= 0 ? 0u : v >= 255 ? 255u : static_cast<unsigned>(v + 0.5f); }

// "Over" onto an opaque pixel: d + (s - d) * a, rounded.
Rgba over(Rgba dst, unsigned r, unsigned g, unsigned b, unsigned a) {
    if (a == 255) return rgba(r, g, b);
    const unsigned keep = 255 - a;
    const auto mix = [a, keep](unsigned s, unsigned d) { return (s * a + d * keep + 127) / 255; };
    return rgba(mix(r, dst & 0xff), mix(g, dst >> 8 & 0xff), mix(b, dst >> 16 & 0xff));
}

// Nearest texel, as SDL's renderer samples ImGui's atlas on WebGL; 0..255.
float sample(const AlphaTexture& t, float u, float v) {
    const float x = std::floor(u * static_cast<float>(t.width)), y = std::floor(v * static_cast<float>(t.height));
    if (!(x >= 0 && y >= 0)) return 0;  // also NaN
    const int i = std::min(static_cast<int>(std::min(x, 1e6f)), t.width - 1);
    const int j = std::min(static_cast<int>(std::min(y, 1e6f)), t.height - 1);
    return t.alpha[static_cast<std::ptrdiff_t>(j) * t.width + i];
}

}  // namespace

void Raster::resize(int width, int height) {
    width_ = std::max(0, width);
    height_ = std::max(0, height);
    pixels_.resize(static_cast<std::size_t>(width_) * height_);
}

void Raster::clear(Rgba color) { std::fill(pixels_.begin(), pixels_.end(), color | 0xff000000u); }

void Raster::triangle(const RasterVertex& a, const RasterVertex& b, const RasterVertex& c,
                      const AlphaTexture* texture, PixelRect clip) {
    const RasterVertex* v[3] = {&a, &b, &c};
    std::int64_t X[3], Y[3];
    for (int i = 0; i < 3; ++i) {
        if (!std::isfinite(v[i]->x) || !std::isfinite(v[i]->y)) return;
        X[i] = std::llround(std::clamp(v[i]->x, -kFar, kFar) * kSub);
        Y[i] = std::llround(std::clamp(v[i]->y, -kFar, kFar) * kSub);
    }
    std::int64_t area = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
    if (area == 0) return;
    if (area < 0) {
        std::swap(v[1], v[2]);
        std::swap(X[1], X[2]);
        std::swap(Y[1], Y[2]);
        area = -area;
    }
    // Pixels whose centre (i * kSub + kSub / 2) lies in the bounding box, and in the clip.
    const auto first = [](std::int64_t lo) { return floor_div(lo - kSub / 2 + kSub - 1, kSub); };
    const auto last = [](std::int64_t hi) { return floor_div(hi - kSub / 2, kSub); };
    const std::int64_t x0 = std::max<std::int64_t>({first(std::min({X[0], X[1], X[2]})), clip.x0, 0});
    const std::int64_t x1 = std::min<std::int64_t>({last(std::max({X[0], X[1], X[2]})), clip.x1 - 1, width_ - 1});
    const std::int64_t y0 = std::max<std::int64_t>({first(std::min({Y[0], Y[1], Y[2]})), clip.y0, 0});
    const std::int64_t y1 = std::min<std::int64_t>({last(std::max({Y[0], Y[1], Y[2]})), clip.y1 - 1, height_ - 1});
    if (x0 > x1 || y0 > y1) return;

    // Edge k is the one opposite vertex k; its function is positive inside
    // and, over the area, is vertex k's barycentric weight.
    std::int64_t row[3], step_x[3], step_y[3];
    const std::int64_t px = x0 * kSub + kSub / 2, py = y0 * kSub + kSub / 2;
    for (int k = 0; k < 3; ++k) {
        const int i = (k + 1) % 3, j = (k + 2) % 3;  // the edge i -> j
        const std::int64_t dx = X[j] - X[i], dy = Y[j] - Y[i];
        row[k] = dx * (py - Y[i]) - dy * (px - X[i]) - (owns_edge(dx, dy) ? 0 : 1);
        step_x[k] = -dy * kSub;
        step_y[k] = dx * kSub;
    }
    // The bias of -1 for edges that do not own their pixels turns "w > 0"
    // into "w - 1 >= 0", so one sign test decides all three edges.
    const Channels c0 = channels(v[0]->color), c1 = channels(v[1]->color), c2 = channels(v[2]->color);
    const bool flat = !texture && v[0]->color == v[1]->color && v[1]->color == v[2]->color;
    const unsigned fr = to_byte(c0.r), fg = to_byte(c0.g), fb = to_byte(c0.b), fa = to_byte(c0.a);
    const float inv = 1.0f / static_cast<float>(area);
    for (std::int64_t y = y0; y <= y1; ++y) {
        std::int64_t w0 = row[0], w1 = row[1], w2 = row[2];
        Rgba* out = pixels_.data() + y * width_;
        for (std::int64_t x = x0; x <= x1; ++x, w0 += step_x[0], w1 += step_x[1], w2 += step_x[2]) {
            if ((w0 | w1 | w2) < 0) continue;
            if (flat) {
                out[x] = over(out[x], fr, fg, fb, fa);
                continue;
            }
            // (The bias shifts a weight by at most 1/area: invisible.)
            const float l1 = static_cast<float>(w1) * inv, l2 = static_cast<float>(w2) * inv, l0 = 1.0f - l1 - l2;
            float alpha = c0.a * l0 + c1.a * l1 + c2.a * l2;
            if (texture) {
                const float u = v[0]->u * l0 + v[1]->u * l1 + v[2]->u * l2;
                const float t = v[0]->v * l0 + v[1]->v * l1 + v[2]->v * l2;
                alpha *= sample(*texture, u, t) / 255.0f;
            }
            const unsigned ai = to_byte(alpha);
            if (ai == 0) continue;
            out[x] = over(out[x], to_byte(c0.r * l0 + c1.r * l1 + c2.r * l2), to_byte(c0.g * l0 + c1.g * l1 + c2.g * l2),
                          to_byte(c0.b * l0 + c1.b * l1 + c2.b * l2), ai);
        }
        for (int k = 0; k < 3; ++k) row[k] += step_y[k];
    }
}

}  // namespace flocklab
