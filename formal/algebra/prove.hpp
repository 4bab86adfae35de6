// Equivalence of a gold/gate pair AIG by word-level polynomials, split by control-word form.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aig.hpp"
#include "trace.hpp"

namespace ptxalu::algebra {

enum class Verdict { Equal, Differ, Undecided };

struct ProveOptions {
  bool legal = false;           // only legal control words (ctrl_i) are compared
  std::vector<unsigned> ops;    // with legal: only the forms of these ops (the unit's own)
  std::string skip_forms;       // ECMAScript regex: forms whose PTX name matches are left out
  std::string only_forms;       // ECMAScript regex: only the forms whose PTX name matches
  bool has_class = false;        // with legal: only the words w with w & class_mask in class_values
  uint64_t class_mask = 0;
  std::vector<uint64_t> class_values;
  size_t max_terms = 2'000'000;  // a polynomial larger than this: undecided
  double seconds = 600;
  bool verbose = false;          // per form and output: time and polynomial sizes
};

struct ProveResult {
  Verdict verdict = Verdict::Undecided;
  Step cex;                 // Differ: an input assignment (checked by simulation)
  std::string json_fields;  // "forms", "proven": [...], "undecided": [...], "skipped": [...]
};

ProveResult prove_pair(const Aig& aig, const PortMap& map, const ProveOptions& options);

}  // namespace ptxalu::algebra
