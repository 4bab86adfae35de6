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

  // The model through the front end's own program loop (what `ptxalu run` executes).
  ptxalu::frontend::run_program(
      *program,
      [](const ptxalu::frontend::Statement& st, const ptxalu::Operands& ops) {
        return std::optional<uint64_t>(ptxalu::execute(st.ctrl, ops));
      },
      [&](const ptxalu::frontend::Statement& st, uint64_t value) {
        const unsigned width = program->registers[st.dst].width;
        FUZZ_CHECK((value & ~low_mask(width)) == 0, "line %d: 0x%llx does not fit %u bits",
                   st.line, static_cast<unsigned long long>(value), width);
      });
  return 0;
}
