// The one random instruction generator (sim/isa/random_insn.hpp): everything ctrl() makes is
// legal for the model's is_legal (written independently of the table it draws from), it
// reaches every operation and every field value, it prints and parses back unchanged, it
// reaches every legal word of the small spaces, near misses reach illegal words, and operands
// hit the corners. Every random test prints its seed (PTXALU_SEED reproduces it).
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>

#include "env.hpp"
#include "instruction.hpp"
#include "model.hpp"
#include "random_insn.hpp"

namespace {

using namespace ptxalu;
using namespace ptxalu::frontend;

// The random generator: everything it makes is legal, it reaches every operation and every
// value of the fields that vary, and whatever it makes prints and parses back unchanged.
TEST(RandomInsn, LegalCoversEverythingAndRoundTrips) {
  const uint64_t seed = seed_from_env(20261122);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  RandomInsn rng(seed);
  std::set<unsigned> ops, masks4, cmps, scales, halves, itypes, dsels, secops, asel4_lane3;
  bool saw_neg_prod = false, saw_neg_c = false, saw_po = false, saw_relu = false,
       saw_shiftamt = false, saw_wrap = false;
  for (int i = 0; i < 200000; ++i) {
    const Ctrl c = rng.ctrl();
    ASSERT_TRUE(is_legal(c)) << "seed=" << seed << " i=" << i << " word=0x" << std::hex << c.pack();
    ops.insert(c.op);
    if (c.op >= Pkg::OpVadd4 && c.op <= Pkg::OpVset4) {
      masks4.insert(c.mask);
      asel4_lane3.insert(sel_lane(c.asel, 3));
    }
    cmps.insert(c.cmp);
    scales.insert(c.scale);
    halves.insert(c.half);
    itypes.insert(c.itype);
    dsels.insert(c.dsel);
    secops.insert(c.secop);
    saw_neg_prod |= c.neg_prod;
    saw_neg_c |= c.neg_c;
    saw_po |= c.po;
    saw_relu |= c.relu;
    saw_shiftamt |= c.shiftamt;
    saw_wrap |= c.wrap;
    if (i % 20 == 0) {
      const std::string text = print_instruction(c);
      Diagnostic d;
      const std::optional<ParsedInstruction> back = parse_instruction_text(text, "t", &d);
      ASSERT_TRUE(back.has_value()) << text << "\n  " << d.format() << " seed=" << seed;
      ASSERT_EQ(back->ctrl, c) << text << " seed=" << seed;
    }
  }
  EXPECT_EQ(ops.size(), static_cast<size_t>(Pkg::NumOps));
  EXPECT_EQ(masks4.size(), 15u);
  EXPECT_EQ(asel4_lane3.size(), 8u);
  EXPECT_EQ(cmps.size(), 6u);
  EXPECT_EQ(scales.size(), 3u);
  EXPECT_EQ(halves.size(), 4u);
  EXPECT_EQ(itypes.size(), 11u);
  EXPECT_EQ(dsels.size(), 7u);
  EXPECT_EQ(secops.size(), 4u);
  EXPECT_TRUE(saw_neg_prod && saw_neg_c && saw_po && saw_relu && saw_shiftamt && saw_wrap);
}

// For the operations whose legal space is small enough to enumerate, the generator reaches
// exactly the words is_legal accepts: none missing, none extra.
TEST(RandomInsn, ReachesEveryLegalFormOfSmallSpaces) {
  const uint64_t seed = seed_from_env(99);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  RandomInsn rng(seed);
  // Integer and dot-product ops: every itype x half x flag combination.
  for (unsigned op = Pkg::OpAdd; op < Pkg::NumOps; ++op) {
    std::set<uint64_t> legal;
    for (unsigned t = 0; t < 16; ++t)
      for (unsigned half = 0; half < 4; ++half)
        for (unsigned flags = 0; flags < 64; ++flags) {
          Ctrl c;
          c.op = static_cast<Op>(op);
          c.itype = static_cast<IType>(t);
          c.half = static_cast<Half>(half);
          c.sat = flags & 1;
          c.relu = flags & 2;
          c.shiftamt = flags & 4;
          c.wrap = flags & 8;
          c.asigned = flags & 16;
          c.bsigned = flags & 32;
          if (is_legal(c)) legal.insert(c.pack());
        }
    std::set<uint64_t> drawn;
    for (size_t i = 0; i < 40 * legal.size() + 100; ++i) drawn.insert(rng.ctrl(static_cast<Op>(op)).pack());
    EXPECT_EQ(drawn, legal) << "op " << op << " seed=" << seed;
  }
  // Scalar video vadd, vshl, vset: types, selectors, dsel, secop, mode, comparison.
  for (Op op : {Pkg::OpVadd, Pkg::OpVshl, Pkg::OpVset}) {
    std::set<uint64_t> legal;
    for (unsigned flags = 0; flags < 32; ++flags)
      for (unsigned asel = 0; asel < 8; ++asel)
        for (unsigned bsel = 0; bsel < 8; ++bsel)
          for (unsigned dsel = 0; dsel < 8; ++dsel)
            for (unsigned secop = 0; secop < 4; ++secop)
              for (unsigned cmp = 0; cmp < (op == Pkg::OpVset ? 8u : 1u); ++cmp) {
                Ctrl c;
                c.op = op;
                c.dsigned = flags & 1;
                c.asigned = flags & 2;
                c.bsigned = flags & 4;
                c.sat = flags & 8;
                c.wrap = flags & 16;
                c.asel = static_cast<uint16_t>(asel);
                c.bsel = static_cast<uint16_t>(bsel);
                c.dsel = static_cast<Sel>(dsel);
                c.secop = static_cast<SecOp>(secop);
                c.cmp = static_cast<Cmp>(cmp);
                if (is_legal(c)) legal.insert(c.pack());
              }
    std::set<uint64_t> drawn;
    // 25 draws per form: missing one has probability below 1e-6.
    for (size_t i = 0; i < 25 * legal.size(); ++i) drawn.insert(rng.ctrl(op).pack());
    EXPECT_EQ(drawn.size(), legal.size()) << "op " << op << " seed=" << seed;
    EXPECT_EQ(drawn, legal) << "op " << op << " seed=" << seed;
  }
}

// The stream is xoshiro256** seeded by splitmix64: its first words for seed 7, computed
// outside this code from the published algorithms, pin it on every platform.
TEST(RandomInsn, SameSeedSameSequenceAndCornerOperands) {
  RandomInsn pinned(7);
  EXPECT_EQ(pinned.next(), 0xb358faf74ef9765aull);
  EXPECT_EQ(pinned.next(), 0x475c3d964f482cd2ull);
  EXPECT_EQ(pinned.next(), 0xd6f1d349952c7996ull);
  const uint64_t seed = seed_from_env(3);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  RandomInsn rng(seed);
  std::set<uint64_t> seen;
  for (int i = 0; i < 20000; ++i) seen.insert(rng.value());
  for (uint64_t corner : {uint64_t{0}, uint64_t{1}, UINT64_MAX, uint64_t{0x8080808080808080},
                          uint64_t{0x7fff7fff7fff7fff}, uint64_t{0x8000000080000000}})
    EXPECT_EQ(seen.count(corner), 1u) << std::hex << corner << " seed=" << std::dec << seed;
}

// Selectors::NearDefaults keeps every word legal and still reaches the non-default lanes; the
// defaults come up far more often than uniformly.
TEST(RandomInsn, NearDefaultsIsLegalAndFavoursTheDefaults) {
  const uint64_t seed = seed_from_env(11);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  RandomInsn rng(seed);
  unsigned whole_word = 0, full_mask = 0, draws = 0;
  std::set<unsigned> lane3;
  for (int i = 0; i < 20000; ++i) {
    const Ctrl c = rng.ctrl(Pkg::OpVadd4, RandomInsn::Selectors::NearDefaults);
    ASSERT_TRUE(is_legal(c)) << "seed=" << seed << " word=0x" << std::hex << c.pack();
    full_mask += c.mask == 0xf;
    lane3.insert(sel_lane(c.asel, 3));
    const Ctrl s = rng.ctrl(Pkg::OpVadd, RandomInsn::Selectors::NearDefaults);
    ASSERT_TRUE(is_legal(s)) << "seed=" << seed << " word=0x" << std::hex << s.pack();
    whole_word += s.asel == 0;
    ++draws;
  }
  EXPECT_EQ(lane3.size(), 8u) << "seed=" << seed;
  EXPECT_GT(full_mask, draws / 3) << "seed=" << seed;  // uniform would give 1/15
  EXPECT_GT(whole_word, draws / 3) << "seed=" << seed;  // uniform would give 1/7
}

// Near misses and word(): mostly illegal, some legal (a flip can land on another form), and
// raw words reach op values past the last operation.
TEST(RandomInsn, NearMissesReachTheBoundary) {
  const uint64_t seed = seed_from_env(12);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  RandomInsn rng(seed);
  unsigned illegal_near = 0, illegal_word = 0, past_ops = 0;
  const unsigned n = 20000;
  for (unsigned i = 0; i < n; ++i) {
    const uint64_t near = rng.near_miss();
    ASSERT_EQ(near >> kCtrlWidth, 0u) << "seed=" << seed;
    illegal_near += !is_legal(Ctrl::unpack(near));
    illegal_word += !is_legal(Ctrl::unpack(rng.word()));
    past_ops += Ctrl::unpack(rng.raw_word()).op >= Pkg::NumOps;
  }
  EXPECT_GT(illegal_near, n / 2) << "seed=" << seed;
  EXPECT_LT(illegal_near, n) << "seed=" << seed;
  EXPECT_GT(illegal_word, n / 2) << "seed=" << seed;
  EXPECT_GT(past_ops, 0u) << "seed=" << seed;
}

// operands(ctrl): corners of the source's width, positions and lengths mostly in range,
// divisors 0, 1, -1.
Ctrl integer(Op op, IType type) {
  Ctrl c;
  c.op = op;
  c.itype = type;
  return c;
}

TEST(RandomInsn, OperandsFitTheInstruction) {
  const uint64_t seed = seed_from_env(13);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  RandomInsn rng(seed);
  const Ctrl bfe = integer(Pkg::OpBfe, Pkg::ItU32);
  const Ctrl div = integer(Pkg::OpDiv, Pkg::ItS16);
  unsigned bfe_in_range = 0, zero_divisor = 0;
  std::set<uint64_t> low16;
  const unsigned n = 20000;
  for (unsigned i = 0; i < n; ++i) {
    const Operands b = rng.operands(bfe);
    bfe_in_range += (b.b & 0xff) < 70 && (b.c & 0xff) < 70;
    const Operands d = rng.operands(div);
    zero_divisor += d.b == 0;
    low16.insert(d.a & 0xffff);
  }
  EXPECT_GT(bfe_in_range, n / 2) << "seed=" << seed;
  EXPECT_GT(zero_divisor, n / 100) << "seed=" << seed;
  for (uint64_t corner : {0x0000u, 0x0001u, 0x7fffu, 0x8000u, 0x8001u, 0xffffu})
    EXPECT_EQ(low16.count(corner), 1u) << std::hex << corner << " seed=" << std::dec << seed;
}

}  // namespace
