// ptxalu_perf: instructions per second of the golden model and of the verilated RTL (through
// RtlEngine::execute_stream, the library the tests and the `ptxalu` command use), measured in
// one process on one random legal instruction stream, in alternating rounds. It also writes
// that stream, with the model's results, for the other simulators of the perf report
// (bench/perf_report.py):
//   STIM_DIR/stim.bin   per instruction 6 little-endian uint64: ctrl, a, b, c, d, expected
//   STIM_DIR/stim.hex   the first --hdl-count instructions, one 316-bit hex word per line
//                       {ctrl[59:0], a, b, c, d}, for $readmemh
//   STIM_DIR/expect.hex their expected results, 64-bit hex
// and prints one JSON object on stdout. Nothing here is a test: it measures, it does not judge.
#include <time.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "env.hpp"
#include "model.hpp"
#include "random_insn.hpp"
#include "rtl_engine.hpp"

namespace {

using ptxalu::Ctrl;
using ptxalu::Operands;
using Stream = std::vector<std::pair<Ctrl, Operands>>;

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Timing {
  uint64_t ops = 0;
  double wall = 0;
  double cpu = 0;
};

// Runs `pass` once (ops_per_pass instructions) and adds it to t; returns its wall time.
template <class Pass>
double time_pass(Pass pass, uint64_t ops_per_pass, Timing* t) {
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds();
  pass();
  const double cpu = cpu_seconds() - cpu_start;
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t->ops += ops_per_pass;
  t->wall += wall;
  t->cpu += cpu;
  return wall;
}

void print_timing(const char* name, const Timing& t, const char* extra) {
  std::printf("  \"%s\": {\"ops\": %llu, \"seconds\": %.4f, \"cpu_seconds\": %.4f, "
              "\"ops_per_s\": %.6g, \"cpu_ops_per_s\": %.6g%s}",
              name, static_cast<unsigned long long>(t.ops), t.wall, t.cpu,
              static_cast<double>(t.ops) / t.wall, static_cast<double>(t.ops) / t.cpu, extra);
}

bool write_stimulus(const std::string& dir, const Stream& stream,
                    const std::vector<uint64_t>& expected, size_t hdl_count) {
  FILE* bin = std::fopen((dir + "/stim.bin").c_str(), "wb");
  FILE* hex = std::fopen((dir + "/stim.hex").c_str(), "w");
  FILE* exp = std::fopen((dir + "/expect.hex").c_str(), "w");
  bool ok = bin && hex && exp;
  for (size_t i = 0; ok && i < stream.size(); ++i) {
    const auto& [ctrl, ops] = stream[i];
    const uint64_t rec[6] = {ctrl.pack(), ops.a, ops.b, ops.c, ops.d, expected[i]};
    ok = std::fwrite(rec, sizeof rec, 1, bin) == 1;
    if (i < hdl_count) {
      std::fprintf(hex, "%015llx%016llx%016llx%016llx%016llx\n",
                   static_cast<unsigned long long>(rec[0]), static_cast<unsigned long long>(rec[1]),
                   static_cast<unsigned long long>(rec[2]), static_cast<unsigned long long>(rec[3]),
                   static_cast<unsigned long long>(rec[4]));
      std::fprintf(exp, "%016llx\n", static_cast<unsigned long long>(rec[5]));
    }
  }
  for (FILE* f : {bin, hex, exp}) {
    if (f && std::fclose(f) != 0) ok = false;
  }
  return ok;
}

int usage() {
  std::fprintf(stderr,
               "usage: ptxalu_perf [--count N] [--seed S] [--min-seconds X] [--stim-dir DIR] "
               "[--hdl-count M]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t count = 100000;
  uint64_t seed = 1;
  double min_seconds = 1.0;
  size_t hdl_count = 20000;
  std::string stim_dir;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return usage();
    const char* val = argv[++i];
    if (arg == "--count") {
      count = std::strtoull(val, nullptr, 0);
    } else if (arg == "--seed") {
      seed = std::strtoull(val, nullptr, 0);
    } else if (arg == "--min-seconds") {
      min_seconds = std::strtod(val, nullptr);
    } else if (arg == "--stim-dir") {
      stim_dir = val;
    } else if (arg == "--hdl-count") {
      hdl_count = std::strtoull(val, nullptr, 0);
    } else {
      return usage();
    }
  }
  if (count == 0) return usage();
  seed = ptxalu::seed_from_env(seed);
  std::fprintf(stderr, "seed=%llu count=%llu\n", static_cast<unsigned long long>(seed),
               static_cast<unsigned long long>(count));

  ptxalu::RandomInsn gen(seed);
  Stream stream;
  stream.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    const Ctrl ctrl = gen.ctrl();
    stream.emplace_back(ctrl, gen.operands());
  }

  // Golden model: one pass gives the expected results; timing repeats the pass.
  std::vector<uint64_t> expected(stream.size());
  for (size_t i = 0; i < stream.size(); ++i) {
    expected[i] = ptxalu::execute(stream[i].first, stream[i].second);
  }
  // RTL: the first pass is checked against the model (a benchmark of a wrong design is
  // worthless).
  ptxalu::RtlEngine rtl;
  const uint64_t cycles_before = rtl.cycles();
  const std::vector<ptxalu::RtlResult> first = rtl.execute_stream(stream);
  const uint64_t cycles_per_pass = rtl.cycles() - cycles_before;
  uint64_t mismatches = 0;
  for (size_t i = 0; i < stream.size(); ++i) {
    if (first[i].illegal || first[i].value != expected[i]) ++mismatches;
  }

  // The two engines are timed side by side, in rounds of one RTL pass and as many model passes
  // as take as long, until each has run min_seconds: on a shared machine the load changes
  // within seconds, and timing one engine after the other would put that change into the ratio.
  uint64_t checksum = 0;
  Timing model;
  Timing rtl_t;
  while (model.wall < min_seconds || rtl_t.wall < min_seconds) {
    const double rtl_round = time_pass(
        [&] {
          const std::vector<ptxalu::RtlResult> got = rtl.execute_stream(stream);
          checksum = checksum * 31 + got.back().value;
        },
        stream.size(), &rtl_t);
    double model_round = 0;
    do {
      model_round += time_pass(
          [&] {
            for (const auto& [ctrl, ops] : stream)
              checksum = checksum * 31 + ptxalu::execute(ctrl, ops);
          },
          stream.size(), &model);
    } while (model_round < rtl_round);
  }

  if (!stim_dir.empty() && !write_stimulus(stim_dir, stream, expected, hdl_count)) {
    std::fprintf(stderr, "cannot write the stimulus to %s\n", stim_dir.c_str());
    return 1;
  }

  std::printf("{\n  \"seed\": %llu, \"count\": %llu, \"checksum\": \"%016llx\",\n",
              static_cast<unsigned long long>(seed), static_cast<unsigned long long>(count),
              static_cast<unsigned long long>(checksum));
  print_timing("model", model, "");
  std::printf(",\n");
  char extra[160];
  std::snprintf(extra, sizeof extra, ", \"cycles_per_insn\": %.4f, \"mismatches\": %llu",
                static_cast<double>(cycles_per_pass) / static_cast<double>(stream.size()),
                static_cast<unsigned long long>(mismatches));
  print_timing("rtl_engine", rtl_t, extra);
  std::printf("\n}\n");
  return 0;
}
