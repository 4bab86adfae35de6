#include "legal_forms.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <span>

#include "isa.hpp"

namespace ptxalu::cov {
namespace {

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

// The table's forms, grouped by op (isa::forms(op) is a span into one array).
const std::vector<std::vector<Ctrl>>& forms_by_op() {
  static const std::vector<std::vector<Ctrl>> t = [] {
    std::vector<std::vector<Ctrl>> r(64);
    for (const isa::Row& row : isa::rows()) {
      const std::span<const Ctrl> f = isa::forms(row.op);
      r[row.op].assign(f.begin(), f.end());
    }
    return r;
  }();
  return t;
}

const std::vector<Ctrl>& all_forms() {
  static const std::vector<Ctrl> all(isa::forms().begin(), isa::forms().end());
  return all;
}

std::string mask_mode(const Ctrl& c) {
  if (c.secop == Pkg::SecAdd) return "add";
  return c.sat ? "sat" : "plain";
}

}  // namespace

SelKind sel_kind(Op op) {
  switch (isa::selectors(op)) {
    case isa::Selectors::Scalar: return SelKind::Scalar;
    case isa::Selectors::X2: return SelKind::Simd2;
    case isa::Selectors::X4: return SelKind::Simd4;
    case isa::Selectors::None: break;
  }
  return SelKind::None;
}

std::string op_name(Op op) {
  if (const isa::Row* row = isa::row(op)) return std::string(row->name);
  return "op" + std::to_string(static_cast<unsigned>(op));
}

const std::vector<Ctrl>& legal_forms() { return all_forms(); }

const std::vector<Ctrl>& legal_forms_of(Op op) { return forms_by_op()[op & 63u]; }

Ctrl random_legal(std::mt19937_64& rng) {
  const isa::Row& row = isa::rows()[rng() % isa::rows().size()];
  const std::vector<Ctrl>& forms = legal_forms_of(row.op);
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
      break;
    case SelKind::Simd4:
      if (c.asel > 0xfff || c.bsel > 0xfff || c.mask < 1 || c.mask > 15) return false;
      break;
    case SelKind::None:
      break;
  }
  const isa::Selectors kind = isa::selectors(c.op);
  if (kind != isa::Selectors::None) {  // checked above; the form holds the table's defaults
    form.asel = isa::default_asel(kind);
    form.bsel = isa::default_bsel(kind);
    form.mask = isa::full_mask(kind);
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

std::vector<Ctrl> one_field_away(const Ctrl& c) {
  std::vector<Ctrl> out;
  auto vary = [&](auto field, unsigned values) {
    for (unsigned v = 0; v < values; ++v) {
      Ctrl w = c;
      field(w, v);
      if (!(w == c)) out.push_back(w);
    }
  };
  vary([](Ctrl& w, unsigned v) { w.op = static_cast<Op>(v); }, 64);
  vary([](Ctrl& w, unsigned v) { w.itype = static_cast<IType>(v); }, 16);
  vary([](Ctrl& w, unsigned v) { w.dsel = static_cast<Sel>(v); }, 8);
  vary([](Ctrl& w, unsigned v) { w.secop = static_cast<SecOp>(v); }, 4);
  vary([](Ctrl& w, unsigned v) { w.cmp = static_cast<Cmp>(v); }, 8);
  vary([](Ctrl& w, unsigned v) { w.half = static_cast<Half>(v); }, 4);
  vary([](Ctrl& w, unsigned v) { w.scale = static_cast<Scale>(v); }, 4);
  vary([](Ctrl& w, unsigned v) { w.mask = static_cast<uint8_t>(v); }, 16);
  for (bool Ctrl::*flag : {&Ctrl::dsigned, &Ctrl::asigned, &Ctrl::bsigned, &Ctrl::sat, &Ctrl::wrap,
                           &Ctrl::po, &Ctrl::neg_prod, &Ctrl::neg_c, &Ctrl::relu, &Ctrl::shiftamt}) {
    Ctrl w = c;
    w.*flag = !(c.*flag);
    out.push_back(w);
  }
  for (uint16_t Ctrl::*sel : {&Ctrl::asel, &Ctrl::bsel}) {
    for (unsigned bit = 0; bit < 12; ++bit) {
      Ctrl w = c;
      w.*sel = static_cast<uint16_t>(c.*sel ^ (1u << bit));
      out.push_back(w);
    }
    for (unsigned lane = 0; lane < 4; ++lane) {
      vary([&](Ctrl& w, unsigned v) {
        w.*sel = static_cast<uint16_t>((c.*sel & ~(7u << (3 * lane))) | (v << (3 * lane)));
      }, 8);
    }
  }
  return out;
}

}  // namespace ptxalu::cov
