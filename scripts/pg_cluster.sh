#!/usr/bin/env bash
# A throw-away PostgreSQL cluster under a directory, for the tests and the
# benchmarks (docs/server.md, "PostgreSQL"): Debian's postgresql package's
# initdb and pg_ctl, a Unix socket in the directory and no TCP port, trust
# authentication for the one user "bluegray". PostgreSQL refuses to run as
# root, so as root the cluster runs as the unprivileged user `nobody`.
#
#   scripts/pg_cluster.sh start DIR   # prints the connection URI
#   scripts/pg_cluster.sh stop DIR    # stops it and removes DIR
set -euo pipefail
cmd=${1:-}
dir=$(realpath -m "${2:?usage: pg_cluster.sh start|stop DIR}")
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "pg_cluster.sh: no PostgreSQL server found (apt-get install postgresql)" >&2
  exit 2
fi
as=()
if [ "$(id -u)" = 0 ]; then as=(runuser -u nobody --); fi
case "$cmd" in
  start)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
      chown nobody "$dir"
      if ! runuser -u nobody -- test -w "$dir"; then
        echo "pg_cluster.sh: the user nobody cannot reach $dir (a parent directory is closed to" \
          "others, e.g. one made by mktemp -d: chmod 755 it)" >&2
        exit 1
      fi
    fi
    if ! "${as[@]}" "$bin/initdb" -D "$dir/data" -U bluegray -A trust --no-sync -E UTF8 \
      --no-locale >"$dir/initdb.log" 2>&1; then
      cat "$dir/initdb.log" >&2
      exit 1
    fi
    if ! "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k $dir -c listen_addresses='' -p 5432 -c max_connections=300" start >/dev/null; then
      cat "$dir/server.log" >&2
      exit 1
    fi
    echo "postgresql://bluegray@/postgres?host=$dir&port=5432"
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: pg_cluster.sh start|stop DIR" >&2
    exit 2
    ;;
esac
