// ptxalu_board_sim: the verilated board link (fpga/ptxalu_board_link.sv) behind a pseudo-terminal,
// so that the host's own serial code (`ptxalu run --engine fpga --port PTY`) talks to the RTL
// as it would to the board. Bytes from the host are clocked onto the UART receive pin bit by
// bit; the transmit pin is sampled and its bytes go back to the host.
//
//   ptxalu_board_sim [--drop N,..] [--corrupt N,..] [--no-stop N,..] [--reset-at N,..]
//                    [--corrupt-reply N,..] [--wrong-result F,..] [--mute]
//
// Faults, by 0-based byte index of the stream: --drop loses host byte N, --corrupt flips a bit
// of it, --no-stop sends it without its stop bit (a framing error), --reset-at resets the board
// just before it, --corrupt-reply flips a bit of board byte N; --wrong-result flips a bit of the
// result in response frame F and fixes its check (a board that computes wrong, which only the
// comparison with the model can catch); --mute answers nothing.
// Prints "PTY <path>" first, then runs until its standard input closes, and prints
// "frames_ok N frames_err M host_bytes B board_bytes C" (the board's own counts) last.
#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "Vptxalu_board_link.h"
#include "Vptxalu_link_enc_ptxalu_link_pkg.h"
#include "fpga_link.hpp"
#include "verilated.h"
#include "verilated_clock.hpp"

namespace {

using Link = Vptxalu_link_enc_ptxalu_link_pkg;

constexpr int kClksPerBit = PTXALU_SIM_CLKS_PER_BIT;
constexpr int kResetCycles = 4;
constexpr int kCyclesPerPoll = 4096;  // while a byte moves on either pin
constexpr int kCyclesIdle = 1024;     // per idle poll: past the board's idle timeout

struct Faults {
  std::set<long> drop, corrupt, no_stop, reset_at, corrupt_reply, wrong_result;
  bool mute = false;
};

bool parse_list(const char* text, std::set<long>* out) {
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    char* end = nullptr;
    const long v = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || v < 0) return false;
    out->insert(v);
  }
  return true;
}

// One thing for the receive pin: a byte (with or without its stop bit) or a reset pulse.
struct LineItem {
  bool reset = false;
  uint8_t byte = 0;
  bool stop = true;
};

class Board {
 public:
  Board() : top_(std::make_unique<Vptxalu_board_link>(&ctx_)) {
    top_->clk_i = 0;
    top_->uart_rx_i = 1;
    reset(kResetCycles);
  }
  ~Board() { top_->final(); }

  void reset(int cycles) {
    top_->rst_ni = 0;
    for (int i = 0; i < cycles; ++i) cycle();
    top_->rst_ni = 1;
  }

  // One clock: drive the receive pin, sample the transmit pin.
  void cycle() {
    ptxalu::verilated::cycle(*top_);
    frames_ok += top_->frame_ok_o;
    frames_err += top_->frame_err_o;
  }

  std::unique_ptr<Vptxalu_board_link>& top() { return top_; }
  long frames_ok = 0, frames_err = 0;

 private:
  VerilatedContext ctx_;
  std::unique_ptr<Vptxalu_board_link> top_;
};

}  // namespace

int main(int argc, char** argv) {
  Faults faults;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    std::set<long>* list = arg == "--drop"            ? &faults.drop
                           : arg == "--corrupt"       ? &faults.corrupt
                           : arg == "--no-stop"       ? &faults.no_stop
                           : arg == "--reset-at"      ? &faults.reset_at
                           : arg == "--corrupt-reply" ? &faults.corrupt_reply
                           : arg == "--wrong-result"  ? &faults.wrong_result
                                                      : nullptr;
    if (arg == "--mute") {
      faults.mute = true;
    } else if (list && i + 1 < argc && parse_list(argv[i + 1], list)) {
      ++i;
    } else {
      std::fprintf(stderr, "ptxalu_board_sim: error: bad argument '%s' (see the source header)\n",
                   arg.c_str());
      return 2;
    }
  }

  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) {
    std::fprintf(stderr, "ptxalu_board_sim: error: no pseudo-terminal: %s\n", std::strerror(errno));
    return 2;
  }
  const std::string pty = ::ptsname(master);
  // Hold the terminal side open (raw) so that the master never reads EIO between host runs.
  const int slave = ::open(pty.c_str(), O_RDWR | O_NOCTTY);
  termios tio{};
  if (slave < 0 || ::tcgetattr(slave, &tio) != 0) {
    std::fprintf(stderr, "ptxalu_board_sim: error: cannot open %s: %s\n", pty.c_str(),
                 std::strerror(errno));
    return 2;
  }
  ::cfmakeraw(&tio);
  ::tcsetattr(slave, TCSANOW, &tio);
  ::fcntl(master, F_SETFL, ::fcntl(master, F_GETFL) | O_NONBLOCK);
  std::printf("PTY %s\n", pty.c_str());
  std::fflush(stdout);

  Board board;
  std::deque<LineItem> line;  // waiting for the receive pin
  long host_bytes = 0, board_bytes = 0;
  // Receive pin driver: the 10 bits of the byte being sent, and clocks left in this bit.
  int tx_bit = -1, tx_clks = 0;
  LineItem current;
  // Transmit pin monitor.
  int rx_bit = -1, rx_clks = 0;
  uint8_t rx_byte = 0;
  bool running = true;
  std::vector<uint8_t> held;  // a response frame being rewritten (--wrong-result)
  // Clock cycles run, and the last one in which either pin moved: the simulation keeps full
  // speed for a while after (the ALU, the gap between response bytes) and idles after that.
  long cycles = 0, last_active = 0;
  constexpr long kBusyWindow = 16 * kCyclesPerPoll;

  while (running) {
    const bool busy = !line.empty() || cycles - last_active < kBusyWindow;
    pollfd fds[2] = {{master, POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
    if (::poll(fds, 2, busy ? 0 : 2) < 0 && errno != EINTR) break;
    if (fds[0].revents & POLLIN) {
      uint8_t buf[256];
      const ssize_t n = ::read(master, buf, sizeof buf);
      for (ssize_t k = 0; k < n; ++k) {
        const long index = host_bytes++;
        if (faults.reset_at.count(index)) line.push_back({true, 0, true});
        if (faults.drop.count(index) || faults.mute) continue;
        const uint8_t b = faults.corrupt.count(index) ? buf[k] ^ 0x10 : buf[k];
        line.push_back({false, b, !faults.no_stop.count(index)});
      }
    }
    if (fds[1].revents & (POLLIN | POLLHUP)) {
      char buf[64];
      if (::read(STDIN_FILENO, buf, sizeof buf) <= 0) running = false;
    }
    for (int c = 0, n = busy ? kCyclesPerPoll : kCyclesIdle; c < n; ++c) {
      auto& top = board.top();
      if (tx_bit < 0 && !line.empty()) {
        current = line.front();
        line.pop_front();
        if (current.reset) {
          board.reset(kResetCycles);
          continue;
        }
        tx_bit = 0;
        tx_clks = kClksPerBit;
      }
      if (tx_bit >= 0) {
        // bit 0 start, 1..8 data (LSB first), 9 stop, then one idle bit time.
        const int bit = tx_bit == 0 ? 0
                        : tx_bit <= 8 ? (current.byte >> (tx_bit - 1)) & 1
                        : tx_bit == 9 ? (current.stop ? 1 : 0)
                                      : 1;
        top->uart_rx_i = static_cast<uint8_t>(bit);
        if (--tx_clks == 0) {
          tx_clks = kClksPerBit;
          if (++tx_bit == 11) tx_bit = -1;
        }
      } else {
        top->uart_rx_i = 1;
      }
      board.cycle();
      ++cycles;
      const int txd = top->uart_tx_o;
      if (tx_bit >= 0 || rx_bit >= 0 || txd == 0) last_active = cycles;
      if (rx_bit < 0) {
        if (txd == 0) {  // start bit: sample each bit in its middle
          rx_bit = 0;
          rx_clks = kClksPerBit + kClksPerBit / 2;
          rx_byte = 0;
        }
      } else if (--rx_clks == 0) {
        if (rx_bit < 8) {
          rx_byte = static_cast<uint8_t>(rx_byte | (txd << rx_bit));
          ++rx_bit;
          rx_clks = kClksPerBit;
        } else {  // the stop bit's middle
          const long index = board_bytes++;
          uint8_t out = faults.corrupt_reply.count(index) ? rx_byte ^ 0x01 : rx_byte;
          if (txd != 1) out ^= 0x80;  // no stop bit: deliver it damaged, as a UART would
          if (faults.wrong_result.count(index / Link::LinkRspBytes)) {
            held.push_back(out);
            if (held.size() < Link::LinkRspBytes) {
              rx_bit = -1;
              continue;
            }
            held[Link::LinkRspResult] ^= 0x01;
            const uint16_t crc = ptxalu::frontend::link_crc(held.data() + 1, Link::LinkRspCrc - 1,
                                                            Link::LinkCrcInit);
            held[Link::LinkRspCrc] = static_cast<uint8_t>(crc);
            held[Link::LinkRspCrc + 1] = static_cast<uint8_t>(crc >> 8);
            if (::write(master, held.data(), held.size()) != static_cast<ssize_t>(held.size()))
              running = false;
            held.clear();
          } else if (::write(master, &out, 1) != 1) {
            running = false;
          }
          rx_bit = -1;
        }
      }
    }
  }
  std::printf("frames_ok %ld frames_err %ld host_bytes %ld board_bytes %ld\n", board.frames_ok,
              board.frames_err, host_bytes, board_bytes);
  ::close(slave);
  ::close(master);
  return 0;
}
