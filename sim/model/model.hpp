// The golden model: the destination value of every instruction form of the spec, computed
// from the PTX pseudo-code and ../shared/spec/CLARIFICATIONS.md with exact wide arithmetic.
// Written independently of rtl/; the two meet only at the control word (ctrl.hpp).
#pragma once

#include <cstdint>

#include "ctrl.hpp"

namespace ptxalu {

// True iff `ctrl` is the canonical encoding of a legal instruction form: a legal op with a
// type and modifiers the spec and CLARIFICATIONS allow, and every field it does not use zero.
bool is_legal(const Ctrl& ctrl);

// Operand shape of a legal form: how many sources the instruction reads and the width in bits
// of the destination and of each source register (16, 32 or 64).
struct Signature {
  unsigned dst_width = 32;
  unsigned num_srcs = 0;
  unsigned src_width[4] = {0, 0, 0, 0};
};
Signature signature(const Ctrl& ctrl);

// Destination value of a legal form, truncated to signature(ctrl).dst_width, zero above.
// Sources are read only in their low src_width bits. Precondition: is_legal(ctrl); for an
// illegal word it returns 0 (the RTL's result with illegal_o), never anything undefined.
uint64_t execute(const Ctrl& ctrl, const Operands& ops);

namespace model {

// vshl/vshr's shift amount (§8): b's part named by bsel, read unsigned, capped at 32 (.clamp)
// or taken modulo 32 (.wrap). For tests that time ptxalu_video_small (1 + amount cycles).
unsigned video_shift_amount(const Ctrl& ctrl, uint32_t b);

}  // namespace model

}  // namespace ptxalu
