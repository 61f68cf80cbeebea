// [SECTION] Rule names and rule sets ("all", "no-sep", ...).
#include "flock.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace flocklab {


bool rule(const Rules& r, int index) {
    switch (index) {
        case 0: return r.separation;
        case 1: return r.alignment;
        case 2: return r.cohesion;
        case 3: return r.wander;
        default: return false;
    }
}

void set_rule(Rules& r, int index, bool on) {
    switch (index) {
        case 0: r.separation = on; break;
        case 1: r.alignment = on; break;
        case 2: r.cohesion = on; break;
        case 3: r.wander = on; break;
        default: break;
    }
}

namespace {
struct RuleSet {
    const char* name;
    bool separation, alignment, cohesion;
};
constexpr RuleSet kRuleSets[kRuleSetCount] = {
    {"all", true, true, true},        {"none", false, false, false},
    {"no-sep", false, true, true},    {"no-ali", true, false, true},
    {"no-coh", true, true, false},    {"only-sep", true, false, false},
    {"only-ali", false, true, false}, {"only-coh", false, false, true},
};
}  // namespace

const char* rule_set_name(int index) {
    return index >= 0 && index < kRuleSetCount ? kRuleSets[index].name : nullptr;
}

bool parse_rules(const std::string& name, Rules* out) {
    for (const RuleSet& r : kRuleSets) {
        if (name == r.name) {
            out->separation = r.separation;
            out->alignment = r.alignment;
            out->cohesion = r.cohesion;
            return true;
        }
    }
    return false;
}

std::string rules_name(const Rules& r) {
    for (const RuleSet& n : kRuleSets) {
        if (n.separation == r.separation && n.alignment == r.alignment && n.cohesion == r.cohesion) {
            return n.name;
        }
    }
    return "all";  // unreachable: the table lists all eight combinations
}
}  // namespace flocklab
