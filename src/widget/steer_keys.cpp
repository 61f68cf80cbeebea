// The steer scene's rows of the key table, beside its view's key handler
// (steer_view.cpp); the help, the README's table and `flocklab keys` read
// them (words.hpp keys_for()). Plain C++: the CLI and the tests link it too.
// The modes they name come from the modes' rows (steer_scene.cpp).
#include <string>
#include <vector>

#include "core/lang.hpp"
#include "core/registry.hpp"
#include "core/steer_scene.hpp"
#include "core/words.hpp"

namespace flocklab {

namespace {
// The modes' names (steer_mode_words), as a key row lists them.
std::string modes(int which) {
    std::string s;
    for (const std::string& n : steer_mode_words(which)) s += (s.empty() ? "" : ", ") + n;
    return s;
}
std::string every_mode() { return modes(-1); }
std::string target_modes() { return modes(0); }
std::string own_target_modes() { return modes(1); }

const KeyHelp kSteerKeys[] = {
    {"", "target", N_("Arrows"), N_("move the target 10 px; with Shift, 50 px")},
    {"", "wander", N_("Arrows"), N_("nothing: in {0} the vehicle picks its own target"), own_target_modes},
    {"", "", N_("Space"), N_("the next mode: {0}"), every_mode},
};
const KeyContext kSteerContexts[] = {{"target", "", target_modes}, {"wander", "", own_target_modes}};
}  // namespace

FLOCKLAB_REGISTER_KEYS("steer", kSteerKeys, kSteerContexts);

}  // namespace flocklab
