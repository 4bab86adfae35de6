// ptxalu: run PTX video/integer instructions on the golden model and the RTL.
#include <cstdio>
#include <string>
#include <vector>

#include "commands.hpp"
#include "engines.hpp"

namespace {

const char* const kHelp =
    "usage: ptxalu <command> [options]\n"
    "\n"
    "Runs PTX video and integer instructions (spec/ptx) on the golden model and, in builds\n"
    "with the RTL engine, on the verilated datapath, or on ptxalu_top on a board (fpga/).\n"
    "\n"
    "commands:\n"
    "  run    execute a straight-line PTX program\n"
    "           ptxalu run [--engine E] [--port DEV] [--trace FILE|-] [--fst FILE] FILE.ptx|-\n"
    "  eval   execute one instruction\n"
    "           ptxalu eval [--engine E] [--port DEV] 'INSTRUCTION' [NAME=VALUE ...]\n"
    "  bench  golden-model (and RTL) instructions per second per instruction family\n"
    "           ptxalu bench [--engine E] [--count N] [--seed S]\n"
    "\n"
    "  E is model (default), rtl or both; run and eval also take fpga (the model and the\n"
    "  board on serial port --port DEV, compared like both).\n"
    "  ptxalu <command> --help   describes a command in full.\n"
    "  ptxalu --version          prints the version and whether the RTL engine is built in.\n"
    "\n"
    "exit status: 0 ok; 1 the engines disagree (--engine both or fpga); 2 bad input or usage\n"
    "(FILE:LINE:COL: error: MESSAGE on stderr, nothing executed).\n";

#ifdef PTXALU_HAVE_RTL
constexpr bool kRtlBuiltIn = true;
#else
constexpr bool kRtlBuiltIn = false;
#endif

}  // namespace

int main(int argc, char** argv) {
  using namespace ptxalu::frontend;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(kHelp, stderr);
    return 2;
  }
  const std::string command = args[0];
  args.erase(args.begin());
  if (command == "--help" || command == "-h" || command == "help") {
    if (command == "help" && !args.empty()) {
      if (args[0] == "run") return std::fputs(kRunHelp, stdout) < 0 ? 2 : 0;
      if (args[0] == "eval") return std::fputs(kEvalHelp, stdout) < 0 ? 2 : 0;
      if (args[0] == "bench") return std::fputs(kBenchHelp, stdout) < 0 ? 2 : 0;
    }
    std::fputs(kHelp, stdout);
    return 0;
  }
  if (command == "--version") {
    std::printf("ptxalu %s (engines: model%s)\n", PTXALU_VERSION, kRtlBuiltIn ? ", rtl" : "");
    return 0;
  }
  if (command == "run") return run_command(args);
  if (command == "eval") return eval_command(args);
  if (command == "bench") return bench_command(args);
  std::fprintf(stderr, "ptxalu: error: unknown command '%s' (see ptxalu --help)\n", command.c_str());
  return 2;
}
