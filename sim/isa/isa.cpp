#include "isa.hpp"

#include <array>
#include <vector>

namespace ptxalu::isa {
namespace {

#include "isa_table.inc"

static_assert(std::size(kRows) == Pkg::NumOps, "one table row per operation of ptxalu_pkg");

constexpr bool rows_in_op_order() {
  for (size_t i = 0; i < std::size(kRows); ++i)
    if (static_cast<size_t>(kRows[i].op) != i) return false;
  return true;
}
static_assert(rows_in_op_order(), "instructions.json lists the ops in ptxalu_pkg's order");

Ctrl to_ctrl(const FormRow& r, Selectors s) {
  Ctrl c;
  c.op = r.op;
  c.itype = r.itype;
  c.dsigned = r.dsigned;
  c.asigned = r.asigned;
  c.bsigned = r.bsigned;
  c.asel = default_asel(s);
  c.bsel = default_bsel(s);
  c.dsel = r.dsel;
  c.mask = full_mask(s);
  c.secop = r.secop;
  c.sat = r.sat;
  c.cmp = r.cmp;
  c.half = r.half;
  c.wrap = r.wrap;
  c.scale = r.scale;
  c.po = r.po;
  c.neg_prod = r.neg_prod;
  c.neg_c = r.neg_c;
  c.relu = r.relu;
  c.shiftamt = r.shiftamt;
  return c;
}

const std::vector<Ctrl>& all_forms() {
  static const std::vector<Ctrl> forms = [] {
    std::vector<Ctrl> out;
    out.reserve(std::size(kFormRows));
    for (const FormRow& r : kFormRows) out.push_back(to_ctrl(r, kRows[r.op].selectors));
    return out;
  }();
  return forms;
}

}  // namespace

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
