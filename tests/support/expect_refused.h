// EXPECT_REFUSED(fixture, expr, rule): the action is refused citing `rule`, and
// the game is exactly as it was (state and log). Works with any fixture that
// has state() and game() (Sandbox, Rtr).
#pragma once

#include <gtest/gtest.h>

#include "core/game.h"

#define EXPECT_REFUSED(sandbox, expr, rule_case)                                \
  do {                                                                          \
    const ::bg::core::GameState before_ = (sandbox).state();                    \
    const size_t log_before_ = (sandbox).game().log().size();                   \
    auto r_ = (expr);                                                           \
    EXPECT_FALSE(r_.ok()) << "expected a refusal citing " << (rule_case);       \
    if (!r_.ok()) {                                                             \
      EXPECT_EQ(r_.error().rule, (rule_case)) << r_.error().message;            \
    }                                                                           \
    EXPECT_TRUE((sandbox).state() == before_) << "a refusal changed the state"; \
    EXPECT_EQ((sandbox).game().log().size(), log_before_);                      \
  } while (0)
