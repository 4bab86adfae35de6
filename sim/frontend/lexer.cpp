#include "lexer.hpp"

#include <cstdio>

namespace ptxalu::frontend {
namespace {

bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '$';
}

class Lexer {
 public:
  Lexer(std::string_view source, const std::string& file) : src_(source), file_(file) {}

  std::optional<std::vector<Token>> run(Diagnostic* error) {
    std::vector<Token> tokens;
    bool spaced = false;
    while (true) {
      if (!skip_space_and_comments(&spaced, error)) return std::nullopt;
      Token token;
      token.pos = pos_;
      token.spaced = spaced;
      spaced = false;
      if (at_end()) {
        tokens.push_back(token);
        return tokens;
      }
      const char c = peek();
      if (is_ident_start(c)) {
        token.kind = TokenKind::Identifier;
        token.text += advance();
        while (!at_end() && is_ident_char(peek())) token.text += advance();
        if (token.text == "%") return fail(token.pos, "'%' must start a register name", error);
      } else if (is_digit(c)) {
        token.kind = TokenKind::Number;
        while (!at_end() && (is_ident_char(peek()) && peek() != '$')) token.text += advance();
      } else {
        switch (c) {
          case '.': token.kind = TokenKind::Dot; break;
          case ',': token.kind = TokenKind::Comma; break;
          case ';': token.kind = TokenKind::Semicolon; break;
          case '@': token.kind = TokenKind::At; break;
          case '!': token.kind = TokenKind::Bang; break;
          case '-': token.kind = TokenKind::Minus; break;
          case '<': token.kind = TokenKind::Less; break;
          case '>': token.kind = TokenKind::Greater; break;
          default: return fail(pos_, "unexpected character " + quote_char(c), error);
        }
        token.text += advance();
      }
      tokens.push_back(std::move(token));
    }
  }

 private:
  bool at_end() const { return index_ >= src_.size(); }
  char peek(size_t ahead = 0) const {
    return index_ + ahead < src_.size() ? src_[index_ + ahead] : '\0';
  }
  char advance() {
    const char c = src_[index_++];
    if (c == '\n') {
      ++pos_.line;
      pos_.column = 1;
    } else {
      ++pos_.column;
    }
    return c;
  }

  bool skip_space_and_comments(bool* spaced, Diagnostic* error) {
    while (!at_end()) {
      const char c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        while (!at_end() && peek() != '\n') advance();
      } else if (c == '/' && peek(1) == '*') {
        const SourcePos start = pos_;
        advance();
        advance();
        while (!(peek() == '*' && peek(1) == '/')) {
          if (at_end()) {
            fail(start, "unterminated /* comment", error);
            return false;
          }
          advance();
        }
        advance();
        advance();
      } else {
        return true;
      }
      *spaced = true;
    }
    return true;
  }

  static std::string quote_char(char c) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x21 && byte < 0x7f) return std::string("'") + c + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02x", byte);
    return std::string("byte ") + buf;
  }

  std::nullopt_t fail(SourcePos pos, const std::string& message, Diagnostic* error) const {
    *error = Diagnostic{file_, pos, message};
    return std::nullopt;
  }

  std::string_view src_;
  const std::string& file_;
  size_t index_ = 0;
  SourcePos pos_;
};

}  // namespace

std::optional<std::vector<Token>> tokenize(std::string_view source, const std::string& file,
                                           Diagnostic* error) {
  return Lexer(source, file).run(error);
}

std::string describe(const Token& token) {
  if (token.kind == TokenKind::End) return "end of input";
  return quote(token.text);
}

}  // namespace ptxalu::frontend
