// ptxalu._ptxalu: the golden model (sim/model) and the PTX front end (sim/frontend) as a Python
// extension module. Every answer comes from those libraries; this file only converts between
// Python objects and their types. The public surface and its documentation are described in
// python/README.md and typed in python/ptxalu/_ptxalu.pyi.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "ctrl.hpp"
#include "diagnostic.hpp"
#include "instruction.hpp"
#include "legal_forms.hpp"
#include "lexer.hpp"
#include "model.hpp"
#include "program.hpp"
#include "env.hpp"
#include "random_insn.hpp"

namespace py = pybind11;

namespace ptxalu::python {
namespace {

using frontend::Diagnostic;

// ptxalu.PtxError, created when the module is imported.
PyObject* g_ptx_error = nullptr;

// Raises PtxError carrying the diagnostic's parts; str() is the CLI's one-line message.
[[noreturn]] void raise_diagnostic(const Diagnostic& d) {
  py::object type = py::reinterpret_borrow<py::object>(g_ptx_error);
  py::object error = type(d.format());
  error.attr("file") = d.file;
  error.attr("line") = d.pos.line;
  error.attr("column") = d.pos.column;
  error.attr("message") = d.message;
  PyErr_SetObject(g_ptx_error, error.ptr());
  throw py::error_already_set();
}

frontend::ParsedInstruction parse_or_raise(const std::string& text, const std::string& file) {
  Diagnostic error;
  std::optional<frontend::ParsedInstruction> insn = frontend::parse_instruction_text(text, file, &error);
  if (!insn) raise_diagnostic(error);
  return std::move(*insn);
}

std::string hex(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
  return buf;
}

Ctrl legal_word_or_raise(uint64_t word) {
  const Ctrl ctrl = Ctrl::unpack(word);
  if ((word >> kCtrlWidth) != 0 || !is_legal(ctrl))
    throw py::value_error(hex(word) + " is not a legal control word");
  return ctrl;
}

// A Python int as an operand of `width` bits, by the rules of the CLI's NAME=VALUE: from
// -2^(width-1) to 2^width - 1 (negative values in two's complement); the message is the CLI's.
uint64_t operand_value(const py::handle& value, unsigned width, const std::string& name) {
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
    throw py::type_error("operand '" + name + "' must be an int, not " +
                         py::str(py::type::of(value).attr("__name__")).cast<std::string>());
  const std::string text = py::str(value);
  std::string why;
  const std::optional<uint64_t> v = frontend::parse_immediate(text, width, &why);
  if (!v) throw py::value_error("operand '" + name + "': " + why);
  return *v;
}

// The model on any 64-bit word: one with bits above ctrl_t is no control word at all, so it
// gives 0 like every illegal word (Ctrl::unpack would read only the low bits).
uint64_t execute_word(uint64_t word, const Operands& ops) {
  return (word >> kCtrlWidth) != 0 ? 0 : execute(Ctrl::unpack(word), ops);
}

uint64_t low_bits(uint64_t value, unsigned width) {
  return width >= 64 ? value : value & ((uint64_t{1} << width) - 1);
}

// ---- eval -------------------------------------------------------------------------------------

uint64_t eval_text(const std::string& text, const py::kwargs& bindings) {
  {  // A guard or a mov needs program context: say so, as `ptxalu eval` does, naming run().
    Diagnostic error;
    const std::optional<std::vector<frontend::Token>> tokens = frontend::tokenize(text, "<eval>", &error);
    if (tokens && !tokens->empty()) {
      const frontend::Token& first = (*tokens)[0];
      if (first.kind == frontend::TokenKind::At)
        raise_diagnostic({"<eval>", first.pos, "a guard predicate needs a program: use ptxalu.run()"});
      if (first.kind == frontend::TokenKind::Identifier && first.text == "mov")
        raise_diagnostic({"<eval>", first.pos, "mov is supported in programs only: use ptxalu.run()"});
    }
  }
  const frontend::ParsedInstruction insn = parse_or_raise(text, "<eval>");
  const Signature sig = signature(insn.ctrl);
  // The widest operand each register name stands for (a name may be used twice).
  std::map<std::string, unsigned> widest;
  const auto note = [&](const frontend::OperandRef& r, unsigned width) {
    if (r.kind != frontend::OperandRef::Kind::Register) return;
    unsigned& w = widest[r.text];
    w = std::max(w, width);
  };
  note(insn.dst, sig.dst_width);
  for (size_t i = 0; i < insn.srcs.size(); ++i) note(insn.srcs[i], sig.src_width[i]);

  std::map<std::string, uint64_t> bound;
  for (const auto& [key, value] : bindings) {
    const std::string name = py::str(key);
    const auto it = widest.find(name);
    if (it == widest.end())
      throw py::type_error("'" + name + "' is not a register operand of the instruction");
    bound[name] = operand_value(value, it->second, name);
  }
  Operands ops;
  uint64_t* slots[4] = {&ops.a, &ops.b, &ops.c, &ops.d};
  for (size_t i = 0; i < insn.srcs.size() && i < 4; ++i) {
    const frontend::OperandRef& r = insn.srcs[i];
    if (r.kind == frontend::OperandRef::Kind::Immediate) {
      *slots[i] = r.value;
    } else if (const auto it = bound.find(r.text); it != bound.end()) {
      *slots[i] = low_bits(it->second, sig.src_width[i]);
    }
  }
  return execute(insn.ctrl, ops);
}

// ---- run --------------------------------------------------------------------------------------

struct TraceEntry {
  int line = 0;
  std::string insn;
  std::string dst;
  uint64_t value = 0;
  unsigned width = 32;
};

// Executes a program on the model through the front end's program loop (frontend::run_program,
// what `ptxalu run` executes), one TraceEntry per register write.
std::vector<TraceEntry> run_program(const std::string& text, const std::string& file) {
  Diagnostic error;
  const std::optional<frontend::Program> program = frontend::parse_program(text, file, &error);
  if (!program) raise_diagnostic(error);
  std::vector<TraceEntry> trace;
  frontend::run_program(
      *program,
      [](const frontend::Statement& st, const Operands& ops) {
        return std::optional<uint64_t>(execute(st.ctrl, ops));
      },
      [&](const frontend::Statement& st, uint64_t value) {
        const frontend::Register& dst = program->registers[st.dst];
        trace.push_back(TraceEntry{st.line, st.text, dst.name, value, dst.width});
      });
  return trace;
}

// ---- NumPy arrays (through the buffer protocol: no dependence on NumPy's C ABI) ----------------

// One operand stream: a contiguous uint64 array, or one value for every element.
struct Stream {
  py::object owner;  // keeps the converted array alive
  const uint64_t* data = nullptr;
  size_t size = 0;
  uint64_t scalar = 0;
  bool is_array = false;
  uint64_t at(size_t i) const { return is_array ? data[i] : scalar; }
};

Stream to_stream(const py::object& numpy, const py::object& value, const char* what) {
  Stream s;
  if (value.is_none()) return s;
  if (py::isinstance<py::int_>(value)) {
    s.scalar = operand_value(value, 64, what);
    return s;
  }
  s.owner = numpy.attr("ascontiguousarray")(value, py::arg("dtype") = numpy.attr("uint64"));
  const py::buffer_info info = py::buffer(s.owner).request();
  if (info.ndim != 1)
    throw py::value_error(std::string(what) + " must be one-dimensional, not " +
                          std::to_string(info.ndim) + "-dimensional");
  s.data = static_cast<const uint64_t*>(info.ptr);
  s.size = static_cast<size_t>(info.shape[0]);
  s.is_array = true;
  return s;
}

// Result array of n uint64 and a pointer to its data.
py::object new_result(const py::object& numpy, size_t n, uint64_t** data) {
  py::object out = numpy.attr("empty")(n, py::arg("dtype") = numpy.attr("uint64"));
  *data = static_cast<uint64_t*>(py::buffer(out).request(true).ptr);
  return out;
}

py::object eval_many(const py::object& insn, const py::object& a, const py::object& b,
                     const py::object& c, const py::object& d) {
  const py::object numpy = py::module_::import("numpy");
  const py::object* args[4] = {&a, &b, &c, &d};
  Stream src[4] = {to_stream(numpy, a, "a"), to_stream(numpy, b, "b"), to_stream(numpy, c, "c"),
                   to_stream(numpy, d, "d")};

  Ctrl single;
  Stream words;
  bool per_element = false;
  if (py::isinstance<py::str>(insn)) {
    const frontend::ParsedInstruction parsed = parse_or_raise(insn.cast<std::string>(), "<eval_many>");
    single = parsed.ctrl;
    // An immediate written in the text is that source's value; an array there is a mistake.
    for (size_t i = 0; i < parsed.srcs.size() && i < 4; ++i) {
      if (parsed.srcs[i].kind != frontend::OperandRef::Kind::Immediate) continue;
      if (!args[i]->is_none())
        throw py::value_error("source " + std::to_string(i + 1) + " is the immediate '" +
                              parsed.srcs[i].text + "' in the instruction; pass None for it");
      src[i].scalar = parsed.srcs[i].value;
    }
  } else if (py::isinstance<py::int_>(insn)) {
    single = legal_word_or_raise(insn.cast<uint64_t>());
  } else {
    words = to_stream(numpy, insn, "insn");
    per_element = true;
  }

  std::optional<size_t> n;
  for (const Stream* s : {&words, &src[0], &src[1], &src[2], &src[3]}) {
    if (!s->is_array) continue;
    if (n && *n != s->size)
      throw py::value_error("arrays differ in length: " + std::to_string(*n) + " and " +
                            std::to_string(s->size));
    n = s->size;
  }
  if (!n) throw py::value_error("eval_many needs at least one array (insn, a, b, c or d)");

  uint64_t* out = nullptr;
  py::object result = new_result(numpy, *n, &out);
  {
    py::gil_scoped_release release;
    const size_t count = *n;
    if (per_element) {
      for (size_t i = 0; i < count; ++i)
        out[i] = execute_word(words.data[i],
                              Operands{src[0].at(i), src[1].at(i), src[2].at(i), src[3].at(i)});
    } else {
      for (size_t i = 0; i < count; ++i)
        out[i] = execute(single, Operands{src[0].at(i), src[1].at(i), src[2].at(i), src[3].at(i)});
    }
  }
  return result;
}

// Seconds the model takes, best of `repeats`, for the same loop as eval_many's per-element path
// over the same arrays, timed inside C++: the reference the bench script compares against.
double bench_model_loop(const py::object& words, const py::object& a, const py::object& b,
                        const py::object& c, const py::object& d, int repeats) {
  const py::object numpy = py::module_::import("numpy");
  const Stream w = to_stream(numpy, words, "words");
  const Stream s[4] = {to_stream(numpy, a, "a"), to_stream(numpy, b, "b"), to_stream(numpy, c, "c"),
                       to_stream(numpy, d, "d")};
  for (const Stream& x : s)
    if (!w.is_array || !x.is_array || x.size != w.size)
      throw py::value_error("words, a, b, c, d must be arrays of one length");
  py::gil_scoped_release release;
  double best = 0;
  uint64_t checksum = 0;
  for (int rep = 0; rep < std::max(repeats, 1); ++rep) {
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < w.size; ++i)
      checksum += execute_word(w.data[i],
                               Operands{s[0].data[i], s[1].data[i], s[2].data[i], s[3].data[i]});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (rep == 0 || seconds < best) best = seconds;
  }
  // The checksum keeps the loop from being optimised away.
  return checksum == 1 ? best * (1 + 1e-12) : best;
}

std::optional<Op> op_by_name(const std::string& name) {
  for (unsigned op = 0; op < Pkg::NumOps; ++op)
    if (cov::op_name(static_cast<Op>(op)) == name) return static_cast<Op>(op);
  return std::nullopt;
}

std::vector<uint64_t> words_of(const std::vector<Ctrl>& ctrls) {
  std::vector<uint64_t> out;
  out.reserve(ctrls.size());
  for (const Ctrl& c : ctrls) out.push_back(c.pack());
  return out;
}

}  // namespace
}  // namespace ptxalu::python

PYBIND11_MODULE(_ptxalu, m) {
  using namespace ptxalu;
  using namespace ptxalu::python;
  m.doc() =
      "The ptxalu golden model of PTX video and integer instructions (C++), with its PTX front end.";

  g_ptx_error = PyErr_NewExceptionWithDoc(
      "ptxalu.PtxError",
      "Bad PTX text. str() is the command line's `FILE:LINE:COL: error: MESSAGE`; the parts are in\n"
      "the attributes file, line, column (1-based, in bytes) and message.",
      PyExc_ValueError, nullptr);
  m.attr("PtxError") = py::handle(g_ptx_error);

  m.attr("__version__") = PTXALU_VERSION;
  m.attr("CTRL_WIDTH") = kCtrlWidth;
  m.attr("NUM_OPS") = static_cast<unsigned>(Pkg::NumOps);

  // (*args, **kwargs) so that any register name, `insn` too, may be a keyword.
  m.def("eval",
        [](const py::args& args, const py::kwargs& operands) {
          if (args.size() != 1 || !py::isinstance<py::str>(args[0]))
            throw py::type_error("eval() takes the instruction text as its one positional argument");
          return eval_text(args[0].cast<std::string>(), operands);
        },
        "eval(insn, **operands) -> int\n\n"
        "Executes one instruction written in PTX on the model, as `ptxalu eval` does: operands are\n"
        "bound by register name (a=0x7f01ff80, **{'%r1': 5}); unbound registers are 0. A value must\n"
        "fit the widest operand its name stands for (-2^(w-1) .. 2^w-1). Returns the destination\n"
        "value (zero above its width). Raises PtxError for bad PTX, TypeError for a name that is not\n"
        "a register operand, ValueError for a value that does not fit.");

  py::class_<TraceEntry>(m, "TraceEntry",
                         "One register write of run(): the fields of `ptxalu run --trace`.")
      .def_readonly("line", &TraceEntry::line, "line where the statement starts (1-based)")
      .def_readonly("insn", &TraceEntry::insn,
                    "statement text as written, guard and ';' removed, whitespace collapsed")
      .def_readonly("dst", &TraceEntry::dst, "destination register name")
      .def_readonly("value", &TraceEntry::value, "value written")
      .def_readonly("width", &TraceEntry::width, "destination width in bits (1 for a predicate)")
      .def("__repr__", [](const TraceEntry& e) {
        return "TraceEntry(line=" + std::to_string(e.line) + ", insn=" +
               py::repr(py::str(e.insn)).cast<std::string>() + ", dst=" +
               py::repr(py::str(e.dst)).cast<std::string>() + ", value=" +
               hex(e.value) +
               ", width=" + std::to_string(e.width) + ")";
      })
      .def("__eq__", [](const TraceEntry& x, const TraceEntry& y) {
        return x.line == y.line && x.insn == y.insn && x.dst == y.dst && x.value == y.value &&
               x.width == y.width;
      });

  m.def("run", &run_program, py::arg("program"), py::arg("file") = "<string>",
        "run(program, file='<string>') -> list[TraceEntry]\n\n"
        "Executes a straight-line PTX program (the language of `ptxalu run`) on the model and\n"
        "returns one TraceEntry per register write, in program order. `file` names the text in\n"
        "diagnostics. Raises PtxError for bad PTX; nothing runs then.");

  m.def("encode",
        [](const std::string& text) { return parse_or_raise(text, "<encode>").ctrl.pack(); },
        py::arg("insn"),
        "encode(insn) -> int\n\n"
        "The control word (ptxalu_pkg::ctrl_t, 60 bits) of one PTX instruction with its operands\n"
        "(selectors and masks are written on them: 'vadd4.u32.u32.u32 d.b10, a.b3210, b, c').\n"
        "Raises PtxError for bad PTX.");
  // The printer's text of a legal word: the whole instruction, or its opcode alone.
  using Printer = std::string (*)(const Ctrl&);
  for (const auto& [name, print, doc] : {
           std::tuple<const char*, Printer, const char*>{
               "decode", &frontend::print_instruction,
               "decode(word) -> str\n\n"
               "Canonical PTX text of a legal control word, with the spec's operand names (d, a, "
               "b, c;\nbfi: f, a, b, c, d); encode(decode(w)) == w. Raises ValueError for an "
               "illegal word."},
           std::tuple<const char*, Printer, const char*>{
               "opcode", &frontend::print_opcode,
               "opcode(word) -> str\n\nCanonical opcode and modifiers of a legal word: "
               "'vadd4.s32.s32.u32.sat'."}}) {
    m.def(name, [print](uint64_t word) { return print(legal_word_or_raise(word)); },
          py::arg("word"), doc);
  }
  m.def("op_name",
        [](uint64_t word) { return cov::op_name(Ctrl::unpack(word).op); },
        py::arg("word"), "op_name(word) -> str\n\nThe operation's mnemonic ('vadd4', 'mad24').");
  m.def("is_legal",
        [](uint64_t word) { return (word >> kCtrlWidth) == 0 && is_legal(Ctrl::unpack(word)); },
        py::arg("word"),
        "is_legal(word) -> bool\n\nTrue iff word is the canonical encoding of a legal form (the "
        "model's is_legal;\nthe RTL raises illegal_o for every other word).");
  m.def("signature",
        [](uint64_t word) {
          const Signature s = signature(legal_word_or_raise(word));
          std::vector<unsigned> widths(s.src_width, s.src_width + s.num_srcs);
          return py::make_tuple(s.dst_width, widths);
        },
        py::arg("word"),
        "signature(word) -> tuple[int, list[int]]\n\n"
        "(destination width, [width of each source]) of a legal word, in bits.");

  m.def("execute",
        [](uint64_t word, uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
          return execute_word(word, Operands{a, b, c, d});
        },
        py::arg("word"), py::arg("a") = 0, py::arg("b") = 0, py::arg("c") = 0, py::arg("d") = 0,
        "execute(word, a=0, b=0, c=0, d=0) -> int\n\n"
        "The model on a control word and sources by position; only each source's low bits are\n"
        "read. An illegal word gives 0, as result_o does with illegal_o (check is_legal first).");

  m.def("eval_many", &eval_many, py::arg("insn"), py::arg("a") = py::none(),
        py::arg("b") = py::none(), py::arg("c") = py::none(), py::arg("d") = py::none(),
        "eval_many(insn, a=None, b=None, c=None, d=None) -> numpy.ndarray[uint64]\n\n"
        "The model over arrays: element i is the instruction on a[i], b[i], c[i], d[i], the\n"
        "sources by position (not by name). insn is PTX text, a legal control word, or an array\n"
        "of control words (one per element; an illegal one gives 0). Each source is an array\n"
        "(converted to uint64, one-dimensional, all of one length), an int used for every\n"
        "element, or None (0, or the immediate the text writes there). The loop runs in C++\n"
        "without the GIL.");

  m.def("_bench_model_loop", &bench_model_loop, py::arg("words"), py::arg("a"), py::arg("b"),
        py::arg("c"), py::arg("d"), py::arg("repeats") = 3,
        "Seconds (best of repeats) of eval_many's per-element loop timed in C++ (for the bench).");

  m.def("legal_forms",
        [](std::optional<std::string> op) {
          if (!op) return words_of(cov::legal_forms());
          const std::optional<Op> found = op_by_name(*op);
          if (!found) throw py::value_error("'" + *op + "' is not an operation of ptxalu");
          return words_of(cov::legal_forms_of(*found));
        },
        py::arg("op") = py::none(),
        "legal_forms(op=None) -> list[int]\n\n"
        "Every legal form's control word (of one operation, given by mnemonic, if op is set),\n"
        "from the instruction table sim/isa/instructions.json: every field chosen except the\n"
        "selectors and mask, which are at the front end's defaults. Each form once, fixed order.");
  m.def("op_names",
        []() {
          std::vector<std::string> names;
          for (unsigned op = 0; op < Pkg::NumOps; ++op) names.push_back(cov::op_name(static_cast<Op>(op)));
          return names;
        },
        "op_names() -> list[str]\n\nThe mnemonic of every operation, in op_e order.");
  m.def("bins_of", [](uint64_t word) { return cov::bins_of(legal_word_or_raise(word)); },
        py::arg("word"),
        "bins_of(word) -> list[str]\n\nFunctional coverage bins a legal word hits "
        "(coverage/BINS.md).");
  m.def("legal_bins", []() { return cov::legal_bins(); },
        "legal_bins() -> list[str]\n\nEvery functional coverage bin, sorted.");

  py::class_<RandomInsn>(m, "RandomInsn",
                         "Seeded random legal instructions and corner-weighted operands: the "
                         "generator of\nsim/isa/random_insn.hpp (same seed, same sequence as "
                         "the C++ testbenches).")
      .def(py::init<uint64_t>(), py::arg("seed"))
      .def("ctrl", [](RandomInsn& r) { return r.ctrl().pack(); },
           "A legal control word: operation uniform, then a legal word of it uniform.")
      .def("ctrl_of",
           [](RandomInsn& r, const std::string& op) {
             const std::optional<Op> found = op_by_name(op);
             if (!found) throw py::value_error("'" + op + "' is not an operation of ptxalu");
             return r.ctrl(*found).pack();
           },
           py::arg("op"), "A legal control word of the operation named op ('vadd4').")
      .def("near_miss", &RandomInsn::near_miss, py::arg("max_flips") = 1,
           "A legal word with 1..max_flips bits flipped (usually illegal).")
      .def("word", &RandomInsn::word,
           "A word around the legality boundary: raw bits a quarter of the time, else a near "
           "miss.")
      .def("value", &RandomInsn::value, "A corner-weighted 64-bit operand.")
      .def("operands",
           [](RandomInsn& r) {
             const Operands o = r.operands();
             return py::make_tuple(o.a, o.b, o.c, o.d);
           },
           "Four corner-weighted operands (a, b, c, d).")
      .def("next", &RandomInsn::next, "64 uniform bits.")
      .def("below",
           [](RandomInsn& r, uint64_t n) {
             if (n == 0) throw py::value_error("below(n) needs n > 0");
             return r.below(n);
           },
           py::arg("n"), "Uniform in [0, n), n > 0.")
      .def("coin", &RandomInsn::coin, "A fair coin.");
  m.def("seed_from_env", &seed_from_env, py::arg("fallback"),
        "seed_from_env(fallback) -> int\n\n$PTXALU_SEED (decimal or 0x hex) if set, else "
        "fallback.");
}
