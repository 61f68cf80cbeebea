// flocklab: the headless CLI a course author uses to regenerate the lesson's
// numbers (gauges, dump, vehicle) and to time the core (bench).
// Contract: ../shared/design.md, "CLI contract". The commands: commands.hpp.
#include <cstdio>
#include <exception>

#include "commands.hpp"

int main(int argc, char** argv) {
    try {
        return flocklab::cli::dispatch(argc, argv);
    } catch (const flocklab::cli::UsageError& e) {
        std::fprintf(stderr, "flocklab: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "flocklab: error: %s\n", e.what());
        return 1;
    }
}
