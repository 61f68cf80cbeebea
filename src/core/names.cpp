#include "names.hpp"

namespace flocklab {

namespace {
// Each capital becomes `sep` and its lower case.
std::string split_words(const std::string& camel, char sep) {
    std::string o;
    for (char c : camel) {
        if (c >= 'A' && c <= 'Z') o += std::string(1, sep) + static_cast<char>(c - 'A' + 'a');
        else o += c;
    }
    return o;
}
}  // namespace

std::string snake_case(const std::string& camel) { return split_words(camel, '_'); }
std::string kebab_case(const std::string& camel) { return split_words(camel, '-'); }

std::string camel_case(const std::string& kebab) {
    std::string o;
    for (size_t i = 0; i < kebab.size(); ++i) {
        const char c = kebab[i];
        if (c == '-' && i + 1 < kebab.size()) {
            const char n = kebab[++i];
            o += n >= 'a' && n <= 'z' ? static_cast<char>(n - 'a' + 'A') : n;
        } else {
            o += c;
        }
    }
    return o;
}

}  // namespace flocklab
