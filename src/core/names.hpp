// The one place where a name changes its spelling. Tunables are snake_case
// in the params' field table (weight_separation), options camelCase as the
// handle spells them (leaderTarget), and a page writes both in kebab-case
// (data-weight-separation, data-leader-target; the dataset key is camelCase).
// Each function changes only what its comment says, so a name already in the
// wanted spelling passes unchanged.
#pragma once

#include <string>

namespace flocklab {

std::string snake_case(const std::string& camel);  // weightSeparation -> weight_separation
std::string kebab_case(const std::string& camel);  // leaderTarget -> leader-target
std::string camel_case(const std::string& kebab);  // weight-separation -> weightSeparation

}  // namespace flocklab
