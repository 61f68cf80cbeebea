// The flock scene's rows of the key table, beside its view's key handler
// (flock_view.cpp); the help, the README's table and `flocklab keys` read
// them (words.hpp keys_for()). Plain C++: the CLI and the tests link it too.
#include "core/lang.hpp"
#include "core/registry.hpp"

namespace flocklab {

namespace {
const KeyHelp kFlockKeys[] = {
    {"", "", "1 2 3 4", N_("separation, alignment, cohesion, wander on or off")},
    {"", "", "R", N_("the lesson's three rules on, wander off")},
    {"", "hawk", "H", N_("place the hawk at the centre, or take it away")},
    {"", "hawk", N_("Arrows"), N_("move the hawk 10 px; with Shift, 50 px")},
    {"", "leader", N_("Arrows"), N_("move the leader's target 10 px; with Shift, 50 px")},
    {"", "", N_("] and ["), N_("select the next or the previous boid")},
    {"", "", "N", N_("select the boid nearest the hawk, the leader's target or the centre")},
};
const KeyContext kFlockContexts[] = {{"hawk", "pointer hawk"}, {"leader", "leader on"}};
}  // namespace

FLOCKLAB_REGISTER_KEYS("flock", kFlockKeys, kFlockContexts);

}  // namespace flocklab
