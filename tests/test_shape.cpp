// The shape of an experiment's result (src/core/shape.hpp), the one rule the
// page's sentences use: known series, and a change inside the seeds' spread.
#include <gtest/gtest.h>

#include "core/shape.hpp"

namespace {

std::string json(const std::vector<double>& means, const std::vector<double>& errors = {}) {
    return flocklab::shape_json(flocklab::shape_of(means, errors));
}

TEST(Shape, KnownSeries) {
    EXPECT_EQ(json({1, 2, 3, 4}), R"({"shape": "rises"})");
    EXPECT_EQ(json({4, 3, 2, 1}), R"({"shape": "falls"})");
    EXPECT_EQ(json({5, 5.1, 4.95, 5}), R"({"shape": "stays level"})");  // within 5% of the values
    EXPECT_EQ(json({1, 3, 1.2}), R"({"shape": "peaks", "at": 1})");
    EXPECT_EQ(json({1, 5, 9, 9.2, 9.3}), R"({"shape": "rises", "levelsAt": 2})");
    EXPECT_EQ(json({46.7, 20, 0.1, 0.1, 0.1, 0.1}), R"({"shape": "falls", "settlesAt": 2})");
    EXPECT_EQ(json({}), R"({"shape": "stays level"})");
    EXPECT_EQ(json({3}), R"({"shape": "stays level"})");
}

TEST(Shape, AChangeInsideTheSeedsSpreadIsNoShape) {
    // issue 31 #10: a dip within the seeds' spread is no peak; with tight runs it is
    EXPECT_EQ(json({0.5, 0.78, 0.58}, {0.12, 0.12, 0.12}), R"({"shape": "stays level"})");
    EXPECT_EQ(json({0.5, 0.78, 0.58}, {0.01, 0.01, 0.01}), R"({"shape": "peaks", "at": 1})");
    // a rise of 0.2 with errors of 0.05 each: 0.2 < 3 * hypot(0.05, 0.05) = 0.21
    EXPECT_EQ(json({1.0, 1.1, 1.2}, {0.05, 0.05, 0.05}), R"({"shape": "stays level"})");
    EXPECT_EQ(json({1.0, 1.1, 1.25}, {0.05, 0.05, 0.05}), R"({"shape": "rises"})");
    // missing errors count as 0 (a prediction's points)
    EXPECT_EQ(json({1.0, 1.1, 1.25}, {0.05}), R"({"shape": "rises"})");
}

}  // namespace
