// The instruction table (sim/isa/instructions.json, generated into isa::forms) against the
// golden model's is_legal: every form of the table is legal, each form once, rows in op order,
// and no word one field value away from a form is legal unless the table lists it.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include "isa.hpp"
#include "legal_forms.hpp"
#include "model.hpp"

namespace {

using namespace ptxalu;

TEST(IsaTable, RowsInOpOrderWithTheirForms) {
  ASSERT_EQ(isa::rows().size(), static_cast<size_t>(Pkg::NumOps));
  size_t total = 0;
  for (size_t i = 0; i < isa::rows().size(); ++i) {
    const isa::Row& r = isa::rows()[i];
    EXPECT_EQ(static_cast<size_t>(r.op), i) << r.name;
    EXPECT_EQ(isa::find(r.name), &r);
    EXPECT_GT(r.num_forms, 0u) << r.name;
    for (const Ctrl& c : isa::forms(r.op)) EXPECT_EQ(c.op, r.op) << r.name;
    total += r.num_forms;
  }
  EXPECT_EQ(total, isa::forms().size());
  EXPECT_EQ(isa::find("vfoo"), nullptr);
}

TEST(IsaTable, EveryFormLegalAndListedOnce) {
  std::set<uint64_t> seen;
  for (const Ctrl& c : isa::forms()) {
    EXPECT_TRUE(is_legal(c)) << "0x" << std::hex << c.pack();
    EXPECT_TRUE(seen.insert(c.pack()).second) << "twice: 0x" << std::hex << c.pack();
  }
}

// Near misses: every word one field away from a form is legal for is_legal exactly when the
// table lists it (cov::in_table: the selectors and mask by their kind, the rest a form).
TEST(IsaTable, NearMissesIllegalForTheModel) {
  size_t illegal = 0, legal = 0;
  for (const Ctrl& form : isa::forms()) {
    for (const Ctrl& w : cov::one_field_away(form)) {
      const bool listed = cov::in_table(w);
      ASSERT_EQ(is_legal(w), listed) << "0x" << std::hex << w.pack() << " near "
                                     << cov::bins_of(form)[0];
      (listed ? legal : illegal) += 1;
    }
  }
  std::printf("near misses: %zu illegal, %zu listed\n", illegal, legal);
  EXPECT_GT(illegal, 300000u);
}

}  // namespace
