// A gauge: one number a scene measures, with what a page needs to show it,
// scale a prediction and tell a change from noise.
#pragma once

#include <string>

namespace flocklab {

struct Gauge {
    const char* name;  // "spacing", "order", "speed", "distance"
    const char* unit;  // "px", "px/s", "agents", "" (dimensionless)
    double value;
    int decimals = -1;  // how a page shows it: -1 its unit's usual (1, or 2 without a unit); 0 for counts
    double ceiling = 0;  // the most it can be, in its unit (order: 1, a count: the agents), or 0 where there is no such bound
    double plausible = 0;  // no ceiling: the most a student may well predict, in its unit (a prediction's scale), or 0
    double same = 0;  // a change smaller than this, in its unit, is noise ("about the same"); 0: any change counts
};

// A gauge's value as a page shows it, in the widget's language: its
// decimals (Gauge::decimals' rule) and its unit ("23.7 px", "0.88").
// A count of one agrees ("1 agent", "1 cell").
std::string gauge_words(const Gauge& g);
// Its name as a sentence says it, in the widget's language ("mean steps to goal").
std::string gauge_label(const Gauge& g);

}  // namespace flocklab
