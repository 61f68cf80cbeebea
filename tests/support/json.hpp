// JSON in the tests: nlohmann-json (Debian's nlohmann-json3-dev), which reads
// numbers with strtod, so a double comes back exactly as Python's repr()
// wrote it. Keys are read with .at() (a missing key throws), values with
// .get<double>(), .get<std::string>(), .get<bool>().
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace testjson {

using Value = nlohmann::json;

inline Value parse(const std::string& s) { return Value::parse(s); }

inline std::string read_file(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw std::runtime_error("cannot open " + path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// The non-empty lines of a text (JSON Lines, CLI output).
inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        if (!l.empty()) out.push_back(l);
    }
    return out;
}

}  // namespace testjson
