#include "trace.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "ctrl.hpp"
#include "instruction.hpp"
#include "json.hpp"
#include "model.hpp"
#include "sim.hpp"

namespace ptxalu::algebra {

std::string hex_of(const Value& value, unsigned width) {
  const unsigned digits = width < 4 ? 1 : (width + 3) / 4;
  std::string s = "0x";
  for (unsigned d = digits; d-- > 0;) {
    const unsigned bit = 4 * d;
    const uint64_t limb = bit / 64 < value.size() ? value[bit / 64] : 0;
    s += "0123456789abcdef"[(limb >> (bit % 64)) & 0xf];
  }
  return s;
}

bool parse_hex(const std::string& text, unsigned width, Value* out) {
  if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return false;
  Value v((width + 63) / 64 + 1, 0);
  unsigned bit = 0;
  for (size_t i = text.size(); i-- > 2; bit += 4) {
    const char ch = text[i];
    uint64_t d;
    if (ch >= '0' && ch <= '9') d = uint64_t(ch - '0');
    else if (ch >= 'a' && ch <= 'f') d = uint64_t(ch - 'a' + 10);
    else if (ch >= 'A' && ch <= 'F') d = uint64_t(ch - 'A' + 10);
    else return false;
    if (bit / 64 >= v.size()) {
      if (d) return false;
      continue;
    }
    v[bit / 64] |= d << (bit % 64);
  }
  for (unsigned b = width; b < 64 * v.size(); ++b)
    if ((v[b / 64] >> (b % 64)) & 1) return false;
  v.resize((width + 63) / 64);
  *out = v;
  return true;
}

namespace {

bool bit_of(const Value& v, unsigned i) { return i / 64 < v.size() && ((v[i / 64] >> (i % 64)) & 1); }

}  // namespace

std::vector<std::string> unit_outputs(const PortMap& map) {
  std::vector<std::string> names;
  for (const Port& p : map.outputs)
    if (p.name.rfind("gold_", 0) == 0 && map.output("gate_" + p.name.substr(5)))
      names.push_back(p.name.substr(5));
  return names;
}

std::vector<StepResult> replay(const Aig& aig, const PortMap& map, const Trace& trace) {
  Simulator sim(aig);
  sim.reset_latches();
  std::vector<StepResult> results;
  const bool sequential = aig.num_latches > 0;
  for (const Step& step : trace) {
    for (const Port& p : map.inputs) {
      auto it = step.find(p.name);
      for (unsigned b = 0; b < p.width(); ++b)
        if (p.index[b] >= 0)
          sim.set_input(uint32_t(p.index[b]),
                        it != step.end() && bit_of(it->second, b) ? 1 : 0);
    }
    for (int k : map.init_inputs) sim.set_input(uint32_t(k), 0);
    sim.eval();
    StepResult r;
    auto rst = step.find("rst_ni");
    r.checked = !sequential || rst == step.end() || bit_of(rst->second, 0);
    for (const std::string& name : unit_outputs(map)) {
      for (int side = 0; side < 2; ++side) {
        const Port& p = *map.output((side ? "gate_" : "gold_") + name);
        Value v((p.width() + 63) / 64, 0);
        for (unsigned b = 0; b < p.width(); ++b)
          if (p.index[b] >= 0 && (sim.output(size_t(p.index[b])) & 1)) v[b / 64] |= uint64_t{1} << (b % 64);
        (side ? r.gate : r.gold)[name] = v;
      }
      if (r.gold[name] != r.gate[name] && r.checked) r.differs = true;
    }
    results.push_back(r);
    sim.step();
  }
  return results;
}

void write_replay(const std::string& path, const PortMap& map, const Trace& trace) {
  std::ofstream out(path);
  out << "# ptxalu equivalence counterexample: one line per cycle, inputs in hex.\n"
         "# Replay: formal/equiv.sh --replay THIS_FILE GOLD GATE TOP\n";
  for (const Step& step : trace) {
    const char* sep = "";
    for (const Port& p : map.inputs) {
      auto it = step.find(p.name);
      out << sep << p.name << '=' << hex_of(it == step.end() ? Value{} : it->second, p.width());
      sep = " ";
    }
    out << '\n';
  }
  if (!out) throw AigError(path + ": cannot write");
}

Trace read_replay(const std::string& path, const PortMap& map) {
  std::ifstream in(path);
  if (!in) throw AigError(path + ": cannot open");
  Trace trace;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string tok;
    Step step;
    while (ls >> tok) {
      const size_t eq = tok.find('=');
      const Port* p = eq == std::string::npos ? nullptr : map.input(tok.substr(0, eq));
      if (!p) throw AigError(path + ": '" + tok + "' names no input of the unit");
      Value v;
      if (!parse_hex(tok.substr(eq + 1), p->width(), &v))
        throw AigError(path + ": '" + tok + "' is not a " + std::to_string(p->width()) +
                       "-bit hex value");
      step[p->name] = v;
    }
    trace.push_back(step);
  }
  if (trace.empty()) throw AigError(path + ": no cycles");
  return trace;
}

void write_vcd(const std::string& path, const PortMap& map, const Trace& trace,
               const std::vector<StepResult>& results) {
  std::ofstream out(path);
  out << "$timescale 1ns $end\n$scope module equiv $end\n";
  struct Sig { std::string name; unsigned width; std::string id; };
  std::vector<Sig> sigs;
  auto ident = [](size_t n) {
    std::string s;
    do { s += char('!' + n % 90); n /= 90; } while (n);
    return s;
  };
  for (const Port& p : map.inputs) sigs.push_back({p.name, p.width(), ident(sigs.size())});
  const std::vector<std::string> outs = unit_outputs(map);
  for (const std::string& o : outs) {
    const unsigned w = map.output("gold_" + o)->width();
    sigs.push_back({"gold_" + o, w, ident(sigs.size())});
    sigs.push_back({"gate_" + o, w, ident(sigs.size())});
  }
  sigs.push_back({"differs", 1, ident(sigs.size())});
  for (const Sig& s : sigs) out << "$var wire " << s.width << ' ' << s.id << ' ' << s.name << " $end\n";
  out << "$upscope $end\n$enddefinitions $end\n";
  auto bin = [](const Value& v, unsigned w) {
    std::string s;
    for (unsigned b = w; b-- > 0;) s += bit_of(v, b) ? '1' : '0';
    return s;
  };
  for (size_t t = 0; t < trace.size(); ++t) {
    out << '#' << 10 * t << '\n';
    size_t k = 0;
    for (const Port& p : map.inputs) {
      auto it = trace[t].find(p.name);
      out << 'b' << bin(it == trace[t].end() ? Value{} : it->second, p.width()) << ' '
          << sigs[k++].id << '\n';
    }
    for (const std::string& o : outs) {
      const unsigned w = map.output("gold_" + o)->width();
      out << 'b' << bin(results[t].gold.at(o), w) << ' ' << sigs[k++].id << '\n';
      out << 'b' << bin(results[t].gate.at(o), w) << ' ' << sigs[k++].id << '\n';
    }
    out << (results[t].differs ? '1' : '0') << sigs[k].id << '\n';
  }
  out << '#' << 10 * trace.size() << '\n';
  if (!out) throw AigError(path + ": cannot write");
}

namespace {

std::string ptx_of(const Value& word) {
  const Ctrl ctrl = Ctrl::unpack(word.empty() ? 0 : word[0]);
  if (!is_legal(ctrl)) return "(an illegal control word)";
  return frontend::print_instruction(ctrl);
}

}  // namespace

std::string cex_json(const PortMap& map, const Trace& trace,
                     const std::vector<StepResult>& results) {
  std::ostringstream js;
  const Port* ctrl = map.input("ctrl_i");
  const bool has_ctrl = ctrl && ctrl->width() == kCtrlWidth;
  size_t fail = 0;
  while (fail < results.size() && !results[fail].differs) ++fail;
  js << "{\"verdict\": \"differ\", \"fail_step\": " << fail << ", \"steps\": [";
  for (size_t t = 0; t < trace.size(); ++t) {
    js << (t ? ", " : "") << "{\"inputs\": {";
    const char* sep = "";
    for (const Port& p : map.inputs) {
      auto it = trace[t].find(p.name);
      js << sep << json_quote(p.name) << ": "
         << json_quote(hex_of(it == trace[t].end() ? Value{} : it->second, p.width()));
      sep = ", ";
    }
    js << "}, \"outputs\": {";
    sep = "";
    for (const std::string& o : unit_outputs(map)) {
      const unsigned w = map.output("gold_" + o)->width();
      js << sep << json_quote(o) << ": {\"width\": " << w << ", \"gold\": "
         << json_quote(hex_of(results[t].gold.at(o), w)) << ", \"gate\": "
         << json_quote(hex_of(results[t].gate.at(o), w)) << "}";
      sep = ", ";
    }
    js << "}";
    if (has_ctrl) {
      auto it = trace[t].find("ctrl_i");
      js << ", \"ptx\": " << json_quote(ptx_of(it == trace[t].end() ? Value{} : it->second));
    }
    js << ", \"checked\": " << (results[t].checked ? "true" : "false") << "}";
  }
  js << "]}";
  return js.str();
}

}  // namespace ptxalu::algebra
