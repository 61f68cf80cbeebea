// The what-if lane's changes as text (what_if.cpp): data-compare, the CLI's
// --compare, config().compare.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace flocklab {

// A page's data-compare="max-force=0.2; update=as-you-go": its pairs (names
// as written), or false and why. "" and "none" are no lane.
bool parse_compare(const std::string& text, std::vector<std::pair<std::string, std::string>>* out, std::string* why);
// The pairs as data-compare writes them: "max_force=0.2; flee=negated-seek".
std::string compare_text(const std::vector<std::pair<std::string, std::string>>& pairs);

}  // namespace flocklab
