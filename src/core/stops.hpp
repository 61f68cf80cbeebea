// Slider stops: the values a tunable's slider lands on, decided once here for
// the canvas's Tuning panel and the page's form alike. Between its ends a
// slider stops on every value with two significant digits (0.2, 1.5, 55, 320,
// 440, 2000), never closer together than the range's finest step: a power of
// ten no larger than the low end (0.1 for a max force from 0.1), or hundredths
// of a range of 10 or less and whole units of a wider one from 0 or below.
// Each decade gets the same share of the track, so 0.2 and 320 are both in reach.
#pragma once

#include <vector>

namespace flocklab {

// lo, then every stop strictly between in increasing order, then hi (lo < hi);
// just {lo} when lo >= hi. At most a few thousand values for any range.
std::vector<double> slider_stops(double lo, double hi);
// The index of the stop nearest v (the lower of two equally near).
int nearest_stop(const std::vector<double>& stops, double v);

}  // namespace flocklab
