// Build-time tool, compiled for the build machine: bakes ImGui's default font
// atlas (its embedded 13 px ProggyClean) into C++ data that font.cpp loads.
// The widget then ships the finished atlas instead of the compressed
// TrueType font and the rasteriser and packer that would build it in every
// browser (about 18 kB of the gzipped page). The atlas is the one ImGui
// itself builds, from the same ImGui source; before writing anything, the
// tool loads its data with the widget's own loader (baked_font.cpp) and
// checks that the result is ImGui's font, field by field, or fails the build.
//
// usage: bake_font font_atlas.inc
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "baked_font.hpp"
#include "imgui.h"

namespace {

using flocklab::BakedFont;
using flocklab::BakedGlyph;

// Exact float literals (hexadecimal), so the widget gets ImGui's values bit for bit.
std::string f(float v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%af", static_cast<double>(v));
    return buf;
}

bool same_bits(const void* a, const void* b, std::size_t n) { return std::memcmp(a, b, n) == 0; }

// What the loader made of the data against what ImGui built: "" if the same.
std::string differences(const ImFontAtlas& want, const ImFontAtlas& got) {
    const ImFont& a = *want.Fonts[0];
    const ImFont& b = *got.Fonts[0];
    const std::size_t texels = static_cast<std::size_t>(want.TexWidth) * want.TexHeight;
    if (want.TexWidth != got.TexWidth || want.TexHeight != got.TexHeight) return "atlas size";
    if (!same_bits(want.TexPixelsAlpha8, got.TexPixelsAlpha8, texels)) return "texels";
    if (!same_bits(&want.TexUvScale, &got.TexUvScale, sizeof want.TexUvScale)) return "TexUvScale";
    if (!same_bits(&want.TexUvWhitePixel, &got.TexUvWhitePixel, sizeof want.TexUvWhitePixel)) return "white pixel";
    if (!same_bits(want.TexUvLines, got.TexUvLines, sizeof want.TexUvLines)) return "line texture";
    if (!same_bits(&a.FontSize, &b.FontSize, sizeof a.FontSize) || !same_bits(&a.Ascent, &b.Ascent, sizeof a.Ascent) ||
        !same_bits(&a.Descent, &b.Descent, sizeof a.Descent))
        return "size, ascent or descent";
    if (a.FallbackChar != b.FallbackChar || a.EllipsisChar != b.EllipsisChar || a.DotChar != b.DotChar)
        return "fallback, ellipsis or dot character";
    if (!same_bits(&a.FallbackAdvanceX, &b.FallbackAdvanceX, sizeof a.FallbackAdvanceX) || !b.FallbackGlyph ||
        a.FallbackGlyph->Codepoint != b.FallbackGlyph->Codepoint)
        return "fallback glyph";
    if (a.Glyphs.Size != b.Glyphs.Size || !same_bits(a.Glyphs.Data, b.Glyphs.Data, a.Glyphs.size_in_bytes()))
        return "glyphs";
    if (a.IndexAdvanceX.Size != b.IndexAdvanceX.Size ||
        !same_bits(a.IndexAdvanceX.Data, b.IndexAdvanceX.Data, a.IndexAdvanceX.size_in_bytes()))
        return "advance table";
    if (a.IndexLookup.Size != b.IndexLookup.Size ||
        !same_bits(a.IndexLookup.Data, b.IndexLookup.Data, a.IndexLookup.size_in_bytes()))
        return "lookup table";
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: bake_font OUT.inc\n");
        return 2;
    }
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
    atlas.Flags |= ImFontAtlasFlags_NoMouseCursors;  // the browser draws the cursor
    atlas.AddFontDefault();
    unsigned char* alpha = nullptr;
    int w = 0, h = 0;
    atlas.GetTexDataAsAlpha8(&alpha, &w, &h);
    const ImFont& font = *atlas.Fonts[0];

    // The texels as bits, least significant first: ProggyClean is a bitmap
    // font, so every texel is 0 or 255 (4 kB instead of w * h bytes).
    std::vector<unsigned char> bits((static_cast<std::size_t>(w) * h + 7) / 8);
    for (int i = 0; i < w * h; ++i) {
        if (alpha[i] != 0 && alpha[i] != 255) {
            std::fprintf(stderr, "bake_font: texel %d is %d, not 0 or 255: the atlas cannot be stored as bits\n", i,
                         alpha[i]);
            return 1;
        }
        if (alpha[i]) bits[i / 8] |= static_cast<unsigned char>(1u << (i % 8));
    }
    std::vector<BakedGlyph> glyphs;
    for (const ImFontGlyph& g : font.Glyphs)
        glyphs.push_back({static_cast<unsigned short>(g.Codepoint), g.AdvanceX, g.X0, g.Y0, g.X1, g.Y1, g.U0, g.V0, g.U1,
                          g.V1});
    float lines[IM_DRAWLIST_TEX_LINES_WIDTH_MAX + 1][4];
    for (int i = 0; i <= IM_DRAWLIST_TEX_LINES_WIDTH_MAX; ++i) {
        const ImVec4& l = atlas.TexUvLines[i];
        lines[i][0] = l.x, lines[i][1] = l.y, lines[i][2] = l.z, lines[i][3] = l.w;
    }
    const BakedFont baked{w, h, font.FontSize, font.Ascent, font.Descent, font.FallbackChar, font.EllipsisChar,
                          font.DotChar, {atlas.TexUvWhitePixel.x, atlas.TexUvWhitePixel.y}, lines, glyphs.data(),
                          static_cast<int>(glyphs.size()), bits.data()};

    // The widget's loader, on this data, must give ImGui's font.
    ImFontAtlas check;
    flocklab::load_baked_font(check, baked);
    const std::string diff = differences(atlas, check);
    if (!diff.empty()) {
        std::fprintf(stderr, "bake_font: the loader (baked_font.cpp) does not rebuild ImGui's font: %s differ\n",
                     diff.c_str());
        return 1;
    }

    std::FILE* out = std::fopen(argv[1], "w");
    if (!out) {
        std::perror(argv[1]);
        return 1;
    }
    std::fprintf(out,
                 "// Generated at build time by src/widget/bake_font.cpp from Dear ImGui %s's\n"
                 "// default font atlas (ProggyClean, %g px). Do not edit.\n",
                 IMGUI_VERSION, static_cast<double>(font.FontSize));
    std::fprintf(out, "constexpr float kUvLines[%d][4] = {\n", IM_DRAWLIST_TEX_LINES_WIDTH_MAX + 1);
    for (const auto& l : lines)
        std::fprintf(out, "    {%s, %s, %s, %s},\n", f(l[0]).c_str(), f(l[1]).c_str(), f(l[2]).c_str(), f(l[3]).c_str());
    std::fprintf(out, "};\nconstexpr BakedGlyph kGlyphs[] = {\n");
    for (const BakedGlyph& g : glyphs)
        std::fprintf(out, "    {%u, %s, %s, %s, %s, %s, %s, %s, %s, %s},\n", static_cast<unsigned>(g.codepoint),
                     f(g.advance).c_str(), f(g.x0).c_str(), f(g.y0).c_str(), f(g.x1).c_str(), f(g.y1).c_str(),
                     f(g.u0).c_str(), f(g.v0).c_str(), f(g.u1).c_str(), f(g.v1).c_str());
    std::fprintf(out, "};\nconstexpr unsigned char kAtlasBits[%zu] = {", bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i) std::fprintf(out, "%s%d,", i % 24 == 0 ? "\n    " : "", bits[i]);
    std::fprintf(out, "\n};\n");
    std::fprintf(out, "constexpr BakedFont kBakedFont = {%d, %d, %s, %s, %s, %d, %d, %d, {%s, %s}, kUvLines, kGlyphs, %zu, kAtlasBits};\n",
                 w, h, f(font.FontSize).c_str(), f(font.Ascent).c_str(), f(font.Descent).c_str(), font.FallbackChar,
                 font.EllipsisChar, font.DotChar, f(atlas.TexUvWhitePixel.x).c_str(), f(atlas.TexUvWhitePixel.y).c_str(),
                 glyphs.size());
    ImGui::DestroyContext();
    if (std::fclose(out) != 0) {
        std::remove(argv[1]);  // no half-written file for the build to trust
        return 1;
    }
    return 0;
}
