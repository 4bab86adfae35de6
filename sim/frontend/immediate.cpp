#include "immediate.hpp"

#include "instruction.hpp"
#include "lexer.hpp"

namespace ptxalu::frontend {
namespace detail {

bool parse_magnitude(std::string_view text, uint64_t* value, std::string* why) {
  uint64_t v = 0;
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const unsigned base = hex ? 16 : 10;
  const std::string_view digits = hex ? text.substr(2) : text;
  if (!hex && digits.size() > 1 && digits[0] == '0') {
    *why = "malformed number " + quote(text) +
           ": octal is not supported (write decimal without leading zeros, or 0x hex)";
    return false;
  }
  if (digits.empty()) {
    *why = "malformed number " + quote(text);
    return false;
  }
  for (char c : digits) {
    unsigned d;
    if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
    else if (hex && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
    else if (hex && c >= 'A' && c <= 'F') d = static_cast<unsigned>(c - 'A' + 10);
    else {
      *why = "malformed number " + quote(text);
      return false;
    }
    if (v > (UINT64_MAX - d) / base) {
      *why = "immediate " + quote(text) + " does not fit 64 bits";
      return false;
    }
    v = v * base + d;
  }
  *value = v;
  return true;
}

// The value of `-magnitude` or `magnitude` in `width` bits, if it fits.
std::optional<uint64_t> fit(bool negative, uint64_t magnitude, unsigned width) {
  const uint64_t mask = width >= 64 ? UINT64_MAX : (uint64_t{1} << width) - 1;
  if (!negative) {
    if (magnitude > mask) return std::nullopt;
    return magnitude;
  }
  const uint64_t most_negative = uint64_t{1} << (width - 1);  // |-2^(width-1)|
  if (magnitude > most_negative) return std::nullopt;
  return (~magnitude + 1) & mask;
}

}  // namespace detail

std::optional<uint64_t> parse_immediate(std::string_view text, unsigned width, std::string* why) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  uint64_t magnitude = 0;
  if (!detail::parse_magnitude(digits, &magnitude, why)) return std::nullopt;
  const std::optional<uint64_t> v = detail::fit(negative, magnitude, width);
  if (!v) *why = "value " + std::string(text) + " does not fit " + std::to_string(width) + " bits";
  return v;
}

}  // namespace ptxalu::frontend
