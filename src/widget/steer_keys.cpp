// The steer scene's rows of the key table, beside its view's key handler
// (steer_view.cpp); the help, the README's table and `flocklab keys` read
// them (words.hpp keys_for()). Plain C++: the CLI and the tests link it too.
#include "core/lang.hpp"
#include "core/registry.hpp"

namespace flocklab {

namespace {
const KeyHelp kSteerKeys[] = {
    {"", "target", N_("Arrows"), N_("move the target 10 px; with Shift, 50 px")},
    {"", "wander", N_("Arrows"), N_("nothing: in wander the vehicle picks its own target")},
    {"", "", N_("Space"), N_("the next mode: seek, flee, arrive, wander")},
};
const KeyContext kSteerContexts[] = {{"target", "seek, flee, arrive"}};
}  // namespace

FLOCKLAB_REGISTER_KEYS("steer", kSteerKeys, kSteerContexts);

}  // namespace flocklab
