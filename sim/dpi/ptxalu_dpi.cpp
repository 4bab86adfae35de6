// The golden model behind a C ABI (ptxalu_dpi.h). No exception or undefined behaviour may
// cross into a simulator: every entry point takes any 64-bit word.
#include "ptxalu_dpi.h"

#include <cstdlib>
#include <string>

#include "env.hpp"
#include "model.hpp"
#include "random_insn.hpp"

#ifdef PTXALU_DPI_HAVE_FRONTEND
#include "instruction.hpp"
#endif

namespace {

constexpr uint64_t kCtrlMask = (uint64_t{1} << ptxalu::kCtrlWidth) - 1;

bool legal(uint64_t word, ptxalu::Ctrl& ctrl) {
  if ((word & ~kCtrlMask) != 0) return false;
  ctrl = ptxalu::Ctrl::unpack(word);
  return ptxalu::is_legal(ctrl);
}

thread_local ptxalu::RandomInsn tl_rng{1};
thread_local std::string tl_last_error;

}  // namespace

extern "C" {

int ptxalu_model_is_legal(uint64_t ctrl) {
  ptxalu::Ctrl c;
  return legal(ctrl, c) ? 1 : 0;
}

uint64_t ptxalu_model_execute(uint64_t ctrl, uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  ptxalu::Ctrl decoded;
  if (!legal(ctrl, decoded)) return 0;
  return ptxalu::execute(decoded, ptxalu::Operands{a, b, c, d});
}

int ptxalu_model_dst_width(uint64_t ctrl) {
  ptxalu::Ctrl decoded;
  if (!legal(ctrl, decoded)) return 0;
  return static_cast<int>(ptxalu::signature(decoded).dst_width);
}

int ptxalu_model_num_srcs(uint64_t ctrl) {
  ptxalu::Ctrl decoded;
  if (!legal(ctrl, decoded)) return 0;
  return static_cast<int>(ptxalu::signature(decoded).num_srcs);
}

int ptxalu_model_src_width(uint64_t ctrl, int index) {
  ptxalu::Ctrl decoded;
  if (!legal(ctrl, decoded) || index < 0 || index > 3) return 0;
  const ptxalu::Signature sig = ptxalu::signature(decoded);
  if (static_cast<unsigned>(index) >= sig.num_srcs) return 0;
  return static_cast<int>(sig.src_width[index]);
}

int ptxalu_model_assemble(const char* insn, uint64_t* ctrl) {
  if (ctrl != nullptr) *ctrl = 0;
  if (insn == nullptr || ctrl == nullptr) {
    tl_last_error = "null argument";
    return 1;
  }
#ifdef PTXALU_DPI_HAVE_FRONTEND
  ptxalu::frontend::Diagnostic error;
  const auto parsed = ptxalu::frontend::parse_instruction_text(insn, "<dpi>", &error);
  if (!parsed) {
    tl_last_error = error.format();
    return 1;
  }
  *ctrl = parsed->ctrl.pack();
  tl_last_error.clear();
  return 0;
#else
  tl_last_error = "libptxalu_dpi was built without the PTX front end";
  return 2;
#endif
}

const char* ptxalu_last_error(void) { return tl_last_error.c_str(); }

uint64_t ptxalu_default_seed(void) { return ptxalu::seed_from_env_or_random(); }

void ptxalu_random_seed(uint64_t seed) { tl_rng = ptxalu::RandomInsn(seed); }

uint64_t ptxalu_random_ctrl(void) { return tl_rng.ctrl().pack(); }

uint64_t ptxalu_random_illegal_ctrl(void) {
  for (;;) {
    // Raw bits (almost always illegal) or, half the time, one bit flipped in a legal word:
    // the near misses a decoder is most likely to let by.
    const uint64_t word = tl_rng.coin() ? tl_rng.raw_word() : tl_rng.near_miss();
    if (ptxalu_model_is_legal(word) == 0) return word;
  }
}

uint64_t ptxalu_random_operand(void) { return tl_rng.value(); }

uint32_t ptxalu_random_below(uint32_t bound) {
  if (bound == 0) return 0;
  return static_cast<uint32_t>(tl_rng.below(bound));
}

}  // extern "C"
