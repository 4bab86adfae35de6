// is_legal: canonical form (any field an op does not use, set, makes the word illegal) over a
// transcription of doc/CANONICAL_FORMS.md of its own, and signature's operand shapes. Split
// from legal_test.cpp (the rejected forms of CLARIFICATIONS, each next to its legal neighbour).
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

constexpr bool S = true;
constexpr bool U = false;

// --- canonical form: any unused field set makes a word illegal -------------------------------

// Each control field, by name, width and a setter for a raw value.
struct Field {
  const char* name;
  unsigned width;
  std::function<void(Ctrl&, unsigned)> set;
  std::function<unsigned(const Ctrl&)> get;
};

const std::vector<Field>& fields() {
  static const std::vector<Field> kFields = {
      {"itype", 4, [](Ctrl& c, unsigned v) { c.itype = static_cast<IType>(v); },
       [](const Ctrl& c) { return unsigned(c.itype); }},
      {"dsigned", 1, [](Ctrl& c, unsigned v) { c.dsigned = v; }, [](const Ctrl& c) { return unsigned(c.dsigned); }},
      {"asigned", 1, [](Ctrl& c, unsigned v) { c.asigned = v; }, [](const Ctrl& c) { return unsigned(c.asigned); }},
      {"bsigned", 1, [](Ctrl& c, unsigned v) { c.bsigned = v; }, [](const Ctrl& c) { return unsigned(c.bsigned); }},
      {"asel", 12, [](Ctrl& c, unsigned v) { c.asel = uint16_t(v); }, [](const Ctrl& c) { return unsigned(c.asel); }},
      {"bsel", 12, [](Ctrl& c, unsigned v) { c.bsel = uint16_t(v); }, [](const Ctrl& c) { return unsigned(c.bsel); }},
      {"dsel", 3, [](Ctrl& c, unsigned v) { c.dsel = static_cast<Sel>(v); },
       [](const Ctrl& c) { return unsigned(c.dsel); }},
      {"mask", 4, [](Ctrl& c, unsigned v) { c.mask = uint8_t(v); }, [](const Ctrl& c) { return unsigned(c.mask); }},
      {"secop", 2, [](Ctrl& c, unsigned v) { c.secop = static_cast<SecOp>(v); },
       [](const Ctrl& c) { return unsigned(c.secop); }},
      {"sat", 1, [](Ctrl& c, unsigned v) { c.sat = v; }, [](const Ctrl& c) { return unsigned(c.sat); }},
      {"cmp", 3, [](Ctrl& c, unsigned v) { c.cmp = static_cast<Cmp>(v); },
       [](const Ctrl& c) { return unsigned(c.cmp); }},
      {"half", 2, [](Ctrl& c, unsigned v) { c.half = static_cast<Half>(v); },
       [](const Ctrl& c) { return unsigned(c.half); }},
      {"wrap", 1, [](Ctrl& c, unsigned v) { c.wrap = v; }, [](const Ctrl& c) { return unsigned(c.wrap); }},
      {"scale", 2, [](Ctrl& c, unsigned v) { c.scale = static_cast<Scale>(v); },
       [](const Ctrl& c) { return unsigned(c.scale); }},
      {"po", 1, [](Ctrl& c, unsigned v) { c.po = v; }, [](const Ctrl& c) { return unsigned(c.po); }},
      {"neg_prod", 1, [](Ctrl& c, unsigned v) { c.neg_prod = v; }, [](const Ctrl& c) { return unsigned(c.neg_prod); }},
      {"neg_c", 1, [](Ctrl& c, unsigned v) { c.neg_c = v; }, [](const Ctrl& c) { return unsigned(c.neg_c); }},
      {"relu", 1, [](Ctrl& c, unsigned v) { c.relu = v; }, [](const Ctrl& c) { return unsigned(c.relu); }},
      {"shiftamt", 1, [](Ctrl& c, unsigned v) { c.shiftamt = v; }, [](const Ctrl& c) { return unsigned(c.shiftamt); }},
  };
  return kFields;
}

// The fields each op may set, transcribed from doc/CANONICAL_FORMS.md (a table
// of its own, not the model's).
std::vector<std::string> usable_fields(Op op) {
  switch (op) {
    case Pkg::OpVadd: case Pkg::OpVsub: case Pkg::OpVabsdiff: case Pkg::OpVmin: case Pkg::OpVmax:
      return {"dsigned", "asigned", "bsigned", "sat", "asel", "bsel", "secop", "dsel"};
    case Pkg::OpVshl: case Pkg::OpVshr:
      return {"dsigned", "asigned", "sat", "asel", "bsel", "secop", "dsel", "wrap"};
    case Pkg::OpVset:
      return {"asigned", "bsigned", "cmp", "asel", "bsel", "secop", "dsel"};
    case Pkg::OpVmad:
      return {"dsigned", "asigned", "bsigned", "sat", "asel", "bsel", "scale", "po", "neg_prod", "neg_c"};
    case Pkg::OpVset2: case Pkg::OpVset4:
      return {"asigned", "bsigned", "asel", "bsel", "mask", "secop", "cmp"};
    case Pkg::OpVadd2: case Pkg::OpVsub2: case Pkg::OpVavrg2: case Pkg::OpVabsdiff2:
    case Pkg::OpVmin2: case Pkg::OpVmax2: case Pkg::OpVadd4: case Pkg::OpVsub4:
    case Pkg::OpVavrg4: case Pkg::OpVabsdiff4: case Pkg::OpVmin4: case Pkg::OpVmax4:
      return {"dsigned", "asigned", "bsigned", "asel", "bsel", "mask", "secop", "sat"};
    case Pkg::OpAdd: case Pkg::OpSub: return {"itype", "sat"};
    case Pkg::OpMul: case Pkg::OpMul24: return {"itype", "half"};
    case Pkg::OpMad: case Pkg::OpMad24: return {"itype", "half", "sat"};
    case Pkg::OpMin: case Pkg::OpMax: return {"itype", "relu"};
    case Pkg::OpBfind: return {"itype", "shiftamt"};
    case Pkg::OpBmsk: case Pkg::OpSzext: return {"itype", "wrap"};
    case Pkg::OpDp4a: return {"asigned", "bsigned"};
    case Pkg::OpDp2a: return {"asigned", "bsigned", "half"};
    default: return {"itype"};  // sad div rem abs neg popc clz fns brev bfe bfi
  }
}

bool is_usable(Op op, const std::string& field) {
  for (const std::string& f : usable_fields(op)) {
    if (f == field) return true;
  }
  return false;
}

// One legal form per op, with as many of its usable fields non-zero as a legal form allows,
// written as PTX text (the front end gives the word).
std::vector<Ctrl> legal_bases() {
  static const char* const kBases[] = {
      "vadd.s32.s32.u32.sat.min d, a.b1, b.h1, c",
      "vsub.s32.s32.u32.sat.min d, a.b1, b.h1, c",
      "vabsdiff.s32.s32.u32.sat.min d, a.b1, b.h1, c",
      "vmin.s32.s32.u32.sat.min d, a.b1, b.h1, c",
      "vmax.s32.s32.u32.sat.min d, a.b1, b.h1, c",
      "vshl.s32.u32.u32.sat.wrap d.b2, a, b, c",
      "vshr.s32.u32.u32.sat.wrap d.b2, a, b, c",
      "vset.s32.s32.ge d.h0, a, b, c",
      "vmad.s32.s32.s32.sat.shr7 d, a, b, -c",
      "vadd2.s32.u32.s32.sat d, a, b, c",
      "vsub2.s32.u32.s32.sat d, a, b, c",
      "vavrg2.s32.u32.s32.sat d, a, b, c",
      "vabsdiff2.s32.u32.s32.sat d, a, b, c",
      "vmin2.s32.u32.s32.sat d, a, b, c",
      "vmax2.s32.u32.s32.sat d, a, b, c",
      "vset2.s32.s32.ne.add d, a, b, c",
      "vadd4.u32.s32.u32.add d.b20, a, b, c",
      "vsub4.u32.s32.u32.add d.b20, a, b, c",
      "vavrg4.u32.s32.u32.add d.b20, a, b, c",
      "vabsdiff4.u32.s32.u32.add d.b20, a, b, c",
      "vmin4.u32.s32.u32.add d.b20, a, b, c",
      "vmax4.u32.s32.u32.add d.b20, a, b, c",
      "vset4.u32.s32.le d, a, b, c",
      "add.sat.s32 d, a, b",
      "sub.sat.s32 d, a, b",
      "mul.wide.s16 d, a, b",
      "mad.hi.sat.s32 d, a, b, c",
      "mul24.hi.u32 d, a, b",
      "mad24.hi.sat.s32 d, a, b, c",
      "sad.u64 d, a, b, c",
      "div.s16 d, a, b",
      "rem.u32 d, a, b",
      "abs.s64 d, a",
      "neg.s32 d, a",
      "min.relu.s16x2 d, a, b",
      "max.relu.s32 d, a, b",
      "popc.b64 d, a",
      "clz.b32 d, a",
      "bfind.shiftamt.s64 d, a",
      "fns.b32 d, a, b, c",
      "brev.b64 d, a",
      "bfe.s32 d, a, b, c",
      "bfi.b32 f, a, b, c, d",
      "bmsk.wrap.b32 d, a, b",
      "szext.wrap.s32 d, a, b",
      "dp4a.s32.u32 d, a, b, c",
      "dp2a.hi.u32.s32 d, a, b, c",
  };
  std::vector<Ctrl> v;
  for (const char* text : kBases) v.push_back(tb::ptx(text));
  return v;
}

TEST(Canonical, BasesCoverEveryOpAndAreLegal) {
  const std::vector<Ctrl> bases = legal_bases();
  std::vector<bool> seen(Pkg::NumOps, false);
  for (const Ctrl& c : bases) {
    EXPECT_TRUE(is_legal(c)) << "0x" << std::hex << c.pack();
    seen[c.op] = true;
  }
  for (unsigned op = 0; op < Pkg::NumOps; ++op) EXPECT_TRUE(seen[op]) << "op " << op;
}

TEST(Canonical, EveryUnusedFieldValueIsIllegal) {
  // Exhaustive over single fields: every non-zero value of every field an op does not use.
  unsigned checked = 0;
  for (const Ctrl& base : legal_bases()) {
    for (const Field& f : fields()) {
      if (is_usable(base.op, f.name)) continue;
      for (unsigned v = 1; v < (1u << f.width); ++v) {
        Ctrl c = base;
        f.set(c, v);
        ASSERT_FALSE(is_legal(c)) << "op " << unsigned(base.op) << " field " << f.name << "=" << v;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 10000u);
}

TEST(Canonical, RandomUnusedFieldsAreIllegal) {
  const uint64_t seed = tb::test_seed();
  RandomInsn rng(seed);
  const std::vector<Ctrl> bases = legal_bases();
  for (int i = 0; i < 20000; ++i) {
    Ctrl c = bases[rng.below(bases.size())];
    // Set 1..3 random unused fields to random non-zero values.
    const unsigned n = 1 + static_cast<unsigned>(rng.below(3));
    unsigned set = 0;
    for (unsigned tries = 0; set < n && tries < 50; ++tries) {
      const Field& f = fields()[rng.below(fields().size())];
      if (is_usable(c.op, f.name)) continue;
      f.set(c, 1 + static_cast<unsigned>(rng.below((1u << f.width) - 1)));
      ++set;
    }
    ASSERT_GT(set, 0u);
    ASSERT_FALSE(is_legal(c)) << "seed=" << seed << " word 0x" << std::hex << c.pack();
  }
}

TEST(Canonical, RandomLegalWordsAreCanonicalAndResultsFit) {
  // Random words (sparse fields, op in range): a legal one has every unused field zero, and
  // its result fits its destination width. Also exercises execute on every form under the
  // sanitizers.
  const uint64_t seed = tb::test_seed();
  RandomInsn rng(seed);
  unsigned legal = 0;
  std::vector<unsigned> legal_per_op(Pkg::NumOps, 0);
  for (int i = 0; i < 400000; ++i) {
    Ctrl c;
    c.op = static_cast<Op>(rng.below(Pkg::NumOps));
    // Fields the op uses are random half the time; the others rarely, so that legal words
    // stay frequent and illegal ones still come up.
    for (const Field& f : fields()) {
      const bool pick = is_usable(c.op, f.name) ? rng.coin() : rng.one_in(30);
      if (pick) f.set(c, static_cast<unsigned>(rng.below(1u << f.width)));
    }
    if (!is_legal(c)) continue;
    ++legal;
    ++legal_per_op[c.op];
    for (const Field& f : fields()) {
      if (!is_usable(c.op, f.name)) {
        ASSERT_EQ(f.get(c), 0u) << "seed=" << seed << " field " << f.name << " word 0x" << std::hex
                                << c.pack();
      }
    }
    const Signature sig = signature(c);
    const Operands ops = rng.operands();
    const uint64_t d = execute(c, ops);
    if (sig.dst_width < 64) {
      ASSERT_EQ(d >> sig.dst_width, 0u) << "seed=" << seed << " word 0x" << std::hex << c.pack();
    }
  }
  EXPECT_GT(legal, 10000u);
  for (unsigned op = 0; op < Pkg::NumOps; ++op) EXPECT_GT(legal_per_op[op], 0u) << "op " << op;
}

// --- signature ------------------------------------------------------------------------------

void expect_signature(const Ctrl& c, unsigned dst, std::vector<unsigned> srcs) {
  ASSERT_TRUE(is_legal(c));
  const Signature s = signature(c);
  EXPECT_EQ(s.dst_width, dst);
  ASSERT_EQ(s.num_srcs, srcs.size());
  for (unsigned i = 0; i < srcs.size(); ++i) EXPECT_EQ(s.src_width[i], srcs[i]) << "src " << i;
}

TEST(Signature, Shapes) {
  expect_signature(integer(Pkg::OpMul, Pkg::HalfWide, Pkg::ItS32), 64, {32, 32});
  expect_signature(integer(Pkg::OpMul, Pkg::HalfWide, Pkg::ItU16), 32, {16, 16});
  expect_signature(integer(Pkg::OpMul, Pkg::HalfHi, Pkg::ItU64), 64, {64, 64});
  expect_signature(integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItS16), 32, {16, 16, 32});  // §15
  expect_signature(integer(Pkg::OpMad, Pkg::HalfWide, Pkg::ItU32), 64, {32, 32, 64});
  expect_signature(integer(Pkg::OpMad, Pkg::HalfLo, Pkg::ItS16), 16, {16, 16, 16});
  expect_signature(integer(Pkg::OpPopc, Pkg::ItB64), 32, {64});  // §20
  expect_signature(integer(Pkg::OpClz, Pkg::ItB64), 32, {64});
  expect_signature(integer(Pkg::OpBfind, Pkg::ItS64), 32, {64});
  expect_signature(integer(Pkg::OpBrev, Pkg::ItB64), 64, {64});
  expect_signature(integer(Pkg::OpBfi, Pkg::ItB64), 64, {64, 64, 32, 32});
  expect_signature(integer(Pkg::OpBfi, Pkg::ItB32), 32, {32, 32, 32, 32});
  expect_signature(integer(Pkg::OpBfe, Pkg::ItU64), 64, {64, 32, 32});
  expect_signature(integer(Pkg::OpFns, Pkg::ItB32), 32, {32, 32, 32});
  expect_signature(integer(Pkg::OpBmsk, Pkg::ItB32), 32, {32, 32});
  expect_signature(integer(Pkg::OpSzext, Pkg::ItS32), 32, {32, 32});
  expect_signature(integer(Pkg::OpNeg, Pkg::ItS16), 16, {16});
  expect_signature(integer(Pkg::OpAbs, Pkg::ItS64), 64, {64});
  expect_signature(integer(Pkg::OpAdd, Pkg::ItU16x2), 32, {32, 32});
  expect_signature(integer(Pkg::OpMax, Pkg::ItS16), 16, {16, 16});
  expect_signature(integer(Pkg::OpDiv, Pkg::ItU64), 64, {64, 64});
  expect_signature(integer(Pkg::OpSad, Pkg::ItS16), 16, {16, 16, 16});
  expect_signature(integer(Pkg::OpMul24, Pkg::HalfHi, Pkg::ItS32), 32, {32, 32});
  expect_signature(integer(Pkg::OpMad24, Pkg::HalfLo, Pkg::ItU32), 32, {32, 32, 32});
  expect_signature(dot(Pkg::OpDp2a, U, U, Pkg::HalfLo), 32, {32, 32, 32});
  expect_signature(dot(Pkg::OpDp4a, S, S), 32, {32, 32, 32});
  // Scalar video: c only with a secondary op or a merge (§10).
  expect_signature(scalar(Pkg::OpVadd, S, S, S), 32, {32, 32});
  Ctrl merge = scalar(Pkg::OpVadd, S, S, S);
  merge.dsel = Pkg::SelB0;
  expect_signature(merge, 32, {32, 32, 32});
  Ctrl secop = vset(U, U, Pkg::CmpEq);
  secop.secop = Pkg::SecAdd;
  expect_signature(secop, 32, {32, 32, 32});
  expect_signature(vshift(Pkg::OpVshl, U, U, false), 32, {32, 32});
  expect_signature(scalar(Pkg::OpVmad, U, U, U), 32, {32, 32, 32});
  expect_signature(simd4(Pkg::OpVadd4, U, U, U), 32, {32, 32, 32});
  expect_signature(simd_set(false, U, U, Pkg::CmpEq), 32, {32, 32, 32});
}

}  // namespace
}  // namespace ptxalu::test
