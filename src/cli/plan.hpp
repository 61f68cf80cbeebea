// A sweep that knows itself (issue 67): a plan file that holds a sweep and
// its shards once, parts that say which plan and shard they are and close
// with a count of their rows, and the checks that merge and --resume make.
#pragma once

#include <string>

#include "sweep_runs.hpp"

namespace flocklab::cli {

struct Plan {
    SweepSpec spec;
    std::string version;  // the flocklab that made it (its runs are that one's)
    long long runs = 0;
    int shards = 0;
    std::string digest;  // 16 hex digits: FNV-1a 64 of the text before its digest line
};
// The plan's text: a few comment lines, then `key value` lines, and last
// "digest D" over every byte before it (so an edited plan is refused).
std::string plan_text(const SweepSpec& spec, long long runs, int shards);
// A file's bytes, whole: false if it cannot be read or is over `most` bytes.
bool read_whole(const std::string& path, size_t most, std::string* out);
// The plan in `path`: UsageError, naming the file, if it cannot be read, is
// not a plan, was edited or cut, or was made by another flocklab version.
Plan read_plan(const std::string& path);

// A part: "# flocklab part: plan D, shard K/N, runs A-B of T", the CSV
// header, its rows in order of run, and "# end: shard K/N, M rows".
std::string part_first_line(const Plan& p, int shard);
std::string part_last_line(const Plan& p, int shard);
// What a part's text holds, read against its plan.
struct PartState {
    enum Kind { kWhole, kCut, kBad } kind = kBad;
    int shard = 0;          // 0: no shard could be read
    long long rows = 0;     // whole rows from the shard's first run on
    size_t kept = 0;        // bytes of whole, right lines (where --resume goes on)
    bool has_first = false, has_header = false;
    std::string problem;    // kCut or kBad: what is wrong, as a sentence's end
};
// `shard`: the shard it must be (0: any, read from its first line).
PartState read_part(const Plan& p, const SweepRuns& runs, const std::string& text, int shard);

// sweep --plan FILE --shard K [--out FILE [--resume]] [--threads N]
int cmd_sweep_shard(const Args& a);
// plan [sweep's options] --shards N [--out FILE]
int cmd_plan(const Args& a);
// merge PLAN PART|DIR ... [--out FILE] [--todo]
int cmd_merge(int argc, char** argv);

}  // namespace flocklab::cli
