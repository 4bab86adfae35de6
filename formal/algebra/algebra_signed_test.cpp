// The word lift (rewrite.cpp, README item 3) on ptxalu_vmad's product of a sign-extended and a
// zero- or sign-extended 32-bit element (33x33, modulo 2^66), read as 66 bits and sign-extended
// to 79: Yosys' own mapping of it (testdata/extended_product.v says how the AIGs were written),
// whose subtracted sign row leaves the product's top bit the complement of a half adder's sum.
#include <gtest/gtest.h>

#include <string>

#include "aig.hpp"
#include "poly.hpp"
#include "rewrite.hpp"
#include "sim.hpp"
#include "test_circuits.hpp"

namespace ptxalu::algebra {
namespace {

using namespace test_circuits;

// Inputs a (0..31) and b (32..63); outputs w[0..78].
void expect_extended_product(bool b_signed, unsigned bits) {
  constexpr unsigned n = 32, width = 66;
  const Aig aig = read_aiger(std::string(PTXALU_ALGEBRA_TESTDATA) +
                             (b_signed ? "/product_s_s.aig" : "/product_s_u.aig"));
  ASSERT_EQ(aig.num_inputs, 2 * n);
  ASSERT_EQ(aig.outputs.size(), 79u);
  const Lits word(aig.outputs.begin(), aig.outputs.begin() + bits);
  Poly p(bits);
  RewriteStats st;
  ASSERT_TRUE(Rewriter(aig).word(word, bits, 50'000, kForever, &p, &st));
  EXPECT_EQ(difference(p, product_poly(n, bits, true, b_signed)).size(), 0u)
      << "terms " << p.size();
  if (bits > width) {
    EXPECT_EQ(st.lifts, 1u);
  }
  // The circuit is the product (so that the comparison means something).
  const uint64_t corners[] = {0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0x12345678, 0xdeadbeef};
  Simulator sim(aig);
  for (uint64_t av : corners)
    for (uint64_t bv : corners) {
      for (unsigned i = 0; i < n; ++i) {
        sim.set_input(i, (av >> i) & 1 ? ~0ull : 0);
        sim.set_input(n + i, (bv >> i) & 1 ? ~0ull : 0);
      }
      sim.eval();
      const __int128 x = int32_t(uint32_t(av));
      const __int128 y = b_signed ? __int128(int32_t(uint32_t(bv))) : __int128(bv);
      const auto want = static_cast<unsigned __int128>(x * y);
      for (unsigned i = 0; i < bits; ++i)
        ASSERT_EQ(sim.lit(word[i]) & 1, uint64_t(want >> i) & 1)
            << std::hex << av << " * " << bv << " bit " << std::dec << i;
    }
}

TEST(AlgebraSigned, SignedTimesUnsignedModulo66) { expect_extended_product(false, 66); }
TEST(AlgebraSigned, SignedTimesUnsignedSignExtendedTo79) { expect_extended_product(false, 79); }
TEST(AlgebraSigned, SignedTimesSignedModulo66) { expect_extended_product(true, 66); }
TEST(AlgebraSigned, SignedTimesSignedSignExtendedTo79) { expect_extended_product(true, 79); }

}  // namespace
}  // namespace ptxalu::algebra
