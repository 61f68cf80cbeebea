// Build-time tool, compiled for the build machine: bakes ImGui's default font
// atlas (its embedded 13 px ProggyClean) into C++ data that font.cpp loads.
// The widget then ships the finished atlas instead of the compressed
// TrueType font and the rasteriser and packer that would build it in every
// browser (about 18 kB of the gzipped page). The atlas is the one ImGui
// itself builds, from the same ImGui source.
//
// usage: bake_font font_atlas.inc
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"

namespace {

// Exact float literals (hexadecimal), so the widget gets ImGui's values bit for bit.
std::string f(float v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%af", static_cast<double>(v));
    return buf;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 || !std::freopen(argv[1], "w", stdout)) {
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

    std::printf("// Generated at build time by src/widget/bake_font.cpp from Dear ImGui %s's\n"
                "// default font atlas (ProggyClean, %g px). Do not edit.\n",
                IMGUI_VERSION, static_cast<double>(font.FontSize));
    std::printf("constexpr int kAtlasWidth = %d, kAtlasHeight = %d;\n", w, h);
    std::printf("constexpr float kFontSize = %s, kAscent = %s, kDescent = %s;\n", f(font.FontSize).c_str(),
                f(font.Ascent).c_str(), f(font.Descent).c_str());
    std::printf("constexpr ImWchar kFallbackChar = %d, kEllipsisChar = %d, kDotChar = %d;\n", font.FallbackChar,
                font.EllipsisChar, font.DotChar);
    std::printf("constexpr float kWhitePixel[2] = {%s, %s};\n", f(atlas.TexUvWhitePixel.x).c_str(),
                f(atlas.TexUvWhitePixel.y).c_str());
    std::printf("constexpr float kUvLines[%d][4] = {\n", IM_DRAWLIST_TEX_LINES_WIDTH_MAX + 1);
    for (const ImVec4& l : atlas.TexUvLines)
        std::printf("    {%s, %s, %s, %s},\n", f(l.x).c_str(), f(l.y).c_str(), f(l.z).c_str(), f(l.w).c_str());
    std::printf("};\n");
    std::printf("struct BakedGlyph { unsigned short codepoint; float advance, x0, y0, x1, y1, u0, v0, u1, v1; };\n");
    std::printf("constexpr BakedGlyph kGlyphs[] = {\n");
    for (const ImFontGlyph& g : font.Glyphs)
        std::printf("    {%u, %s, %s, %s, %s, %s, %s, %s, %s, %s},\n", static_cast<unsigned>(g.Codepoint),
                    f(g.AdvanceX).c_str(), f(g.X0).c_str(), f(g.Y0).c_str(), f(g.X1).c_str(), f(g.Y1).c_str(),
                    f(g.U0).c_str(), f(g.V0).c_str(), f(g.U1).c_str(), f(g.V1).c_str());
    std::printf("};\n");
    // The texels as bits, least significant first: ProggyClean is a bitmap
    // font, so every texel is 0 or 255 (4 kB instead of w * h bytes).
    std::vector<unsigned char> bits((static_cast<std::size_t>(w) * h + 7) / 8);
    for (int i = 0; i < w * h; ++i) {
        if (alpha[i] != 0 && alpha[i] != 255) {
            std::fprintf(stderr, "bake_font: texel %d is %d, not 0 or 255: the atlas cannot be stored as bits\n", i,
                         alpha[i]);
            std::fclose(stdout);
            std::remove(argv[1]);  // no half-written file for the build to trust
            return 1;
        }
        if (alpha[i]) bits[i / 8] |= static_cast<unsigned char>(1u << (i % 8));
    }
    std::printf("constexpr unsigned char kAtlasBits[%zu] = {", bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i) std::printf("%s%d,", i % 24 == 0 ? "\n    " : "", bits[i]);
    std::printf("\n};\n");
    ImGui::DestroyContext();
    return std::fclose(stdout) == 0 ? 0 : 1;
}
