// Fuzz target: `ptxalu run` on arbitrary bytes: parse the program, then execute it on the
// golden model statement by statement as the command does (guards, mov, every instruction).
//
// Checks: nothing crashes, hangs, leaks or hits UB, whatever the parser accepts; every value
// written fits its register.
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "model.hpp"
#include "program.hpp"

namespace {

uint64_t low_mask(unsigned width) {
  return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ptxalu::frontend::Diagnostic error;
  const auto program = ptxalu::frontend::parse_program(text, "fuzz.ptx", &error);
  if (!program) return 0;

  std::vector<uint64_t> regs(program->registers.size(), 0);
  for (const auto& st : program->statements) {
    if (st.guarded && (regs[st.guard_reg] != 0) == st.guard_negated) continue;
    uint64_t src[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < st.srcs.size() && i < 4; ++i) {
      src[i] = st.srcs[i].is_register ? regs[st.srcs[i].reg] : st.srcs[i].value;
    }
    const unsigned width = program->registers[st.dst].width;
    uint64_t value = src[0];
    if (st.kind == ptxalu::frontend::Statement::Kind::Alu) {
      value = ptxalu::execute(st.ctrl, ptxalu::Operands{src[0], src[1], src[2], src[3]});
    }
    FUZZ_CHECK((value & ~low_mask(width)) == 0, "line %d: 0x%llx does not fit %u bits",
               st.line, static_cast<unsigned long long>(value), width);
    regs[st.dst] = value;
  }
  return 0;
}
