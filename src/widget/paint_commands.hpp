// ImGui's draw commands as both painters walk them (paint.cpp, webgl_paint.cpp).
#pragma once

#include <cmath>

#include "imgui.h"
#include "raster.hpp"

namespace flocklab {

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

// A command's clip rectangle in device px: the pixels it touches at all.
inline PixelRect device_clip(const ImVec4& c, float sx, float sy) {
    return {static_cast<int>(std::floor(c.x * sx)), static_cast<int>(std::floor(c.y * sy)),
            static_cast<int>(std::ceil(c.z * sx)), static_cast<int>(std::ceil(c.w * sy))};
}

}  // namespace flocklab
