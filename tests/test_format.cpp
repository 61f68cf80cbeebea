// py_repr: the shortest text that reads back to the same double, laid out
// as CPython's repr() lays it out. The expected strings were printed by
// CPython 3.11's repr() for these exact doubles (hex literals).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/format.hpp"

using flocklab::parse_number;
using flocklab::py_repr;

TEST(PyRepr, MatchesCPythonOnTrickyAndRandomDoubles) {
    const struct {
        double v;
        const char* repr;
    } cases[] = {
        {0x1.999999999999ap-4, "0.1"},
        {0x1.1c37937e08000p+53, "1e+16"},
        {0x1.4f8b588e368f1p-17, "1e-05"},
        {0x1.a36e2eb1c432dp-14, "0.0001"},
        {0x1.b69b4ba630f35p+56, "1.2345678901234568e+17"},
        {0x0.0000000000001p-1022, "5e-324"},
        {0x1.fffffffffffffp+1023, "1.7976931348623157e+308"},
        {0x1.3333333333334p-2, "0.30000000000000004"},
        {-0x0.0p+0, "-0.0"},
        {0x1.4000000000000p+1, "2.5"},
        {0x1.9000000000000p+6, "100.0"},
        {0x1.0f0cf064dd592p+73, "1e+22"},
        {0x1.0000000000000p+53, "9007199254740992.0"},
        {0x1.0000000000000p-1022, "2.2250738585072014e-308"},
        {0x1.5555555555555p-2, "0.3333333333333333"},
        {0x1.5555555555555p-1, "0.6666666666666666"},
        {-0x1.421f5f40d8376p-23, "-1.5e-07"},
        {0x1.4d8399f767c45p+23, "10928588.983213553"},
        {0x1.8fbbcbde5c099p+445, "1.4186613525849614e+134"},
        {-0x1.11fdecb91ce37p-243, "-7.571968556055867e-74"},
        {-0x1.d4330f1446beap+375, "-1.4074705188261364e+113"},
        {-0x1.b8c9ebd69fe29p-401, "-3.3339745473042614e-121"},
        {-0x1.0b125ec1d7da0p-900, "-1.2342180766211395e-271"},
        {-0x1.10dff076ce2efp+371, "-5.126864004244935e+111"},
        {-0x1.5387777330bdbp+107, "-2.1520217579844227e+32"},
        {0x1.1ea36f17fd374p-3, "0.1399601630397701"},
        {0x1.64138a6233255p-811, "1.01853664031722e-244"},
        {0x1.7688de6a16a3bp-381, "2.9704598186234577e-115"},
        {0x1.dd97f1cfb10f6p+499, "3.0534183338726823e+150"},
        {-0x1.271007814e8a2p+486, "-2.3027782228163463e+146"},
        {0x1.959ce3f1f65a8p+536, "3.56409621163656e+161"},
        {0x1.afe878b33e968p-606, "6.352929017207453e-183"},
        {0x1.4235992edcf45p-2, "0.3146575865605324"},
        {-0x1.edb20035b7399p-77, "-1.2761724801771812e-23"},
        {0x1.c966c377b9aa2p+648, "2.0868668176225336e+195"},
        {0x1.c82b1478c281dp-278, "3.66898827745704e-84"},
        {-0x1.1cc9dea959c21p+482, "-1.389122273370197e+145"},
        {0x1.229f1c4069545p+572, "1.7548715433165102e+172"},
        {-0x1.d8b7628dbd25ep+49, "-1039514241563211.8"},
        {0x1.a1e48cc11d357p-729, "5.7804021771411506e-220"}
    };
    for (const auto& c : cases) {
        EXPECT_EQ(py_repr(c.v), c.repr);
        EXPECT_EQ(std::strtod(py_repr(c.v).c_str(), nullptr), c.v);
    }
}

TEST(PyRepr, NotFiniteIsJsonNull) {
    EXPECT_EQ(py_repr(std::strtod("nan", nullptr)), "null");
    EXPECT_EQ(py_repr(std::strtod("inf", nullptr)), "null");
}

TEST(ParseNumber, DecimalOnlyAndFinite) {
    double v = 0;
    EXPECT_TRUE(parse_number("12", &v));
    EXPECT_EQ(v, 12.0);
    EXPECT_TRUE(parse_number("-0.5e1", &v));
    EXPECT_EQ(v, -5.0);
    for (const char* bad : {"", "0x20", "0x10", "inf", "-inf", "nan", " 12", "12 ", "1e999", "1,2", "twelve"}) {
        EXPECT_FALSE(parse_number(bad, &v)) << bad;
    }
}

// The quick path for numbers with few decimals (0.5, 120.0, 1.8e-05, slider
// stops, parameters) writes exactly what the general search writes, on
// decimals of every length and scale, their neighbours one ulp away, and
// doubles of any bits.
TEST(PyRepr, QuickPathAgreesWithTheGeneralSearch) {
    const auto general = [](double v) {
        std::string digits;
        int exp10 = 0;
        flocklab::shortest_digits(v, &digits, &exp10);
        return flocklab::repr_layout(std::signbit(v), digits, exp10);
    };
    std::mt19937_64 rng(5);
    std::vector<double> values = {0.0, -0.0, 1.0, 0.1, 0.5, 1.8, 120.0, 1e-5, 1e15, 1e16, 0x1p50, 0x1p50 - 1,
                                  1125899906842623.5, 0.30000000000000004, 5e-324, 1e-300, 123456789.125};
    for (int i = 0; i < 200000; ++i) {
        const int k = static_cast<int>(rng() % 18);
        const double scale = std::pow(10.0, static_cast<int>(rng() % 24) - 8);
        const double n = static_cast<double>(rng() % 100000000);
        const double decimal = (n / std::pow(10.0, k)) * (rng() % 2 ? 1 : -1);
        values.push_back(decimal);
        values.push_back(std::nextafter(decimal, 1e300));
        values.push_back(decimal * scale);
        const uint64_t bits = rng();
        double any = 0;
        std::memcpy(&any, &bits, sizeof any);
        if (std::isfinite(any)) values.push_back(any);
    }
    int quick = 0;
    for (const double v : values) {
        ASSERT_EQ(py_repr(v), general(v)) << std::hexfloat << v;
        ASSERT_EQ(std::strtod(py_repr(v).c_str(), nullptr), v);
        std::string digits;
        int exp10 = 0;
        flocklab::shortest_digits(v, &digits, &exp10);
        quick += digits.size() <= 8 && v != 0;
    }
    EXPECT_GT(quick, 100000);  // most of the inputs have short decimals: the quick path is exercised
}
