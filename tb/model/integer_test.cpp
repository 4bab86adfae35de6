// Integer arithmetic (PTX 9.7.1.1-13, 23-24) against hand-worked values.
#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

constexpr uint64_t kAll64 = 0xffffffffffffffffull;
constexpr uint64_t kMin64 = 0x8000000000000000ull;

// --- div / rem (§11, §12) -----------------------------------------------------------------

TEST(Integer, DivRemByZeroAllOnes) {
  // §11: all ones in the operation's width, signed and unsigned alike.
  for (Op op : {Pkg::OpDiv, Pkg::OpRem}) {
    EXPECT_EQ(run(integer(op, Pkg::ItU16), 1234, 0), 0xffffu);
    EXPECT_EQ(run(integer(op, Pkg::ItS16), 0x8000, 0), 0xffffu);
    EXPECT_EQ(run(integer(op, Pkg::ItU32), 0, 0), 0xffffffffu);
    EXPECT_EQ(run(integer(op, Pkg::ItS32), 0xfffffff9, 0), 0xffffffffu);
    EXPECT_EQ(run(integer(op, Pkg::ItU64), 5, 0), kAll64);
    EXPECT_EQ(run(integer(op, Pkg::ItS64), kMin64, 0), kAll64);
    // Zero in the low bits only counts: b = 0x10000 as .u16 is 0.
    EXPECT_EQ(run(integer(op, Pkg::ItU16), 7, 0x10000), 0xffffu);
  }
}

}  // namespace
}  // namespace ptxalu::test
