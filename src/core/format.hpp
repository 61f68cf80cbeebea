// Number formatting for JSON (the CLI and the widget): the shortest decimal that reads back
// to the same double, laid out as Python's repr() lays it out, so the CLI's
// output is text-identical to the lab's golden files.
#pragma once

#include <string>

namespace flocklab {

std::string py_repr(double v);
// A finite decimal number, the whole text ("12", "-0.5", "1e3"): no hex
// ("0x20"), no "inf" or "nan", no spaces. False when the text is not one.
bool parse_number(const std::string& text, double* out);  // "22.550619377904063", "120.0", "1.3e-05"; null if not finite

}  // namespace flocklab
