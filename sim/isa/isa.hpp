// The instruction table (sim/isa/instructions.json) in C++: one row per operation and every
// legal form, generated at build time by sim/isa/isa.py. Everything that lists operations,
// their spellings or their legal forms reads them from here (sim/isa/README.md).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "ctrl.hpp"

namespace ptxalu::isa {

// How an operation reads asel, bsel and mask.
enum class Selectors {
  None,    // integer arithmetic: asel, bsel, mask are zero
  Scalar,  // scalar video and vmad: asel[2:0]/bsel[2:0] hold a sel_e (0..6)
  X2,      // x2 SIMD: lanes 0..1 of 0..3, mask 1..3
  X4,      // x4 SIMD: lanes 0..3 of 0..7, mask 1..15
};

struct Row {
  std::string_view name;     // PTX spelling: "vadd4"
  Op op;
  std::string_view family;   // the table's family: "SIMD video x4"
  Selectors selectors;
  std::string_view unit;     // execution unit of ptxalu_top (ptxalu_pkg::UnitX, lower case)
  std::string_view latency;  // "pipelined" or "iterative" (div, rem)
  std::string_view ptx;      // PTX ISA version that introduced it: "3.0"
  std::string_view sm;       // target that introduced it: "sm_30", "all"
  std::string_view spec;     // PTX section: "9.7.18.2.3"
  std::string_view syntax;   // "{op}.dtype.atype.btype{.sat}{.add} d{.mask}, a{.asel}, ..."
  std::string_view gates;    // later sub-forms: "itype=u16x2|s16x2:8.0:sm_90 ..."
  unsigned first_form;       // its forms are forms()[first_form, first_form + num_forms)
  unsigned num_forms;
};

// Every operation, in the package's op order (rows()[i].op == i).
std::span<const Row> rows();
// The row of `name` ("vadd4"), or nullptr.
const Row* find(std::string_view name);
// The row of a legal op; nullptr for a value that names no operation.
const Row* row(Op op);

// Every legal form: a legal control word with every field chosen except asel, bsel and mask,
// which hold the front end's defaults (default_asel/bsel, full_mask). Table order, each once.
std::span<const Ctrl> forms();
// The forms of one operation (empty for a value that names nothing).
std::span<const Ctrl> forms(Op op);

Selectors selectors(Op op);  // None for a value that names nothing
// The front end's defaults when an operand has no selector: x2 .h10/.h32, x4 .b3210/.b7654,
// every lane written; zero for the other kinds.
uint16_t default_asel(Selectors s);
uint16_t default_bsel(Selectors s);
uint8_t full_mask(Selectors s);

// The control-word fields a form sets (ptxalu_pkg::ctrl_t names), in the table's order.
enum class Field : uint8_t {
  Itype, Dsigned, Asigned, Bsigned, Dsel, Secop, Sat, Cmp, Half, Wrap, Scale, Po, NegProd,
  NegC, Relu, Shiftamt
};
inline constexpr unsigned kNumFields = 16;
unsigned field_value(const Ctrl& c, Field f);
std::string_view field_name(Field f);  // "itype", "neg_prod"
// The values of `f` that op's forms use: bit v for value v.
uint32_t field_values(Op op, Field f);

// An exclusion rule of the table, per op: when every field named in `when` (mask != 0) holds
// one of its values, each field named in `then` must hold one of its values. `cite` says why
// (CLARIFICATIONS or the PTX section): the front end's message quotes it.
struct Rule {
  Op op;
  uint32_t when[kNumFields];
  uint32_t then[kNumFields];
  std::string_view cite;
};
// Field values outside an op's forms that the table explains (an `excluded` entry).
struct Excluded {
  Op op;
  Field field;
  uint32_t values;  // bit v for value v
  std::string_view cite;
};

// The table's spelling of value `v` of enum field `f` ("u16x2", "b0", "add", "eq", "shr7",
// "none" for a zero), or "" for a value the table does not name (and for flags).
std::string_view value_name(Field f, unsigned v);

std::span<const Rule> rules(Op op);
// The first rule of c.op that c breaks, or nullptr.
const Rule* broken_rule(const Ctrl& c);
// The table's reason why `value` of `f` is not in op's forms, or nullptr when it gives none.
const Excluded* excluded(Op op, Field f, unsigned value);

}  // namespace ptxalu::isa
