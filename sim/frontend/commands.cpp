#include "commands.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string_view>

#include "engines.hpp"
#include "instruction.hpp"
#include "json.hpp"
#include "lexer.hpp"
#include "model.hpp"
#include "program.hpp"

namespace ptxalu::frontend {

const char* const kRunHelp =
    "usage: ptxalu run [--engine model|rtl|both|fpga] [--port DEV] [--trace FILE|-] [--fst FILE]\n"
    "                  FILE.ptx|-\n"
    "\n"
    "Executes a straight-line PTX program ('-' reads standard input). The whole program is\n"
    "parsed and checked before anything runs.\n"
    "\n"
    "program text:\n"
    "  .reg .TYPE name, name, ...;   TYPE: b16 b32 b64 u16 u32 u64 s16 s32 s64 pred\n"
    "  .reg .b32 %r<8>;              declares %r0 .. %r7\n"
    "  mov.TYPE d, src;              src: a register of the same width, or an immediate\n"
    "  mov.pred p, 1;                predicates are set by mov.pred (0, 1 or a predicate)\n"
    "  @p INSN;  @!p INSN;           guard: runs only if p is 1 (@p) or 0 (@!p)\n"
    "  every instruction of spec/ptx, modifiers in the spec's order or as CLARIFICATIONS §21\n"
    "  allows; registers are declared before use; `r1` and `%r1` are different names, both\n"
    "  registers; every register starts at 0 (predicates at false);\n"
    "  .u, .s and .b registers of one width mix freely, widths must match the operand;\n"
    "  immediates: decimal, 0x hex, negative decimal, range-checked for the operand width;\n"
    "  comments: // and /* */.\n"
    "\n"
    "options:\n"
    "  --engine E     model (default), rtl, or both (exit 1 at the first disagreement,\n"
    "                 the instruction, its operands and both values on stderr), or fpga:\n"
    "                 like both, with ptxalu_top on a board (fpga/README.md) in place of\n"
    "                 the verilated RTL\n"
    "  --port DEV     the board's serial port (--engine fpga), e.g. /dev/ttyUSB0; a lost or\n"
    "                 damaged frame is sent again (one line on stderr each time); a link\n"
    "                 that keeps failing stops the run with exit status 2\n"
    "  --trace FILE   write one JSON object per line for every register write, in program\n"
    "                 order ('-' = standard output):\n"
    "                 {\"line\": 7, \"insn\": \"vadd4.s32.s32.u32.sat %r0, %r1, %r2, %r3\", "
    "\"dst\": \"%r0\", \"value\": \"0x00ff7f01\"}\n"
    "                 insn is the text as written, guard and ';' removed, comments dropped,\n"
    "                 whitespace runs collapsed; value has width/4 lower-case hex digits\n"
    "                 (predicates: 1 digit). A guarded instruction that does not run writes\n"
    "                 nothing and has no line.\n"
    "  --fst FILE     waveform of the RTL run (needs --engine rtl or both)\n"
    "\n"
    "Without --trace, prints `NAME = 0xVALUE` for every register written, in order of first\n"
    "write, with its final value.\n"
    "exit status: 0 ok; 1 engines disagree; 2 bad input (FILE:LINE:COL: error: MESSAGE).\n";

const char* const kEvalHelp =
    "usage: ptxalu eval [--engine model|rtl|both|fpga] [--port DEV] 'INSTRUCTION'\n"
    "                   [NAME=VALUE ...]\n"
    "\n"
    "Executes one instruction of spec/ptx (the ';' is optional) and prints the destination\n"
    "value as 0x followed by width/4 lower-case hex digits.\n"
    "Operands are bound by name (a=0x01020304, %r1=-5); unbound registers are 0. A VALUE is\n"
    "decimal, 0x hex or negative decimal and must fit the widest operand the name stands for.\n"
    "Register widths come from the instruction itself; no .reg is needed.\n"
    "\n"
    "example:\n"
    "  ptxalu eval 'vadd4.s32.s32.u32.sat d, a, b, c' a=0x7f01ff80 b=0x01ff0180\n"
    "\n"
    "options:\n"
    "  --engine E   model (default), rtl, or both (exit 1 if they disagree), or fpga (the\n"
    "               model and the board at --port DEV, exit 1 if they disagree)\n"
    "exit status: 0 ok; 1 engines disagree; 2 bad input (<eval>:1:COL: error: MESSAGE for the\n"
    "instruction, <arg N>:1:COL: error: MESSAGE for the Nth NAME=VALUE).\n";

std::string hex_value(uint64_t value, unsigned width) {
  const unsigned digits = width < 4 ? 1 : width / 4;
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llx", static_cast<int>(digits),
                static_cast<unsigned long long>(value));
  return buf;
}

namespace {

struct CommonOptions {
  EngineKind engine = EngineKind::Model;
  std::optional<std::string> port;
  std::optional<std::string> trace;
  std::optional<std::string> fst;
  std::vector<std::string> positional;
};

int usage_error(const char* command, const std::string& message) {
  std::fprintf(stderr, "ptxalu %s: error: %s (see ptxalu %s --help)\n", command, message.c_str(),
               command);
  return 2;
}

bool parse_engine(const std::string& text, EngineKind* kind) {
  if (text == "model") *kind = EngineKind::Model;
  else if (text == "rtl") *kind = EngineKind::Rtl;
  else if (text == "both") *kind = EngineKind::Both;
  else if (text == "fpga") *kind = EngineKind::Fpga;
  else return false;
  return true;
}

// Options of run/eval. `allow_files` enables --trace and --fst. Returns 0, 2 (error printed), or
// -1 after printing help.
int parse_options(const char* command, const std::vector<std::string>& args, bool allow_files,
                  const char* help, CommonOptions* out) {
  bool options_done = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (options_done || arg == "-" || arg.size() < 2 || arg[0] != '-' ||
        (arg[1] >= '0' && arg[1] <= '9')) {
      out->positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    if (arg == "--help" || arg == "-h") {
      std::fputs(help, stdout);
      return -1;
    }
    std::string name = arg;
    std::optional<std::string> value;
    if (const size_t eq = arg.find('='); eq != std::string::npos && arg.rfind("--", 0) == 0) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
    }
    const bool takes_value = name == "--engine" || name == "--port" ||
                             (allow_files && (name == "--trace" || name == "--fst"));
    if (!takes_value) return usage_error(command, "unknown option '" + arg + "'");
    if (!value) {
      if (i + 1 >= args.size()) return usage_error(command, "option '" + name + "' needs a value");
      value = args[++i];
    }
    if (name == "--engine") {
      if (!parse_engine(*value, &out->engine))
        return usage_error(command,
                           "--engine takes model, rtl, both or fpga, not '" + *value + "'");
    } else if (name == "--port") {
      out->port = *value;
    } else if (name == "--trace") {
      out->trace = *value;
    } else {
      out->fst = *value;
    }
  }
  if (out->engine == EngineKind::Fpga && !out->port)
    return usage_error(command, "--engine fpga needs --port DEV (the board's serial port)");
  if (out->port && out->engine != EngineKind::Fpga)
    return usage_error(command, "--port is the board's serial port: it needs --engine fpga");
  if ((out->engine == EngineKind::Rtl || out->engine == EngineKind::Both) && !rtl_available())
    return usage_error(command, "this build has no RTL engine (ptxalu_rtl was not built); use "
                                "--engine model");
  if (out->fst && (out->engine == EngineKind::Model || out->engine == EngineKind::Fpga))
    return usage_error(command, "--fst records the RTL: it needs --engine rtl or both");
  return 0;
}

std::optional<std::string> read_all(std::FILE* f) {
  std::string text;
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  if (std::ferror(f)) return std::nullopt;
  return text;
}

std::string operand_list(const Operands& ops, unsigned count) {
  static const char* const kNames[] = {"a", "b", "c", "d"};
  const uint64_t values[] = {ops.a, ops.b, ops.c, ops.d};
  std::string out;
  for (unsigned i = 0; i < count && i < 4; ++i) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%s%s=0x%llx", i ? " " : "", kNames[i],
                  static_cast<unsigned long long>(values[i]));
    out += buf;
  }
  return out;
}

// Reports a failed engine check. Returns true if execution may go on.
bool check_outcome(const Outcome& o, EngineKind kind, const std::string& where,
                   const std::string& insn, const Ctrl& ctrl, const Operands& ops) {
  const Signature sig = signature(ctrl);
  if ((kind == EngineKind::Both || kind == EngineKind::Fpga) && !o.agree) {
    std::fprintf(stderr,
                 "%s: engines disagree on '%s'\n  operands: %s\n  model: %s\n  %s%s%s\n",
                 where.c_str(), insn.c_str(), operand_list(ops, sig.num_srcs).c_str(),
                 hex_value(o.model_value, sig.dst_width).c_str(),
                 kind == EngineKind::Fpga ? "fpga:  " : "rtl:   ",
                 hex_value(o.rtl_value, sig.dst_width).c_str(),
                 o.rtl_illegal ? " (illegal_o raised)" : "");
    return false;
  }
  if (kind == EngineKind::Rtl && o.rtl_illegal) {
    std::fprintf(stderr, "%s: the RTL raised illegal_o on '%s' (operands: %s)\n", where.c_str(),
                 insn.c_str(), operand_list(ops, sig.num_srcs).c_str());
    return false;
  }
  return true;
}

}  // namespace

int run_command(const std::vector<std::string>& args) {
  CommonOptions opt;
  if (const int rc = parse_options("run", args, true, kRunHelp, &opt); rc != 0)
    return rc < 0 ? 0 : rc;
  if (opt.positional.size() != 1)
    return usage_error("run", opt.positional.empty() ? "no program file given"
                                                      : "more than one program file given");
  const std::string& path = opt.positional[0];
  const std::string file = path == "-" ? "<stdin>" : path;

  std::optional<std::string> source;
  if (path == "-") {
    source = read_all(stdin);
  } else if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
    source = read_all(f);
    std::fclose(f);
  } else {
    const Diagnostic d{file, {1, 1}, std::string("cannot open file: ") + std::strerror(errno)};
    std::fprintf(stderr, "%s\n", d.format().c_str());
    return 2;
  }
  if (!source) {
    std::fprintf(stderr, "%s\n", Diagnostic{file, {1, 1}, "cannot read file"}.format().c_str());
    return 2;
  }
  Diagnostic error;
  const std::optional<Program> program = parse_program(*source, file, &error);
  if (!program) {
    std::fprintf(stderr, "%s\n", error.format().c_str());
    return 2;
  }

  std::FILE* trace = nullptr;
  bool close_trace = false;
  if (opt.trace) {
    if (*opt.trace == "-") {
      trace = stdout;
    } else {
      trace = std::fopen(opt.trace->c_str(), "w");
      if (trace == nullptr) {
        std::fprintf(stderr, "ptxalu run: error: cannot write trace file '%s': %s\n",
                     opt.trace->c_str(), std::strerror(errno));
        return 2;
      }
      close_trace = true;
    }
  }

  std::unique_ptr<Engines> engines_ptr;
  try {
    engines_ptr = std::make_unique<Engines>(opt.engine, opt.port.value_or(""));
  } catch (const LinkError& e) {
    if (close_trace) std::fclose(trace);
    std::fprintf(stderr, "ptxalu run: error: %s\n", e.what());
    return 2;
  }
  Engines& engines = *engines_ptr;
  if (opt.fst) engines.open_fst(*opt.fst);
  std::vector<uint64_t> values(program->registers.size(), 0);
  std::vector<bool> written(program->registers.size(), false);
  std::vector<size_t> write_order;
  int status = 0;
  const auto execute = [&](const Statement& st, const Operands& ops) -> std::optional<uint64_t> {
    Outcome o;
    try {
      o = engines.execute(st.ctrl, ops);
    } catch (const LinkError& e) {
      std::fprintf(stderr, "ptxalu run: error: %s:%d: %s\n", file.c_str(), st.line, e.what());
      status = 2;
      return std::nullopt;
    }
    if (!check_outcome(o, opt.engine, file + ":" + std::to_string(st.line), st.text, st.ctrl,
                       ops)) {
      status = 1;
      return std::nullopt;
    }
    return o.value;
  };
  const auto record = [&](const Statement& st, uint64_t value) {
    const Register& dst = program->registers[st.dst];
    values[st.dst] = value;
    if (!written[st.dst]) {
      written[st.dst] = true;
      write_order.push_back(st.dst);
    }
    if (trace != nullptr)
      std::fprintf(trace, "{\"line\": %d, \"insn\": %s, \"dst\": %s, \"value\": \"%s\"}\n",
                   st.line, json_quote(st.text).c_str(), json_quote(dst.name).c_str(),
                   hex_value(value, dst.width).c_str());
  };
  run_program(*program, execute, record);
  if (close_trace && std::fclose(trace) != 0 && status == 0) {
    std::fprintf(stderr, "ptxalu run: error: writing trace file '%s' failed\n", opt.trace->c_str());
    status = 2;
  }
  if (!opt.trace && status == 0) {
    for (size_t reg : write_order)
      std::printf("%s = %s\n", program->registers[reg].name.c_str(),
                  hex_value(values[reg], program->registers[reg].width).c_str());
  }
  if (std::fflush(stdout) != 0 && status == 0) status = 2;
  return status;
}

int eval_command(const std::vector<std::string>& args) {
  CommonOptions opt;
  if (const int rc = parse_options("eval", args, false, kEvalHelp, &opt); rc != 0)
    return rc < 0 ? 0 : rc;
  if (opt.positional.empty()) return usage_error("eval", "no instruction given");
  const std::string& text = opt.positional[0];
  const std::string file = "<eval>";

  Diagnostic error;
  {  // A guard or a mov needs program context: say so rather than "unknown instruction".
    const std::optional<std::vector<Token>> tokens = tokenize(text, file, &error);
    if (tokens && !tokens->empty()) {
      const Token& first = (*tokens)[0];
      if (first.kind == TokenKind::At) {
        std::fprintf(stderr, "%s\n",
                     Diagnostic{file, first.pos, "a guard predicate needs a program: use ptxalu run"}
                         .format().c_str());
        return 2;
      }
      if (first.kind == TokenKind::Identifier && first.text == "mov") {
        std::fprintf(stderr, "%s\n",
                     Diagnostic{file, first.pos, "mov is supported in programs only: use ptxalu run"}
                         .format().c_str());
        return 2;
      }
    }
  }
  const std::optional<ParsedInstruction> insn = parse_instruction_text(text, file, &error);
  if (!insn) {
    std::fprintf(stderr, "%s\n", error.format().c_str());
    return 2;
  }
  const Signature sig = signature(insn->ctrl);

  // The widest operand each register name stands for.
  std::map<std::string, unsigned> widest;
  const auto note = [&](const OperandRef& r, unsigned width) {
    if (r.kind != OperandRef::Kind::Register) return;
    unsigned& w = widest[r.text];
    if (width > w) w = width;
  };
  note(insn->dst, sig.dst_width);
  for (size_t i = 0; i < insn->srcs.size(); ++i) note(insn->srcs[i], sig.src_width[i]);

  std::map<std::string, uint64_t> bound;
  for (size_t k = 1; k < opt.positional.size(); ++k) {
    const std::string& binding = opt.positional[k];
    const std::string where = "<arg " + std::to_string(k) + ">";
    const size_t eq = binding.find('=');
    const auto fail = [&](int column, const std::string& message) {
      std::fprintf(stderr, "%s\n", Diagnostic{where, {1, column}, message}.format().c_str());
      return 2;
    };
    if (eq == std::string::npos || eq == 0)
      return fail(1, "expected NAME=VALUE, found '" + binding + "'");
    const std::string name = binding.substr(0, eq);
    const auto it = widest.find(name);
    if (it == widest.end())
      return fail(1, "'" + name + "' is not a register operand of the instruction");
    if (bound.count(name) != 0) return fail(1, "'" + name + "' is bound twice");
    std::string why;
    const std::optional<uint64_t> v = parse_immediate(binding.substr(eq + 1), it->second, &why);
    if (!v) return fail(static_cast<int>(eq) + 2, why);
    bound[name] = *v;
  }

  const auto value_of = [&](const OperandRef& r, unsigned width) -> uint64_t {
    if (r.kind == OperandRef::Kind::Immediate) return r.value;
    const auto it = bound.find(r.text);
    const uint64_t v = it == bound.end() ? 0 : it->second;
    return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
  };
  uint64_t operand[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < insn->srcs.size() && i < 4; ++i)
    operand[i] = value_of(insn->srcs[i], sig.src_width[i]);
  const Operands ops{operand[0], operand[1], operand[2], operand[3]};

  Outcome o;
  try {
    Engines engines(opt.engine, opt.port.value_or(""));
    o = engines.execute(insn->ctrl, ops);
  } catch (const LinkError& e) {
    std::fprintf(stderr, "ptxalu eval: error: %s\n", e.what());
    return 2;
  }
  if (!check_outcome(o, opt.engine, file, text, insn->ctrl, ops)) return 1;
  std::printf("%s\n", hex_value(o.value, sig.dst_width).c_str());
  return std::fflush(stdout) == 0 ? 0 : 2;
}

}  // namespace ptxalu::frontend
