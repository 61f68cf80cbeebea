#include "baked_font.hpp"

namespace flocklab {

void load_baked_font(ImFontAtlas& atlas, const BakedFont& b) {
    atlas.Clear();
    atlas.Flags |= ImFontAtlasFlags_NoMouseCursors;  // as baked; the browser draws the cursor
    atlas.TexWidth = b.width;
    atlas.TexHeight = b.height;
    atlas.TexUvScale = ImVec2(1.0f / static_cast<float>(b.width), 1.0f / static_cast<float>(b.height));
    atlas.TexPixelsAlpha8 = static_cast<unsigned char*>(IM_ALLOC(static_cast<size_t>(b.width) * b.height));
    for (int i = 0; i < b.width * b.height; ++i) atlas.TexPixelsAlpha8[i] = (b.bits[i / 8] >> (i % 8) & 1) ? 255 : 0;
    atlas.TexUvWhitePixel = ImVec2(b.white_pixel[0], b.white_pixel[1]);
    for (int i = 0; i <= IM_DRAWLIST_TEX_LINES_WIDTH_MAX; ++i)
        atlas.TexUvLines[i] = ImVec4(b.uv_lines[i][0], b.uv_lines[i][1], b.uv_lines[i][2], b.uv_lines[i][3]);

    ImFont* font = IM_NEW(ImFont);
    atlas.Fonts.push_back(font);
    font->ContainerAtlas = &atlas;
    font->FontSize = b.size;
    font->Ascent = b.ascent;
    font->Descent = b.descent;
    font->FallbackChar = b.fallback_char;
    font->EllipsisChar = b.ellipsis_char;
    font->DotChar = b.dot_char;
    for (int i = 0; i < b.glyph_count; ++i) {  // no config: the values are final
        const BakedGlyph& g = b.glyphs[i];
        font->AddGlyph(nullptr, g.codepoint, g.x0, g.y0, g.x1, g.y1, g.u0, g.v0, g.u1, g.v1, g.advance);
    }
    font->BuildLookupTable();
    atlas.TexReady = true;
}

}  // namespace flocklab
