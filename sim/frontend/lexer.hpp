// Tokens of PTX text. Comments and whitespace separate tokens and are otherwise dropped; each
// token remembers whether anything separated it from the previous one, which is how the
// parser insists on `name.modifier` being written without gaps and how instruction text is
// reproduced with whitespace runs collapsed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostic.hpp"

namespace ptxalu::frontend {

enum class TokenKind {
  Identifier,  // [A-Za-z_$%][A-Za-z0-9_$]*  (registers, opcodes, selector/modifier names)
  Number,      // a digit followed by [A-Za-z0-9_]*; checked by the parser
  Dot,
  Comma,
  Semicolon,
  At,
  Bang,
  Minus,
  Less,
  Greater,
  End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;
  SourcePos pos;
  bool spaced = false;  // whitespace or a comment came directly before this token
};

// Splits `source` into tokens ending with one End token. On a character that starts no token
// or an unterminated /* comment, returns nullopt and sets *error.
std::optional<std::vector<Token>> tokenize(std::string_view source, const std::string& file,
                                           Diagnostic* error);

// How a token is named in messages: `'vadd4'`, `';'`, `end of input`.
std::string describe(const Token& token);

}  // namespace ptxalu::frontend
