// summarize: the per-value summary of sweep --csv files.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include <fstream>

#include "core/format.hpp"

namespace flocklab::cli {


// summarize: the per-value summary of sweep --csv files (shards of one
// sweep, put together), as sweep prints it.
int cmd_summarize(int argc, char** argv) {
    if (argc < 3) throw UsageError("summarize: give the CSV files of a sweep (sweep ... --csv > part.csv)");
    std::string header, name;
    std::vector<std::string> names, values;
    std::vector<SweepRow> rows;
    std::vector<bool> seen_run;
    std::vector<std::string> seeds;
    for (int i = 2; i < argc; ++i) {
        std::ifstream in(argv[i]);
        if (!in) throw UsageError(std::string("summarize: cannot read '") + argv[i] + "'");
        std::string line;
        if (!std::getline(in, line)) throw UsageError(std::string("summarize: '") + argv[i] + "' is empty");
        if (header.empty()) {
            header = line;
            const std::vector<std::string> cols = split(line, ',');
            if (cols.size() < 4 || cols[0] != "run" || cols[2] != "seed") throw UsageError(std::string("summarize: '") + argv[i] + "' is not a sweep's CSV");
            name = cols[1];
            for (size_t c = 3; c < cols.size(); ++c) names.push_back(cols[c]);
        } else if (line != header) {
            throw UsageError(std::string("summarize: '") + argv[i] + "' is another sweep (its header differs)");
        }
        while (std::getline(in, line)) {
            const std::vector<std::string> cols = split(line, ',');
            long long run = 0;
            if (cols.size() != names.size() + 3 || !(std::istringstream(cols[0]) >> run) || run < 0 || run > 100000000) {
                throw UsageError(std::string("summarize: a malformed row in '") + argv[i] + "': '" + shortened(line) + "'");
            }
            if (static_cast<size_t>(run) >= seen_run.size()) seen_run.resize(static_cast<size_t>(run) + 1, false);
            if (seen_run[static_cast<size_t>(run)]) throw UsageError("summarize: run " + cols[0] + " is in two files");
            seen_run[static_cast<size_t>(run)] = true;
            SweepRow row{cols[1], {}};
            for (size_t c = 3; c < cols.size(); ++c) {
                double x;
                if (!parse_number(cols[c], &x)) throw UsageError("summarize: '" + shortened(cols[c]) + "' is not a number");
                row.gauges.push_back(x);
            }
            if (std::find(values.begin(), values.end(), row.value) == values.end()) values.push_back(row.value);
            if (std::find(seeds.begin(), seeds.end(), cols[2]) == seeds.end()) seeds.push_back(cols[2]);
            rows.push_back(row);
        }
    }
    // Missing runs: holes in the run numbers, or in the grid of values and seeds seen.
    const size_t missing = std::max(static_cast<size_t>(std::count(seen_run.begin(), seen_run.end(), false)),
                                    values.size() * seeds.size() - std::min(values.size() * seeds.size(), rows.size()));
    std::printf("%zu runs%s\n", rows.size(), missing ? (", " + std::to_string(missing) + " missing (a shard not given?)").c_str() : "");
    print_summary(name, values, names, std::vector<std::string>(names.size()), rows);
    return 0;
}
}  // namespace flocklab::cli
