// Writes the generated part of the fuzz seed corpus: control words of every legal form with
// corner operands (model), and one small program per legal form with its registers declared
// and set (frontend, run). Usage: fuzz_seeds OUTDIR  (creates OUTDIR/{model,frontend,run,cli}).
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "instruction.hpp"
#include "legal_forms.hpp"
#include "model.hpp"
#include "random_insn.hpp"

namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

std::string program_for(const ptxalu::Ctrl& ctrl, ptxalu::RandomInsn& rng) {
  const ptxalu::Signature sig = ptxalu::signature(ctrl);
  static const char* kNames[] = {"a", "b", "c", "e"};
  std::string text = "// seed: one legal form\n.reg .b" + std::to_string(sig.dst_width) + " d;\n";
  std::vector<std::string> operands{"d"};
  for (unsigned i = 0; i < sig.num_srcs; ++i) {
    const std::string w = std::to_string(sig.src_width[i]);
    text += ".reg .b" + w + " " + kNames[i] + ";\n";
    const uint64_t mask = sig.src_width[i] >= 64 ? ~uint64_t{0}
                                                 : (uint64_t{1} << sig.src_width[i]) - 1;
    char imm[32];
    std::snprintf(imm, sizeof imm, "0x%llx",
                  static_cast<unsigned long long>(rng.value() & mask));
    text += "mov.b" + w + " " + kNames[i] + ", " + imm + ";\n";
    operands.push_back(kNames[i]);
  }
  text += ptxalu::frontend::print_instruction(ctrl, operands) + ";\n";
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_seeds OUTDIR\n");
    return 2;
  }
  const fs::path out = argv[1];
  for (const char* sub : {"model", "frontend", "run", "cli"}) fs::create_directories(out / sub);
  ptxalu::RandomInsn rng(1);  // the corpus is the same on every build
  size_t n = 0;
  for (const ptxalu::Ctrl& form : ptxalu::cov::legal_forms()) {
    const ptxalu::Ctrl ctrl = form;
    const uint64_t word = ctrl.pack();
    std::string bytes(reinterpret_cast<const char*>(&word), 8);
    const ptxalu::Operands ops = rng.operands(ctrl);
    for (const uint64_t v : {ops.a, ops.b, ops.c, ops.d}) {
      bytes.append(reinterpret_cast<const char*>(&v), 8);
    }
    const std::string name = "form" + std::to_string(n++);
    write_file(out / "model" / name, bytes);
    const std::string program = program_for(ctrl, rng);
    write_file(out / "frontend" / (name + ".ptx"), program);
    write_file(out / "run" / (name + ".ptx"), program);
    write_file(out / "cli" / (name + ".ptx"), program);
  }
  std::printf("wrote %zu seeds per target to %s\n", n, out.c_str());
  return 0;
}
