// Decimal text to the nearest double, correctly rounded (ties to even), as
// the C library's strtod reads it, without the C library's reader: musl's
// strtod (in the page) reads through its scanf machinery and 128-bit long
// double arithmetic, about 7 kB of the page's gzipped code. tests/
// test_decimal.cpp compares this reader with glibc's strtod on millions of
// strings: random ones, halfway cases, subnormals and the overflow edge.
#pragma once

namespace flocklab {

// Reads [+-]digits[.digits][(e|E)[+-]digits] (or [+-].digits...) from the
// start of `text`, as strtod does for decimal text: no spaces, no hex, no
// "inf" or "nan". Returns the nearest double (an infinity past the largest
// double, zero below the smallest), and sets *end to the first character not
// read; *end is `text` when no number was read.
double read_decimal(const char* text, const char** end);

}  // namespace flocklab
