// Points on the drawing and how numbers and text are written into the SVG:
// a fixed, locale-free number format, so that the same map always gives the
// same bytes.
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace bg::render {

constexpr double kSqrt3 = 1.7320508075688772;
constexpr double kPi = 3.14159265358979323846;

struct Pt {
  double x = 0, y = 0;
};
inline Pt operator+(Pt a, Pt b) {
  return {a.x + b.x, a.y + b.y};
}
inline Pt operator-(Pt a, Pt b) {
  return {a.x - b.x, a.y - b.y};
}
inline Pt operator*(Pt a, double k) {
  return {a.x * k, a.y * k};
}
inline Pt mid(Pt a, Pt b) {
  return {(a.x + b.x) / 2, (a.y + b.y) / 2};
}
inline Pt unit_vec(double degrees) {
  const double r = degrees * kPi / 180.0;
  return {std::cos(r), std::sin(r)};
}

// Fixed, locale-free number format: at most two decimals, no trailing zeros.
std::string num(double v);
// "x,y" in that format.
std::string pt(Pt p);
// Splits a long name into lines of about `width` characters at spaces.
std::vector<std::string> wrap(const std::string& text, size_t width);

}  // namespace bg::render
