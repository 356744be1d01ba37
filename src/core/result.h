// Expected-style results for everything that can be refused: the engine never
// throws for bad input, it returns an Error that names the rule case.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace bg::core {

struct Error {
  std::string rule;     // rule case, e.g. "5.13"; empty when no case applies
  std::string message;  // plain words for a person
};

inline Error error(std::string rule, std::string message) {
  return Error{std::move(rule), std::move(message)};
}

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Result(Error e) : v_(std::move(e)) {}      // NOLINT(google-explicit-constructor)
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// Result<void>: success carries nothing.
struct Ok {};
using Status = Result<Ok>;
inline Status ok_status() {
  return Ok{};
}

}  // namespace bg::core
