// ptxalu-aig: the simulation and algebraic engines of formal/equiv.sh, on the AIGER of a
// gold/gate pair (see formal/algebra/README.md).
//   ptxalu-aig sim    PAIR.aig PAIR.map [--legal [--ops N,..]] [--seq N] [--seed S] [--seconds T]
//                     [--vectors N] [--replay-out F] [--vcd F]
//   ptxalu-aig replay PAIR.aig PAIR.map FILE [--vcd F]
//   ptxalu-aig prove  PAIR.aig PAIR.map [--legal [--ops N,..]] [--max-terms N] [--seconds T]
//                     [--skip-forms REGEX] [--only-forms REGEX] [--class MASK:V,..] [--verbose]
// --skip-forms: forms whose PTX name (e.g. mad.hi.sat.s32) matches REGEX are not compared (listed
//   as "skipped"; the verdict is about the other forms only).
// --only-forms: only the forms whose PTX name matches REGEX are compared (the wide cut's words for
//   the forms the rest of the unit is not proven in by the engine; the others are not listed).
// --class MASK:V,.. (hex, with --legal): only the legal words w whose w & MASK is one of the V
//   (forms of another pair AIG whose outputs read the control bits MASK: the wide cut per form).
// --ops: only the legal words of these ops (numeric ptxalu_pkg::op_e codes: a unit's own ops).
//   ptxalu-aig rewrite FILE.aig FILE.map      every output word's polynomial: size, time
// Prints one JSON object on stdout. Exit: 0 equal/proven, 1 counterexample, 2 bad input,
// 3 undecided.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

#include "aig.hpp"
#include "ctrl.hpp"
#include "legal_forms.hpp"
#include "poly.hpp"
#include "rewrite.hpp"
#include "prove.hpp"
#include "random_insn.hpp"
#include "sim.hpp"
#include "trace.hpp"

namespace ptxalu::algebra {
namespace {

struct Options {
  std::vector<std::string> positional;
  bool legal = false;
  std::vector<unsigned> ops;  // --ops 3,17: with --legal, only these ops (numeric op codes)
  bool verbose = false;
  unsigned seq = 0;
  uint64_t seed = 1;
  double seconds = 5;
  uint64_t vectors = 1u << 22;
  size_t max_terms = 2'000'000;
  std::string replay_out, vcd, skip_forms, only_forms;
  uint64_t class_mask = 0;
  std::vector<uint64_t> class_values;
  bool has_class = false;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr, "ptxalu-aig: %s\n", why.c_str());
  std::exit(2);
}

Options parse(const std::vector<std::string>& args) {
  Options o;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) usage(a + " needs a value");
      return args[++i];
    };
    auto regex_value = [&]() -> std::string {  // checked here: a bad one is bad input (exit 2)
      const std::string v = value();
      try {
        std::regex check(v);
      } catch (const std::regex_error&) {
        usage(a + ": not a regular expression: " + v);
      }
      return v;
    };
    try {
      if (a == "--legal") o.legal = true;
      else if (a == "--verbose") o.verbose = true;
      else if (a == "--seq") o.seq = unsigned(std::stoul(value()));
      else if (a == "--seed") o.seed = std::stoull(value(), nullptr, 0);
      else if (a == "--seconds") o.seconds = std::stod(value());
      else if (a == "--vectors") o.vectors = std::stoull(value());
      else if (a == "--max-terms") o.max_terms = std::stoull(value());
      else if (a == "--replay-out") o.replay_out = value();
      else if (a == "--vcd") o.vcd = value();
      else if (a == "--skip-forms") o.skip_forms = regex_value();
      else if (a == "--only-forms") o.only_forms = regex_value();
      else if (a == "--class") {
        const std::string v = value();
        const size_t colon = v.find(':');
        if (colon == std::string::npos) usage("--class takes MASK:V,.. (hex)");
        o.class_mask = std::stoull(v.substr(0, colon), nullptr, 16);
        for (size_t pos = colon + 1; pos < v.size();) {
          size_t end = v.find(',', pos);
          if (end == std::string::npos) end = v.size();
          const uint64_t value = std::stoull(v.substr(pos, end - pos), nullptr, 16);
          o.class_values.push_back(value & o.class_mask);
          pos = end + 1;
        }
        o.has_class = true;
      }
      else if (a == "--ops") {
        std::string list = value();
        for (size_t pos = 0; pos < list.size();) {
          size_t end = list.find(',', pos);
          if (end == std::string::npos) end = list.size();
          o.ops.push_back(unsigned(std::stoul(list.substr(pos, end - pos))));
          pos = end + 1;
        }
      }
      else if (a.rfind("--", 0) == 0) usage("unknown option " + a);
      else o.positional.push_back(a);
    } catch (const std::logic_error&) {
      usage("bad number for " + a);
    }
  }
  return o;
}

// Stimulus for one input port of one pattern: legal control words from the legal-forms
// table and the random legal generator, operands corner-weighted (0, +-1, lane MIN/MAX).
class Stimulus {
 public:
  Stimulus(uint64_t seed, bool legal, const std::vector<unsigned>& ops)
      : rng_(seed), legal_(legal), ops_(ops) {
    for (const Ctrl& f : cov::legal_forms())
      if (ops_.empty() || std::find(ops_.begin(), ops_.end(), unsigned(f.op)) != ops_.end())
        forms_.push_back(f);
    for (unsigned op : ops_)
      if (std::none_of(forms_.begin(), forms_.end(), [op](const Ctrl& f) { return f.op == op; }))
        usage("--ops: op " + std::to_string(op) + " has no form in the legal-forms table");
  }

  Value draw(const Port& p, unsigned step) {
    const unsigned w = p.width();
    Value v((w + 63) / 64, 0);
    if (p.name == "ctrl_i" && w == kCtrlWidth) {
      v[0] = ctrl_word();
      return v;
    }
    if (p.name == "rst_ni") {
      v[0] = step == 0 ? 0 : rng_.below(32) != 0;
      return v;
    }
    if (p.name == "clk_i") return v;
    for (size_t limb = 0; limb < v.size(); ++limb) {
      if (limb == 0) {
        v[0] = rng_.value();
        continue;
      }
      const bool sign = (v[limb - 1] >> 63) & 1;
      switch (rng_.below(3)) {
        case 0: v[limb] = sign ? ~uint64_t{0} : 0; break;  // sign-extended
        case 1: v[limb] = 0; break;
        default: v[limb] = rng_.value(); break;
      }
    }
    if (w > 64 && w % 64 && rng_.coin()) {  // a 65/33-bit operand: extend bit w-2
      const unsigned b = w - 2;
      const bool s = (v[b / 64] >> (b % 64)) & 1;
      if (s) v[(w - 1) / 64] |= uint64_t{1} << ((w - 1) % 64);
      else v[(w - 1) / 64] &= ~(uint64_t{1} << ((w - 1) % 64));
    }
    if (w < 64 && w > 1 && rng_.below(4) == 0) {  // corners of this very width
      const uint64_t all = (uint64_t{1} << w) - 1;
      const uint64_t corners[] = {0, 1, all, all >> 1, (all >> 1) + 1};
      v[0] = corners[rng_.below(5)];
    }
    if (w % 64) v.back() &= (uint64_t{1} << (w % 64)) - 1;
    return v;
  }

 private:
  uint64_t ctrl_word() {
    if (!legal_ && rng_.below(4) == 0) return rng_.next() & ((uint64_t{1} << kCtrlWidth) - 1);
    if (rng_.coin()) return forms_[next_form_++ % forms_.size()].pack();
    if (legal_ && !ops_.empty()) return rng_.ctrl(Op(ops_[rng_.below(ops_.size())])).pack();
    return rng_.ctrl().pack();
  }

  RandomInsn rng_;
  bool legal_;
  std::vector<unsigned> ops_;
  std::vector<Ctrl> forms_;  // the legal-forms table, of ops_ only when it is given
  size_t next_form_ = 0;
};

// The pair of a command that takes `args` positional arguments, the first two PAIR.aig and
// PAIR.map (`what`: the usage line for a wrong count); a usage error if they do not read or fit.
void load(const Options& o, size_t args, const char* what, Aig* aig, PortMap* map) {
  if (o.positional.size() != args) usage(what);
  try {
    *aig = read_aiger(o.positional.at(0));
    *map = read_map(o.positional.at(1));
    fold_constants(aig);  // GATE's half and the cuts' AIGs come without opt_expr
  } catch (const AigError& e) {
    usage(e.what());
  }
  for (const Port& p : map->inputs)
    for (int k : p.index)
      if (k >= int(aig->num_inputs)) usage("map does not fit the AIGER file");
  for (const Port& p : map->outputs)
    for (int k : p.index)
      if (k >= int(aig->outputs.size())) usage("map does not fit the AIGER file");
  if (unit_outputs(*map).empty()) usage("the AIGER file has no gold_/gate_ output pairs");
}

int report_cex(const Options& o, const Aig& aig, const PortMap& map, const Trace& trace,
               const std::string& extra) {
  const std::vector<StepResult> results = replay(aig, map, trace);
  try {
    if (!o.replay_out.empty()) write_replay(o.replay_out, map, trace);
    if (!o.vcd.empty()) write_vcd(o.vcd, map, trace, results);
  } catch (const AigError& e) {
    usage(e.what());
  }
  std::string js = cex_json(map, trace, results);
  js.insert(js.size() - 1, extra);
  std::printf("%s\n", js.c_str());
  bool differs = false;
  for (const StepResult& r : results) differs |= r.differs;
  return differs ? 1 : 0;
}

int sim_command(const Options& o) {
  Aig aig;
  PortMap map;
  load(o, 2, "sim takes PAIR.aig PAIR.map", &aig, &map);
  const auto start = std::chrono::steady_clock::now();
  Stimulus stim(o.seed, o.legal, o.legal ? o.ops : std::vector<unsigned>{});
  Simulator sim(aig);
  const unsigned steps = std::max(1u, o.seq);
  const std::vector<std::string> outs = unit_outputs(map);
  uint64_t vectors = 0;
  // Per step, per input port (map.inputs' order), the 64 patterns' values. A trace (a map per
  // step) is built only for the pattern that differs: one per pattern and step was most of the
  // time of a 4096-step run (allocating and freeing 262,144 maps: 1.9 s against 0.1 s).
  std::vector<std::vector<std::vector<Value>>> drawn;
  const Port* rst = map.input("rst_ni");
  const size_t rst_port = rst ? size_t(rst - map.inputs.data()) : 0;
  for (;;) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (vectors >= o.vectors || elapsed >= o.seconds) break;
    sim.reset_latches();
    drawn.clear();
    for (unsigned s = 0; s < steps; ++s) {
      std::vector<std::vector<Value>>& now = drawn.emplace_back();
      for (const Port& p : map.inputs) {
        std::vector<Value>& vals = now.emplace_back(64);
        for (unsigned k = 0; k < 64; ++k) vals[k] = stim.draw(p, s);
        for (unsigned b = 0; b < p.width(); ++b) {
          if (p.index[b] < 0) continue;
          uint64_t word = 0;
          for (unsigned k = 0; k < 64; ++k) word |= ((vals[k][b / 64] >> (b % 64)) & 1) << k;
          sim.set_input(uint32_t(p.index[b]), word);
        }
      }
      for (int k : map.init_inputs) sim.set_input(uint32_t(k), 0);
      sim.eval();
      uint64_t checked = ~uint64_t{0};
      if (rst && aig.num_latches && rst->index[0] >= 0) {
        checked = 0;
        for (unsigned k = 0; k < 64; ++k) checked |= uint64_t(now[rst_port][k][0] & 1) << k;
      }
      uint64_t diff = 0;
      for (const std::string& o_name : outs) {
        const Port& g = *map.output("gold_" + o_name);
        const Port& h = *map.output("gate_" + o_name);
        for (unsigned b = 0; b < g.width() && b < h.width(); ++b)
          diff |= (g.index[b] >= 0 ? sim.output(size_t(g.index[b])) : 0) ^
                  (h.index[b] >= 0 ? sim.output(size_t(h.index[b])) : 0);
      }
      diff &= checked;
      vectors += 64;
      if (diff) {
        const unsigned k = unsigned(__builtin_ctzll(diff));
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char extra[128];
        std::snprintf(extra, sizeof extra, ", \"vectors\": %llu, \"seconds\": %.3f",
                      static_cast<unsigned long long>(vectors), secs);
        Trace trace(drawn.size());
        for (size_t t = 0; t < drawn.size(); ++t)
          for (size_t i = 0; i < map.inputs.size(); ++i)
            trace[t][map.inputs[i].name] = drawn[t][i][k];
        return report_cex(o, aig, map, trace, extra);
      }
      sim.step();
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("{\"verdict\": \"no-difference\", \"vectors\": %llu, \"seconds\": %.3f}\n",
              static_cast<unsigned long long>(vectors), secs);
  return 0;
}

int replay_command(const Options& o) {
  Aig aig;
  PortMap map;
  load(o, 3, "replay takes PAIR.aig PAIR.map FILE", &aig, &map);
  Trace trace;
  try {
    trace = read_replay(o.positional[2], map);
  } catch (const AigError& e) {
    usage(e.what());
  }
  const int rc = report_cex(o, aig, map, trace, "");
  return rc;
}

int prove_command(const Options& o) {
  Aig aig;
  PortMap map;
  load(o, 2, "prove takes PAIR.aig PAIR.map", &aig, &map);
  ProveOptions po;
  po.legal = o.legal;
  po.ops = o.ops;
  po.max_terms = o.max_terms;
  po.seconds = o.seconds;
  po.verbose = o.verbose;
  po.skip_forms = o.skip_forms;
  po.only_forms = o.only_forms;
  po.has_class = o.has_class;
  po.class_mask = o.class_mask;
  po.class_values = o.class_values;
  const ProveResult r = prove_pair(aig, map, po);
  if (r.verdict == Verdict::Differ) {
    Options o2 = o;
    return report_cex(o2, aig, map, Trace{r.cex}, ", \"engine\": \"algebra\", " + r.json_fields);
  }
  std::printf("{\"verdict\": \"%s\", %s}\n",
              r.verdict == Verdict::Equal ? "equivalent" : "undecided", r.json_fields.c_str());
  return r.verdict == Verdict::Equal ? 0 : 3;
}

// The polynomial of every output word, inputs free: sizes and time (for measurements).
int rewrite_command(const Options& o) {
  if (o.positional.size() != 2) usage("rewrite takes FILE.aig FILE.map");
  Aig aig;
  PortMap map;
  try {
    aig = read_aiger(o.positional[0]);
    map = read_map(o.positional[1]);
  } catch (const AigError& e) {
    usage(e.what());
  }
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(o.seconds));
  int rc = 0;
  for (const Port& p : map.outputs) {
    std::vector<uint32_t> lits;
    for (int idx : p.index) lits.push_back(idx >= 0 ? aig.outputs[size_t(idx)] : 0);
    Poly poly(p.width());
    RewriteStats st;
    const auto t0 = std::chrono::steady_clock::now();
    const bool ok = p.width() <= 256 &&
                    rewrite_word(aig, lits, p.width(), o.max_terms, deadline, &poly, &st);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s: %s, %.3f s, %zu terms, max %zu; FA %zu HA %zu XOR %zu MAJ %zu AND %zu; "
                "words lifted %zu (failed %zu)\n", p.name.c_str(), ok ? "done" : "gave up", secs,
                ok ? poly.size() : 0, st.max_terms, st.adders, st.half_adders, st.xors, st.majs,
                st.ands, st.lifts, st.lift_failed);
    if (!ok) rc = 3;
  }
  return rc;
}

}  // namespace
}  // namespace ptxalu::algebra

int main(int argc, char** argv) {
  using namespace ptxalu::algebra;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) usage("usage: ptxalu-aig sim|replay|prove PAIR.aig PAIR.map ...");
  const std::string verb = args[0];
  args.erase(args.begin());
  const Options o = parse(args);
  if (verb == "sim") return sim_command(o);
  if (verb == "replay") return replay_command(o);
  if (verb == "prove") return prove_command(o);
  if (verb == "rewrite") return rewrite_command(o);
  usage("unknown command '" + verb + "' (sim, replay, prove)");
}
