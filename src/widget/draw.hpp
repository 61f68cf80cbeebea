// Shapes for the views: every shape becomes triangles in one vertex buffer,
// drawn with a single SDL_RenderGeometry call per frame.
#pragma once

#include <SDL.h>

#include <vector>

#include "core/vec2.hpp"

namespace flocklab {

struct Shapes {
    std::vector<SDL_Vertex> v;

    void tri(Vec2 a, Vec2 b, Vec2 c, SDL_Color col);
    void line(Vec2 a, Vec2 b, double width, SDL_Color col);
    void circle(Vec2 c, double r, double width, SDL_Color col);  // outline
    void disc(Vec2 c, double r, SDL_Color col);
    // A triangle pointing along vel, as the lab draws a boid (scaled by `size`).
    void arrowhead(Vec2 pos, Vec2 vel, double size, SDL_Color col);
};

}  // namespace flocklab
