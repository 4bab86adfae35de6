#include "prove.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "ctrl.hpp"
#include "instruction.hpp"
#include "legal_forms.hpp"
#include "model.hpp"
#include "poly.hpp"
#include "rewrite.hpp"

namespace ptxalu::algebra {

namespace {

// Control-word bits of the selector fields, varied on top of legal_forms() (which holds them
// at their defaults) where the outputs depend on them.
uint64_t selector_mask() {
  Ctrl all;
  all.asel = 0xfff;
  all.bsel = 0xfff;
  all.mask = 0xf;
  return all.pack();
}

// Whether the cone of literal `lit` holds more than `limit` AND gates (counted up to that).
bool cone_larger(const Aig& aig, uint32_t lit, size_t limit) {
  const uint32_t first = aig.first_and_var();
  std::vector<uint32_t> stack{lit >> 1};
  std::set<uint32_t> seen;
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    if (v < first || !seen.insert(v).second) continue;
    if (seen.size() > limit) return true;
    stack.push_back(aig.and_rhs0[v - first] >> 1);
    stack.push_back(aig.and_rhs1[v - first] >> 1);
  }
  return false;
}

std::string form_name(uint64_t word, bool has_ctrl) {
  if (!has_ctrl) return "all";
  const Ctrl c = Ctrl::unpack(word);
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%015llx", static_cast<unsigned long long>(word));
  if (!is_legal(c)) return hex;
  return frontend::print_opcode(c);
}

}  // namespace

ProveResult prove_pair(const Aig& aig, const PortMap& map, const ProveOptions& options) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const auto deadline = start + std::chrono::duration_cast<clock::duration>(
                                    std::chrono::duration<double>(options.seconds));
  ProveResult result;
  std::ostringstream undecided, proven;
  std::ostringstream undecided_words;  // the control word of each undecided form, for the flow
  std::string support_hex = "0";  // the control bits the outputs read (a form: these bits' values)
  std::set<std::string> skipped;  // PTX names of the forms left out by --skip-forms
  // With --skip-forms/--only-forms: the PTX names of every legal word compared (the flow checks
  // that a run covers the forms another left to it; "proven" names one form per circuit).
  std::set<std::string> compared;
  const std::regex skip_re(options.skip_forms.empty() ? "$^" : options.skip_forms);
  const std::regex only_re(options.only_forms.empty() ? "" : options.only_forms);
  auto finish = [&](Verdict v, const std::string& forms) {
    result.verdict = v;
    std::string skip_list;
    for (const std::string& n : skipped) skip_list += (skip_list.empty() ? "\"" : ", \"") + n + "\"";
    std::string compared_list;
    for (const std::string& n : compared)
      compared_list += (compared_list.empty() ? "\"" : ", \"") + n + "\"";
    const double secs = std::chrono::duration<double>(clock::now() - start).count();
    char buf[64];
    std::snprintf(buf, sizeof buf, "\"seconds\": %.3f", secs);
    result.json_fields = std::string(buf) + ", \"forms\": " + forms + ", \"proven\": [" +
                         proven.str() + "], \"undecided\": [" + undecided.str() + "]" +
                         ", \"undecided_words\": [" + undecided_words.str() + "]" +
                         ", \"ctrl_support\": \"" + support_hex + "\"" +
                         ", \"skipped\": [" + skip_list + "]" +
                         ", \"compared\": [" + compared_list + "]";
    return result;
  };
  if (aig.num_latches) {
    undecided << "\"sequential designs are outside the algebraic engine\"";
    return finish(Verdict::Undecided, "0");
  }
  const std::vector<std::string> outs = unit_outputs(map);
  std::vector<uint32_t> out_lits;
  for (const std::string& o : outs)
    for (const char* side : {"gold_", "gate_"})
      for (int idx : map.output(side + o)->index)
        if (idx >= 0) out_lits.push_back(aig.outputs[size_t(idx)]);
  const std::vector<bool> support = input_support(aig, out_lits);

  // The forms: control-word values projected on the bits the outputs read.
  const Port* ctrl = map.input("ctrl_i");
  const bool has_ctrl = ctrl && ctrl->width() == kCtrlWidth;
  uint64_t ctrl_support = 0;
  if (has_ctrl)
    for (unsigned b = 0; b < kCtrlWidth; ++b)
      if (ctrl->index[b] >= 0 && support[size_t(ctrl->index[b])]) ctrl_support |= uint64_t{1} << b;
  {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(ctrl_support));
    support_hex = buf;
  }
  std::map<uint64_t, uint64_t> forms;  // projection -> a representative legal word
  // --skip-forms / --only-forms by the word's own name, before words are merged by projection:
  // a projection then stands for compared words only (a skipped word that represented others
  // would leave them out unnamed).
  auto add_form = [&](uint64_t projection, uint64_t w) {
    if (options.has_class && std::find(options.class_values.begin(), options.class_values.end(),
                                       w & options.class_mask) == options.class_values.end())
      return;
    if (!options.skip_forms.empty() || !options.only_forms.empty()) {
      const std::string name = form_name(w, has_ctrl);
      if (!options.skip_forms.empty() && std::regex_search(name, skip_re)) {
        skipped.insert(name);
        return;
      }
      if (!options.only_forms.empty() && !std::regex_search(name, only_re)) return;
      compared.insert(name);
    }
    forms.emplace(projection, w);
  };
  if (!has_ctrl) {
    forms[0] = 0;
  } else if (options.legal) {
    const uint64_t sel = selector_mask() & ctrl_support;
    std::vector<unsigned> sel_bits;
    for (unsigned b = 0; b < kCtrlWidth; ++b)
      if ((sel >> b) & 1) sel_bits.push_back(b);
    if (sel_bits.size() > 14) {
      undecided << "\"the outputs read " << sel_bits.size()
                << " selector bits: too many forms for the algebraic engine\"";
      return finish(Verdict::Undecided, "0");
    }
    for (const Ctrl& f : cov::legal_forms()) {
      if (!options.ops.empty() &&
          std::find(options.ops.begin(), options.ops.end(), unsigned(f.op)) == options.ops.end())
        continue;
      for (uint64_t s = 0; s < (uint64_t{1} << sel_bits.size()); ++s) {
        uint64_t w = f.pack() & ~sel;
        for (size_t i = 0; i < sel_bits.size(); ++i)
          if ((s >> i) & 1) w |= uint64_t{1} << sel_bits[i];
        if (s && !cov::in_table(Ctrl::unpack(w))) continue;
        add_form(w & ctrl_support, w);
      }
    }
  } else {
    if (__builtin_popcountll(ctrl_support) > 14) {
      undecided << "\"without --legal the outputs read " << __builtin_popcountll(ctrl_support)
                << " control bits: too many forms\"";
      return finish(Verdict::Undecided, "0");
    }
    std::vector<unsigned> bits;
    for (unsigned b = 0; b < kCtrlWidth; ++b)
      if ((ctrl_support >> b) & 1) bits.push_back(b);
    for (uint64_t s = 0; s < (uint64_t{1} << bits.size()); ++s) {
      uint64_t w = 0;
      for (size_t i = 0; i < bits.size(); ++i)
        if ((s >> i) & 1) w |= uint64_t{1} << bits[i];
      add_form(w, w);
    }
  }

  if (forms.empty()) {  // nothing compared is nothing proven
    undecided << "\"no form to compare (--ops, --skip-forms, --only-forms left none)\"";
    return finish(Verdict::Undecided, "0");
  }
  bool any_undecided = false;
  std::set<uint64_t> words_listed;
  auto add_word = [&](uint64_t w) {
    if (!has_ctrl || !words_listed.insert(w).second) return;
    char buf[32];
    std::snprintf(buf, sizeof buf, "\"0x%llx\"", static_cast<unsigned long long>(w));
    undecided_words << (words_listed.size() > 1 ? ", " : "") << buf;
  };
  // Each circuit's first form, and whether every output of it was proven.
  std::map<std::vector<uint32_t>, std::pair<std::string, bool>> first_of_shape;
  LiftMemory gold_memory, gate_memory;  // lift guesses learned across forms, per side
  size_t same_circuit = 0;
  const char* psep = "";
  const char* usep = undecided.tellp() > 0 ? ", " : "";
  for (const auto& [projection, word] : forms) {
    std::vector<int> fixed(aig.num_inputs, -1);
    if (has_ctrl)
      for (unsigned b = 0; b < kCtrlWidth; ++b)
        if (ctrl->index[b] >= 0) fixed[size_t(ctrl->index[b])] = int((word >> b) & 1);
    const Aig reduced = fix_inputs(aig, fixed);
    const std::string name = form_name(word, has_ctrl);
    // Forms that leave the same circuit (e.g. every operation the unit treats alike), or the
    // same up to a renaming of the inputs (another element of an operand selected), are
    // proven once: equal polynomials for one are equal polynomials for the other.
    std::vector<uint32_t> shape_lits;
    for (const std::string& o : outs)
      for (const char* side : {"gold_", "gate_"})
        for (int idx : map.output(side + o)->index)
          shape_lits.push_back(idx >= 0 ? reduced.outputs[size_t(idx)] : 0);
    std::vector<uint32_t> shape = canonical_shape(reduced, shape_lits);
    if (const auto it = first_of_shape.find(shape); it != first_of_shape.end()) {
      ++same_circuit;
      if (it->second.second)  // proven with its first form (an undecided one stands for it)
        for (const std::string& o : outs) {
          proven << psep << "\"" << name << ": " << o << " (as " << it->second.first << ")\"";
          psep = ", ";
        }
      continue;
    }
    bool form_proven = true;
    for (const std::string& o : outs) {
      const Port& g = *map.output("gold_" + o);
      const Port& h = *map.output("gate_" + o);
      std::vector<uint32_t> gl, hl;
      for (int idx : g.index) gl.push_back(idx >= 0 ? reduced.outputs[size_t(idx)] : 0);
      for (int idx : h.index) hl.push_back(idx >= 0 ? reduced.outputs[size_t(idx)] : 0);
      if (gl == hl) {  // structurally identical after constant propagation
        proven << psep << "\"" << name << ": " << o << " (structural)\"";
        psep = ", ";
        continue;
      }
      // The word's top bits that are one literal on both sides (after constant propagation and
      // hashing: the same function, e.g. both 0 above a 32-bit result in a 64-bit port) are
      // equal; the bits below them are compared as a word modulo 2^t. A product truncated to
      // t bits and zero-extended is then a plain product mod 2^t: read at 2^t and above, its
      // top column's discarded carries stay in the polynomial (mult_split's mul.wide.s16).
      // (A bit missing from the map is 0, as in the rewrite.)
      gl.resize(std::max(gl.size(), hl.size()), 0);
      hl.resize(gl.size(), 0);
      unsigned t = unsigned(gl.size());
      while (t > 0 && gl[t - 1] == hl[t - 1]) --t;
      // Each side rewritten in its own cone: gates the other side shares after hashing would
      // otherwise pair one side's sums with the other side's carries.
      std::vector<size_t> gidx, hidx;
      for (unsigned i = 0; i < t && i < g.width(); ++i)
        if (g.index[i] >= 0) gidx.push_back(size_t(g.index[i]));
      for (unsigned i = 0; i < t && i < h.width(); ++i)
        if (h.index[i] >= 0) hidx.push_back(size_t(h.index[i]));
      std::vector<uint32_t> gold_origin, gate_origin;
      const Aig gold_cone = fix_inputs(aig, fixed, &gidx, false, &gold_origin);
      const Aig gate_cone = fix_inputs(aig, fixed, &hidx, false, &gate_origin);
      gl.resize(t);
      hl.resize(t);
      for (size_t i = 0; i < t; ++i)
        gl[i] = i < g.width() && g.index[i] >= 0 ? gold_cone.outputs[size_t(g.index[i])] : 0;
      for (size_t i = 0; i < t; ++i)
        hl[i] = i < h.width() && h.index[i] >= 0 ? gate_cone.outputs[size_t(h.index[i])] : 0;
      Poly pg(t), ph(t);
      RewriteStats sg, sh;
      // Each side with the lift guesses learned on the earlier forms (LiftMemory): a side left
      // undecided after skipping a guess is rewritten again, trying every guess.
      auto side = [&](const Aig& cone, const std::vector<uint32_t>& origin, LiftMemory& memory,
                      const std::vector<uint32_t>& lits, Poly* p, RewriteStats* st) {
        for (const bool skip : {true, false}) {
          Rewriter r(cone);
          memory.skip = skip;
          r.set_memory(&memory, &origin);
          *st = RewriteStats{};
          st->retried = !skip;
          const bool done = r.word(lits, t, options.max_terms, deadline, p, st);
          st->lift_skipped = r.lifts_skipped();
          if (done) return true;
          if (!r.lifts_skipped() || clock::now() > deadline) return false;
        }
        return false;
      };
      // A word neither polynomial of which is small, e.g. a product's high half (its bits read
      // the carries out of the low half): each side completed by the bits below it
      // (Rewriter::slice_parts); equal completed words and equal low parts make the words equal.
      // Tried first when GOLD's lowest bit has a large cone (more than SliceFirstCone gates: it
      // reads many columns below it): the rewrite gives such a word up only after ~1 s at a few
      // hundred thousand terms (mult_ctree's and mult_split's .hi forms, 2026-11-28), and a
      // word that GOLD completes so is not rewritten as it is. A word whose lowest bit is small
      // (a product's low half: one AND) is rewritten first, the slices tried if that fails.
      constexpr size_t SliceFirstCone = 64;
      const auto lowest = std::find_if(gl.begin(), gl.end(), [](uint32_t l) { return l > 1; });
      const bool slice_first =
          lowest != gl.end() && cone_larger(gold_cone, *lowest, SliceFirstCone);
      bool ok = false, gold_sliced = false;
      const char* how = "";
      auto slices = [&] {
        Rewriter::SliceParts parts_g, parts_h;
        gold_sliced = Rewriter(gold_cone).slice_parts(gl, t, options.max_terms, deadline, &parts_g);
        auto equal = [&] {
          return parts_g.shift == parts_h.shift &&
                 difference(parts_g.low, parts_h.low).size() == 0 &&
                 difference(parts_g.whole, parts_h.whole).size() == 0;
        };
        if (!gold_sliced) return;
        // GATE's L by simulation first (its bits those of GOLD's L), then by the search
        ok = Rewriter(gate_cone).slice_parts_like(parts_g.low, parts_g.shift, hl, t,
                                                  options.max_terms, deadline, &parts_h) &&
             equal();
        ok = ok || (Rewriter(gate_cone).slice_parts(hl, t, options.max_terms, deadline,
                                                    &parts_h) &&
                    equal());
        if (ok) {
          how = " (with its low part)";
          pg = ph = Poly(t);
        }
      };
      const auto t0 = clock::now();
      if (slice_first) slices();
      const auto t1 = clock::now();
      if (!gold_sliced) {
        ok = side(gold_cone, gold_origin, gold_memory, gl, &pg, &sg) &&
             side(gate_cone, gate_origin, gate_memory, hl, &ph, &sh);
        if (!ok && !slice_first && clock::now() < deadline) slices();
      }
      if (options.verbose)
        std::fprintf(stderr, "form %s (0x%llx) output %s: %s, %.3f s (slices first %.3f, then %.3f), "
                     "max terms %zu/%zu, gold FA %zu HA %zu XOR %zu MAJ %zu AND %zu, words "
                     "lifted %zu/%zu (failed %zu/%zu, skipped %zu/%zu%s), terms vanished "
                     "%zu/%zu, factors absorbed %zu/%zu\n",
                     name.c_str(), static_cast<unsigned long long>(word),
                     o.c_str(), ok ? "done" : "gave up",
                     std::chrono::duration<double>(clock::now() - start).count(),
                     std::chrono::duration<double>(t1 - t0).count(),
                     std::chrono::duration<double>(clock::now() - t1).count(), sg.max_terms,
                     sh.max_terms, sg.adders, sg.half_adders, sg.xors, sg.majs, sg.ands, sg.lifts,
                     sh.lifts, sg.lift_failed, sh.lift_failed, sg.lift_skipped, sh.lift_skipped,
                     sg.retried || sh.retried ? ", rewritten again" : "", sg.vanished, sh.vanished,
                     sg.absorbed, sh.absorbed);
      if (!ok) {
        form_proven = false;
        undecided << usep << "\"" << name << ": " << o
                  << (clock::now() > deadline ? " (time limit)" : " (polynomial too large)") << "\"";
        usep = ", ";
        any_undecided = true;
        if (clock::now() > deadline) return finish(Verdict::Undecided, std::to_string(forms.size()));
        add_word(word);
        continue;
      }
      const Poly diff = difference(pg, ph);
      if (diff.size() == 0) {
        proven << psep << "\"" << name << ": " << o << how << "\"";
        psep = ", ";
        continue;
      }
      // A nonzero remainder: its lowest-degree monomial, variables 1 and the rest 0, makes the
      // difference equal that monomial's (nonzero) coefficient.
      const Monomial* best = nullptr;
      for (auto& [m, c] : diff.terms())
        if (!best || m.size() < best->size()) best = &m;
      std::vector<bool> one(aig.num_inputs + 1, false);
      for (uint32_t v : *best) one[v] = true;
      Step step;
      for (const Port& p : map.inputs) {
        Value v((p.width() + 63) / 64, 0);
        for (unsigned b = 0; b < p.width(); ++b) {
          const int idx = p.index[b];
          if (idx < 0) continue;
          const bool bit = fixed[size_t(idx)] >= 0 ? fixed[size_t(idx)] == 1 : one[size_t(idx) + 1];
          if (bit) v[b / 64] |= uint64_t{1} << (b % 64);
        }
        step[p.name] = v;
      }
      const std::vector<StepResult> check = replay(aig, map, Trace{step});
      if (!check[0].differs) {
        form_proven = false;
        undecided << usep << "\"" << name << ": " << o
                  << " (engine error: remainder witness does not differ)\"";
        usep = ", ";
        any_undecided = true;
        add_word(word);
        continue;
      }
      result.cex = step;
      return finish(Verdict::Differ, std::to_string(forms.size()));
    }
    first_of_shape.emplace(std::move(shape), std::make_pair(name, form_proven));
  }
  return finish(any_undecided ? Verdict::Undecided : Verdict::Equal,
                std::to_string(forms.size()) + ", \"distinct_circuits\": " +
                    std::to_string(forms.size() - same_circuit));
}

}  // namespace ptxalu::algebra
