#include "legal_forms.hpp"

#include <algorithm>
#include <set>
#include <span>

#include "isa.hpp"

namespace ptxalu::cov {
namespace {

// A field value as the table spells it ("u16x2", "b0", "add", "eq", "shr7", "none").
std::string name(isa::Field f, unsigned v) {
  const std::string_view n = isa::value_name(f, v);
  return n.empty() ? "?" + std::to_string(v) : std::string(n);
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

std::string op_name(Op op) {
  if (const isa::Row* row = isa::row(op)) return std::string(row->name);
  return "op" + std::to_string(static_cast<unsigned>(op));
}

const std::vector<Ctrl>& legal_forms() { return all_forms(); }

const std::vector<Ctrl>& legal_forms_of(Op op) { return forms_by_op()[op & 63u]; }

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
  if (c.itype != Pkg::ItNone) field("type", name(isa::Field::Itype, c.itype));
  if (c.dsigned) field("d", "s32");
  if (c.asigned) field("a", "s32");
  if (c.bsigned) field("b", "s32");
  if (c.dsel != Pkg::SelNone) field("dsel", name(isa::Field::Dsel, c.dsel));
  if (c.secop != Pkg::SecNone) field("sec", name(isa::Field::Secop, c.secop));
  if (c.sat) field("sat", "1");
  const bool set = c.op == Pkg::OpVset || c.op == Pkg::OpVset2 || c.op == Pkg::OpVset4;
  if (set || c.cmp != Pkg::CmpEq) field("cmp", name(isa::Field::Cmp, c.cmp));
  if (c.half != Pkg::HalfNone) field("half", name(isa::Field::Half, c.half));
  if (c.wrap) field("wrap", "1");
  if (c.op == Pkg::OpVmad || c.scale != Pkg::ScaleNone) field("scale", name(isa::Field::Scale, c.scale));
  if (c.po) field("po", "1");
  if (c.neg_prod) field("neg_prod", "1");
  if (c.neg_c) field("neg_c", "1");
  if (c.relu) field("relu", "1");
  if (c.shiftamt) field("shiftamt", "1");
  out.push_back(form);

  switch (isa::selectors(c.op)) {
    case isa::Selectors::Scalar:
      out.push_back("sel:" + op + " a=" + name(isa::Field::Dsel, c.asel & 7u) +
                    " b=" + name(isa::Field::Dsel, c.bsel & 7u));
      break;
    case isa::Selectors::X2:
    case isa::Selectors::X4: {
      const unsigned lanes = isa::selectors(c.op) == isa::Selectors::X2 ? 2 : 4;
      for (unsigned i = 0; i < lanes; ++i) {
        out.push_back("lane:" + op + " asel[" + std::to_string(i) +
                      "]=" + std::to_string(sel_lane(c.asel, i)));
        out.push_back("lane:" + op + " bsel[" + std::to_string(i) +
                      "]=" + std::to_string(sel_lane(c.bsel, i)));
      }
      out.push_back("mask:" + op + " " + mask_mode(c) + " " + std::to_string(c.mask));
      break;
    }
    case isa::Selectors::None:
      break;
  }
  return out;
}

bool in_table(const Ctrl& c) {
  Ctrl form = c;
  switch (isa::selectors(c.op)) {
    case isa::Selectors::Scalar:
      if (c.asel > 6 || c.bsel > 6 || c.mask != 0) return false;
      form.asel = 0;
      form.bsel = 0;
      break;
    case isa::Selectors::X2:
      if ((c.asel & ~0x1bu) != 0 || (c.bsel & ~0x1bu) != 0 || c.mask < 1 || c.mask > 3) {
        return false;
      }
      break;
    case isa::Selectors::X4:
      if (c.asel > 0xfff || c.bsel > 0xfff || c.mask < 1 || c.mask > 15) return false;
      break;
    case isa::Selectors::None:
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
    switch (isa::selectors(form.op)) {
      case isa::Selectors::Scalar:
        for (uint16_t a = 0; a < 7; ++a) {
          for (uint16_t b = 0; b < 7; ++b) {
            Ctrl c = form;
            c.asel = a;
            c.bsel = b;
            out.push_back(c);
          }
        }
        break;
      case isa::Selectors::X2:
      case isa::Selectors::X4: {
        const bool x2 = isa::selectors(form.op) == isa::Selectors::X2;
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
      case isa::Selectors::None:
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
