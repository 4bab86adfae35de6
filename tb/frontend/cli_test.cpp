// The `ptxalu` command as a user runs it (the binary built by this tree, path from CMake):
// trace format byte for byte against hand-computed values, the default output, eval, every
// rejected form of CLARIFICATIONS and bad input giving exit 2 with FILE:LINE:COL and nothing
// on stdout, help, the bundled examples, bench's output shape.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Result {
  int status = -1;
  std::string out;
  std::string err;
};

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A per-test scratch path (ctest runs tests in parallel processes).
std::string scratch(const std::string& name) {
  std::filesystem::create_directories(PTXALU_TEST_TMP);
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return std::string(PTXALU_TEST_TMP) + "/" + info->test_suite_name() + "." + info->name() + "." +
         std::to_string(getpid()) + "." + name;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = scratch(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

// Runs `ptxalu ARGS` (ARGS already shell-quoted) with `input` on stdin.
Result ptxalu(const std::string& args, const std::string& input = "") {
  const std::string in = write_file("stdin", input);
  const std::string out = scratch("stdout");
  const std::string err = scratch("stderr");
  const std::string cmd = std::string(PTXALU_BIN) + " " + args + " <" + in + " >" + out + " 2>" + err;
  const int raw = std::system(cmd.c_str());
  Result r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  for (const std::string& f : {in, out, err}) std::filesystem::remove(f);
  return r;
}

size_t count_lines(const std::string& s) {
  size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

// Bad input: exit 2, exactly one line `PREFIX... error: ...` on stderr, nothing on stdout.
void expect_bad_input(const Result& r, const std::string& prefix, const std::string& says) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(count_lines(r.err), 1u) << r.err;
  EXPECT_EQ(r.err.rfind(prefix + " error: ", 0), 0u) << "want prefix '" << prefix << "', got " << r.err;
  EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
}

// Values worked out by hand from the spec (see each line's comment), not by the model.
const char* const kTraceProgram =
    "// trace test\n"                                   // 1
    ".reg .b32 %r<4>;\n"                                // 2
    ".reg .b64 %rd0;\n"                                 // 3
    ".reg .u16 %h0;\n"                                  // 4
    ".reg .pred p;\n"                                   // 5
    "mov.b32 %r1, 0x7f01ff80;\n"                        // 6
    "mov.b32   %r2,\t 0x01ff0180;   // spacing\n"       // 7
    // a as s8: 127 1 -1 -128, b as u8: 1 255 1 128 (bytes 3..0); sums 128 256 0 0 clamp s8.
    "vadd4.s32.s32.u32.sat %r0, %r1, %r2, %r3;\n"       // 8  -> 0x7f7f0000
    "mov.pred p, 0;\n"                                  // 9
    "@p add.u32 %r3, %r1, %r2;\n"                       // 10 skipped
    "@!p sub.u32 %r3, %r2, 1;\n"                        // 11 -> 0x01ff017f
    "mul.wide.u32 %rd0, %r1, 2;\n"                      // 12 -> 0x00000000fe03ff00
    "add.u16 %h0, %h0, -1;\n"                           // 13 0 + 0xffff -> 0xffff
    // |127-1| + |1-255| + |255-1| + |128-128| = 126+254+254+0 = 634 = 0x27a, + c.
    "vabsdiff4.u32.u32.u32.add %r3, %r1, %r2, %r3;\n"   // 14 -> 0x01ff03f9
    "bfe.u32 %r0, %r1, /* pos */ 8,\n"                  // 15 bits 15..8 -> 0x000000ff
    "        8;\n";                                     // 16

const char* const kTraceExpected =
    "{\"line\": 6, \"insn\": \"mov.b32 %r1, 0x7f01ff80\", \"dst\": \"%r1\", \"value\": \"0x7f01ff80\"}\n"
    "{\"line\": 7, \"insn\": \"mov.b32 %r2, 0x01ff0180\", \"dst\": \"%r2\", \"value\": \"0x01ff0180\"}\n"
    "{\"line\": 8, \"insn\": \"vadd4.s32.s32.u32.sat %r0, %r1, %r2, %r3\", \"dst\": \"%r0\", \"value\": \"0x7f7f0000\"}\n"
    "{\"line\": 9, \"insn\": \"mov.pred p, 0\", \"dst\": \"p\", \"value\": \"0x0\"}\n"
    "{\"line\": 11, \"insn\": \"sub.u32 %r3, %r2, 1\", \"dst\": \"%r3\", \"value\": \"0x01ff017f\"}\n"
    "{\"line\": 12, \"insn\": \"mul.wide.u32 %rd0, %r1, 2\", \"dst\": \"%rd0\", \"value\": \"0x00000000fe03ff00\"}\n"
    "{\"line\": 13, \"insn\": \"add.u16 %h0, %h0, -1\", \"dst\": \"%h0\", \"value\": \"0xffff\"}\n"
    "{\"line\": 14, \"insn\": \"vabsdiff4.u32.u32.u32.add %r3, %r1, %r2, %r3\", \"dst\": \"%r3\", \"value\": \"0x01ff03f9\"}\n"
    "{\"line\": 15, \"insn\": \"bfe.u32 %r0, %r1, 8, 8\", \"dst\": \"%r0\", \"value\": \"0x000000ff\"}\n";

const char* const kFinalExpected =
    "%r1 = 0x7f01ff80\n"
    "%r2 = 0x01ff0180\n"
    "%r0 = 0x000000ff\n"
    "p = 0x0\n"
    "%r3 = 0x01ff03f9\n"
    "%rd0 = 0x00000000fe03ff00\n"
    "%h0 = 0xffff\n";

TEST(Run, TraceIsByteExact) {
  const std::string file = write_file("t.ptx", kTraceProgram);
  const Result r = ptxalu("run --trace - " + quote(file));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, kTraceExpected);
}

TEST(Run, TraceToFileLeavesStdoutEmpty) {
  const std::string file = write_file("t.ptx", kTraceProgram);
  const std::string trace = scratch("trace.jsonl");
  const Result r = ptxalu("run --engine model --trace " + quote(trace) + " " + quote(file));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(slurp(trace), kTraceExpected);
}

TEST(Run, WithoutTracePrintsFinalValuesInOrderOfFirstWrite) {
  const std::string file = write_file("t.ptx", kTraceProgram);
  const Result r = ptxalu("run " + quote(file));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kFinalExpected);
}

TEST(Run, ReadsStandardInput) {
  const Result r = ptxalu("run -", kTraceProgram);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kFinalExpected);
  expect_bad_input(ptxalu("run -", ".reg .b32 r;\nadd.u32 r, r, q;\n"), "<stdin>:2:15:",
                   "register 'q' is not declared");
}

// `run` of a program in tb/frontend/cases/ prints `out`.
void expect_run_case(const std::string& program, const std::string& out) {
  const Result r = ptxalu("run " + quote(std::string(PTXALU_FRONTEND_CASES_DIR) + "/" + program));
  EXPECT_EQ(r.status, 0) << program << "\n" << r.err;
  EXPECT_EQ(r.out, out) << program;
}

TEST(Run, GuardsPredicatesAndRegisterRanges) {
  expect_run_case("run_guards.ptx",
                  "%p0 = 0x1\n%p1 = 0x0\n%r0 = 0x00000005\n%r2 = 0x00000015\n");
}

TEST(Run, CommentsAndImmediates) {
  expect_run_case("run_comments.ptx", "h = 0x7fff\nq = 0x0000000000000011\n");
}

TEST(Eval, PrintsTheDestinationValue) {
  const struct {
    std::string args, out;
  } cases[] = {
      {"'vadd4.s32.s32.u32.sat d, a, b, c' a=0x7f01ff80 b=0x01ff0180", "0x7f7f0000\n"},
      {"'mul.wide.s16 d, a, b;' a=-300 b=500", "0xfffdb610\n"},  // -150000
      {"'add.u16 d, a, b' a=0xffff b=2", "0x0001\n"},
      {"'add.u32 d, a, 5'", "0x00000005\n"},  // a unbound: 0
      {"'fns.b32 d, 0xaaaaaaaa, 2, -1'", "0x00000001\n"},  // spec: d = 1
      {"'bmsk.wrap.b32 rd, 1, 2;'", "0x00000006\n"},       // spec: 0x00000006
      {"'popc.b64 cnt, X' X=0xffffffffffffffff", "0x00000040\n"},
      {"'vmad.u32.u32.u32.po d, a, b, c' a=3 b=5 c=7", "0x00000017\n"},  // 3*5+7+1
      {"'vadd.u32.u32.u32 %r1.b1, %r2, %r3, %r1' %r1=0xaabbccdd %r2=1 %r3=2", "0xaabb03dd\n"},
  };
  for (const auto& c : cases) {
    const Result r = ptxalu("eval " + c.args);
    EXPECT_EQ(r.status, 0) << c.args << "\n" << r.err;
    EXPECT_EQ(r.out, c.out) << c.args;
  }
}

TEST(Eval, BadInput) {
  expect_bad_input(ptxalu("eval 'vadd4.s32.s32.u32.sat.add d, a, b, c'"), "<eval>:1:22:", "§5");
  expect_bad_input(ptxalu("eval 'add.u32 d, a, b' x=5"), "<arg 1>:1:1:", "not a register operand");
  expect_bad_input(ptxalu("eval 'add.u16 d, a, b' a=0x10000"), "<arg 1>:1:3:", "does not fit");
  expect_bad_input(ptxalu("eval 'add.u16 d, a, b' b=1 a"), "<arg 2>:1:1:", "NAME=VALUE");
  expect_bad_input(ptxalu("eval '@p add.u32 d, a, b'"), "<eval>:1:1:", "ptxalu run");
  const Result none = ptxalu("eval");
  EXPECT_EQ(none.status, 2);
  EXPECT_EQ(none.out, "");
}

// CLARIFICATIONS' rejected forms (§5, §7-§10, §19) and the errors of the text, each in a
// program at line 3, indented by 2: exit 2, FILE:3:COL.
TEST(Run, RejectedFormsNameLineAndColumn) {
  const struct {
    const char* insn;
    int column;  // within the instruction, 1-based
  } cases[] = {
      {"vmad.s32.s32.u32.sat r0, r1.b0, -r2.b1, -r3", 41},        // §9 (spec example)
      {"vset4.u32.u32.ne.max  r1, r2, r3, r0", 17},               // §5 (spec example)
      {"vmin4.s32.u32.u32.add  r1.b00, r2.b0000, r3.b2222, r1", 26},  // §5 (spec example)
      {"vadd4.s32.s32.s32.sat.add r1, r2, r3, r0", 22},           // §5 .sat with .add
      {"vadd2.s32.s32.s32.max r1, r2, r3, r0", 18},               // §5 not .add
      {"vadd4.s32.s32.s32 r1.b12, r2, r3, r0", 21},               // §5 mask
      {"vadd2.s32.s32.s32 r1, r2.h40, r3, r0", 25},               // §5 selector digit
      {"vadd4.s32.s32.s32 r1, r2.b321, r3, r0", 25},              // §5 selector length
      {"vset.u32.s32.ge.sat r1, r2, r3", 16},                     // §7
      {"vshr.s32.s32.s32.wrap r1, r2, r3", 13},                   // §8 btype
      {"vshl.s32.s32.u32 r1, r2, r3", 1},                         // §8 mode required
      {"vmad.s32.s32.s32.po r0, r1, r2, -r3", 33},                // §9 .po with negation
      {"vmad.s32.s32.s32 r0, -r1, r2, -r3", 31},                  // §9 both negated
      {"vmax.s32.s32.s32.min r1.h1, r2, r3, r0", 24},             // §10 dsel + secop
      {"vmax.s32.s32.s32.min r1, r2, r3", 32},                    // §10 no c
      {"vmax.s32.s32.s32 r1.b2, r2, r3", 31},                     // §10 no c
      {"vmax.s32.s32.s32 r1, r2, r3, r0", 30},                    // §10 c without use
      {"add.sat.u32 r1, r2, r3", 4},                              // §19
      {"min.relu.s16 r1, r2, r3", 4},                             // §19
      {"mul.wide.u64 rd, rd, rd", 4},                             // §19
      {"mad.lo.sat.s32 r0, r1, r2, r3", 7},                       // §19
      {"sub.u16x2 r1, r2, r3", 4},                                // §19
  };
  for (const auto& c : cases) {
    const std::string file =
        write_file("rej.ptx", ".reg .b32 r0, r1, r2, r3;\n.reg .b64 rd;\n  " + std::string(c.insn) + ";\n");
    expect_bad_input(ptxalu("run " + quote(file)), file + ":3:" + std::to_string(c.column + 2) + ":",
                     "");
  }
}

TEST(Run, BadInputIsOneLineAndRunsNothing) {
  expect_bad_input(ptxalu("run /nonexistent/x.ptx"), "/nonexistent/x.ptx:1:1:", "cannot open file");
  const std::string empty = write_file("empty.ptx", "");
  expect_bad_input(ptxalu("run " + quote(empty)), empty + ":1:1:", "empty program");
  const struct {
    const char* text;
    const char* where;  // LINE:COL:
    const char* says;
  } cases[] = {
      {".reg .b32 r;\nmov.b32 r, 1;\nadd.u32 r, r, s;\n", "3:15:", "register 's' is not declared"},
      {".reg .b32 r;\n.reg .b16 h;\nmov.b32 r, 1;\nadd.u32 r, h, r;\n", "4:12:",
       "16-bit (.b16) but operand a"},
      {".reg .b32 r;\nmov.b32 r, 1;\nadd.u32 r, r, 4294967296;\n", "3:15:", "does not fit"},
      {".reg .b32 r;\nmov.b32 r, 1;\n!!junk\n", "3:1:", "expected an instruction"},
      {".reg .b32 r;\nmov.b32 r, 1;\nadd.u32 r, r, r ~\n", "3:17:", "unexpected character '~'"},
      {".reg .b32 r;\nmov.b32 r, 1;\nvadd4 r, r, r, r;\n", "3:1:", "needs the type suffixes"},
      {"\x7f\x45\x4c\x46\x02\x01", "1:1:", "unexpected character"},
  };
  for (const auto& c : cases) {
    const std::string file = write_file("bad.ptx", c.text);
    // The first instruction must not have run: nothing on stdout, and no trace file.
    const std::string trace = scratch("bad.trace");
    std::filesystem::remove(trace);
    expect_bad_input(ptxalu("run --trace " + quote(trace) + " " + quote(file)),
                     file + ":" + c.where, c.says);
    EXPECT_FALSE(std::filesystem::exists(trace)) << c.text;
  }
}

TEST(Cli, UsageErrors) {
  for (const char* args : {"", "frobnicate", "run", "run a.ptx b.ptx", "run --engine gpu x.ptx",
                           "run --bogus x.ptx", "eval --trace - 'add.u32 d, a, b'",
                           "run --fst w.fst -", "bench --count 0", "bench --count x"}) {
    const Result r = ptxalu(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_NE(r.err, "") << args;
  }
}

TEST(Cli, HelpIsCompleteAndExitsZero) {
  const Result top = ptxalu("--help");
  EXPECT_EQ(top.status, 0);
  for (const char* word : {"run", "eval", "bench", "--engine", "exit status"})
    EXPECT_NE(top.out.find(word), std::string::npos) << word;
  const struct {
    const char* command;
    std::vector<const char*> mentions;
  } subs[] = {
      {"run", {"usage: ptxalu run", "--engine", "--trace", "--fst", ".reg", "mov.pred", "@!p",
               "\"line\"", "width/4", "exit status"}},
      {"eval", {"usage: ptxalu eval", "NAME=VALUE", "unbound", "--engine", "exit status"}},
      {"bench", {"usage: ptxalu bench", "--count", "--seed", "model_insn_per_s", "rtl_insn_per_s"}},
  };
  for (const auto& s : subs) {
    const Result r = ptxalu(std::string(s.command) + " --help");
    EXPECT_EQ(r.status, 0) << s.command;
    for (const char* word : s.mentions) EXPECT_NE(r.out.find(word), std::string::npos) << s.command << ": " << word;
  }
}

TEST(Cli, VersionNamesTheBuiltInEngines) {
  const Result r = ptxalu("--version");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("ptxalu ", 0), 0u) << r.out;
  EXPECT_EQ(count_lines(r.out), 1u) << r.out;
#ifdef PTXALU_TEST_HAVE_RTL
  EXPECT_NE(r.out.find("engines: model, rtl"), std::string::npos) << r.out;
#else
  EXPECT_NE(r.out.find("engines: model)"), std::string::npos) << r.out;
#endif
}

// A megabyte-long register name is quoted by its first 64 characters and its length, so the
// error stays one short line.
TEST(Cli, HugeNamesAreShortenedInErrors) {
  const std::string name(1 << 20, 'x');
  const std::string program =
      write_file("long.ptx", ".reg .b32 %r<2>;\nadd.u32 %r0, %r1, " + name + ";\n");
  const Result r = ptxalu("run " + quote(program));
  expect_bad_input(r, program + ":2:19:",
                   "register '" + std::string(64, 'x') + "...' (1048576 characters) is not declared");
  EXPECT_LT(r.err.size(), 400u);
}

TEST(Cli, RtlEngineAvailability) {
#ifdef PTXALU_TEST_HAVE_RTL
  const std::string pixels = std::string(PTXALU_EXAMPLES_DIR) + "/pixels.ptx";
  const Result model = ptxalu("run " + quote(pixels));
  const Result both = ptxalu("run --engine both " + quote(pixels));
  EXPECT_EQ(both.status, 0) << both.err;
  EXPECT_EQ(both.out, model.out);
  const std::string trace_program = write_file("t.ptx", kTraceProgram);
  const Result traced = ptxalu("run --engine both --trace - " + quote(trace_program));
  EXPECT_EQ(traced.status, 0) << traced.err;
  EXPECT_EQ(traced.out, kTraceExpected);
  const Result rtl = ptxalu("eval --engine rtl 'vadd4.s32.s32.u32.sat d, a, b, c' a=0x7f01ff80 b=0x01ff0180");
  EXPECT_EQ(rtl.status, 0) << rtl.err;
  EXPECT_EQ(rtl.out, "0x7f7f0000\n");
  const std::string fst = scratch("pixels.fst");
  const Result waves = ptxalu("run --engine rtl --fst " + quote(fst) + " " + quote(pixels));
  EXPECT_EQ(waves.status, 0) << waves.err;
  EXPECT_EQ(waves.out, model.out);
  EXPECT_GT(std::filesystem::file_size(fst), 0u);
#else
  const Result r = ptxalu("eval --engine rtl 'add.u32 d, a, b'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("no RTL engine"), std::string::npos) << r.err;
#endif
}

TEST(Examples, PixelsRunsWithHandCheckedValues) {
  const Result r = ptxalu("run " + quote(std::string(PTXALU_EXAMPLES_DIR) + "/pixels.ptx"));
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* line : {
           "%r2 = 0x10213cc0\n",   // avg: (0x80+0xff+1)>>1=0xc0, (0x40+0x38+1)>>1=0x3c, ...
           "%r3 = 0x000001aa\n",   // SAD 127+8+2+1=138, mirror 112+32+32+112=288
           "%r5 = 0x7080a080\n",   // +0x60 on pixels 1..3, pixel 0 from c
           "%r7 = 0x00000030\n",   // -128 + 2*64 + 2*32 - 16 = 48
           "%r9 = 0x0f223820\n",   // pixel 2 (0x20) into byte 0 of 0x0f2238ff
           "%r10 = 0x0000ff00\n",  // bmsk 8, 8
           "%h1 = 0x0000\n",       // 0xffff + 1 wraps
           "%r11 = 0x102240ff\n",  // vmax4 under @%p0
           "%r12 = 0x01fe0881\n",  // s8 sat: 0x80-0xff = -127 = 0x81, ...
       })
    EXPECT_NE(r.out.find(line), std::string::npos) << line << r.out;
  EXPECT_EQ(r.out.find("%r13"), std::string::npos);  // never written
}

TEST(Examples, SpecExamplesRunWithTheSpecsOwnValues) {
  const Result r = ptxalu("run --trace - " + quote(std::string(PTXALU_EXAMPLES_DIR) + "/spec_examples.ptx"));
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* piece : {
           "\"insn\": \"fns.b32 d, 0xaaaaaaaa, 3, 1\", \"dst\": \"d\", \"value\": \"0x00000003\"",
           "\"insn\": \"fns.b32 d, 0xaaaaaaaa, 3, -1\", \"dst\": \"d\", \"value\": \"0x00000003\"",
           "\"insn\": \"fns.b32 d, 0xaaaaaaaa, 2, 1\", \"dst\": \"d\", \"value\": \"0x00000003\"",
           "\"insn\": \"fns.b32 d, 0xaaaaaaaa, 2, -1\", \"dst\": \"d\", \"value\": \"0x00000001\"",
           "\"insn\": \"szext.wrap.u32 rd, 0xffffffff, 0\", \"dst\": \"rd\", \"value\": \"0x00000000\"",
           "\"insn\": \"bmsk.wrap.b32 rd, 1, 2\", \"dst\": \"rd\", \"value\": \"0x00000006\"",
       })
    EXPECT_NE(r.out.find(piece), std::string::npos) << piece;
}

TEST(Bench, PrintsOneJsonObjectPerFamily) {
  const Result r = ptxalu("bench --count 300 --seed 5");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("{\"seed\": 5, \"count\": 300, \"engine\": \"model\", \"families\": [", 0), 0u) << r.out;
  size_t families = 0;
  for (size_t pos = 0; (pos = r.out.find("\"model_insn_per_s\": ", pos)) != std::string::npos; ++pos)
    ++families;
  EXPECT_EQ(families, 9u) << r.out;
  for (const char* name : {"scalar_video", "vmad", "simd_video_x2", "simd_video_x4", "integer_arith",
                           "integer_mul", "integer_div", "bit_manip", "dot_product"})
    EXPECT_NE(r.out.find(std::string("\"family\": \"") + name + "\""), std::string::npos) << name;
  // Same seed, same instructions: the checksum of the results repeats.
  const Result again = ptxalu("bench --count 300 --seed 5");
  EXPECT_EQ(r.out.substr(r.out.find("\"checksum\"")), again.out.substr(again.out.find("\"checksum\"")));
}

}  // namespace
