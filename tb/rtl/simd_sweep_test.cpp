// Exhaustive sweep of the 8-bit SIMD lane through ptxalu_top: every (a byte, b byte) pair
// under every vop4 op, every dtype/atype/btype, .sat on and off, merge and accumulate (.add),
// and for vset4 every comparison, against the golden model.
//
// Each instruction carries four pairs, one per lane (default selectors .b3210/.b7654, all
// lanes enabled), and the pair-to-lane assignment rotates so every lane sees a quarter of the
// pairs. c is random (the accumulate addend). One test per op, so the sweep shards.
#include <gtest/gtest.h>

#include <cstdio>
#include <utility>
#include <vector>

#include "insn_gen.hpp"
#include "model.hpp"
#include "rtl_config.hpp"
#include "rtl_engine.hpp"

namespace ptxalu::tb {
namespace {

constexpr unsigned kPairs = 1u << 16;
constexpr unsigned kVectors = kPairs / 4;

// All forms of `op` the sweep covers.
std::vector<Ctrl> sweep_forms(Op op) {
  std::vector<Ctrl> forms;
  const bool is_set = op == Pkg::OpVset4;
  for (unsigned types = 0; types < 8; ++types) {
    const bool dsigned = types & 4;
    if (is_set && dsigned) continue;  // vset4 has no dtype (§7)
    for (unsigned cmp = 0; cmp < (is_set ? 6u : 1u); ++cmp) {
      // merge without .sat, merge with .sat, accumulate (never with .sat, §5)
      for (unsigned mode = 0; mode < 3; ++mode) {
        if (is_set && mode == 1) continue;  // vset4 has no .sat
        Ctrl c;
        c.op = op;
        c.dsigned = dsigned;
        c.asigned = types & 2;
        c.bsigned = types & 1;
        c.asel = make_sel(3, 2, 1, 0);
        c.bsel = make_sel(7, 6, 5, 4);
        c.mask = 0xf;
        c.cmp = static_cast<Cmp>(cmp);
        c.sat = mode == 1;
        c.secop = mode == 2 ? Pkg::SecAdd : Pkg::SecNone;
        forms.push_back(c);
      }
    }
  }
  return forms;
}

class SimdByteSweep : public testing::TestWithParam<unsigned> {};

TEST_P(SimdByteSweep, EveryPairEveryForm) {
  const Op op = static_cast<Op>(GetParam());
  const uint64_t seed = mix_seed(base_seed(), 2000, GetParam());
  std::printf("seed=%llu (base PTXALU_SEED=%llu)\n", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(base_seed()));
  Rng rng(seed);
  RtlEngine rtl(rtl_config());
  const std::vector<Ctrl> forms = sweep_forms(op);
  std::vector<std::pair<Ctrl, Operands>> batch(kVectors);
  uint64_t checked = 0;
  for (const Ctrl& form : forms) {
    ASSERT_TRUE(is_legal(form)) << describe(form);
    for (unsigned v = 0; v < kVectors; ++v) {
      Operands ops;
      for (unsigned lane = 0; lane < 4; ++lane) {
        const unsigned pair = 4 * v + (lane + v) % 4;
        ops.a |= uint64_t{pair & 0xffu} << (8 * lane);
        ops.b |= uint64_t{pair >> 8} << (8 * lane);
      }
      ops.c = rng() & 0xffffffffu;
      batch[v] = {form, ops};
    }
    const std::vector<RtlResult> got = rtl.execute_stream(batch);
    ASSERT_EQ(got.size(), batch.size());
    unsigned bad = 0;
    for (unsigned v = 0; v < kVectors; ++v) {
      const uint64_t want = execute(form, batch[v].second);
      if (got[v].illegal || got[v].value != want) {
        if (++bad <= 5) {
          ADD_FAILURE() << "seed=" << seed << " " << describe(form) << " "
                        << describe(batch[v].second) << std::hex << ": model 0x" << want
                        << ", rtl " << (got[v].illegal ? "illegal " : "") << "0x"
                        << got[v].value;
        }
      }
    }
    ASSERT_EQ(bad, 0u) << describe(form);
    checked += kPairs;
  }
  std::printf("%llu byte pairs checked over %zu forms\n",
              static_cast<unsigned long long>(checked), forms.size());
}

INSTANTIATE_TEST_SUITE_P(Vop4, SimdByteSweep,
                         testing::Values(unsigned{Pkg::OpVadd4}, unsigned{Pkg::OpVsub4},
                                         unsigned{Pkg::OpVavrg4}, unsigned{Pkg::OpVabsdiff4},
                                         unsigned{Pkg::OpVmin4}, unsigned{Pkg::OpVmax4},
                                         unsigned{Pkg::OpVset4}));

}  // namespace
}  // namespace ptxalu::tb
