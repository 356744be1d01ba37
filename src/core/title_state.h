// What a title's exclusive rules remember between actions (Road to Richmond's
// Activation turn, the Train's exit, the secret written choice, ...), typed by
// the title and opaque to the core. It is part of GameState, so copies, saves
// (by replay) and equality carry it.
//
// Copying a GameState must stay cheap (the AI copies thousands a second), so
// the value is shared copy-on-write: a copy shares the title's struct, and the
// first write through mut() on a shared value clones it. A state that no title
// uses holds nothing.
#pragma once

#include <cassert>
#include <memory>

namespace bg::core {

class TitleState {
 public:
  TitleState() = default;

  // A fresh value of the title's type T (T: copyable, equality-comparable).
  template <class T>
  static TitleState of(T value) {
    TitleState s;
    s.p_ = std::make_shared<Holder<T>>(std::move(value));
    return s;
  }

  bool empty() const { return p_ == nullptr; }

  // The title's struct, or null when the state holds another type (or none).
  template <class T>
  const T* get() const {
    return p_ && p_->tag() == tag<T>() ? &static_cast<const Holder<T>*>(p_.get())->value : nullptr;
  }

  // Writable access; clones the value first if another state shares it. The
  // state must hold a T (titles create theirs with of() when the game starts).
  template <class T>
  T& mut() {
    assert(get<T>() != nullptr);
    if (p_.use_count() > 1) p_ = p_->clone();
    return static_cast<Holder<T>*>(p_.get())->value;
  }

  friend bool operator==(const TitleState& a, const TitleState& b) {
    if (a.p_ == b.p_) return true;
    if (!a.p_ || !b.p_) return false;
    return a.p_->equals(*b.p_);
  }

 private:
  using Tag = const void*;
  template <class T>
  static Tag tag() {
    static const char unique = 0;  // one address per T
    return &unique;
  }

  struct Base {
    virtual ~Base() = default;
    virtual Tag tag() const = 0;
    virtual std::shared_ptr<Base> clone() const = 0;
    virtual bool equals(const Base& o) const = 0;
  };
  template <class T>
  struct Holder final : Base {
    explicit Holder(T v) : value(std::move(v)) {}
    Tag tag() const override { return TitleState::tag<T>(); }
    std::shared_ptr<Base> clone() const override { return std::make_shared<Holder<T>>(value); }
    bool equals(const Base& o) const override {
      return o.tag() == tag() && static_cast<const Holder<T>&>(o).value == value;
    }
    T value;
  };

  std::shared_ptr<Base> p_;
};

}  // namespace bg::core
