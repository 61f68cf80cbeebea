// The crowd scene's rows of the key table, beside its view's key handler
// (crowd_view.cpp); the help, the README's table and `flocklab keys` read
// them (words.hpp keys_for()). Plain C++: the CLI and the tests link it too.
#include "core/lang.hpp"
#include "core/registry.hpp"

namespace flocklab {

namespace {
const KeyHelp kCrowdKeys[] = {
    {"", "", N_("Arrows"), N_("move the cell cursor one cell; with Shift, five")},
    {"", "", N_("Space"), N_("a wall on or off at the cursor (a click does it under the pointer; a drag paints walls)")},
    {"", "", "G", N_("move the goal to the cursor; the next click moves it too (on touch: a long press)")},
    {"", "", "S", N_("switch between following the flow field and seeking the goal; the agents stay where they are")},
    {"", "", "B", N_("paint mode on or off: a drag paints walls, and a finger's drag too instead of scrolling the page")},
    {"", "", "A M P", N_("the flow field's arrows, the distances (heat map and numbers), the selected agent's path: on or off")},
    {"", "", N_("] and ["), N_("select the next or the previous agent")},
};
}  // namespace

FLOCKLAB_REGISTER_KEYS_NO_CONTEXTS("crowd", kCrowdKeys);

}  // namespace flocklab
