// Immediates of the PTX text: the magnitude as written (decimal or 0x hex) and its value in an
// operand's width. Internal to sim/frontend (instruction.cpp); parse_immediate is public.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ptxalu::frontend::detail {

// The unsigned value of `text` (decimal without leading zeros, or 0x hex) if it fits 64 bits;
// else false with the reason in *why.
bool parse_magnitude(std::string_view text, uint64_t* value, std::string* why);

// The value of `-magnitude` or `magnitude` in `width` bits, if it fits.
std::optional<uint64_t> fit(bool negative, uint64_t magnitude, unsigned width);

}  // namespace ptxalu::frontend::detail
