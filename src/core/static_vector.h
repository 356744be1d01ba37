// A fixed-capacity vector: actions and combat lists live inline, so copying a
// game state or an action never touches the heap.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace bg::core {

template <class T, size_t N>
class StaticVector {
 public:
  using value_type = T;
  void push_back(const T& v) {
    assert(size_ < N);
    data_[size_++] = v;
  }
  bool full() const { return size_ == N; }
  void clear() { size_ = 0; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr size_t capacity() { return N; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T* begin() { return data_.data(); }
  T* end() { return data_.data() + size_; }
  const T* begin() const { return data_.data(); }
  const T* end() const { return data_.data() + size_; }
  const T& back() const { return data_[size_ - 1]; }
  bool contains(const T& v) const {
    for (size_t i = 0; i < size_; ++i)
      if (data_[i] == v) return true;
    return false;
  }
  friend bool operator==(const StaticVector& a, const StaticVector& b) {
    if (a.size_ != b.size_) return false;
    for (size_t i = 0; i < a.size_; ++i)
      if (!(a.data_[i] == b.data_[i])) return false;
    return true;
  }

 private:
  std::array<T, N> data_{};
  size_t size_ = 0;
};

}  // namespace bg::core
