#include "legal_forms.hpp"

#include <algorithm>
#include <array>
#include <set>

namespace ptxalu::cov {
namespace {

struct OpInfo {
  Op op;
  const char* name;
};

// Names only; the numbers come from the package export. The size is deduced so that the
// static_assert below notices a missing name.
constexpr auto kOps = std::to_array<OpInfo>({
    {Pkg::OpVadd, "vadd"},       {Pkg::OpVsub, "vsub"},       {Pkg::OpVabsdiff, "vabsdiff"},
    {Pkg::OpVmin, "vmin"},       {Pkg::OpVmax, "vmax"},       {Pkg::OpVshl, "vshl"},
    {Pkg::OpVshr, "vshr"},       {Pkg::OpVmad, "vmad"},       {Pkg::OpVset, "vset"},
    {Pkg::OpVadd2, "vadd2"},     {Pkg::OpVsub2, "vsub2"},     {Pkg::OpVavrg2, "vavrg2"},
    {Pkg::OpVabsdiff2, "vabsdiff2"}, {Pkg::OpVmin2, "vmin2"}, {Pkg::OpVmax2, "vmax2"},
    {Pkg::OpVset2, "vset2"},     {Pkg::OpVadd4, "vadd4"},     {Pkg::OpVsub4, "vsub4"},
    {Pkg::OpVavrg4, "vavrg4"},   {Pkg::OpVabsdiff4, "vabsdiff4"}, {Pkg::OpVmin4, "vmin4"},
    {Pkg::OpVmax4, "vmax4"},     {Pkg::OpVset4, "vset4"},     {Pkg::OpAdd, "add"},
    {Pkg::OpSub, "sub"},         {Pkg::OpMul, "mul"},         {Pkg::OpMad, "mad"},
    {Pkg::OpMul24, "mul24"},     {Pkg::OpMad24, "mad24"},     {Pkg::OpSad, "sad"},
    {Pkg::OpDiv, "div"},         {Pkg::OpRem, "rem"},         {Pkg::OpAbs, "abs"},
    {Pkg::OpNeg, "neg"},         {Pkg::OpMin, "min"},         {Pkg::OpMax, "max"},
    {Pkg::OpPopc, "popc"},       {Pkg::OpClz, "clz"},         {Pkg::OpBfind, "bfind"},
    {Pkg::OpFns, "fns"},         {Pkg::OpBrev, "brev"},       {Pkg::OpBfe, "bfe"},
    {Pkg::OpBfi, "bfi"},         {Pkg::OpBmsk, "bmsk"},       {Pkg::OpSzext, "szext"},
    {Pkg::OpDp4a, "dp4a"},       {Pkg::OpDp2a, "dp2a"},
});
static_assert(kOps.size() == Pkg::NumOps, "every operation needs a name");

const char* itype_name(IType t) {
  switch (t) {
    case Pkg::ItNone: return "none";
    case Pkg::ItU16: return "u16";
    case Pkg::ItU32: return "u32";
    case Pkg::ItU64: return "u64";
    case Pkg::ItS16: return "s16";
    case Pkg::ItS32: return "s32";
    case Pkg::ItS64: return "s64";
    case Pkg::ItU16x2: return "u16x2";
    case Pkg::ItS16x2: return "s16x2";
    case Pkg::ItB32: return "b32";
    case Pkg::ItB64: return "b64";
  }
  return "it?";
}

const char* sel_name(unsigned s) {
  switch (s) {
    case Pkg::SelNone: return "none";
    case Pkg::SelB0: return "b0";
    case Pkg::SelB1: return "b1";
    case Pkg::SelB2: return "b2";
    case Pkg::SelB3: return "b3";
    case Pkg::SelH0: return "h0";
    case Pkg::SelH1: return "h1";
  }
  return "sel?";
}

const char* secop_name(SecOp s) {
  switch (s) {
    case Pkg::SecNone: return "none";
    case Pkg::SecAdd: return "add";
    case Pkg::SecMin: return "min";
    case Pkg::SecMax: return "max";
  }
  return "sec?";
}

const char* cmp_name(Cmp c) {
  switch (c) {
    case Pkg::CmpEq: return "eq";
    case Pkg::CmpNe: return "ne";
    case Pkg::CmpLt: return "lt";
    case Pkg::CmpLe: return "le";
    case Pkg::CmpGt: return "gt";
    case Pkg::CmpGe: return "ge";
  }
  return "cmp?";
}

const char* half_name(Half h) {
  switch (h) {
    case Pkg::HalfNone: return "none";
    case Pkg::HalfLo: return "lo";
    case Pkg::HalfHi: return "hi";
    case Pkg::HalfWide: return "wide";
  }
  return "half?";
}

const char* scale_name(Scale s) {
  switch (s) {
    case Pkg::ScaleNone: return "none";
    case Pkg::ScaleShr7: return "shr7";
    case Pkg::ScaleShr15: return "shr15";
  }
  return "scale?";
}

bool is_x2(Op op) {
  return op == Pkg::OpVadd2 || op == Pkg::OpVsub2 || op == Pkg::OpVavrg2 ||
         op == Pkg::OpVabsdiff2 || op == Pkg::OpVmin2 || op == Pkg::OpVmax2 ||
         op == Pkg::OpVset2;
}
bool is_x4(Op op) {
  return op == Pkg::OpVadd4 || op == Pkg::OpVsub4 || op == Pkg::OpVavrg4 ||
         op == Pkg::OpVabsdiff4 || op == Pkg::OpVmin4 || op == Pkg::OpVmax4 ||
         op == Pkg::OpVset4;
}
bool is_scalar_video(Op op) {
  return op == Pkg::OpVadd || op == Pkg::OpVsub || op == Pkg::OpVabsdiff || op == Pkg::OpVmin ||
         op == Pkg::OpVmax || op == Pkg::OpVshl || op == Pkg::OpVshr || op == Pkg::OpVset ||
         op == Pkg::OpVmad;
}

constexpr std::array<IType, 6> kScalarTypes{Pkg::ItU16, Pkg::ItU32, Pkg::ItU64,
                                            Pkg::ItS16, Pkg::ItS32, Pkg::ItS64};
constexpr std::array<IType, 8> kAddMinMaxTypes{Pkg::ItU16, Pkg::ItU32,   Pkg::ItU64,
                                               Pkg::ItS16, Pkg::ItS32,   Pkg::ItS64,
                                               Pkg::ItU16x2, Pkg::ItS16x2};
constexpr std::array<Cmp, 6> kCmps{Pkg::CmpEq, Pkg::CmpNe, Pkg::CmpLt,
                                   Pkg::CmpLe, Pkg::CmpGt, Pkg::CmpGe};
constexpr std::array<Sel, 6> kPartSels{Pkg::SelB0, Pkg::SelB1, Pkg::SelB2,
                                       Pkg::SelB3, Pkg::SelH0, Pkg::SelH1};

bool is_16_or_32(IType t) {
  return t == Pkg::ItU16 || t == Pkg::ItU32 || t == Pkg::ItS16 || t == Pkg::ItS32;
}

// Scalar video: secondary operation or dsel, never both (§10).
template <typename F>
void each_sec_or_dsel(Ctrl c, F&& emit) {
  for (SecOp s : {Pkg::SecNone, Pkg::SecAdd, Pkg::SecMin, Pkg::SecMax}) {
    c.secop = s;
    c.dsel = Pkg::SelNone;
    emit(c);
  }
  c.secop = Pkg::SecNone;
  for (Sel d : kPartSels) {
    c.dsel = d;
    emit(c);
  }
}

template <typename F>
void each_sign3(Ctrl c, bool dsigned_free, bool bsigned_free, F&& emit) {
  for (int ds = 0; ds <= (dsigned_free ? 1 : 0); ++ds) {
    for (int as = 0; as <= 1; ++as) {
      for (int bs = 0; bs <= (bsigned_free ? 1 : 0); ++bs) {
        c.dsigned = ds;
        c.asigned = as;
        c.bsigned = bs;
        emit(c);
      }
    }
  }
}

// The canonical-form table, one operation at a time.
std::vector<Ctrl> enumerate_forms(Op op) {
  std::vector<Ctrl> out;
  auto push = [&out](const Ctrl& c) { out.push_back(c); };
  Ctrl base;
  base.op = op;

  if (op == Pkg::OpVmad) {
    each_sign3(base, true, true, [&](Ctrl c) {
      for (int sat = 0; sat <= 1; ++sat) {
        for (Scale sc : {Pkg::ScaleNone, Pkg::ScaleShr7, Pkg::ScaleShr15}) {
          // !(po && (neg_prod || neg_c)) && !(neg_prod && neg_c) (§9).
          for (int neg = 0; neg < 4; ++neg) {
            c.sat = sat;
            c.scale = sc;
            c.po = neg == 1;
            c.neg_prod = neg == 2;
            c.neg_c = neg == 3;
            push(c);
          }
        }
      }
    });
  } else if (op == Pkg::OpVset) {
    each_sign3(base, false, true, [&](Ctrl c) {
      for (Cmp k : kCmps) {
        c.cmp = k;
        each_sec_or_dsel(c, push);
      }
    });
  } else if (is_scalar_video(op)) {
    const bool shift = op == Pkg::OpVshl || op == Pkg::OpVshr;
    each_sign3(base, true, !shift, [&](Ctrl c) {
      for (int sat = 0; sat <= 1; ++sat) {
        for (int wrap = 0; wrap <= (shift ? 1 : 0); ++wrap) {
          c.sat = sat;
          c.wrap = wrap;
          each_sec_or_dsel(c, push);
        }
      }
    });
  } else if (is_x2(op) || is_x4(op)) {
    if (is_x2(op)) {
      base.asel = make_sel(0, 0, 1, 0);  // .h10
      base.bsel = make_sel(0, 0, 3, 2);  // .h32
      base.mask = 0x3;
    } else {
      base.asel = make_sel(3, 2, 1, 0);  // .b3210
      base.bsel = make_sel(7, 6, 5, 4);  // .b7654
      base.mask = 0xf;
    }
    const bool set = op == Pkg::OpVset2 || op == Pkg::OpVset4;
    each_sign3(base, !set, true, [&](Ctrl c) {
      for (int k = 0; k < (set ? 6 : 1); ++k) {
        c.cmp = set ? kCmps[k] : Pkg::CmpEq;
        // .sat only without .add (§5); vset2/vset4 have no .sat.
        for (int mode = 0; mode < 3; ++mode) {
          if (set && mode == 1) continue;
          c.sat = mode == 1;
          c.secop = mode == 2 ? Pkg::SecAdd : Pkg::SecNone;
          push(c);
        }
      }
    });
  } else if (op == Pkg::OpAdd || op == Pkg::OpSub) {
    const bool add = op == Pkg::OpAdd;
    std::vector<IType> types(kScalarTypes.begin(), kScalarTypes.end());
    if (add) types.assign(kAddMinMaxTypes.begin(), kAddMinMaxTypes.end());
    for (IType t : types) {
      Ctrl c = base;
      c.itype = t;
      push(c);
      if (t == Pkg::ItS32) {
        c.sat = true;  // §19
        push(c);
      }
    }
  } else if (op == Pkg::OpMul || op == Pkg::OpMad) {
    for (IType t : kScalarTypes) {
      for (Half h : {Pkg::HalfLo, Pkg::HalfHi, Pkg::HalfWide}) {
        if (h == Pkg::HalfWide && !is_16_or_32(t)) continue;
        Ctrl c = base;
        c.itype = t;
        c.half = h;
        push(c);
        if (op == Pkg::OpMad && h == Pkg::HalfHi && t == Pkg::ItS32) {
          c.sat = true;  // mad.hi.sat.s32 only (§19)
          push(c);
        }
      }
    }
  } else if (op == Pkg::OpMul24 || op == Pkg::OpMad24) {
    for (IType t : {Pkg::ItU32, Pkg::ItS32}) {
      for (Half h : {Pkg::HalfLo, Pkg::HalfHi}) {
        Ctrl c = base;
        c.itype = t;
        c.half = h;
        push(c);
        if (op == Pkg::OpMad24 && h == Pkg::HalfHi && t == Pkg::ItS32) {
          c.sat = true;  // §14
          push(c);
        }
      }
    }
  } else if (op == Pkg::OpSad || op == Pkg::OpDiv || op == Pkg::OpRem) {
    for (IType t : kScalarTypes) {
      Ctrl c = base;
      c.itype = t;
      push(c);
    }
  } else if (op == Pkg::OpAbs || op == Pkg::OpNeg) {
    for (IType t : {Pkg::ItS16, Pkg::ItS32, Pkg::ItS64}) {
      Ctrl c = base;
      c.itype = t;
      push(c);
    }
  } else if (op == Pkg::OpMin || op == Pkg::OpMax) {
    for (IType t : kAddMinMaxTypes) {
      Ctrl c = base;
      c.itype = t;
      push(c);
      if (t == Pkg::ItS32 || t == Pkg::ItS16x2) {
        c.relu = true;  // §19
        push(c);
      }
    }
  } else if (op == Pkg::OpPopc || op == Pkg::OpClz || op == Pkg::OpBrev || op == Pkg::OpBfi) {
    for (IType t : {Pkg::ItB32, Pkg::ItB64}) {
      Ctrl c = base;
      c.itype = t;
      push(c);
    }
  } else if (op == Pkg::OpBfind) {
    for (IType t : {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32, Pkg::ItS64}) {
      for (int sa = 0; sa <= 1; ++sa) {
        Ctrl c = base;
        c.itype = t;
        c.shiftamt = sa;
        push(c);
      }
    }
  } else if (op == Pkg::OpFns) {
    Ctrl c = base;
    c.itype = Pkg::ItB32;
    push(c);
  } else if (op == Pkg::OpBfe) {
    for (IType t : {Pkg::ItU32, Pkg::ItU64, Pkg::ItS32, Pkg::ItS64, Pkg::ItB32, Pkg::ItB64}) {
      Ctrl c = base;
      c.itype = t;
      push(c);
    }
  } else if (op == Pkg::OpBmsk || op == Pkg::OpSzext) {
    const std::vector<IType> types = op == Pkg::OpBmsk ? std::vector<IType>{Pkg::ItB32}
                                                       : std::vector<IType>{Pkg::ItU32, Pkg::ItS32};
    for (IType t : types) {
      for (int w = 0; w <= 1; ++w) {
        Ctrl c = base;
        c.itype = t;
        c.wrap = w;
        push(c);
      }
    }
  } else if (op == Pkg::OpDp4a || op == Pkg::OpDp2a) {
    each_sign3(base, false, true, [&](Ctrl c) {
      if (op == Pkg::OpDp4a) {
        push(c);
      } else {
        for (Half h : {Pkg::HalfLo, Pkg::HalfHi}) {
          c.half = h;
          push(c);
        }
      }
    });
  }
  return out;
}

struct Tables {
  std::vector<std::vector<Ctrl>> by_op;
  std::vector<Ctrl> all;
  std::vector<std::string> bins;
};

const Tables& tables() {
  static const Tables t = [] {
    Tables r;
    r.by_op.resize(64);
    for (const OpInfo& info : kOps) {
      r.by_op[info.op] = enumerate_forms(info.op);
      r.all.insert(r.all.end(), r.by_op[info.op].begin(), r.by_op[info.op].end());
    }
    return r;
  }();
  return t;
}

std::string mask_mode(const Ctrl& c) {
  if (c.secop == Pkg::SecAdd) return "add";
  return c.sat ? "sat" : "plain";
}

}  // namespace

SelKind sel_kind(Op op) {
  if (is_scalar_video(op)) return SelKind::Scalar;
  if (is_x2(op)) return SelKind::Simd2;
  if (is_x4(op)) return SelKind::Simd4;
  return SelKind::None;
}

std::string op_name(Op op) {
  for (const OpInfo& info : kOps) {
    if (info.op == op) return info.name;
  }
  return "op" + std::to_string(static_cast<unsigned>(op));
}

const std::vector<Ctrl>& legal_forms() { return tables().all; }

const std::vector<Ctrl>& legal_forms_of(Op op) { return tables().by_op[op & 63u]; }

Ctrl random_legal(std::mt19937_64& rng) {
  const OpInfo& info = kOps[rng() % kOps.size()];
  const std::vector<Ctrl>& forms = legal_forms_of(info.op);
  Ctrl c = forms[rng() % forms.size()];
  switch (sel_kind(c.op)) {
    case SelKind::Scalar:
      c.asel = static_cast<uint16_t>(rng() % 7);
      c.bsel = static_cast<uint16_t>(rng() % 7);
      break;
    case SelKind::Simd2:
      c.asel = static_cast<uint16_t>(rng() & 0x1b);  // lanes 0..1, values 0..3
      c.bsel = static_cast<uint16_t>(rng() & 0x1b);
      c.mask = static_cast<uint8_t>(1 + rng() % 3);
      break;
    case SelKind::Simd4:
      c.asel = static_cast<uint16_t>(rng() & 0xfff);
      c.bsel = static_cast<uint16_t>(rng() & 0xfff);
      c.mask = static_cast<uint8_t>(1 + rng() % 15);
      break;
    case SelKind::None:
      break;
  }
  return c;
}

uint64_t random_operand(std::mt19937_64& rng) {
  static constexpr std::array<uint64_t, 20> kCorners{
      0,
      1,
      2,
      ~uint64_t{0},
      0x7f,
      0x80,
      0xff,
      0x7fff,
      0x8000,
      0xffff,
      0x7fffffff,
      0x80000000,
      0xffffffff,
      0x7fffffffffffffff,
      0x8000000000000000,
      0x7f7f7f7f7f7f7f7f,
      0x8080808080808080,
      0x7fff80007fff8000,
      31,
      63,
  };
  const uint64_t pick = rng();
  switch (pick % 4) {
    case 0: return kCorners[(pick >> 8) % kCorners.size()];
    case 1: return (pick >> 8) % 70;  // shift amounts, bit positions and lengths
    default: return rng();
  }
}

std::vector<std::string> bins_of(const Ctrl& c) {
  std::vector<std::string> out;
  const std::string op = op_name(c.op);
  std::string form = "form:" + op;
  auto field = [&form](const char* name, const std::string& value) {
    form += ' ';
    form += name;
    form += '=';
    form += value;
  };
  if (c.itype != Pkg::ItNone) field("type", itype_name(c.itype));
  if (c.dsigned) field("d", "s32");
  if (c.asigned) field("a", "s32");
  if (c.bsigned) field("b", "s32");
  if (c.dsel != Pkg::SelNone) field("dsel", sel_name(c.dsel));
  if (c.secop != Pkg::SecNone) field("sec", secop_name(c.secop));
  if (c.sat) field("sat", "1");
  const bool set = c.op == Pkg::OpVset || c.op == Pkg::OpVset2 || c.op == Pkg::OpVset4;
  if (set || c.cmp != Pkg::CmpEq) field("cmp", cmp_name(c.cmp));
  if (c.half != Pkg::HalfNone) field("half", half_name(c.half));
  if (c.wrap) field("wrap", "1");
  if (c.op == Pkg::OpVmad || c.scale != Pkg::ScaleNone) field("scale", scale_name(c.scale));
  if (c.po) field("po", "1");
  if (c.neg_prod) field("neg_prod", "1");
  if (c.neg_c) field("neg_c", "1");
  if (c.relu) field("relu", "1");
  if (c.shiftamt) field("shiftamt", "1");
  out.push_back(form);

  switch (sel_kind(c.op)) {
    case SelKind::Scalar:
      out.push_back("sel:" + op + " a=" + sel_name(c.asel & 7u) + " b=" + sel_name(c.bsel & 7u));
      break;
    case SelKind::Simd2:
    case SelKind::Simd4: {
      const unsigned lanes = sel_kind(c.op) == SelKind::Simd2 ? 2 : 4;
      for (unsigned i = 0; i < lanes; ++i) {
        out.push_back("lane:" + op + " asel[" + std::to_string(i) +
                      "]=" + std::to_string(sel_lane(c.asel, i)));
        out.push_back("lane:" + op + " bsel[" + std::to_string(i) +
                      "]=" + std::to_string(sel_lane(c.bsel, i)));
      }
      out.push_back("mask:" + op + " " + mask_mode(c) + " " + std::to_string(c.mask));
      break;
    }
    case SelKind::None:
      break;
  }
  return out;
}

bool in_table(const Ctrl& c) {
  Ctrl form = c;
  switch (sel_kind(c.op)) {
    case SelKind::Scalar:
      if (c.asel > 6 || c.bsel > 6 || c.mask != 0) return false;
      form.asel = 0;
      form.bsel = 0;
      break;
    case SelKind::Simd2:
      if ((c.asel & ~0x1bu) != 0 || (c.bsel & ~0x1bu) != 0 || c.mask < 1 || c.mask > 3) {
        return false;
      }
      form.asel = make_sel(0, 0, 1, 0);
      form.bsel = make_sel(0, 0, 3, 2);
      form.mask = 0x3;
      break;
    case SelKind::Simd4:
      if (c.asel > 0xfff || c.bsel > 0xfff || c.mask < 1 || c.mask > 15) return false;
      form.asel = make_sel(3, 2, 1, 0);
      form.bsel = make_sel(7, 6, 5, 4);
      form.mask = 0xf;
      break;
    case SelKind::None:
      break;
  }
  const std::vector<Ctrl>& forms = legal_forms_of(c.op);
  return std::find(forms.begin(), forms.end(), form) != forms.end();
}

std::vector<Ctrl> bin_witnesses() {
  std::vector<Ctrl> out;
  for (const Ctrl& form : legal_forms()) {
    out.push_back(form);
    switch (sel_kind(form.op)) {
      case SelKind::Scalar:
        for (uint16_t a = 0; a < 7; ++a) {
          for (uint16_t b = 0; b < 7; ++b) {
            Ctrl c = form;
            c.asel = a;
            c.bsel = b;
            out.push_back(c);
          }
        }
        break;
      case SelKind::Simd2:
      case SelKind::Simd4: {
        const bool x2 = sel_kind(form.op) == SelKind::Simd2;
        const unsigned values = x2 ? 4 : 8;
        for (unsigned v = 0; v < values; ++v) {
          Ctrl c = form;
          c.asel = x2 ? make_sel(0, 0, v, v) : make_sel(v, v, v, v);
          c.bsel = c.asel;
          out.push_back(c);
        }
        for (unsigned m = 1; m <= (x2 ? 3u : 15u); ++m) {
          Ctrl c = form;
          c.mask = static_cast<uint8_t>(m);
          out.push_back(c);
        }
        break;
      }
      case SelKind::None:
        break;
    }
  }
  return out;
}

const std::vector<std::string>& legal_bins() {
  static const std::vector<std::string> bins = [] {
    std::set<std::string> all;
    for (const Ctrl& c : bin_witnesses()) {
      for (std::string& b : bins_of(c)) all.insert(std::move(b));
    }
    return std::vector<std::string>(all.begin(), all.end());
  }();
  return bins;
}

}  // namespace ptxalu::cov
