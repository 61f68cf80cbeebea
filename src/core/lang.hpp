// The widget's language: every string it shows or says is written in
// English at its call site, inside tr(...) or trf(...), and looked up here in
// the table of the language the page asked for (web/lang/<code>.json, passed
// in by the shim). A string missing from the table stays English. Table rows
// that are translated where they are used, not where they are written, are
// marked N_("...") so the key list (web/tools/lang-keys.mjs) finds them too.
// Pure C++: the CLI never sets a language, so its output stays English.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

// Marks a literal as a key of the tables without translating it here.
#define N_(s) s

namespace flocklab {

// Sets the language: `code` ("es"), and its table as "English\x1fTranslation\x1e"
// rows. `decimal`: the mark between a number's whole and decimal parts (',' in
// Spanish). Called once, before the widget starts; "en" and an empty table: English.
void set_language(const std::string& code, const std::string& table, char decimal = '.');
const std::string& language();
char decimal_mark();

// The translation of an English string (the string itself when the table has none).
const char* tr(const char* english);
std::string tr(const std::string& english);
// The translation with {0}, {1}, ... replaced by `args`, in the translation's order.
std::string trf(const char* english, std::initializer_list<std::string> args);
// `printed` with every '.' between two digits replaced by the decimal mark
// (for text printed with %f formats or std::to_string, shown to people).
std::string local_number(std::string printed);

// The English keys that were looked up and had no translation, in first-seen
// order (empty in English); the browser tests read them to find gaps.
const std::vector<std::string>& missing_strings();
// The keys whose translation set_language() refused (its printf conversions
// differ from the English one's: "%s%s" for "%s", a "%n"); they stay English.
const std::vector<std::string>& rejected_strings();

}  // namespace flocklab
