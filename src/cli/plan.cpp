#include "plan.hpp"

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/format.hpp"
#include "core/version.hpp"

namespace flocklab::cli {

namespace {
constexpr const char* kMagic = "flocklab-plan 1";
constexpr size_t kMaxPlanBytes = 64u << 20;  // 1,000 values, 100,000 seeds and 1,000,000 shards fit

std::string fnv1a(const std::string& text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, h);
    return buf;
}

// Seeds in --seeds' grammar, consecutive ones as ranges ("0-19,25").
std::string seeds_text(const std::vector<std::uint64_t>& seeds) {
    std::string o;
    for (size_t i = 0; i < seeds.size();) {
        size_t j = i;
        while (j + 1 < seeds.size() && seeds[j] != UINT64_MAX && seeds[j + 1] == seeds[j] + 1) ++j;
        o += (o.empty() ? "" : ",") + std::to_string(seeds[i]) + (j > i ? "-" + std::to_string(seeds[j]) : "");
        i = j + 1;
    }
    return o;
}

std::string range_text(long long first, long long end) { return std::to_string(first) + "-" + std::to_string(end - 1); }


std::pair<std::string, std::string> name_value(const std::string& text) {
    const size_t eq = text.find('=');
    if (eq == std::string::npos) return {text, ""};
    return {text.substr(0, eq), text.substr(eq + 1)};
}
}  // namespace

bool read_whole(const std::string& path, size_t most, std::string* out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    out->clear();
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        out->append(buf, static_cast<size_t>(in.gcount()));
        if (out->size() > most) return false;
    }
    return true;
}

std::string plan_text(const SweepSpec& s, long long runs, int shards) {
    std::string t =
        "# A flocklab sweep, cut into shards. Run each shard with\n"
        "#   flocklab sweep --plan THIS-FILE --shard K --out part-K.csv\n"
        "# and put the parts together, checked, with\n"
        "#   flocklab merge THIS-FILE part-*.csv > sweep.csv\n"
        "# Its last line is a digest of the rest: a plan that was edited is refused.\n";
    t += std::string(kMagic) + "\n";
    t += "version " + std::string(version()) + "\n";
    t += "scene " + s.scene + "\n";
    for (const auto& [n, v] : s.settings) t += "setting " + n + "=" + v + "\n";
    t += "vary " + s.vary + "\n";
    for (const std::string& v : s.values) t += "value " + v + "\n";
    t += "seeds " + seeds_text(s.seeds) + "\n";
    t += "steps " + std::to_string(s.steps) + "\n";
    t += "mean-last " + py_repr(s.mean_last) + "\n";
    for (const auto& [n, v] : s.compare) t += "compare " + n + "=" + v + "\n";
    t += "runs " + std::to_string(runs) + "\n";
    t += "shards " + std::to_string(shards) + "\n";
    for (int k = 1; k <= shards; ++k) t += "shard " + std::to_string(k) + " " + range_text(shard_first(runs, k, shards), shard_end(runs, k, shards)) + "\n";
    return t + "digest " + fnv1a(t) + "\n";
}

Plan read_plan(const std::string& path) {
    std::string text;
    const std::string name = "the plan '" + shortened(path) + "'";
    if (!read_whole(path, kMaxPlanBytes, &text)) throw UsageError("cannot read " + name + " (or it is larger than a plan can be)");
    const size_t d = text.rfind("\ndigest ");
    if (text.find(kMagic) == std::string::npos || d == std::string::npos) {
        throw UsageError(name + " is not a flocklab plan (make one with flocklab plan ... --shards N)");
    }
    Plan p;
    p.digest = fnv1a(text.substr(0, d + 1));
    if (text.substr(d + 1) != "digest " + p.digest + "\n") {
        throw UsageError(name + " was edited or cut (its digest does not match its text): make the plan again");
    }
    std::istringstream in(text.substr(0, d + 1));
    std::string line;
    int shard_lines = 0;
    bool magic = false;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const size_t sp = line.find(' ');
        const std::string key = line.substr(0, sp), rest = sp == std::string::npos ? "" : line.substr(sp + 1);
        double x = 0;
        std::string why;
        if (line == kMagic) {
            magic = true;
        } else if (key == "version") {
            p.version = rest;
        } else if (key == "scene") {
            p.spec.scene = rest;
        } else if (key == "setting") {
            p.spec.settings.push_back(name_value(rest));
        } else if (key == "vary") {
            p.spec.vary = rest;
        } else if (key == "value") {
            p.spec.values.push_back(rest);
        } else if (key == "seeds" && parse_seeds(rest, 100000, UINT64_MAX, &p.spec.seeds, &why)) {
        } else if (key == "steps" && parse_number(rest, &x) && x >= 0 && x == static_cast<double>(static_cast<long long>(x))) {
            p.spec.steps = static_cast<long long>(x);
        } else if (key == "mean-last" && parse_number(rest, &x) && x >= 0) {
            p.spec.mean_last = x;
        } else if (key == "compare") {
            p.spec.compare.push_back(name_value(rest));
        } else if (key == "runs" && parse_number(rest, &x)) {
            p.runs = static_cast<long long>(x);
        } else if (key == "shards" && parse_number(rest, &x) && x >= 1 && x <= 1000000) {
            p.shards = static_cast<int>(x);
        } else if (key == "shard") {
            ++shard_lines;
            if (rest != std::to_string(shard_lines) + " " + range_text(shard_first(p.runs, shard_lines, p.shards), shard_end(p.runs, shard_lines, p.shards))) {
                throw UsageError(name + "'s shard " + std::to_string(shard_lines) + " is not the plan's arithmetic");
            }
        } else {
            throw UsageError(name + " has a line no plan has: '" + shortened(line) + "'");
        }
    }
    if (!magic || p.spec.scene.empty() || p.spec.vary.empty() || p.spec.values.empty() || p.spec.seeds.empty() || p.shards < 1 ||
        shard_lines != p.shards || p.runs != static_cast<long long>(p.spec.values.size() * p.spec.seeds.size())) {
        throw UsageError(name + " is not whole (it lacks its scene, values, seeds or shards)");
    }
    if (p.version != version()) {
        throw UsageError(name + " was made by flocklab " + shortened(p.version) + "; this is " + version() +
                         ", whose runs may differ: make the plan again with this one");
    }
    return p;
}

std::string part_first_line(const Plan& p, int k) {
    return "# flocklab part: plan " + p.digest + ", shard " + std::to_string(k) + "/" + std::to_string(p.shards) + ", runs " +
           range_text(shard_first(p.runs, k, p.shards), shard_end(p.runs, k, p.shards)) + " of " + std::to_string(p.runs) + "\n";
}

std::string part_last_line(const Plan& p, int k) {
    return "# end: shard " + std::to_string(k) + "/" + std::to_string(p.shards) + ", " +
           std::to_string(shard_end(p.runs, k, p.shards) - shard_first(p.runs, k, p.shards)) + " rows\n";
}

namespace {
// A row's problem against run `run` of the plan ("" when it is that run's).
std::string row_problem(const SweepRuns& runs, const std::string& line, long long run, size_t columns) {
    const std::vector<std::string> cols = split(line, ',');
    if (cols.size() != columns) return "has " + std::to_string(cols.size()) + " columns, not " + std::to_string(columns);
    if (cols[0] != std::to_string(run)) return "is run " + shortened(cols[0]) + " where run " + std::to_string(run) + " should be";
    if (cols[1] != runs.value(static_cast<int>(run)) || cols[2] != std::to_string(runs.seed(static_cast<int>(run)))) {
        return "has another value or seed than the plan's run " + std::to_string(run);
    }
    for (size_t c = 3; c < cols.size(); ++c) {
        double x;
        if (!parse_number(cols[c], &x)) return "has '" + shortened(cols[c]) + "', not a number";
    }
    return "";
}
}  // namespace

PartState read_part(const Plan& p, const SweepRuns& runs, const std::string& text, int shard) {
    PartState s;
    const auto bad = [&](const std::string& why) {
        s.kind = PartState::kBad;
        s.problem = why;
        return s;
    };
    size_t at = text.find('\n');
    const std::string first = text.substr(0, at == std::string::npos ? text.size() : at + 1);
    const std::string prefix = "# flocklab part: plan ";
    if (at == std::string::npos) {
        // Cut inside its first line: the shard is known only from outside.
        s.shard = shard;
        if (shard > 0 && part_first_line(p, shard).compare(0, text.size(), text) == 0) {
            s.kind = PartState::kCut;
            s.problem = "is cut short inside its first line";
            return s;
        }
        return bad(text.empty() ? "is empty" : "is not a part of a plan (no first line '# flocklab part: ...')");
    }
    if (first.compare(0, prefix.size(), prefix) != 0) return bad("is not a part of a plan (its first line is not '# flocklab part: ...')");
    if (first.compare(prefix.size(), p.digest.size(), p.digest) != 0) {
        return bad("belongs to another plan (" + shortened(first.substr(prefix.size(), 16)) + "), not this one (" + p.digest +
                   "): a part of an older or another sweep");
    }
    int k = 0;
    const size_t sh = first.find(", shard ");
    if (sh != std::string::npos) k = std::atoi(first.c_str() + sh + 8);
    if (k < 1 || k > p.shards || first != part_first_line(p, k)) return bad("has a first line that does not match its plan");
    if (shard > 0 && k != shard) return bad("is shard " + std::to_string(k) + "'s part, not shard " + std::to_string(shard) + "'s");
    s.shard = k;
    s.has_first = true;
    s.kept = first.size();
    const long long from = shard_first(p.runs, k, p.shards), end = shard_end(p.runs, k, p.shards);
    const std::string header = runs.csv_header(), closing = part_last_line(p, k);
    const size_t columns = split(header.substr(0, header.size() - 1), ',').size();
    size_t pos = s.kept;
    bool closed = false;
    while (pos < text.size()) {
        at = text.find('\n', pos);
        if (at == std::string::npos) break;  // a line cut short: everything before it is kept
        const std::string line = text.substr(pos, at + 1 - pos);
        if (closed) return bad("has lines after its closing line");
        if (!s.has_header) {
            if (line != header) return bad("has a header that is not its plan's");
            s.has_header = true;
        } else if (line.compare(0, 6, "# end:") == 0) {
            if (line != closing || from + s.rows != end) {
                return bad("closes with '" + shortened(line.substr(0, line.size() - 1)) + "' after " + std::to_string(s.rows) + " rows");
            }
            closed = true;
        } else if (from + s.rows >= end) {
            return bad("has more rows than its " + std::to_string(end - from) + " runs");
        } else {
            const std::string why = row_problem(runs, line.substr(0, line.size() - 1), from + s.rows, columns);
            if (!why.empty()) return bad("has a row that " + why + " (line " + std::to_string(s.rows + 3) + ")");
            ++s.rows;
        }
        pos = at + 1;
        s.kept = pos;
    }
    if (closed) {
        s.kind = PartState::kWhole;
        return s;
    }
    s.kind = PartState::kCut;
    s.problem = "is cut short: " + std::to_string(s.rows) + " of " + std::to_string(end - from) + " rows" +
                (pos < text.size() ? " and part of the next" : "") + ", and no closing line";
    return s;
}

}  // namespace flocklab::cli
