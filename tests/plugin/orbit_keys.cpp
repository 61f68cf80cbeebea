// The orbit scene's rows of the key table, beside its view's key handler
// (orbit_view.cpp). Plain C++: the tests link it too.
#include "core/lang.hpp"
#include "core/registry.hpp"

namespace flocklab {

namespace {
const KeyHelp kOrbitKeys[] = {
    {"", "", N_("O"), N_("the target goes round the other way")},
};
}  // namespace

FLOCKLAB_REGISTER_KEYS_NO_CONTEXTS("orbit", kOrbitKeys);

}  // namespace flocklab
