// A sweep that knows itself (issue 67): plan, parts, --resume and merge,
// through the CLI as a researcher runs them.
#include <gtest/gtest.h>

#include "support/cli_run.hpp"
#include <sys/wait.h>
#include <unistd.h>

#include <cinttypes>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

using testcli::Result;
using testcli::run;

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// A fresh folder of its own for each test.
std::string folder(const std::string& name) {
    const std::string d = testing::TempDir() + "/flocklab-plan-" + name;
    EXPECT_EQ(std::system(("rm -rf " + d + " && mkdir -p " + d).c_str()), 0);
    return d;
}

// The sweep the tests cut: 5 values x 4 seeds, short runs.
const std::string kSweep = "--vary weight_separation=0:2:0.5 --seeds 3-6 --steps 30";

std::string part(const std::string& dir, int k) { return dir + "/part-" + std::to_string(k) + ".csv"; }

// Every shard of the plan run into dir/part-K.csv.
void run_all(const std::string& plan, const std::string& dir, int shards) {
    for (int k = 1; k <= shards; ++k) {
        const Result r = run("sweep --plan " + plan + " --shard " + std::to_string(k) + " --out " + part(dir, k));
        ASSERT_EQ(r.status, 0) << r.out;
    }
}

// The merge of a plan's parts into `out`: whole, and the same bytes as one
// `sweep OPTIONS --csv`.
void expect_merged_whole(const std::string& plan, const std::string& parts, const std::string& out, const std::string& options) {
    const Result m = run("merge " + plan + " " + parts + " --out " + out);
    ASSERT_EQ(m.status, 0) << m.out;
    EXPECT_EQ(slurp(out), run("sweep " + options + " --csv").out) << plan;
}

}  // namespace

TEST(Plan, PartsMergeIntoTheWholeSweepByteForByte) {
    const std::string d = folder("whole");
    for (int shards : {1, 3, 7, 20}) {
        const std::string plan = d + "/p" + std::to_string(shards) + ".plan";
        const Result made = run("plan " + kSweep + " --shards " + std::to_string(shards) + " --out " + plan);
        ASSERT_EQ(made.status, 0) << made.out;
        EXPECT_NE(made.out.find("a plan of 20 runs in " + std::to_string(shards) + " shards"), std::string::npos) << made.out;
        const std::string dir = d + "/s" + std::to_string(shards);
        ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
        run_all(plan, dir, shards);
        // Each part names its plan, shard and runs, and closes with its count.
        const std::string p1 = slurp(part(dir, 1));
        EXPECT_TRUE(std::regex_search(p1, std::regex("^# flocklab part: plan [0-9a-f]{16}, shard 1/" + std::to_string(shards) + ", runs 0-[0-9]+ of 20\n"
                                                     "run,weight_separation,seed,spacing,order,slowest\n")))
            << p1;
        EXPECT_TRUE(std::regex_search(p1, std::regex("\n# end: shard 1/" + std::to_string(shards) + ", [0-9]+ rows\n$"))) << p1;
        expect_merged_whole(plan, dir, d + "/merged.csv", kSweep);
    }
    // Threads change no byte of a part; the plan holds every setting, so a
    // shard takes none of the sweep's own options.
    const std::string plan = d + "/p3.plan";
    ASSERT_EQ(run("sweep --plan " + plan + " --shard 2/3 --threads 2 --out " + d + "/t2.csv").status, 0);
    EXPECT_EQ(slurp(d + "/t2.csv"), slurp(part(d + "/s3", 2)));
    const Result own = run("sweep --plan " + plan + " --shard 2 --seeds 1-9");
    EXPECT_EQ(own.status, 2);
    EXPECT_NE(own.out.find("--seeds: with --plan, the sweep is the plan's"), std::string::npos) << own.out;
    EXPECT_EQ(run("sweep --plan " + plan + " --shard 2/4").status, 2);  // not the plan's N
    EXPECT_EQ(run("sweep --plan " + plan + " --shard 4").status, 2);
    EXPECT_EQ(run("plan " + kSweep + " --shards 21").status, 2);  // more shards than runs
    // Options, a lane and means over the last seconds travel in the plan too.
    const std::string crowd = "--scene crowd --vary follow=field,seek --seeds 7,9 --seconds 2 --compare max_speed=40 --mean-last 1";
    ASSERT_EQ(run("plan " + crowd + " --shards 3 --out " + d + "/crowd.plan").status, 0);
    ASSERT_EQ(std::system(("mkdir -p " + d + "/crowd").c_str()), 0);
    run_all(d + "/crowd.plan", d + "/crowd", 3);
    expect_merged_whole(d + "/crowd.plan", d + "/crowd", d + "/crowd.csv", crowd);
}

// A part cut at any byte (a task cancelled, a node lost) goes on with
// --resume to the same bytes as a part never cut.
TEST(Plan, ResumeFromAPartCutAtAnyByteGivesTheSameBytes) {
    const std::string d = folder("resume");
    ASSERT_EQ(run("plan " + kSweep + " --shards 10 --out " + d + "/s.plan").status, 0);  // two runs a shard
    ASSERT_EQ(run("sweep --plan " + d + "/s.plan --shard 4 --out " + d + "/whole.csv").status, 0);
    const std::string whole = slurp(d + "/whole.csv");
    ASSERT_GT(whole.size(), 100u);
    for (size_t cut = 0; cut <= whole.size(); ++cut) {
        spit(d + "/cut.csv", whole.substr(0, cut));
        const Result r = run("sweep --plan " + d + "/s.plan --shard 4 --out " + d + "/cut.csv --resume");
        ASSERT_EQ(r.status, 0) << cut << ": " << r.out;
        ASSERT_EQ(slurp(d + "/cut.csv"), whole) << "cut at byte " << cut;
    }
    // No file yet: --resume starts it. Another shard's part, or a damaged
    // row, is refused and left as it is.
    ASSERT_EQ(run("sweep --plan " + d + "/s.plan --shard 4 --out " + d + "/new.csv --resume").status, 0);
    EXPECT_EQ(slurp(d + "/new.csv"), whole);
    const Result other = run("sweep --plan " + d + "/s.plan --shard 5 --out " + d + "/new.csv --resume");
    EXPECT_EQ(other.status, 2);
    EXPECT_NE(other.out.find("is shard 4's part, not shard 5's; remove it to run shard 5 afresh"), std::string::npos) << other.out;
    std::string damaged = whole;
    damaged[damaged.find('\n', damaged.find('\n') + 1) + 1] = 'X';  // the first row's run number
    spit(d + "/damaged.csv", damaged);
    EXPECT_EQ(run("sweep --plan " + d + "/s.plan --shard 4 --out " + d + "/damaged.csv --resume").status, 2);
    EXPECT_EQ(slurp(d + "/damaged.csv"), damaged);
    EXPECT_EQ(run("sweep --plan " + d + "/s.plan --shard 4 --resume").status, 2);  // a part on stdout cannot be read back
}

// A shard cancelled while it runs keeps every row it finished: rows are
// written, flushed, as they finish, not at the end.
TEST(Plan, ACancelledShardKeepsItsRowsAndResumes) {
    const std::string d = folder("cancel");
    // One shard of 390 runs of 10 s each: cancelled once rows show.
    ASSERT_EQ(run("plan --vary weight_separation=0:3:0.25 --seeds 0-29 --seconds 10 --shards 1 --out " + d + "/s.plan").status, 0);
    const pid_t pid = fork();
    if (pid == 0) {
        execl(FLOCKLAB_CLI, FLOCKLAB_CLI, "sweep", "--plan", (d + "/s.plan").c_str(), "--shard", "1", "--out", (d + "/p.csv").c_str(),
              static_cast<char*>(nullptr));
        _exit(127);
    }
    // Waits for the state it needs: three rows in the file (header lines first).
    bool ended = false;
    for (;;) {
        const std::string t = slurp(d + "/p.csv");
        if (std::count(t.begin(), t.end(), '\n') >= 5) break;
        int st = 0;
        if (waitpid(pid, &st, WNOHANG) != 0) {
            ended = true;
            break;
        }
        usleep(20000);
    }
    ASSERT_FALSE(ended) << "the shard ended before it showed three rows";
    kill(pid, SIGKILL);
    int st = 0;
    waitpid(pid, &st, 0);
    const std::string kept = slurp(d + "/p.csv");
    EXPECT_EQ(kept.back(), '\n');  // whole rows only
    EXPECT_EQ(kept.find("# end:"), std::string::npos);
    const Result merge = run("merge " + d + "/s.plan " + d + "/p.csv");
    EXPECT_EQ(merge.status, 1);
    EXPECT_TRUE(std::regex_search(merge.out, std::regex("'.*p.csv' \\(shard 1\\) is cut short: [0-9]+ of 390 rows, and no closing line"))) << merge.out;
}

TEST(Plan, MergeRefusesAnIncompleteSetAndSaysWhatToRedo) {
    const std::string d = folder("refuse");
    const std::string plan = d + "/s.plan";
    ASSERT_EQ(run("plan " + kSweep + " --shards 5 --out " + plan).status, 0);
    run_all(plan, d, 5);
    const std::string whole = run("sweep " + kSweep + " --csv").out;
    const std::string p5 = slurp(part(d, 5)), p2 = slurp(part(d, 2));
    const auto refused = [&](const std::string& why, const std::string& says, const std::string& redo) {
        std::remove((d + "/out.csv").c_str());
        const Result r = run("merge " + plan + " " + d + " --out " + d + "/out.csv");
        EXPECT_EQ(r.status, 1) << why << "\n" << r.out;
        EXPECT_NE(r.out.find(says), std::string::npos) << why << "\n" << r.out;
        if (!redo.empty()) {
            EXPECT_NE(r.out.find("Slurm: sbatch --array=" + redo + " "), std::string::npos) << why << "\n" << r.out;
        }
        EXPECT_FALSE(std::ifstream(d + "/out.csv").good()) << why << ": a merge that refuses writes nothing";
        const Result todo = run("merge " + plan + " " + d + " --todo", "/dev/null");
        EXPECT_EQ(todo.status, 0);
        EXPECT_EQ(todo.out, redo == "" ? "" : std::regex_replace(redo, std::regex(","), "\n") + "\n") << why;
    };
    // The last shard missing (a shard cancelled while pending leaves no file).
    std::remove(part(d, 5).c_str());
    refused("the last shard missing", "4 of the plan's 5 shards are whole", "5");
    // Cut inside its last field ("...,5" for "...,59.99..."), and cut at a line's end.
    spit(part(d, 5), p5.substr(0, p5.rfind("# end:") - 8));
    refused("cut in a field", "(shard 5) is cut short: 3 of 4 rows and part of the next, and no closing line", "5");
    spit(part(d, 5), p5.substr(0, p5.rfind("# end:")));
    refused("no closing line", "(shard 5) is cut short: 4 of 4 rows, and no closing line", "5");
    // A part of a sweep made with other --seconds: its plan differs.
    ASSERT_EQ(run("plan --vary weight_separation=0:2:0.5 --seeds 3-6 --steps 31 --shards 5 --out " + d + "/stale.plan").status, 0);
    ASSERT_EQ(run("sweep --plan " + d + "/stale.plan --shard 5 --out " + part(d, 5)).status, 0);
    refused("a stale part", "belongs to another plan", "5");
    // A row changed, a row twice, a part doubled under another name.
    std::string changed = p5;
    changed.replace(changed.find("\n16,2.0,3,"), 10, "\n16,2.0,4,");
    spit(part(d, 5), changed);
    refused("a row changed", "(shard 5) has a row that has another value or seed than the plan's run 16", "5");
    spit(part(d, 5), p5);
    std::string twice = p2;
    const size_t row = twice.find('\n', twice.find('\n') + 1) + 1;
    twice.insert(row, twice.substr(row, twice.find('\n', row) + 1 - row));
    spit(part(d, 2), twice);
    refused("a row twice", "(shard 2) has a row that is run", "2");
    spit(part(d, 2), p2);
    spit(d + "/copy.csv", p2);
    refused("a part doubled", "shard 2 is whole in 2 files", "");
    std::remove((d + "/copy.csv").c_str());
    // Whole again: the merge writes the whole sweep, ordered by run.
    const Result ok = run("merge " + plan + " " + part(d, 3) + " " + part(d, 1) + " " + d + " --out " + d + "/out.csv");
    ASSERT_EQ(ok.status, 0) << ok.out;
    EXPECT_EQ(slurp(d + "/out.csv"), whole);
    // A plan edited after it was made, or made by another version, is refused.
    std::string edited = slurp(plan);
    edited.replace(edited.find("steps 30"), 8, "steps 31");
    spit(d + "/edited.plan", edited);
    const Result e = run("merge " + d + "/edited.plan " + d);
    EXPECT_EQ(e.status, 2);
    EXPECT_NE(e.out.find("was edited or cut (its digest does not match its text)"), std::string::npos) << e.out;
    EXPECT_EQ(run("merge " + d + "/nothing.plan " + d).status, 2);
    EXPECT_EQ(run("merge " + part(d, 1) + " " + d).status, 2);  // a part is not a plan
}

// Writing to a full disk is an error with one sentence, never a success.
TEST(Plan, AWriteErrorExitsNonZeroWithOneSentence) {
    const std::string d = folder("full");
    ASSERT_EQ(run("plan " + kSweep + " --shards 2 --out " + d + "/s.plan").status, 0);
    for (const std::string& cmd : std::vector<std::string>{"sweep " + kSweep + " --csv > /dev/full", "sweep " + kSweep + " --json > /dev/full", "sweep " + kSweep + " > /dev/full",
                                   "gauges --seeds 0-3 --steps 10 > /dev/full", "plan " + kSweep + " --shards 2 > /dev/full",
                                   "sweep --plan " + d + "/s.plan --shard 1 > /dev/full", "merge " + d + "/s.plan --todo > /dev/full"}) {
        const std::string shown = cmd + " 2>" + d + "/err.txt";
        const std::string full = std::string(FLOCKLAB_CLI) + " " + shown;
        const int st = std::system(full.c_str());
        const std::string err = slurp(d + "/err.txt");
        EXPECT_EQ(WEXITSTATUS(st), 1) << cmd << "\n" << err;
        EXPECT_NE(err.find("No space left on device"), std::string::npos) << cmd << "\n" << err;
        EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << cmd << "\n" << err;
    }
    const Result part = run("sweep --plan " + d + "/s.plan --shard 1 --out /dev/full");
    EXPECT_EQ(part.status, 1);
    EXPECT_NE(part.out.find("cannot write '/dev/full': No space left on device; the rows before it are kept: run the shard again with --resume"),
              std::string::npos) << part.out;
}

// summarize counts what is missing truly: a plan's parts say their total;
// bare CSVs say when a last shard lost whole could not be seen.
TEST(Plan, SummarizeCountsWhatIsMissingTruly) {
    const std::string d = folder("summarize");
    ASSERT_EQ(run("plan " + kSweep + " --shards 5 --out " + d + "/s.plan").status, 0);
    run_all(d + "/s.plan", d, 5);
    const Result all = run("summarize " + part(d, 1) + " " + part(d, 2) + " " + part(d, 3) + " " + part(d, 4) + " " + part(d, 5));
    ASSERT_EQ(all.status, 0) << all.out;
    EXPECT_EQ(all.out.substr(0, all.out.find('\n')), "20 runs, all of the plan's");
    const Result four = run("summarize " + part(d, 1) + " " + part(d, 2) + " " + part(d, 3) + " " + part(d, 4));
    EXPECT_EQ(four.out.substr(0, four.out.find('\n')), "16 runs, 4 missing (a shard not given?)") << four.out;
    // Bare shards: the last lost whole is said to be unseeable, not counted as none.
    for (int k = 1; k <= 5; ++k) {
        ASSERT_EQ(run("sweep " + kSweep + " --csv --shard " + std::to_string(k) + "/5 > " + d + "/bare" + std::to_string(k) + ".csv").status, 0);
    }
    const Result bare = run("summarize " + d + "/bare1.csv " + d + "/bare2.csv " + d + "/bare3.csv " + d + "/bare4.csv");
    EXPECT_NE(bare.out.find("(bare CSVs: a last shard lost whole cannot be seen; a plan's parts say their total)"), std::string::npos) << bare.out;
    // A bare part cut inside its last field is refused, not read as a number.
    const std::string b5 = slurp(d + "/bare5.csv");
    spit(d + "/bare5.csv", b5.substr(0, b5.size() - 8));
    const Result cut = run("summarize " + d + "/bare1.csv " + d + "/bare5.csv");
    EXPECT_EQ(cut.status, 2);
    EXPECT_NE(cut.out.find("ends inside a row"), std::string::npos) << cut.out;
}

// The lesson's "Done when": 1,000 shards of one run each; the merge of 999
// names the missing one, and after its redo the merge is the whole sweep.
TEST(Plan, AThousandShardsOneLostAndRedone) {
    const std::string d = folder("thousand");
    const std::string sweep = "--vary weight_separation=0:4.95:0.05 --seeds 0-9 --steps 6 --boids 10";
    ASSERT_EQ(run("plan " + sweep + " --shards 1000 --out " + d + "/s.plan").status, 0);
    ASSERT_EQ(std::system(("cd " + d + " && for k in $(seq 1 1000); do [ $k = 613 ] || " + FLOCKLAB_CLI +
                           " sweep --plan s.plan --shard $k --out part-$k.csv || exit 1; done").c_str()), 0);
    const Result lost = run("merge " + d + "/s.plan " + d);
    EXPECT_EQ(lost.status, 1);
    EXPECT_NE(lost.out.find("999 of the plan's 1000 shards are whole"), std::string::npos) << lost.out;
    EXPECT_NE(lost.out.find("to redo: shards 613 (1 of 1000)"), std::string::npos) << lost.out;
    ASSERT_EQ(run("merge " + d + "/s.plan " + d + " --todo", "/dev/null").out, "613\n");
    ASSERT_EQ(run("sweep --plan " + d + "/s.plan --shard 613 --out " + d + "/part-613.csv --resume").status, 0);
    expect_merged_whole(d + "/s.plan", d, d + "/all.csv", sweep);
}

// The Kubernetes recipe (src/cli/recipes/sweep-job.yaml): its pods, numbered
// from 0, run exactly the plan's shards 1..N once each when `completions` is
// the plan's N. Each pod's command is run here as its shell would run it.
TEST(Plan, TheKubernetesJobRunsEachShardOfThePlanOnce) {
    const std::string d = folder("kubernetes");
    const std::string yaml = slurp(std::string(FLOCKLAB_SOURCE_DIR) + "/src/cli/recipes/sweep-job.yaml");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(yaml, m, std::regex("\n  completions: ([0-9]+)\n"))) << yaml;
    const int n = std::stoi(m[1]);
    ASSERT_TRUE(std::regex_search(yaml, std::regex("\n  completionMode: Indexed\n")));
    ASSERT_TRUE(std::regex_search(yaml, m, std::regex("\n            - (exec flocklab sweep [^\n]+)\n"))) << yaml;
    std::string command = m[1];
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"flocklab ", std::string(FLOCKLAB_CLI) + " "}, {"/plan/", d + "/plan/"}, {"/parts/", d + "/parts/"}}) {
        command = std::regex_replace(command, std::regex(from), to);
    }
    ASSERT_EQ(std::system(("mkdir -p " + d + "/plan " + d + "/parts").c_str()), 0);
    ASSERT_EQ(run("plan " + kSweep + " --shards " + std::to_string(n) + " --out " + d + "/plan/sweep.plan").status, 0);
    for (int index = 0; index < n; ++index) {
        const std::string pod = "JOB_COMPLETION_INDEX=" + std::to_string(index) + " sh -c '" + command + "'";
        ASSERT_EQ(std::system(pod.c_str()), 0) << pod;
    }
    expect_merged_whole(d + "/plan/sweep.plan", d + "/parts", d + "/sweep.csv", kSweep);
}
