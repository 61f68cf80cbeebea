// ImGui's font: the atlas the painters draw text with.
#pragma once

#include "raster.hpp"

namespace flocklab {

// The current ImGui context's font atlas as an alpha texture, made on first
// use (ImGui's default font, 13 px).
AlphaTexture ui_font_atlas();

}  // namespace flocklab
