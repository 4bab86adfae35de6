// The subcommands of `ptxalu`. Each takes the arguments after its name and returns the exit
// status: 0 ok, 1 the engines disagree, 2 bad input or usage.
#pragma once

#include <string>
#include <vector>

namespace ptxalu::frontend {

int run_command(const std::vector<std::string>& args);
int eval_command(const std::vector<std::string>& args);
int bench_command(const std::vector<std::string>& args);

extern const char* const kRunHelp;
extern const char* const kEvalHelp;
extern const char* const kBenchHelp;

// `0x` and the value in lower-case hex, width/4 digits (1 digit for a 1-bit predicate).
std::string hex_value(uint64_t value, unsigned width);

}  // namespace ptxalu::frontend
