// Shared pieces of the video unit tests: the seed, legal control words of the video forms,
// corner-weighted operands, and a readable description of a control word for failures.
//
// Generators produce canonical legal words by the rules of doc/CANONICAL_FORMS.md; each test also
// asks the golden model's is_legal, so the generators and the model are checked against each
// other on every word they draw.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ctrl.hpp"
#include "../common/test_env.hpp"
#include "../common/unit_harness.hpp"
#include "model.hpp"
#include "verilated.h"

namespace video_tb {

using ptxalu::Ctrl;
using ptxalu::Pkg;

using ptxalu::tb::describe;
using ptxalu::tb::iterations;
using ptxalu::tb::Rng;
using ptxalu::tb::test_seed;

// ------------------------------------------------------------------------------------------
// Operands
// ------------------------------------------------------------------------------------------

// A lane value of `width` bits (8 or 16), half the time a corner: 0, +1, -1/all ones, the
// signed MIN and MAX, the unsigned MAX-1, MIN+1.
inline uint32_t corner_lane(Rng& rng, unsigned width) {
  const uint32_t ones = (uint32_t{1} << width) - 1;
  const uint32_t smin = uint32_t{1} << (width - 1);
  switch (rng.below(14)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return ones;
    case 3: return smin;
    case 4: return smin - 1;
    case 5: return smin + 1;
    case 6: return ones - 1;
    default: return rng.u32() & ones;
  }
}

// A 32-bit operand whose bytes or halves are corner-weighted lane values; sometimes a whole
// word corner. The sub-word corners matter because selectors pick bytes and halves.
inline uint32_t corner_word(Rng& rng) {
  switch (rng.below(10)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 0xffffffffu;
    case 3: return 0x7fffffffu;
    case 4: return 0x80000000u;
    case 5: return rng.u32();
    case 6: case 7: {
      return corner_lane(rng, 16) | (corner_lane(rng, 16) << 16);
    }
    default: {
      uint32_t w = 0;
      for (unsigned i = 0; i < 4; ++i) w |= corner_lane(rng, 8) << (8 * i);
      return w;
    }
  }
}

// Puts `value` into the part of `word` that scalar selector `sel` names.
inline uint32_t place(uint32_t word, unsigned sel, uint32_t value) {
  if (sel >= Pkg::SelB0 && sel <= Pkg::SelB3) {
    const unsigned shift = 8 * (sel - Pkg::SelB0);
    return (word & ~(0xffu << shift)) | ((value & 0xffu) << shift);
  }
  if (sel == Pkg::SelH0 || sel == Pkg::SelH1) {
    const unsigned shift = sel == Pkg::SelH1 ? 16 : 0;
    return (word & ~(0xffffu << shift)) | ((value & 0xffffu) << shift);
  }
  return value;
}

// ------------------------------------------------------------------------------------------
// Legal control words
// ------------------------------------------------------------------------------------------

inline const Pkg::op_e kSimdX2Ops[] = {Pkg::OpVadd2, Pkg::OpVsub2, Pkg::OpVavrg2,
                                       Pkg::OpVabsdiff2, Pkg::OpVmin2, Pkg::OpVmax2,
                                       Pkg::OpVset2};
inline const Pkg::op_e kSimdX4Ops[] = {Pkg::OpVadd4, Pkg::OpVsub4, Pkg::OpVavrg4,
                                       Pkg::OpVabsdiff4, Pkg::OpVmin4, Pkg::OpVmax4,
                                       Pkg::OpVset4};
inline const Pkg::op_e kScalarOps[] = {Pkg::OpVadd, Pkg::OpVsub, Pkg::OpVabsdiff, Pkg::OpVmin,
                                       Pkg::OpVmax, Pkg::OpVshl, Pkg::OpVshr, Pkg::OpVset};
inline const Pkg::cmp_e kCmps[] = {Pkg::CmpEq, Pkg::CmpNe, Pkg::CmpLt,
                                   Pkg::CmpLe, Pkg::CmpGt, Pkg::CmpGe};
inline const Pkg::sel_e kSels[] = {Pkg::SelNone, Pkg::SelB0, Pkg::SelB1, Pkg::SelB2,
                                   Pkg::SelB3,   Pkg::SelH0, Pkg::SelH1};
inline const Pkg::secop_e kSecops[] = {Pkg::SecNone, Pkg::SecAdd, Pkg::SecMin, Pkg::SecMax};
inline const Pkg::scale_e kScales[] = {Pkg::ScaleNone, Pkg::ScaleShr7, Pkg::ScaleShr15};

inline bool is_vset(Pkg::op_e op) {
  return op == Pkg::OpVset || op == Pkg::OpVset2 || op == Pkg::OpVset4;
}

// A legal SIMD word of `op`: random types, selectors, mask, merge or accumulate.
inline Ctrl random_simd_ctrl(Rng& rng, Pkg::op_e op, bool x4) {
  Ctrl c;
  c.op = op;
  c.asigned = rng.coin();
  c.bsigned = rng.coin();
  const unsigned lanes = x4 ? 4 : 2;
  const unsigned digits = x4 ? 8 : 4;
  // Half the time the front end's defaults (.b3210/.b7654, .h10/.h32), which keep lane i of
  // the result aligned with lane i of a and b.
  if (rng.coin()) {
    c.asel = x4 ? ptxalu::make_sel(3, 2, 1, 0) : ptxalu::make_sel(0, 0, 1, 0);
    c.bsel = x4 ? ptxalu::make_sel(7, 6, 5, 4) : ptxalu::make_sel(0, 0, 3, 2);
  } else {
    for (unsigned i = 0; i < lanes; ++i) {
      c.asel = static_cast<uint16_t>(c.asel | (rng.below(digits) << (3 * i)));
      c.bsel = static_cast<uint16_t>(c.bsel | (rng.below(digits) << (3 * i)));
    }
  }
  const unsigned all = (1u << lanes) - 1;
  c.mask = static_cast<uint8_t>(rng.coin() ? all : 1 + rng.below(all));
  c.secop = rng.coin() ? Pkg::SecAdd : Pkg::SecNone;
  if (is_vset(op)) {
    c.cmp = kCmps[rng.below(6)];
  } else {
    c.dsigned = rng.coin();
    c.sat = c.secop == Pkg::SecNone && rng.coin();
  }
  return c;
}

// A legal scalar video word (vadd..vset, not vmad).
inline Ctrl random_scalar_ctrl(Rng& rng, Pkg::op_e op) {
  Ctrl c;
  c.op = op;
  c.asigned = rng.coin();
  c.bsigned = rng.coin();
  c.asel = kSels[rng.below(7)];
  c.bsel = kSels[rng.below(7)];
  // Either a secondary op, or a merge at dsel, or neither.
  switch (rng.below(3)) {
    case 0: c.secop = kSecops[rng.below(4)]; break;
    case 1: c.dsel = kSels[1 + rng.below(6)]; break;
    default: break;
  }
  if (op == Pkg::OpVset) {
    c.cmp = kCmps[rng.below(6)];
  } else {
    c.dsigned = rng.coin();
    c.sat = rng.coin();
  }
  if (op == Pkg::OpVshl || op == Pkg::OpVshr) {
    c.bsigned = false;
    c.wrap = rng.coin();
  }
  return c;
}

// A legal vmad word.
inline Ctrl random_vmad_ctrl(Rng& rng) {
  Ctrl c;
  c.op = Pkg::OpVmad;
  c.dsigned = rng.coin();
  c.asigned = rng.coin();
  c.bsigned = rng.coin();
  c.sat = rng.coin();
  c.asel = kSels[rng.below(7)];
  c.bsel = kSels[rng.below(7)];
  c.scale = kScales[rng.below(3)];
  switch (rng.below(4)) {
    case 0: c.po = true; break;
    case 1: c.neg_prod = true; break;
    case 2: c.neg_c = true; break;
    default: break;
  }
  return c;
}

// ------------------------------------------------------------------------------------------
// The fixture: one verilated model of a video unit (ctrl_i, a_i, b_i, c_i -> result_o), in its
// own VerilatedContext, and the comparison with the golden model.
// ------------------------------------------------------------------------------------------

template <typename Model>
class UnitFixture : public ::testing::Test {
 protected:
  uint32_t run(const Ctrl& c, const ptxalu::Operands& o) {
    dut_.ctrl_i = c.pack();
    dut_.a_i = static_cast<uint32_t>(o.a);
    dut_.b_i = static_cast<uint32_t>(o.b);
    dut_.c_i = static_cast<uint32_t>(o.c);
    dut_.eval();
    return dut_.result_o;
  }

  // The unit against the model on one vector; the word must be legal for the model too.
  ::testing::AssertionResult matches_model(const Ctrl& c, const ptxalu::Operands& o) {
    if (!ptxalu::is_legal(c)) {
      return ::testing::AssertionFailure()
             << "generator drew a word the model calls illegal: " << describe(c);
    }
    const uint32_t unit = run(c, o);
    const uint64_t model = ptxalu::execute(c, o);
    if (unit != model) {
      std::ostringstream values;
      values << std::hex << ": unit=0x" << unit << " model=0x" << model;
      return ::testing::AssertionFailure() << describe(c) << " " << describe(o) << values.str();
    }
    return ::testing::AssertionSuccess();
  }

  VerilatedContext ctx_;
  Model dut_{&ctx_};
};

// Names the typed tests' instances: the RTL first, then its Yosys netlist.
struct ModelNames {
  template <typename T>
  static std::string GetName(int index) {
    return index == 0 ? "Rtl" : "YosysNetlist";
  }
};

// A hand-worked case: the expected value computed by hand from the spec.
struct HandCase {
  const char* what;
  Ctrl ctrl;
  ptxalu::Operands ops;
  uint32_t expected;
};

}  // namespace video_tb
