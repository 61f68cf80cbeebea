// Shapes for the views: every shape becomes triangles in one vertex buffer,
// handed to the painter (paint.hpp) in one call per frame.
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
    // A filled wedge of the disc of radius r around c, `half` (rad, up to
    // pi) either side of the unit direction dir, and its outline (the arc
    // and both edges).
    void sector(Vec2 c, double r, Vec2 dir, double half, SDL_Color fill);
    void sector_outline(Vec2 c, double r, Vec2 dir, double half, double width, SDL_Color col);
    // A shaft from a to b with a head at b (nothing for a zero-length arrow).
    void arrow(Vec2 a, Vec2 b, double width, SDL_Color col);
    // A triangle pointing along vel, as the lab draws a boid (scaled by `size`).
    void arrowhead(Vec2 pos, Vec2 vel, double size, SDL_Color col);
};

}  // namespace flocklab
