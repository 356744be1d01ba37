#!/usr/bin/env bash
# Installs the Debian packages the build needs, only those that are missing.
#   deps.sh        the C++ build and the web UI's build (Node.js and npm)
#   deps.sh --e2e  also what only the test command needs: Chromium (the browser
#                  end-to-end tests), the PostgreSQL server (the tests start
#                  a throw-away cluster; scripts/pg_cluster.sh) and aiosmtpd (the
#                  mail tests start a real SMTP server; tests/smtp_sink.h)
set -euo pipefail
packages=(g++ cmake ninja-build pkg-config clang-format libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libboost-dev libcpp-httplib-dev libsqlite3-dev libpqxx-dev libssl-dev
  libcurl4-openssl-dev)
# Node.js builds the web UI (Vite); a machine that already has node (e.g. from
# another source) keeps it.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)
if [ "${1:-}" = "--e2e" ]; then packages+=(chromium postgresql python3 python3-aiosmtpd); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
