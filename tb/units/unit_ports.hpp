// A unit's ports as the tests drive them, whichever way the unit carries them: a port per
// signal (ctrl_i, a_i .. d_i, result_o; the sequential ptxalu_divider and ptxalu_mult_iter
// with in_valid_i/in_ready_o, out_valid_o/out_ready_i), or the small configuration's request
// and response structs (ptxalu_pkg::seq_req_t on req_i, seq_rsp_t on rsp_o), which Verilator
// and the Yosys netlist both present as one wide word each, the struct's first field on top.
#pragma once

#include <cstdint>
#include <type_traits>

#include "ctrl.hpp"

namespace ptxalu::tb::ports {

template <typename Dut>
concept StructPorts = requires(Dut& d) {
  d.req_i;
  d.rsp_o;
};

template <typename Dut>
concept Sequential = StructPorts<Dut> || requires(Dut& d) { d.in_valid_i; };

// seq_req_t, from bit 0: d, c, b, a (64 bits each), ctrl, out_ready, in_valid.
inline constexpr unsigned kReqCtrl = 256;
inline constexpr unsigned kReqOutReady = kReqCtrl + kCtrlWidth;
inline constexpr unsigned kReqInValid = kReqOutReady + 1;
// seq_rsp_t, from bit 0: result (64 bits), out_valid, in_ready.
inline constexpr unsigned kRspOutValid = 64;
inline constexpr unsigned kRspInReady = 65;

// `width` (at most 64) bits at `lsb` of a Verilator wide word (32-bit words, word 0 lowest).
template <typename Wide>
uint64_t get_bits(const Wide& w, unsigned lsb, unsigned width) {
  uint64_t v = 0;
  for (unsigned i = 0; i < width; ++i) {
    const unsigned bit = lsb + i;
    v |= uint64_t{(w[bit / 32] >> (bit % 32)) & 1u} << i;
  }
  return v;
}

template <typename Wide>
void set_bits(Wide& w, unsigned lsb, unsigned width, uint64_t value) {
  for (unsigned i = 0; i < width; ++i) {
    const unsigned bit = lsb + i;
    const uint32_t m = uint32_t{1} << (bit % 32);
    w[bit / 32] = ((value >> i) & 1u) ? (w[bit / 32] | m) : (w[bit / 32] & ~m);
  }
}

// The control word and the sources (a unit without c_i or d_i ignores them).
template <typename Dut>
void set_operation(Dut& d, const Ctrl& c, const Operands& o) {
  if constexpr (StructPorts<Dut>) {
    set_bits(d.req_i, kReqCtrl, kCtrlWidth, c.pack());
    const uint64_t sources[] = {o.d, o.c, o.b, o.a};
    for (unsigned k = 0; k < 4; ++k) set_bits(d.req_i, 64 * k, 64, sources[k]);
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
    return get_bits(d.rsp_o, 0, 64);
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
