// The printer: the canonical text of a control word (the spec's modifier order, defaults
// omitted), which parses back to the same word (instruction.hpp).
#include <string>
#include <vector>

#include "instruction.hpp"
#include "instruction_table.hpp"
#include "model.hpp"

namespace ptxalu::frontend {
namespace {

using namespace table;

std::string scalar_sel_suffix(unsigned sel) {
  const std::string_view name = scalar_sel_name(sel);
  return name.empty() ? "" : "." + std::string(name);
}

std::string simd_sel_suffix(uint16_t sel, unsigned lanes) {
  std::string out = lanes == 4 ? ".b" : ".h";
  for (unsigned k = 0; k < lanes; ++k) out += static_cast<char>('0' + sel_lane(sel, lanes - 1 - k));
  return out;
}

std::string simd_mask_suffix(uint8_t mask, unsigned lanes) {
  std::string out = lanes == 4 ? ".b" : ".h";
  for (unsigned k = 0; k < lanes; ++k) {
    const unsigned lane = lanes - 1 - k;
    if ((mask >> lane) & 1u) out += static_cast<char>('0' + lane);
  }
  return out;
}

std::string signedness(bool s) { return s ? ".s32" : ".u32"; }

}  // namespace

std::string print_opcode(const Ctrl& c) {
  const OpInfo& info = info_of(c.op);
  std::string s(info.name);
  const auto sat = [&] { return c.sat ? std::string(".sat") : std::string(); };
  const auto secop = [&] {
    return c.secop == Pkg::SecNone ? std::string() : "." + std::string(modifier_text(kSecop, c.secop));
  };
  const std::string dab = signedness(c.dsigned) + signedness(c.asigned) + signedness(c.bsigned);
  const std::string ab = signedness(c.asigned) + signedness(c.bsigned);
  const std::string cmp = "." + std::string(modifier_text(kCmp, c.cmp));
  const std::string half = c.half == Pkg::HalfNone ? "" : "." + std::string(modifier_text(kHalf, c.half));
  const std::string mode = c.wrap ? ".wrap" : ".clamp";
  const std::string type = "." + std::string(modifier_text(kType, c.itype));
  switch (info.family) {
    case Family::ScalarVideo:
    case Family::Simd2:
    case Family::Simd4: return s + dab + sat() + secop();
    case Family::VideoShift: return s + dab + sat() + mode + secop();
    case Family::Vmad: {
      std::string scale = c.scale == Pkg::ScaleNone ? "" : "." + std::string(modifier_text(kScale, c.scale));
      return s + dab + (c.po ? ".po" : "") + sat() + scale;
    }
    case Family::Vset:
    case Family::Vset2:
    case Family::Vset4: return s + ab + cmp + secop();
    case Family::Dot: return s + half + ab;
    case Family::Integer: break;
  }
  switch (c.op) {
    case Pkg::OpAdd:
    case Pkg::OpSub: return s + sat() + type;
    case Pkg::OpMul:
    case Pkg::OpMul24:
    case Pkg::OpMad:
    case Pkg::OpMad24: return s + half + sat() + type;
    case Pkg::OpMin:
    case Pkg::OpMax: return s + (c.relu ? ".relu" : "") + type;
    case Pkg::OpBfind: return s + (c.shiftamt ? ".shiftamt" : "") + type;
    case Pkg::OpBmsk:
    case Pkg::OpSzext: return s + mode + type;
    default: return s + type;
  }
}

std::string print_instruction(const Ctrl& c, const std::vector<std::string>& operands) {
  const Family f = info_of(c.op).family;
  std::string out = print_opcode(c);
  for (size_t i = 0; i < operands.size(); ++i) {
    out += i == 0 ? " " : ", ";
    std::string operand = operands[i];
    if (f == Family::Vmad && ((i == 1 && c.neg_prod) || (i == 3 && c.neg_c))) operand = "-" + operand;
    if (is_scalar_video(f) || f == Family::Vmad) {
      if (i == 0) operand += scalar_sel_suffix(c.dsel);
      if (i == 1) operand += scalar_sel_suffix(c.asel);
      if (i == 2) operand += scalar_sel_suffix(c.bsel);
    } else if (is_simd(f)) {
      const unsigned lanes = simd_lanes(f);
      if (i == 0 && c.mask != full_mask(lanes)) operand += simd_mask_suffix(c.mask, lanes);
      if (i == 1 && c.asel != default_asel(lanes)) operand += simd_sel_suffix(c.asel, lanes);
      if (i == 2 && c.bsel != default_bsel(lanes)) operand += simd_sel_suffix(c.bsel, lanes);
    }
    out += operand;
  }
  return out;
}

std::string print_instruction(const Ctrl& c) {
  const Signature sig = signature(c);
  std::vector<std::string> names;
  if (c.op == Pkg::OpBfi) {
    names = {"f", "a", "b", "c", "d"};
  } else {
    names = {"d", "a", "b", "c", "e"};
  }
  names.resize(1 + sig.num_srcs);
  return print_instruction(c, names);
}

}  // namespace ptxalu::frontend
