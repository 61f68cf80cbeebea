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
// The modes' names in the widget's language, in Space's order: those that
// steer toward the target (`own` false) or pick their own (true); or all.
std::string modes(int which) {
    std::vector<std::string> names;
    for (int i = 0; i < steer_mode_count(); ++i) {
        const SteerModeRow& r = steer_mode_row(static_cast<SteerMode>(i));
        if (which < 0 || r.own_target == (which == 1)) names.push_back(tr(r.name));
    }
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
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
