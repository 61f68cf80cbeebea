// plan, sweep --plan and merge: a sweep cut into shards that run anywhere
// (GNU parallel, a Slurm array, a Kubernetes Indexed Job), each part saying
// which plan and shard it is, and a merge that refuses to guess.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "commands.hpp"
#include "core/workers.hpp"
#include "plan.hpp"

namespace flocklab::cli {

namespace {
// The sweep's own options: with --plan they are the plan's, never the command line's.
constexpr const char* kSweepOptions[] = {"scene", "vary", "seeds", "seconds", "steps", "boids", "rules", "hawk", "wander",
                                         "leader", "option", "set", "compare", "mean-last", "csv", "json"};

// A part, read whole, with no limit on its size (a part is as long as its shard).
bool slurp(const std::string& path, std::string* out) { return read_whole(path, SIZE_MAX, out); }

std::string named(const std::string& path) { return "'" + shortened(path) + "'"; }

// Shard numbers as a Slurm --array list: "3,7,12-40".
std::string array_list(const std::vector<int>& ks) {
    std::string o;
    for (size_t i = 0; i < ks.size();) {
        size_t j = i;
        while (j + 1 < ks.size() && ks[j + 1] == ks[j] + 1) ++j;
        o += (o.empty() ? "" : ",") + std::to_string(ks[i]) + (j > i ? "-" + std::to_string(ks[j]) : "");
        i = j + 1;
    }
    return o;
}

// Text written to `path` whole or not at all: to a file beside it, renamed over it.
void write_whole(const std::string& path, const std::function<void(Output&)>& body) {
    const std::string tmp = path + ".partial";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) throw UsageError("cannot write " + named(path) + ": " + std::strerror(errno));
    try {
        Output out(f, named(path));
        body(out);
    } catch (...) {
        std::fclose(f);
        std::remove(tmp.c_str());
        throw;
    }
    if (std::fclose(f) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        std::remove(tmp.c_str());
        throw WriteError("cannot write " + named(path) + ": " + std::strerror(err));
    }
}
// The parts: files as given (each once), and each directory's *.csv files
// that begin as parts do (a merged CSV or an empty file beside them is not
// one; a shard without a part is said all the same).
std::vector<std::string> part_files(const std::vector<std::string>& given) {
    std::vector<std::string> files, seen;
    const auto add = [&](const std::string& f) {
        std::error_code ec;
        const std::string id = std::filesystem::weakly_canonical(f, ec).string();
        if (std::find(seen.begin(), seen.end(), id) != seen.end()) return;
        seen.push_back(id);
        files.push_back(f);
    };
    for (const std::string& g : given) {
        std::error_code ec;
        if (!std::filesystem::is_directory(g, ec)) {
            add(g);
            continue;
        }
        std::vector<std::string> in;
        for (const auto& e : std::filesystem::directory_iterator(g, ec)) {
            if (!e.is_regular_file() || e.path().extension() != ".csv") continue;
            char head[16] = {};
            std::ifstream(e.path(), std::ios::binary).read(head, 15);
            if (std::string(head).compare(0, 15, "# flocklab part") == 0) in.push_back(e.path().string());
        }
        std::sort(in.begin(), in.end());
        for (const std::string& f : in) add(f);
    }
    return files;
}
}  // namespace

int cmd_plan(const Args& a) {
    if (!a.has("shards")) throw UsageError("--shards N: how many shards to cut the sweep into");
    const SweepSpec spec = sweep_spec(a);
    const SweepRuns runs(spec);
    for (const std::string& w : runs.warnings()) std::fprintf(stderr, "flocklab: warning: --vary %s\n", w.c_str());
    const int shards = static_cast<int>(a.integer("shards", 1, 1, 1000000));
    if (shards > runs.runs()) {
        throw UsageError("--shards: the sweep has " + std::to_string(runs.runs()) + " runs, so at most " + std::to_string(runs.runs()) + " shards");
    }
    const int biggest = static_cast<int>(shard_end(runs.runs(), 1, shards) - shard_first(runs.runs(), 1, shards) +
                                         (runs.runs() % shards ? 1 : 0));
    try {
        runs.check_work(0, biggest);
    } catch (const UsageError& e) {
        throw UsageError(std::string(e.what()) + " (a shard of " + std::to_string(biggest) + " runs): give more --shards");
    }
    const std::string text = plan_text(spec, runs.runs(), shards);
    const std::string path = a.has("out") ? a.raw("out") : "";
    if (path.empty()) {
        Output(stdout, "the output").put(text);
    } else {
        write_whole(path, [&](Output& out) { out.put(text); });
    }
    std::fprintf(stderr, "flocklab: a plan of %d runs in %d shards of %d to %d runs; run shard K with: sweep --plan %s --shard K --out part-K.csv\n",
                 runs.runs(), shards, runs.runs() / shards, biggest, path.empty() ? "PLAN" : path.c_str());
    return 0;
}

int cmd_sweep_shard(const Args& a) {
    for (const char* o : kSweepOptions) {
        if (a.has(o)) throw UsageError(std::string("--") + o + ": with --plan, the sweep is the plan's; give only --shard, --out, --resume and --threads");
    }
    const Plan p = read_plan(a.raw("plan"));
    const SweepRuns runs(p.spec);
    if (!a.has("shard")) throw UsageError("--shard K: which of the plan's " + std::to_string(p.shards) + " shards to run");
    const int k = shard_option(a, p.shards).first;
    const int threads = static_cast<int>(a.integer("threads", 1, 1, Workers::kMaxThreads));
    const int first = static_cast<int>(shard_first(p.runs, k, p.shards)), end = static_cast<int>(shard_end(p.runs, k, p.shards));
    runs.check_work(first, end);
    const bool resume = a.has("resume");
    if (resume && !a.has("out")) throw UsageError("--resume: give the part's file with --out (a part on standard output cannot be read back)");
    PartState st;
    std::FILE* f = stdout;
    std::string where = "the output";
    if (a.has("out")) {
        const std::string path = a.raw("out");
        where = named(path);
        std::string text;
        if (resume && slurp(path, &text)) {
            st = read_part(p, runs, text, k);
            if (st.kind == PartState::kWhole) {
                std::fprintf(stderr, "flocklab: %s is shard %d's whole part already (%lld rows); nothing to run\n", where.c_str(), k, st.rows);
                return 0;
            }
            if (st.kind == PartState::kBad) throw UsageError("--resume: " + where + " " + st.problem + "; remove it to run shard " + std::to_string(k) + " afresh");
            if (truncate(path.c_str(), static_cast<off_t>(st.kept)) != 0) throw UsageError("--resume: cannot cut " + where + " back: " + std::strerror(errno));
            std::fprintf(stderr, "flocklab: %s goes on after %lld of %d rows\n", where.c_str(), st.rows, end - first);
        }
        f = std::fopen(path.c_str(), resume ? "ab" : "wb");
        if (!f) throw UsageError("cannot write " + where + ": " + std::strerror(errno));
    }
    Output out(f, where, a.has("out") ? "; the rows before it are kept: run the shard again with --resume" : "");
    if (!st.has_first) out.put(part_first_line(p, k));
    if (!st.has_header) out.put(runs.csv_header());
    runs.run(first + static_cast<int>(st.rows), end, threads, [&](const SweepRuns::Row& r) { out.put(runs.csv_row(r)); });
    out.put(part_last_line(p, k));
    if (f != stdout && std::fclose(f) != 0) throw WriteError("cannot write " + where + ": " + std::strerror(errno));
    return 0;
}

int cmd_merge(int argc, char** argv) {
    std::string plan_path, out_path;
    bool todo = false, array = false;
    std::vector<std::string> given;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--todo") {
            todo = true;
        } else if (arg == "--array") {
            array = true;
        } else if (arg == "--out" && i + 1 < argc) {
            out_path = argv[++i];
        } else if (arg.compare(0, 6, "--out=") == 0) {
            out_path = arg.substr(6);
        } else if (arg.compare(0, 2, "--") == 0) {
            throw UsageError("merge: unknown option '" + shortened(arg) + "' (it takes --out FILE, --todo and --todo --array)");
        } else if (plan_path.empty()) {
            plan_path = arg;
        } else {
            given.push_back(arg);
        }
    }
    if (plan_path.empty()) throw UsageError("merge: give the plan and its parts: merge sweep.plan part-*.csv > sweep.csv");
    if (array && !todo) throw UsageError("merge: --array is a way to print --todo's shards (merge PLAN PARTS --todo --array)");
    const Plan p = read_plan(plan_path);
    const SweepRuns runs(p.spec);
    const std::vector<std::string> files = part_files(given);
    std::vector<std::vector<std::string>> whole(static_cast<size_t>(p.shards) + 1);
    std::vector<std::string> problems;
    for (const std::string& f : files) {
        std::string text;
        if (!slurp(f, &text)) {
            problems.push_back(named(f) + " cannot be read");
            continue;
        }
        const PartState st = read_part(p, runs, text, 0);
        if (st.kind == PartState::kWhole) {
            whole[static_cast<size_t>(st.shard)].push_back(f);
        } else {
            problems.push_back(named(f) + (st.shard ? " (shard " + std::to_string(st.shard) + ")" : "") + " " + st.problem);
        }
    }
    std::vector<int> redo;
    for (int k = 1; k <= p.shards; ++k) {
        const std::vector<std::string>& w = whole[static_cast<size_t>(k)];
        if (w.empty()) redo.push_back(k);
        if (w.size() > 1) problems.push_back("shard " + std::to_string(k) + " is whole in " + std::to_string(w.size()) + " files (" + named(w[0]) + ", " + named(w[1]) + "): keep one");
    }
    if (todo) {
        for (const std::string& why : problems) std::fprintf(stderr, "flocklab: merge: %s\n", why.c_str());
        // One per line (for xargs or parallel), or as Slurm's --array list.
        std::string list;
        for (int k : redo) list += std::to_string(k) + "\n";
        if (array) list = redo.empty() ? "" : array_list(redo) + "\n";
        Output(stdout, "the output").put(list);
        return 0;
    }
    if (!problems.empty() || !redo.empty()) {
        std::fprintf(stderr, "flocklab: merge: %zu of the plan's %d shards are whole; nothing was written.\n", static_cast<size_t>(p.shards) - redo.size(), p.shards);
        for (const std::string& why : problems) std::fprintf(stderr, "  %s\n", why.c_str());
        if (!redo.empty()) {
            std::fprintf(stderr, "  to redo: shards %s (%zu of %d)\n", array_list(redo).c_str(), redo.size(), p.shards);
            std::fprintf(stderr, "  Slurm: sbatch --array=%s (the array job's script)\n", array_list(redo).c_str());
            std::string parts;
            for (const std::string& g : given) parts += " " + g;
            if (parts.size() > 120) parts = " PARTS";
            std::fprintf(stderr, "  GNU parallel: %s merge %s%s --todo | parallel %s sweep --plan %s --shard {} --out part-{}.csv --resume\n",
                         argv[0], plan_path.c_str(), parts.c_str(), argv[0], plan_path.c_str());
        }
        return 1;
    }
    // Whole: the header once, then every part's rows, shard by shard.
    const auto body = [&](Output& out) {
        out.put(runs.csv_header());
        for (int k = 1; k <= p.shards; ++k) {
            std::string text;
            if (!slurp(whole[static_cast<size_t>(k)][0], &text)) throw UsageError("merge: cannot read " + named(whole[static_cast<size_t>(k)][0]) + " again");
            const size_t rows = text.find('\n', text.find('\n') + 1) + 1;
            const size_t closing = text.rfind("# end:");
            out.put(text.substr(rows, closing - rows));
        }
    };
    if (out_path.empty()) {
        Output out(stdout, "the output");
        body(out);
    } else {
        write_whole(out_path, body);
    }
    std::fprintf(stderr, "flocklab: merge: %lld runs from %d parts\n", p.runs, p.shards);
    return 0;
}

}  // namespace flocklab::cli
