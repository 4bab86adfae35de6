// The host end of the serial command link to ptxalu_top on a board (fpga/README.md): frames
// out, responses back, every one checked, with resends on a lost or damaged frame. The frame
// layout and check come from fpga/ptxalu_link_pkg.sv through Verilator's export.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ctrl.hpp"
#include "user_error.hpp"

namespace ptxalu::frontend {

// A link that cannot be used: the port does not open, or a request got no good response after
// every attempt. what() is one line, fit to print after "error: ".
using LinkError = UserError;

struct LinkResult {
  uint64_t value = 0;
  bool illegal = false;  // the board's ptxalu_top raised illegal_o
};

// CRC-16/CCITT over bytes, as the board computes it.
uint16_t link_crc(const uint8_t* data, size_t size, uint16_t crc);

// The request frame of one instruction.
std::vector<uint8_t> encode_request(uint8_t seq, const Ctrl& ctrl, const Operands& ops);

class FpgaLink {
 public:
  static constexpr int kDefaultTimeoutMs = 500;  // per attempt; a frame takes ~5 ms at 115200
  static constexpr int kAttempts = 4;            // the first send and three resends

  // Opens the serial port raw, 8N1, 115200 baud. Throws LinkError.
  explicit FpgaLink(const std::string& port, int timeout_ms = kDefaultTimeoutMs);
  ~FpgaLink();
  FpgaLink(const FpgaLink&) = delete;
  FpgaLink& operator=(const FpgaLink&) = delete;

  // Where each resend is reported (one line, no newline); stderr by default.
  void set_notice(std::function<void(const std::string&)> notice) { notice_ = std::move(notice); }

  // Sends one instruction and returns the board's result. A response that is missing, damaged
  // (bad check, wrong sequence number) or that reports a damaged request makes it send the
  // same request again (the ALU keeps no state, so a repeat is harmless); after kAttempts it
  // throws LinkError.
  LinkResult execute(const Ctrl& ctrl, const Operands& ops);

  unsigned resends() const { return resends_; }

 private:
  // One attempt: the reason it failed, or empty with *out filled.
  std::string attempt(const std::vector<uint8_t>& request, uint8_t seq, LinkResult* out);

  std::string port_;
  int fd_ = -1;
  int timeout_ms_;
  uint8_t seq_ = 0;
  unsigned resends_ = 0;
  std::function<void(const std::string&)> notice_;
};

}  // namespace ptxalu::frontend
