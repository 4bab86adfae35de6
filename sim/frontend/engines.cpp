#include "engines.hpp"

#include "model.hpp"

#ifdef PTXALU_HAVE_RTL
#include "rtl_engine.hpp"
#endif

namespace ptxalu::frontend {

#ifdef PTXALU_HAVE_RTL
struct Engines::Rtl {
  RtlEngine engine;
};
bool rtl_available() { return true; }
#else
struct Engines::Rtl {};
bool rtl_available() { return false; }
#endif

Engines::Engines(EngineKind kind, const std::string& port) : kind_(kind) {
  if (kind_ == EngineKind::Fpga) {
    fpga_ = std::make_unique<FpgaLink>(port);
    return;
  }
#ifdef PTXALU_HAVE_RTL
  if (kind_ != EngineKind::Model) rtl_ = std::make_unique<Rtl>();
#endif
}

Engines::~Engines() = default;

void Engines::open_fst([[maybe_unused]] const std::string& path) {
#ifdef PTXALU_HAVE_RTL
  if (rtl_) rtl_->engine.open_fst(path);
#endif
}

Outcome Engines::execute(const Ctrl& ctrl, const Operands& ops) {
  Outcome out;
  if (kind_ != EngineKind::Rtl) {
    out.model_value = ptxalu::execute(ctrl, ops);
    out.value = out.model_value;
  }
  if (fpga_) {
    const LinkResult r = fpga_->execute(ctrl, ops);
    out.rtl_value = r.value;
    out.rtl_illegal = r.illegal;
    out.agree = !r.illegal && r.value == out.model_value;
  }
#ifdef PTXALU_HAVE_RTL
  if (rtl_) {
    const RtlResult r = rtl_->engine.execute(ctrl, ops);
    out.rtl_value = r.value;
    out.rtl_illegal = r.illegal;
    if (kind_ == EngineKind::Rtl) out.value = r.value;
    if (kind_ == EngineKind::Both) out.agree = !r.illegal && r.value == out.model_value;
  }
#endif
  return out;
}

}  // namespace ptxalu::frontend
