// flocklab: the headless CLI a course author uses to regenerate the lesson's
// numbers (gauges, dump, vehicle) and to time the core (bench).
// Contract: ../shared/design.md, "CLI contract". The commands: commands.hpp.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>

#include "commands.hpp"
#include "sweep_runs.hpp"

int main(int argc, char** argv) {
    try {
        const int status = flocklab::cli::dispatch(argc, argv);
        // What is still buffered, written now: a full disk or /dev/full is an
        // error with a sentence, never a silent success.
        std::cout.flush();
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            std::fprintf(stderr, "flocklab: cannot write the output: %s\n", errno ? std::strerror(errno) : "a write failed");
            return 1;
        }
        return status;
    } catch (const flocklab::cli::WriteError& e) {
        std::fprintf(stderr, "flocklab: %s\n", e.what());
        return 1;
    } catch (const flocklab::cli::UsageError& e) {
        std::fprintf(stderr, "flocklab: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "flocklab: error: %s\n", e.what());
        return 1;
    }
}
