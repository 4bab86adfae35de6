#include "isa.hpp"

#include <array>
#include <vector>

namespace ptxalu::isa {
namespace {

struct ValueName {
  Field field;
  unsigned value;
  std::string_view name;
};

#include "isa_table.inc"

static_assert(std::size(kRows) == Pkg::NumOps, "one table row per operation of ptxalu_pkg");

constexpr bool rows_in_op_order() {
  for (size_t i = 0; i < std::size(kRows); ++i)
    if (static_cast<size_t>(kRows[i].op) != i) return false;
  return true;
}
static_assert(rows_in_op_order(), "instructions.json lists the ops in ptxalu_pkg's order");

const std::vector<Ctrl>& all_forms() {
  static const std::vector<Ctrl> forms = [] {
    std::vector<Ctrl> out;
    out.reserve(std::size(kForms));
    for (Ctrl c : kForms) {
      const Selectors s = kRows[c.op].selectors;
      c.asel = default_asel(s);
      c.bsel = default_bsel(s);
      c.mask = full_mask(s);
      out.push_back(c);
    }
    return out;
  }();
  return forms;
}

}  // namespace

unsigned field_value(const Ctrl& c, Field f) {
  switch (f) {
    case Field::Itype: return c.itype;
    case Field::Dsigned: return c.dsigned;
    case Field::Asigned: return c.asigned;
    case Field::Bsigned: return c.bsigned;
    case Field::Dsel: return c.dsel;
    case Field::Secop: return c.secop;
    case Field::Sat: return c.sat;
    case Field::Cmp: return c.cmp;
    case Field::Half: return c.half;
    case Field::Wrap: return c.wrap;
    case Field::Scale: return c.scale;
    case Field::Po: return c.po;
    case Field::NegProd: return c.neg_prod;
    case Field::NegC: return c.neg_c;
    case Field::Relu: return c.relu;
    case Field::Shiftamt: return c.shiftamt;
  }
  return 0;
}

std::string_view field_name(Field f) {
  static constexpr std::array<std::string_view, kNumFields> kNames = {
      "itype", "dsigned", "asigned", "bsigned", "dsel", "secop", "sat", "cmp", "half", "wrap",
      "scale", "po", "neg_prod", "neg_c", "relu", "shiftamt"};
  return kNames[static_cast<unsigned>(f)];
}

uint32_t field_values(Op op, Field f) {
  uint32_t values = 0;
  for (const Ctrl& c : forms(op)) values |= 1u << field_value(c, f);
  return values;
}

std::string_view value_name(Field f, unsigned v) {
  for (const ValueName& n : kValueNames)
    if (n.field == f && n.value == v) return n.name;
  return "";
}

std::span<const Rule> rules(Op op) {
  size_t first = 0;
  while (first < std::size(kRuleRows) && kRuleRows[first].op != op) ++first;
  size_t last = first;
  while (last < std::size(kRuleRows) && kRuleRows[last].op == op) ++last;
  return std::span<const Rule>(kRuleRows).subspan(first, last - first);
}

const Rule* broken_rule(const Ctrl& c) {
  const auto holds = [&c](const uint32_t(&cond)[kNumFields]) {
    for (unsigned f = 0; f < kNumFields; ++f)
      if (cond[f] != 0 && (cond[f] & (1u << field_value(c, static_cast<Field>(f)))) == 0)
        return false;
    return true;
  };
  for (const Rule& r : rules(c.op))
    if (holds(r.when) && !holds(r.then)) return &r;
  return nullptr;
}

const Excluded* excluded(Op op, Field f, unsigned value) {
  for (const Excluded& e : kExcludedRows)
    if (e.op == op && e.field == f && (e.values & (1u << value)) != 0) return &e;
  return nullptr;
}

std::span<const Row> rows() { return kRows; }

const Row* find(std::string_view name) {
  for (const Row& r : kRows)
    if (r.name == name) return &r;
  return nullptr;
}

const Row* row(Op op) {
  return static_cast<size_t>(op) < std::size(kRows) ? &kRows[op] : nullptr;
}

std::span<const Ctrl> forms() { return all_forms(); }

std::span<const Ctrl> forms(Op op) {
  const Row* r = row(op);
  if (r == nullptr) return {};
  return std::span<const Ctrl>(all_forms()).subspan(r->first_form, r->num_forms);
}

Selectors selectors(Op op) {
  const Row* r = row(op);
  return r == nullptr ? Selectors::None : r->selectors;
}

uint16_t default_asel(Selectors s) {
  switch (s) {
    case Selectors::X2: return make_sel(0, 0, 1, 0);  // .h10
    case Selectors::X4: return make_sel(3, 2, 1, 0);  // .b3210
    default: return 0;
  }
}

uint16_t default_bsel(Selectors s) {
  switch (s) {
    case Selectors::X2: return make_sel(0, 0, 3, 2);  // .h32
    case Selectors::X4: return make_sel(7, 6, 5, 4);  // .b7654
    default: return 0;
  }
}

uint8_t full_mask(Selectors s) {
  switch (s) {
    case Selectors::X2: return 0x3;
    case Selectors::X4: return 0xf;
    default: return 0;
  }
}

}  // namespace ptxalu::isa
