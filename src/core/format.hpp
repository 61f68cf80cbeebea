// Number formatting for JSON (the CLI and the widget): the shortest decimal that reads back
// to the same double, laid out as Python's repr() lays it out, so the CLI's
// output is text-identical to the lab's golden files.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace flocklab {

std::string py_repr(double v);
// py_repr's general search, for any finite v: the digits of its shortest
// round-trip decimal (no trailing zeros, "0" for zero) and the power of ten
// of the first; and repr()'s layout of them. py_repr takes a quicker path
// for numbers with few decimals, which must agree with this one.
void shortest_digits(double v, std::string* digits, int* exp10);
std::string repr_layout(bool negative, const std::string& digits, int exp10);
// A finite decimal number, the whole text ("12", "-0.5", "1e3"): no hex
// ("0x20"), no "inf" or "nan", no spaces. False when the text is not one.
bool parse_number(const std::string& text, double* out);
// Text a page passes in: one item per line, and "name\tvalue" lines.
std::vector<std::string> split_lines(const std::string& text);
std::vector<std::pair<std::string, std::string>> tab_pairs(const std::string& text);  // "22.550619377904063", "120.0", "1.3e-05"; null if not finite

}  // namespace flocklab
