// `ptxalu bench`: instructions per second of the golden model (and the RTL engine, measured in
// the same run) per instruction family, on random legal instructions.
#include <algorithm>
#include <chrono>
#include <memory>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "engines.hpp"
#include "model.hpp"
#include "random_insn.hpp"

#ifdef PTXALU_HAVE_RTL
#include "rtl_engine.hpp"
#endif

namespace ptxalu::frontend {

const char* const kBenchHelp =
    "usage: ptxalu bench [--engine model|rtl|both] [--count N] [--seed S]\n"
    "\n"
    "Measures instructions per second per instruction family on N random legal instructions\n"
    "(default 100000) with corner-weighted operands drawn from seed S (default 1); each rate\n"
    "is the best of 3 timed passes after an untimed warm-up. Prints one JSON object on stdout:\n"
    "  {\"seed\": 1, \"count\": 100000, \"engine\": \"model\", \"families\": [\n"
    "    {\"family\": \"simd_video_x4\", \"model_insn_per_s\": 2.1e7}, ...]}\n"
    "With --engine rtl or both (builds with the RTL engine), each family also has\n"
    "\"rtl_insn_per_s\" (instructions streamed back to back through ptxalu_top) and\n"
    "\"model_over_rtl\", the ratio of the two measured in the same run.\n"
    "\n"
    "families: scalar_video (vadd..vset, vshl, vshr), vmad, simd_video_x2, simd_video_x4,\n"
    "integer_arith (add sub sad abs neg min max), integer_mul (mul mad mul24 mad24),\n"
    "integer_div (div rem), bit_manip (popc clz bfind fns brev bfe bfi bmsk szext),\n"
    "dot_product (dp4a dp2a).\n";

namespace {

constexpr int kRepeats = 3;

struct Family {
  const char* name;
  std::vector<Op> ops;
};

std::vector<Family> families() {
  return {
      {"scalar_video",
       {Pkg::OpVadd, Pkg::OpVsub, Pkg::OpVabsdiff, Pkg::OpVmin, Pkg::OpVmax, Pkg::OpVshl,
        Pkg::OpVshr, Pkg::OpVset}},
      {"vmad", {Pkg::OpVmad}},
      {"simd_video_x2",
       {Pkg::OpVadd2, Pkg::OpVsub2, Pkg::OpVavrg2, Pkg::OpVabsdiff2, Pkg::OpVmin2, Pkg::OpVmax2,
        Pkg::OpVset2}},
      {"simd_video_x4",
       {Pkg::OpVadd4, Pkg::OpVsub4, Pkg::OpVavrg4, Pkg::OpVabsdiff4, Pkg::OpVmin4, Pkg::OpVmax4,
        Pkg::OpVset4}},
      {"integer_arith",
       {Pkg::OpAdd, Pkg::OpSub, Pkg::OpSad, Pkg::OpAbs, Pkg::OpNeg, Pkg::OpMin, Pkg::OpMax}},
      {"integer_mul", {Pkg::OpMul, Pkg::OpMad, Pkg::OpMul24, Pkg::OpMad24}},
      {"integer_div", {Pkg::OpDiv, Pkg::OpRem}},
      {"bit_manip",
       {Pkg::OpPopc, Pkg::OpClz, Pkg::OpBfind, Pkg::OpFns, Pkg::OpBrev, Pkg::OpBfe, Pkg::OpBfi,
        Pkg::OpBmsk, Pkg::OpSzext}},
      {"dot_product", {Pkg::OpDp4a, Pkg::OpDp2a}},
  };
}

int usage_error(const std::string& message) {
  std::fprintf(stderr, "ptxalu bench: error: %s (see ptxalu bench --help)\n", message.c_str());
  return 2;
}

bool parse_count(const std::string& text, uint64_t* out) {
  if (text.empty()) return false;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9' || v > (UINT64_MAX - 9) / 10) return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  *out = v;
  return true;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int bench_command(const std::vector<std::string>& args) {
  EngineKind engine = EngineKind::Model;
  uint64_t count = 100000;
  uint64_t seed = 1;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string name = args[i];
    std::string value;
    bool has_value = false;
    if (name == "--help" || name == "-h") {
      std::fputs(kBenchHelp, stdout);
      return 0;
    }
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    if (name != "--engine" && name != "--count" && name != "--seed")
      return usage_error("unknown argument '" + args[i] + "'");
    if (!has_value) {
      if (i + 1 >= args.size()) return usage_error("option '" + name + "' needs a value");
      value = args[++i];
    }
    if (name == "--engine") {
      if (value == "model") engine = EngineKind::Model;
      else if (value == "rtl") engine = EngineKind::Rtl;
      else if (value == "both") engine = EngineKind::Both;
      else return usage_error("--engine takes model, rtl or both, not '" + value + "'");
    } else if (name == "--count") {
      if (!parse_count(value, &count) || count == 0 || count > 100000000)
        return usage_error("--count takes a number from 1 to 100000000, not '" + value + "'");
    } else if (!parse_count(value, &seed)) {
      return usage_error("--seed takes a non-negative decimal number, not '" + value + "'");
    }
  }
  if (engine != EngineKind::Model && !rtl_available())
    return usage_error("this build has no RTL engine (ptxalu_rtl was not built); use --engine model");
  const bool with_rtl = engine != EngineKind::Model;

  const char* engine_name = engine == EngineKind::Model ? "model" : engine == EngineKind::Rtl ? "rtl" : "both";
  std::printf("{\"seed\": %llu, \"count\": %llu, \"engine\": \"%s\", \"families\": [\n",
              static_cast<unsigned long long>(seed), static_cast<unsigned long long>(count),
              engine_name);
#ifdef PTXALU_HAVE_RTL
  std::unique_ptr<RtlEngine> rtl = with_rtl ? std::make_unique<RtlEngine>() : nullptr;
#endif
  RandomInsn rng(seed);
  const std::vector<Family> all = families();
  uint64_t checksum = 0;
  for (size_t f = 0; f < all.size(); ++f) {
    std::vector<std::pair<Ctrl, Operands>> work;
    work.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      const Ctrl c = rng.ctrl(all[f].ops[rng.below(all[f].ops.size())]);
      work.emplace_back(c, rng.operands());
    }
    // A short untimed pass first, so caches and the RTL model are warm when timing starts.
    const std::vector<std::pair<Ctrl, Operands>> warmup(work.begin(),
                                                       work.begin() + std::min<size_t>(work.size(), 1000));
    for (const auto& [ctrl, ops] : warmup) checksum += execute(ctrl, ops);
#ifdef PTXALU_HAVE_RTL
    if (with_rtl)
      for (const RtlResult& r : rtl->execute_stream(warmup)) checksum += r.value;
#endif
    // Best of kRepeats: the machine is shared, and the fastest pass is the least disturbed.
    double model_s = 0;
    for (int rep = 0; rep < kRepeats; ++rep) {
      const auto start = std::chrono::steady_clock::now();
      for (const auto& [ctrl, ops] : work) checksum += execute(ctrl, ops);
      const double s = seconds_since(start);
      if (rep == 0 || s < model_s) model_s = s;
    }
    const double model_rate = static_cast<double>(count) / model_s;
    std::printf("  {\"family\": \"%s\", \"model_insn_per_s\": %.4g", all[f].name, model_rate);
    if (with_rtl) {
#ifdef PTXALU_HAVE_RTL
      double rtl_s = 0;
      for (int rep = 0; rep < kRepeats; ++rep) {
        const auto rtl_start = std::chrono::steady_clock::now();
        const std::vector<RtlResult> results = rtl->execute_stream(work);
        const double s = seconds_since(rtl_start);
        if (rep == 0 || s < rtl_s) rtl_s = s;
        for (const RtlResult& r : results) checksum += r.value;
      }
      const double rtl_rate = static_cast<double>(count) / rtl_s;
      std::printf(", \"rtl_insn_per_s\": %.4g, \"model_over_rtl\": %.4g", rtl_rate,
                  model_rate / rtl_rate);
#endif
    }
    std::printf("}%s\n", f + 1 < all.size() ? "," : "");
  }
  std::printf("], \"checksum\": \"0x%016llx\"}\n", static_cast<unsigned long long>(checksum));
  return std::fflush(stdout) == 0 ? 0 : 2;
}

}  // namespace ptxalu::frontend
