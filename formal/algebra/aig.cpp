#include "aig.hpp"

#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <sstream>

namespace ptxalu::algebra {

namespace {

uint32_t read_delta(std::istream& in, const std::string& path) {
  uint32_t value = 0;
  for (unsigned shift = 0;; shift += 7) {
    const int ch = in.get();
    if (ch == EOF || shift > 28) throw AigError(path + ": truncated AND section");
    value |= uint32_t(ch & 0x7f) << shift;
    if (!(ch & 0x80)) return value;
  }
}

}  // namespace

Aig read_aiger(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw AigError(path + ": cannot open");
  std::string header;
  std::getline(in, header);
  std::istringstream hs(header);
  std::string magic;
  uint64_t m = 0, i = 0, l = 0, o = 0, a = 0, b = 0, c = 0;
  hs >> magic >> m >> i >> l >> o >> a;
  if (magic != "aig" || !hs) throw AigError(path + ": not a binary AIGER file");
  hs >> b >> c;
  if (b || c) throw AigError(path + ": bad-state/constraint sections are not supported");
  if (m != i + l + a || m > (1u << 30)) throw AigError(path + ": inconsistent header");
  Aig aig;
  aig.num_inputs = uint32_t(i);
  aig.num_latches = uint32_t(l);
  for (uint64_t k = 0; k < l; ++k) {
    std::string line;
    std::getline(in, line);
    std::istringstream ls(line);
    uint32_t next = 0, init = 0;
    if (!(ls >> next)) throw AigError(path + ": bad latch line");
    if (!(ls >> init)) init = 0;
    aig.latch_next.push_back(next);
    aig.latch_init.push_back(init);
  }
  for (uint64_t k = 0; k < o; ++k) {
    std::string line;
    std::getline(in, line);
    aig.outputs.push_back(uint32_t(std::stoul(line)));
  }
  const uint32_t first = uint32_t(i + l + 1);
  for (uint64_t k = 0; k < a; ++k) {
    const uint32_t lhs = 2 * (first + uint32_t(k));
    const uint32_t d0 = read_delta(in, path);
    const uint32_t d1 = read_delta(in, path);
    if (d0 > lhs || d1 > lhs - d0) throw AigError(path + ": bad AND gate");
    aig.and_lhs.push_back(lhs);
    aig.and_rhs0.push_back(lhs - d0);
    aig.and_rhs1.push_back(lhs - d0 - d1);
  }
  const uint32_t max_lit = 2 * aig.num_vars() + 1;
  for (uint32_t lit : aig.outputs)
    if (lit > max_lit) throw AigError(path + ": output literal out of range");
  for (uint32_t lit : aig.latch_next)
    if (lit > max_lit) throw AigError(path + ": latch literal out of range");
  return aig;
}

PortMap read_map(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw AigError(path + ": cannot open");
  PortMap map;
  std::map<std::string, size_t> in_pos, out_pos;
  std::string kind, name;
  int index = 0, bit = 0;
  while (in >> kind >> index >> bit >> name) {
    if (index < 0 || bit < 0 || bit > 100000) throw AigError(path + ": bad line");
    auto add = [&](std::vector<Port>& ports, std::map<std::string, size_t>& pos) {
      auto [it, fresh] = pos.emplace(name, ports.size());
      if (fresh) ports.push_back(Port{name, {}});
      Port& p = ports[it->second];
      if (p.index.size() <= size_t(bit)) p.index.resize(bit + 1, -1);
      p.index[bit] = index;
    };
    if (kind == "input") add(map.inputs, in_pos);
    else if (kind == "output") add(map.outputs, out_pos);
    else if (kind == "init") map.init_inputs.push_back(index);
    // latch lines name state; the simulator does not need them.
  }
  return map;
}

const Port* PortMap::input(const std::string& name) const {
  for (const Port& p : inputs)
    if (p.name == name) return &p;
  return nullptr;
}

const Port* PortMap::output(const std::string& name) const {
  for (const Port& p : outputs)
    if (p.name == name) return &p;
  return nullptr;
}

uint32_t append_and(Aig* aig, uint32_t a, uint32_t b) {
  const uint32_t lhs = 2 * (aig->num_vars() + 1);
  aig->and_lhs.push_back(lhs);
  aig->and_rhs0.push_back(a > b ? a : b);
  aig->and_rhs1.push_back(a > b ? b : a);
  return lhs;
}

uint32_t append_xor(Aig* aig, uint32_t a, uint32_t b) {
  return append_and(aig, append_and(aig, a, b ^ 1) ^ 1, append_and(aig, a ^ 1, b) ^ 1) ^ 1;
}

uint32_t AigBuilder::and_gate(uint32_t a, uint32_t b) { return append_and(&aig_, a, b); }

void keep_beside(const Aig& aig, uint32_t v, const std::vector<std::vector<uint64_t>>& support,
                 std::vector<uint32_t>* lits) {
  std::vector<char> cone(aig.num_vars() + 1, 0);
  const uint32_t first = aig.first_and_var();
  std::vector<uint32_t> stack{v};
  while (!stack.empty()) {
    const uint32_t g = stack.back();
    stack.pop_back();
    if (g < first) continue;
    for (uint32_t l : {aig.and_rhs0[g - first], aig.and_rhs1[g - first]})
      if (!cone[l >> 1]) {
        cone[l >> 1] = 1;
        stack.push_back(l >> 1);
      }
  }
  std::erase_if(*lits, [&](uint32_t l) { return cone[l >> 1] != 0; });
  auto inputs = [&](uint32_t l) { return support_size(support[l >> 1]); };
  size_t widest = 0;
  for (uint32_t l : *lits) widest = std::max(widest, inputs(l));
  std::erase_if(*lits, [&](uint32_t l) { return inputs(l) < widest; });
}

}  // namespace ptxalu::algebra
