// ImGui's default font atlas as plain data, and the one function that turns
// it back into ImGui's font. bake_font.cpp (a build-time host tool) writes
// the data and checks that this loader rebuilds exactly the font ImGui
// built; font.cpp loads it in the widget.
#pragma once

#include "imgui.h"

namespace flocklab {

struct BakedGlyph {
    unsigned short codepoint;
    float advance, x0, y0, x1, y1, u0, v0, u1, v1;
};

struct BakedFont {
    int width, height;  // texels
    float size, ascent, descent;
    ImWchar fallback_char, ellipsis_char, dot_char;
    float white_pixel[2];
    const float (*uv_lines)[4];  // IM_DRAWLIST_TEX_LINES_WIDTH_MAX + 1 of them
    const BakedGlyph* glyphs;
    int glyph_count;
    const unsigned char* bits;  // width * height texels, 0 or 255, one bit each, least significant first
};

// Gives `atlas` (empty) the baked font, finished, as ImFontAtlas::Build()
// would: texels, white pixel, line textures, glyphs and lookup tables.
void load_baked_font(ImFontAtlas& atlas, const BakedFont& baked);

}  // namespace flocklab
