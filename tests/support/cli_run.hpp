// The CLI run as a shell runs it, for the tests that drive it (test_cli,
// test_plan): its exit status and what it printed.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace testcli {

struct Result {
    int status;
    std::string out;  // stdout, and stderr unless sent elsewhere
};

// `flocklab ARGS 2>ERR` (`err` "&1": with the output).
inline Result run(const std::string& args, const std::string& err = "&1") {
    const std::string cmd = std::string(FLOCKLAB_CLI) + " " + args + " 2>" + err;
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    const int st = pclose(p);
    return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

}  // namespace testcli
