#include "lang.hpp"

#include <map>
#include <set>

namespace flocklab {

namespace {
struct Language {
    std::string code = "en";
    char decimal = '.';
    // Ordered (std::less<> looks a const char* up without a copy): a hash
    // table brought 1.6 kB of the C++ library's prime table into the wasm.
    std::map<std::string, std::string, std::less<>> table;
    std::set<std::string, std::less<>> missed;
    std::vector<std::string> missing, rejected;
};
Language& current() {
    static Language l;
    return l;
}
bool digit(char c) { return c >= '0' && c <= '9'; }
// A format's printf conversions in order ("%.1f %s"), "%%" left out: a
// translation used as a format (ui_text) must take exactly the English
// one's arguments, or vsnprintf reads what was never passed.
std::string conversions(const std::string& f) {
    std::string out;
    for (size_t i = 0; i < f.size(); ++i) {
        if (f[i] != '%') continue;
        size_t j = i + 1;
        while (j < f.size() && std::string("-+ 0#123456789.*hlLqjzt").find(f[j]) != std::string::npos) ++j;
        if (j >= f.size()) return out + "%<end>";  // a lone % at the end: never the same as a key's
        if (f[j] != '%') out += f.substr(i, j - i + 1) + " ";
        i = j;
    }
    return out;
}
}  // namespace

void set_language(const std::string& code, const std::string& table, char decimal) {
    Language& l = current();
    l = Language{};
    l.code = code.empty() ? "en" : code;
    l.decimal = decimal ? decimal : '.';
    size_t at = 0;
    while (at < table.size()) {
        size_t end = table.find('\x1e', at);
        if (end == std::string::npos) end = table.size();
        const size_t mid = table.find('\x1f', at);
        if (mid != std::string::npos && mid < end) {
            const std::string key = table.substr(at, mid - at), value = table.substr(mid + 1, end - mid - 1);
            // A row whose printf conversions differ from its key's would trap
            // the module (or print memory) where it is used as a format: the
            // English stays, and the row is reported.
            if (conversions(key) == conversions(value)) l.table[key] = value;
            else l.rejected.push_back(key);
        }
        at = end + 1;
    }
}

const std::string& language() { return current().code; }
char decimal_mark() { return current().decimal; }

const char* tr(const char* english) {
    Language& l = current();
    if (l.code == "en" || !english || !*english) return english;
    const auto it = l.table.find(english);
    if (it != l.table.end()) return it->second.c_str();
    if (l.missed.insert(english).second) l.missing.emplace_back(english);
    return english;
}

std::string tr(const std::string& english) { return tr(english.c_str()); }

std::string trf(const char* english, std::initializer_list<std::string> args) {
    const std::string t = tr(english);
    std::string out;
    out.reserve(t.size() + 16);
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '{' && i + 2 < t.size() && digit(t[i + 1]) && t[i + 2] == '}') {
            const size_t k = static_cast<size_t>(t[i + 1] - '0');
            if (k < args.size()) out += *(args.begin() + k);
            i += 2;
        } else {
            out += t[i];
        }
    }
    return out;
}

std::string local_number(std::string s) {
    const char mark = decimal_mark();
    if (mark == '.') return s;
    for (size_t i = 1; i + 1 < s.size(); ++i)
        if (s[i] == '.' && digit(s[i - 1]) && digit(s[i + 1])) s[i] = mark;
    return s;
}

const std::vector<std::string>& missing_strings() { return current().missing; }
const std::vector<std::string>& rejected_strings() { return current().rejected; }

}  // namespace flocklab
