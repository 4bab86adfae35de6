// Soak: millions of operations through the verilated ptxalu_top under random back-pressure
// whose rates change every 4096 cycles, against the scoreboard of tb/common/top_scoreboard.hpp.
// Usage: ptxalu_soak [COUNT]  (default 1000000). Seed: $PTXALU_SEED, else random; printed.
// Exit 0 only with 0 lost, 0 duplicated, 0 mismatched/reordered and outputs held under stall.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "env.hpp"
#include "top_harness.hpp"

int main(int argc, char** argv) {
  const uint64_t count = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 1000000;
  const uint64_t seed = ptxalu::seed_from_env_or_random();
  std::printf("seed=%llu count=%llu\n", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(count));
  std::fflush(stdout);

  const auto start = std::chrono::steady_clock::now();
  ptxalu::cov::TopHarness harness(seed);
  // PTXALU_SOAK_FAULT=drop|duplicate|corrupt|swap plants that fault at result 1000: the
  // soak_detects_* tests use it to show the scoreboard catches each.
  if (const char* fault = std::getenv("PTXALU_SOAK_FAULT"); fault != nullptr) {
    using ptxalu::cov::Fault;
    const std::string f = fault;
    const Fault kind = f == "drop"        ? Fault::Drop
                       : f == "duplicate" ? Fault::Duplicate
                       : f == "corrupt"   ? Fault::Corrupt
                       : f == "swap"      ? Fault::Swap
                                          : Fault::None;
    std::printf("planted fault: %s\n", fault);
    harness.inject(kind, 1000);
  }
  harness.run(count, ptxalu::cov::random_stimulus);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const ptxalu::cov::TopStats& s = harness.stats();
  s.print(stdout);
  std::printf("soak: %s in %.1f s (%.2f M ops/s), seed=%llu\n", s.ok() ? "PASS" : "FAIL",
              seconds, static_cast<double>(s.issued) / seconds / 1e6,
              static_cast<unsigned long long>(seed));
  return s.ok() && s.issued == count && s.retired == count ? 0 : 1;
}
