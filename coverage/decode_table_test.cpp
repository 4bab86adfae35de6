// The instruction table against the two hardware legality checkers, rtl/ptxalu_decode.sv and
// formal/spec/spec_decode.sv (both verilated here): every form of sim/isa/instructions.json,
// with every selector and mask variant of the coverage bins, is legal in both; every word one
// field away from a form is legal in both exactly when the table lists it (the near misses are
// illegal). The model's is_legal gets the same test in isa_table_test.cpp.
#include <gtest/gtest.h>

#include <cstdio>

#include "Vdecode_rtl.h"
#include "Vdecode_spec.h"
#include "isa.hpp"
#include "legal_forms.hpp"

namespace {

using namespace ptxalu;

struct Checkers {
  Vdecode_rtl rtl;
  Vdecode_spec spec;
  // {RTL's illegal_o, spec's illegal_o} for one word.
  std::pair<bool, bool> illegal(const Ctrl& c) {
    rtl.ctrl_i = c.pack();
    spec.ctrl_i = c.pack();
    rtl.eval();
    spec.eval();
    return {rtl.illegal_o != 0, spec.illegal_o != 0};
  }
};

TEST(DecodeTable, EveryFormAndSelectorVariantLegal) {
  Checkers chk;
  size_t n = 0;
  for (const Ctrl& c : cov::bin_witnesses()) {
    const auto [rtl, spec] = chk.illegal(c);
    ASSERT_FALSE(rtl) << "ptxalu_decode rejects 0x" << std::hex << c.pack() << " "
                      << cov::bins_of(c)[0];
    ASSERT_FALSE(spec) << "spec_decode rejects 0x" << std::hex << c.pack() << " "
                       << cov::bins_of(c)[0];
    ++n;
  }
  EXPECT_GE(n, isa::forms().size());
}

TEST(DecodeTable, NearMissesIllegal) {
  Checkers chk;
  size_t illegal = 0;
  for (const Ctrl& form : isa::forms()) {
    for (const Ctrl& w : cov::one_field_away(form)) {
      const bool listed = cov::in_table(w);
      const auto [rtl, spec] = chk.illegal(w);
      ASSERT_EQ(rtl, !listed) << "ptxalu_decode on 0x" << std::hex << w.pack() << " near "
                              << cov::bins_of(form)[0];
      ASSERT_EQ(spec, !listed) << "spec_decode on 0x" << std::hex << w.pack() << " near "
                               << cov::bins_of(form)[0];
      illegal += !listed;
    }
  }
  std::printf("near misses rejected by both: %zu\n", illegal);
  EXPECT_GT(illegal, 300000u);
}

}  // namespace
