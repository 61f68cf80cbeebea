// summarize: the per-value summary of sweep --csv files.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include <fstream>

#include "core/format.hpp"

namespace flocklab::cli {


// summarize: the per-value summary of sweep --csv files (shards of one
// sweep, put together), as sweep prints it.
namespace {
// A file's text in a message: at most 80 characters, a control character
// (an escape sequence, a NUL) shown as \\xNN rather than sent to the terminal.
std::string printable(const std::string& s) {
    std::string o;
    for (unsigned char c : shortened(s)) {
        if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            o += buf;
        } else {
            o += static_cast<char>(c);
        }
    }
    return o;
}
// One line of a CSV file, read as it streams: at most kMaxLine characters (a
// sweep's row is a few hundred), so a file with no line breaks (/dev/zero,
// 500 MB of zeros) is refused after kMaxLine bytes instead of being read
// whole; a CRLF line ending is a line ending. False at the end of the file.
// A last line without its line break (a part cut short inside a row, "…,5"
// for "…,59.999999999999986") is refused: a sweep ends every row with one.
constexpr size_t kMaxLine = 65536;
bool read_line(std::istream& in, std::string* line, const char* file) {
    line->clear();
    char c;
    bool any = false, ended = false;
    while (in.get(c)) {
        any = true;
        if (c == '\n') {
            ended = true;
            break;
        }
        if (line->size() >= kMaxLine) {
            throw UsageError(std::string("summarize: '") + file + "' has a line longer than " + std::to_string(kMaxLine) +
                             " characters; it is not a sweep's CSV");
        }
        *line += c;
    }
    if (any && !ended) {
        throw UsageError(std::string("summarize: '") + file + "' ends inside a row ('" + printable(*line) +
                         "' has no line break): it was cut short; run its shard again");
    }
    if (!line->empty() && line->back() == '\r') line->pop_back();
    return any;
}
// A value as a sweep writes it: printable text, not a spreadsheet formula.
bool plain_value(const std::string& v) {
    if (v.empty() || v[0] == '=' || v[0] == '+' || v[0] == '@') return false;
    for (unsigned char c : v) {
        if (c < 0x20 || c == 0x7f) return false;
    }
    return true;
}
}  // namespace

int cmd_summarize(int argc, char** argv) {
    if (argc < 3) throw UsageError("summarize: give the CSV files of a sweep (sweep ... --csv > part.csv)");
    std::string header, name;
    std::vector<std::string> names, values;
    std::vector<SweepRow> rows;
    std::vector<bool> seen_run;
    // Distinct values (in order of first sight) and seeds, each looked up in
    // constant time: linear in the rows (a 36 MB CSV took 43 s, issue 42 #8).
    std::unordered_set<std::string> value_seen, seeds;
    // A plan's parts say how many runs the sweep has ("runs A-B of T") and
    // close with a count; bare CSVs say neither.
    std::string plan;
    long long total = -1;
    std::vector<std::string> cut;
    int bare = 0;
    for (int i = 2; i < argc; ++i) {
        std::ifstream in(argv[i]);
        if (!in) throw UsageError(std::string("summarize: cannot read '") + argv[i] + "'");
        std::string line;
        if (!read_line(in, &line, argv[i])) throw UsageError(std::string("summarize: '") + argv[i] + "' is empty");
        const std::string part = "# flocklab part: plan ";
        bool closed = false, is_part = false;
        if (line.compare(0, part.size(), part) == 0) {
            is_part = true;
            const std::string digest = line.substr(part.size(), 16);
            if (!plan.empty() && digest != plan) throw UsageError(std::string("summarize: '") + argv[i] + "' is a part of another plan than the files before it");
            plan = digest;
            const size_t of = line.rfind(" of ");
            if (of != std::string::npos) total = std::atoll(line.c_str() + of + 4);
            if (!read_line(in, &line, argv[i])) line.clear();
        } else {
            ++bare;
        }
        if (header.empty()) {
            header = line;
            const std::vector<std::string> cols = split(line, ',');
            if (cols.size() < 4 || cols[0] != "run" || cols[2] != "seed") throw UsageError(std::string("summarize: '") + argv[i] + "' is not a sweep's CSV");
            name = cols[1];
            for (size_t c = 3; c < cols.size(); ++c) names.push_back(cols[c]);
        } else if (line != header) {
            throw UsageError(std::string("summarize: '") + argv[i] + "' is another sweep (its header differs)");
        }
        while (read_line(in, &line, argv[i])) {
            if (is_part && line.compare(0, 6, "# end:") == 0) {
                closed = true;
                continue;
            }
            const std::vector<std::string> cols = split(line, ',');
            long long run = 0;
            if (cols.size() != names.size() + 3 || !(std::istringstream(cols[0]) >> run) || run < 0 || run > 100000000) {
                throw UsageError(std::string("summarize: a malformed row in '") + argv[i] + "': '" + printable(line) + "'");
            }
            if (static_cast<size_t>(run) >= seen_run.size()) seen_run.resize(static_cast<size_t>(run) + 1, false);
            if (seen_run[static_cast<size_t>(run)]) throw UsageError("summarize: run " + cols[0] + " is in two files");
            seen_run[static_cast<size_t>(run)] = true;
            if (!plain_value(cols[1])) throw UsageError(std::string("summarize: a value in '") + argv[i] + "' is not a sweep's: '" + printable(cols[1]) + "'");
            SweepRow row{cols[1], {}};
            for (size_t c = 3; c < cols.size(); ++c) {
                double x;
                if (!parse_number(cols[c], &x)) throw UsageError("summarize: '" + printable(cols[c]) + "' is not a number");
                row.gauges.push_back(x);
            }
            if (value_seen.insert(row.value).second) values.push_back(row.value);
            seeds.insert(cols[2]);
            rows.push_back(std::move(row));
        }
        if (is_part && !closed) cut.push_back(argv[i]);
    }
    // Missing runs: with a plan's parts, the sweep's own count less the rows;
    // with bare CSVs, the holes in the run numbers or in the grid of values
    // and seeds seen (a last shard lost whole leaves neither).
    const size_t grid = values.size() * seeds.size();
    size_t missing = std::max(static_cast<size_t>(std::count(seen_run.begin(), seen_run.end(), false)), grid - std::min(grid, rows.size()));
    if (total >= 0 && bare == 0) missing = static_cast<size_t>(std::max<long long>(0, total - static_cast<long long>(rows.size())));
    std::string says = std::to_string(rows.size()) + " runs";
    if (missing) says += ", " + std::to_string(missing) + " missing (a shard not given?)";
    if (total >= 0 && bare == 0 && !missing) says += ", all of the plan's";
    for (const std::string& c : cut) says += "; '" + printable(c) + "' is cut short (no closing line)";
    if (bare > 1) says += " (bare CSVs: a last shard lost whole cannot be seen; a plan's parts say their total)";
    std::printf("%s\n", says.c_str());
    print_summary(name, values, names, std::vector<std::string>(names.size()), rows);
    return 0;
}
}  // namespace flocklab::cli
