// main() of the RTL testbenches: GoogleTest plus two options of our own.
//   --count=N  instructions in total for the run (split over the test instances); overrides
//              env PTXALU_COUNT.
//   --seed=N   base seed; overrides env PTXALU_SEED.
//   --config=C ptxalu_top's configuration, default or small; overrides env PTXALU_RTL_CONFIG
//              (rtl_config.hpp).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "insn_gen.hpp"

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--count=", 8) == 0) {
      setenv("PTXALU_COUNT", argv[i] + 8, 1);
    } else if (std::strncmp(argv[i], "--seed=", 7) == 0) {
      setenv("PTXALU_SEED", argv[i] + 7, 1);
    } else if (std::strncmp(argv[i], "--config=", 9) == 0) {
      setenv("PTXALU_RTL_CONFIG", argv[i] + 9, 1);
    } else {
      std::fprintf(stderr, "unknown argument %s (want --count=N, --seed=N, --config=C)\n",
                   argv[i]);
      return 2;
    }
  }
  // Every process prints its base seed once; each test prints its own derived one.
  const unsigned long long seed = ptxalu::tb::base_seed();
  std::printf("seed=%llu (rerun with PTXALU_SEED=%llu)\n", seed, seed);
  return RUN_ALL_TESTS();
}
