// The shape of an experiment's result: how a measure's means go with the
// varied setting, claimed only where the seeds support it. The page's
// sentences and its prediction's comparison (web/src/experiment-words.js)
// ask the experiments' module for it (sw_shape), so the rule is decided here,
// once.
#pragma once

#include <string>
#include <vector>

namespace flocklab {

struct Shape {
    enum Kind { Rises, Falls, Level, Peaks } kind = Level;
    int at = -1;          // Peaks: the index of the highest mean
    int settles_at = -1;  // Rises/Falls: from here on every mean is within 1% of the range of the last
    int levels_at = -1;   // Rises/Falls: from here on it moves less than 10% of its range
};

// `means` per value in order; `errors` each mean's standard error (missing
// or 0 for a prediction's points). A rise, a fall or a peak is claimed only
// where the means differ by more than three times their combined error:
// a change inside the seeds' spread is "stays level" (web/README.md,
// "Experiments in the page", says it for authors). Also level: fewer than two means, or a range within 5% of
// the largest magnitude. Peaks: the highest mean inside, above both ends by
// a fifth of the range and by three combined errors.
Shape shape_of(const std::vector<double>& means, const std::vector<double>& errors);
const char* shape_word(Shape::Kind k);  // "rises", "falls", "stays level", "peaks"
// {"shape": word, "at"/"settlesAt"/"levelsAt": index (where they apply)}
std::string shape_json(const Shape& s);

}  // namespace flocklab
