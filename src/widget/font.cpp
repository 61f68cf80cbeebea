#include "font.hpp"

#include "imgui.h"

namespace flocklab {

AlphaTexture ui_font_atlas() {
    ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    atlas.GetTexDataAsAlpha8(&pixels, &w, &h);
    atlas.SetTexID(reinterpret_cast<ImTextureID>(&atlas));  // one texture: every command uses it
    return {pixels, w, h};
}

}  // namespace flocklab
