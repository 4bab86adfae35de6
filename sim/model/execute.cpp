// Dispatch of a control word to its family, sources read in their low src_width bits.
#include "model.hpp"
#include "model_internal.hpp"

namespace ptxalu {

uint64_t execute(const Ctrl& ctrl, const Operands& ops) {
  // Outside the precondition: the value the RTL gives with illegal_o, so callers see no junk.
  if (!is_legal(ctrl)) return 0;
  const auto a32 = static_cast<uint32_t>(ops.a);
  const auto b32 = static_cast<uint32_t>(ops.b);
  const auto c32 = static_cast<uint32_t>(ops.c);
  if (model::is_scalar_video(ctrl.op)) return model::scalar_video(ctrl, a32, b32, c32);
  if (ctrl.op == Pkg::OpVmad) return model::vmad(ctrl, a32, b32, c32);
  if (model::is_simd_x2(ctrl.op) || model::is_simd_x4(ctrl.op)) {
    return model::simd_video(ctrl, a32, b32, c32);
  }
  switch (ctrl.op) {
    case Pkg::OpMul:
    case Pkg::OpMad:
    case Pkg::OpMul24:
    case Pkg::OpMad24:
      return model::multiply(ctrl, ops);
    case Pkg::OpDp4a:
    case Pkg::OpDp2a:
      return model::dot_product(ctrl, a32, b32, c32);
    case Pkg::OpPopc:
    case Pkg::OpClz:
    case Pkg::OpBfind:
    case Pkg::OpFns:
    case Pkg::OpBrev:
    case Pkg::OpBfe:
    case Pkg::OpBfi:
    case Pkg::OpBmsk:
    case Pkg::OpSzext:
      return model::bit_manip(ctrl, ops);
    default:
      return model::integer_arith(ctrl, ops);
  }
}

}  // namespace ptxalu
