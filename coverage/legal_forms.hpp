// The legal control-word space as the instruction table lists it (sim/isa/instructions.json,
// the contract doc/CANONICAL_FORMS.md), and the functional coverage bins defined over that
// space (coverage/BINS.md). The golden model's is_legal and the RTL decoder are written
// independently of the table, so that each checks the other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ctrl.hpp"

namespace ptxalu::cov {

// PTX mnemonic of an operation ("vadd4", "mad24"); "op<N>" for a value that names nothing.
std::string op_name(Op op);

// Every legal "form": a legal control word with every field but asel, bsel and mask chosen,
// those three at the front end's defaults (.b3210/.b7654, .h10/.h32, all lanes). In a fixed
// order, each form once.
const std::vector<Ctrl>& legal_forms();

// Legal forms of one operation (empty for an op value that names nothing).
const std::vector<Ctrl>& legal_forms_of(Op op);

// Legality by this table alone (selectors and mask by their kind, the rest one of the forms):
// a second, independent reading of the canonical-form rules that is_legal is fuzzed against.
bool in_table(const Ctrl& ctrl);

// Functional coverage bins hit by one legal control word (see coverage/BINS.md):
//   form:<op> <every non-selector field>   the whole modifier cross of the form
//   sel:<op> a=<sel> b=<sel>               scalar video/vmad selector pair
//   lane:<op> <a|b>sel[<lane>]=<v>         SIMD selector value per lane position
//   mask:<op> <plain|sat|add> <mask>       SIMD mask value by accumulate/saturate mode
std::vector<std::string> bins_of(const Ctrl& ctrl);

// Every bin a legal control word can hit: sorted, unique.
const std::vector<std::string>& legal_bins();

// A few legal words that together reach every bin of legal_bins() (forms crossed with selector
// and mask variants). Used to cross-check the enumeration against is_legal and the decoder.
std::vector<Ctrl> bin_witnesses();

// Every word one field away from `c`: one field (op, itype, a flag, dsel, secop, cmp, half,
// scale, mask) moved to each other value its bits can hold, or asel/bsel with one bit flipped
// or one lane set to each value 0..7. Words the table lists are among them; the rest are the
// near misses every legality checker must reject (sim/isa/README.md).
std::vector<Ctrl> one_field_away(const Ctrl& c);

}  // namespace ptxalu::cov
