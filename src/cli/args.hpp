// Command-line options: `--name value` and `--name=value` (the form that
// negative vectors need: --vel=-50,0). Every parse error throws UsageError
// with one line naming the argument; main() prints it and exits with 2.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/vec2.hpp"

namespace flocklab::cli {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct OptionSpec {
    const char* name;      // without the leading dashes
    bool takes_value;      // false: a flag such as --json
    bool repeats = false;  // may be given more than once (--set a=1 --set b=2)
};

class Args {
public:
    // Parses argv[first..argc) against the command's options.
    Args(int argc, char** argv, int first, const std::vector<OptionSpec>& specs);

    bool has(const std::string& name) const { return values_.count(name) != 0; }
    const std::string& raw(const std::string& name) const { return values_.at(name); }
    // Every value of a repeatable option, in the order given.
    std::vector<std::string> all(const std::string& name) const;

    // Typed getters: the default when absent, UsageError when malformed.
    long long integer(const std::string& name, long long def, long long lo, long long hi) const;
    double number(const std::string& name, double def, double lo, double hi) const;
    Vec2 vec(const std::string& name, Vec2 def) const;
    std::vector<std::uint64_t> seeds(const std::string& name, std::uint64_t def) const;
    std::vector<long long> integers(const std::string& name, const std::vector<long long>& def,
                                    long long lo, long long hi) const;
    std::vector<std::string> words(const std::string& name, const std::vector<std::string>& def,
                                   const std::vector<std::string>& allowed) const;

private:
    std::map<std::string, std::string> values_;
};

std::vector<std::string> split(const std::string& s, char sep);

}  // namespace flocklab::cli
