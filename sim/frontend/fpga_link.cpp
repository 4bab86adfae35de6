#include "fpga_link.hpp"

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "Vptxalu_link_enc_ptxalu_link_pkg.h"

namespace ptxalu::frontend {

namespace {

using Link = Vptxalu_link_enc_ptxalu_link_pkg;
using Clock = std::chrono::steady_clock;

void put_le(std::vector<uint8_t>* frame, size_t at, uint64_t value, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) (*frame)[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

uint64_t get_le(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= uint64_t{p[i]} << (8 * i);
  return v;
}

}  // namespace

uint16_t link_crc(const uint8_t* data, size_t size, uint16_t crc) {
  for (size_t k = 0; k < size; ++k) {
    crc = static_cast<uint16_t>(crc ^ (data[k] << 8));
    for (int i = 0; i < 8; ++i)
      crc = static_cast<uint16_t>((crc & 0x8000) ? (crc << 1) ^ Link::LinkCrcPoly : crc << 1);
  }
  return crc;
}

std::vector<uint8_t> encode_request(uint8_t seq, const Ctrl& ctrl, const Operands& ops) {
  std::vector<uint8_t> frame(Link::LinkReqBytes, 0);
  frame[0] = static_cast<uint8_t>(Link::LinkReqSync);
  frame[Link::LinkReqSeq] = seq;
  put_le(&frame, Link::LinkReqCtrl, ctrl.pack(), 8);
  const uint64_t operand[4] = {ops.a, ops.b, ops.c, ops.d};
  for (unsigned i = 0; i < 4; ++i) put_le(&frame, Link::LinkReqOps + 8 * i, operand[i], 8);
  const uint16_t crc = link_crc(frame.data() + 1, Link::LinkReqCrc - 1, Link::LinkCrcInit);
  put_le(&frame, Link::LinkReqCrc, crc, 2);
  return frame;
}

FpgaLink::FpgaLink(const std::string& port, int timeout_ms)
    : port_(port), timeout_ms_(timeout_ms), notice_([](const std::string& line) {
        std::fprintf(stderr, "%s\n", line.c_str());
      }) {
  fd_ = ::open(port.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (fd_ < 0) throw LinkError("cannot open serial port '" + port + "': " + std::strerror(errno));
  termios tio{};
  if (::tcgetattr(fd_, &tio) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd_);
    throw LinkError("'" + port + "' is not a serial port: " + why);
  }
  ::cfmakeraw(&tio);
  tio.c_cflag |= CLOCAL | CREAD;
  tio.c_cflag &= ~static_cast<tcflag_t>(CSTOPB | PARENB | CRTSCTS);
  ::cfsetispeed(&tio, B115200);
  ::cfsetospeed(&tio, B115200);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 0;
  if (::tcsetattr(fd_, TCSANOW, &tio) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd_);
    throw LinkError("cannot set up serial port '" + port + "' (115200 8N1 raw): " + why);
  }
}

FpgaLink::~FpgaLink() {
  if (fd_ >= 0) ::close(fd_);
}

LinkResult FpgaLink::execute(const Ctrl& ctrl, const Operands& ops) {
  const uint8_t seq = seq_++;
  const std::vector<uint8_t> request = encode_request(seq, ctrl, ops);
  std::string why;
  for (int n = 1; n <= kAttempts; ++n) {
    LinkResult result;
    why = attempt(request, seq, &result);
    if (why.empty()) return result;
    if (n < kAttempts) {
      ++resends_;
      notice_("ptxalu: fpga link " + port_ + ": request " + std::to_string(seq) + ": " + why +
              "; sending it again (attempt " + std::to_string(n + 1) + " of " +
              std::to_string(kAttempts) + ")");
    }
  }
  throw LinkError("fpga link " + port_ + ": request " + std::to_string(seq) + " failed " +
                  std::to_string(kAttempts) + " times, last: " + why);
}

std::string FpgaLink::attempt(const std::vector<uint8_t>& request, uint8_t seq,
                              LinkResult* out) {
  ::tcflush(fd_, TCIFLUSH);  // whatever is left of an earlier, failed exchange
  size_t sent = 0;
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms_);
  std::vector<uint8_t> rsp;
  rsp.reserve(Link::LinkRspBytes);
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0)
      return sent < request.size() ? "the port took only " + std::to_string(sent) + " of " +
                                         std::to_string(request.size()) + " bytes in " +
                                         std::to_string(timeout_ms_) + " ms"
                                   : "no response in " + std::to_string(timeout_ms_) + " ms";
    pollfd p{fd_, static_cast<short>(POLLIN | (sent < request.size() ? POLLOUT : 0)), 0};
    const int ready = ::poll(&p, 1, static_cast<int>(left));
    if (ready < 0) {
      if (errno == EINTR) continue;
      return std::string("poll failed: ") + std::strerror(errno);
    }
    if (p.revents & (POLLERR | POLLNVAL)) return "the port reported an error";
    if ((p.revents & POLLOUT) && sent < request.size()) {
      const ssize_t n = ::write(fd_, request.data() + sent, request.size() - sent);
      if (n < 0 && errno != EAGAIN && errno != EINTR)
        return std::string("write failed: ") + std::strerror(errno);
      if (n > 0) sent += static_cast<size_t>(n);
    }
    if (!(p.revents & (POLLIN | POLLHUP))) continue;
    uint8_t buf[256];
    const ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      return std::string("read failed: ") + std::strerror(errno);
    }
    if (n == 0) {
      if (p.revents & POLLHUP) return "the port hung up";
      continue;
    }
    for (ssize_t k = 0; k < n; ++k) {
      if (rsp.empty() && buf[k] != Link::LinkRspSync) continue;  // hunt for the sync byte
      rsp.push_back(buf[k]);
      if (rsp.size() < Link::LinkRspBytes) continue;
      const uint16_t crc = link_crc(rsp.data() + 1, Link::LinkRspCrc - 1, Link::LinkCrcInit);
      if (crc != get_le(rsp.data() + Link::LinkRspCrc, 2)) return "damaged response (bad check)";
      if (rsp[Link::LinkRspSeq] != seq) {  // a late answer to an earlier request: skip it
        rsp.clear();
        continue;
      }
      const uint8_t status = rsp[Link::LinkRspStatus];
      if (status & (1u << Link::LinkStBadCrc)) return "the board got a damaged request (bad check)";
      if (status & (1u << Link::LinkStFraming))
        return "the board got a damaged request (framing error)";
      out->value = get_le(rsp.data() + Link::LinkRspResult, 8);
      out->illegal = (status >> Link::LinkStIllegal) & 1u;
      return "";
    }
  }
}

}  // namespace ptxalu::frontend
