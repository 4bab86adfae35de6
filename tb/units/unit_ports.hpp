// A unit's ports as the tests drive them, whichever way the unit carries them: a port per
// signal (ctrl_i, a_i .. d_i, result_o; the sequential ptxalu_divider and ptxalu_mult_iter
// with in_valid_i/in_ready_o, out_valid_o/out_ready_i), or the small configuration's request
// and response structs (ptxalu_pkg::seq_req_t on req_i, seq_rsp_t on rsp_o), which Verilator
// and the Yosys netlist both present as one wide word each, the struct's first field on top.
#pragma once

#include <cstdint>
#include <type_traits>

#include "ctrl.hpp"
#include "wide_word.hpp"

namespace ptxalu::tb::ports {

template <typename Dut>
concept StructPorts = requires(Dut& d) {
  d.req_i;
  d.rsp_o;
};

template <typename Dut>
concept Sequential = StructPorts<Dut> || requires(Dut& d) { d.in_valid_i; };

// The structs' layouts, from bit 0 (ptxalu_pkg declares them most significant field first):
// seq_req_t d, c, b, a, ctrl, out_ready, in_valid; seq_rsp_t result, out_valid, in_ready. The
// sources and the result are as wide as Operands' fields, ctrl Pkg::CtrlWidth; set_operation
// checks the totals against the widths Verilator gives the ports (check_struct_widths).
inline constexpr unsigned kDataBits = 8 * sizeof(Operands::a);
inline constexpr unsigned kReqCtrl = 4 * kDataBits;
inline constexpr unsigned kReqOutReady = kReqCtrl + kCtrlWidth;
inline constexpr unsigned kReqInValid = kReqOutReady + 1;
inline constexpr unsigned kReqBits = kReqInValid + 1;
inline constexpr unsigned kRspOutValid = kDataBits;
inline constexpr unsigned kRspInReady = kRspOutValid + 1;
inline constexpr unsigned kRspBits = kRspInReady + 1;

// A struct that grew or shrank in ptxalu_pkg changes its port's word count; compile-time.
template <typename Dut>
constexpr void check_struct_widths() {
  static_assert(sizeof(Dut::req_i) == 4 * ((kReqBits + 31) / 32), "seq_req_t's width changed");
  static_assert(sizeof(Dut::rsp_o) == 4 * ((kRspBits + 31) / 32), "seq_rsp_t's width changed");
}

// The control word and the sources (a unit without c_i or d_i ignores them).
template <typename Dut>
void set_operation(Dut& d, const Ctrl& c, const Operands& o) {
  if constexpr (StructPorts<Dut>) {
    check_struct_widths<Dut>();
    set_bits(d.req_i, kReqCtrl, kCtrlWidth, c.pack());
    const uint64_t sources[] = {o.d, o.c, o.b, o.a};
    for (unsigned k = 0; k < 4; ++k) set_bits(d.req_i, kDataBits * k, kDataBits, sources[k]);
  } else {
    d.ctrl_i = c.pack();
    d.a_i = static_cast<std::remove_reference_t<decltype(d.a_i)>>(o.a);
    d.b_i = static_cast<std::remove_reference_t<decltype(d.b_i)>>(o.b);
    if constexpr (requires { d.c_i; }) {
      d.c_i = static_cast<std::remove_reference_t<decltype(d.c_i)>>(o.c);
    }
    if constexpr (requires { d.d_i; }) {
      d.d_i = static_cast<std::remove_reference_t<decltype(d.d_i)>>(o.d);
    }
  }
}

template <typename Dut>
uint64_t result(const Dut& d) {
  if constexpr (StructPorts<Dut>) {
    return get_bits(d.rsp_o, 0, kDataBits);
  } else {
    return d.result_o;
  }
}

// The handshake of a sequential unit: the caller's in_valid and out_ready (set), the unit's
// in_ready and out_valid (get).
enum class Hs { InValid, OutReady, InReady, OutValid };

// Plain ports: the one-bit port of `s`.
template <typename Dut>
auto& port(Dut& d, Hs s) {
  switch (s) {
    case Hs::InValid: return d.in_valid_i;
    case Hs::OutReady: return d.out_ready_i;
    case Hs::InReady: return d.in_ready_o;
    default: return d.out_valid_o;
  }
}

template <typename Dut>
bool get(Dut& d, Hs s) {
  if constexpr (StructPorts<Dut>) {
    switch (s) {
      case Hs::InValid: return get_bits(d.req_i, kReqInValid, 1) != 0;
      case Hs::OutReady: return get_bits(d.req_i, kReqOutReady, 1) != 0;
      case Hs::InReady: return get_bits(d.rsp_o, kRspInReady, 1) != 0;
      default: return get_bits(d.rsp_o, kRspOutValid, 1) != 0;
    }
  } else {
    return port(d, s) != 0;
  }
}

template <typename Dut>
void set(Dut& d, Hs s, bool v) {
  if constexpr (StructPorts<Dut>) {
    set_bits(d.req_i, s == Hs::InValid ? kReqInValid : kReqOutReady, 1, v);
  } else {
    port(d, s) = v;
  }
}

}  // namespace ptxalu::tb::ports
