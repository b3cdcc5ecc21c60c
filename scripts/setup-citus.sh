#!/usr/bin/env bash
# A Citus cluster on this machine: one coordinator and two workers on loopback, PostgreSQL 15 + pgvector + Citus.
# Citus is built once per machine from the shared source tarball and patch (../shared/vendor/citus, or
# CITUS_VENDOR_DIR), cached by the tarball's hash and the PostgreSQL version. Idempotent; needs root.
#   scripts/setup-citus.sh [start] [PORT] [DIR]   build if needed, start the three nodes (PORT, PORT+1, PORT+2;
#                                                 default 5601 in /tmp/ledgerline-citus), create the database, add the
#                                                 workers; prints the coordinator's DATABASE_URL on its last line
#   scripts/setup-citus.sh stop [PORT] [DIR]      stop the three nodes (data kept)
#   scripts/setup-citus.sh destroy [PORT] [DIR]   stop them and delete their data
#   scripts/setup-citus.sh kill-worker N [PORT] [DIR]  stop worker N (1 or 2) at once, as a crash would (immediate mode)
# Environment: LEDGERLINE_CITUS_SHARDS (shards per distributed table, default 32), LEDGERLINE_CITUS_DURABLE=1 (fsync on:
# for crash tests; off by default, this is a test cluster), LEDGERLINE_PG_DB (database name, default ledgerline).
set -euo pipefail
CMD=start
case "${1:-}" in start | stop | destroy | kill-worker) CMD=$1; shift ;; esac
WORKER=""
if [ "$CMD" = kill-worker ]; then WORKER=${1:?kill-worker needs the worker number (1 or 2)}; shift; fi
PORT=${1:-5601}
DIR=${2:-/tmp/ledgerline-citus}
DB=${LEDGERLINE_PG_DB:-ledgerline}
SHARDS=${LEDGERLINE_CITUS_SHARDS:-32}
PGBIN=/usr/lib/postgresql/15/bin
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENDOR=${CITUS_VENDOR_DIR:-$ROOT/../shared/vendor/citus}
CACHE=${LEDGERLINE_CACHE_DIR:-/var/cache/ledgerline}
NODES=(coordinator worker1 worker2)
log() { echo "[setup-citus] $*" >&2; }

[ "$(id -u)" = 0 ] || { log "must run as root (apt-get, runuser)"; exit 1; }
node_dir() { echo "$DIR/${NODES[$1]}"; }
node_port() { echo $((PORT + $1)); }
pg_ctl() { runuser -u postgres -- "$PGBIN/pg_ctl" "$@"; }
running() { pg_ctl -D "$(node_dir "$1")" status >/dev/null 2>&1; }

stop_all() {
  for i in 0 1 2; do
    if running "$i"; then pg_ctl -D "$(node_dir "$i")" -m fast -w stop >/dev/null; fi
  done
}
case "$CMD" in
  stop) stop_all; log "stopped"; exit 0 ;;
  destroy) [ -d "$DIR" ] && stop_all; rm -rf "$DIR"; log "destroyed $DIR"; exit 0 ;;
  kill-worker)
    case "$WORKER" in 1 | 2) ;; *) log "no worker $WORKER (1 or 2)"; exit 1 ;; esac
    pg_ctl -D "$(node_dir "$WORKER")" -m immediate -w stop >/dev/null; log "worker $WORKER stopped (immediate)"; exit 0 ;;
esac

# shellcheck source=scripts/install-postgres.sh
source "$ROOT/scripts/install-postgres.sh"

# --- Citus: build once per (tarball, PostgreSQL version), install from the cache into the server's directories
install_citus() {
  local tarball=$VENDOR/citus-src-slim.tar.gz patch=$VENDOR/citus-pg15-compat.patch
  [ -f "$tarball" ] && [ -f "$patch" ] || { log "no Citus source in $VENDOR (set CITUS_VENDOR_DIR)"; exit 1; }
  local key pgver stage stamp
  pgver=$("$PGBIN/pg_config" --version | awk '{print $2}')
  key=$(cat "$tarball" "$patch" | sha256sum | cut -c1-16)-pg$pgver
  stage=$CACHE/citus-$key
  stamp=$SHARE/extension/citus.ledgerline-build
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ] && [ -f "$("$PGBIN/pg_config" --pkglibdir)/citus.so" ]; then return; fi
  if [ ! -f "$stage/.done" ]; then
    local missing=()
    for p in liblz4-dev libzstd-dev libkrb5-dev build-essential patch; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
    if [ ${#missing[@]} -gt 0 ]; then
      log "installing build dependencies: ${missing[*]}"
      apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    log "building Citus ($key): a few minutes, once per machine"
    local src
    src=$(mktemp -d)
    tar xzf "$tarball" -C "$src"
    (cd "$src/citus" && patch -s -p1 <"$patch" &&
      ./configure -q --without-libcurl PG_CONFIG="$PGBIN/pg_config" >/dev/null &&
      nice -n 10 make -s -j2 with_llvm=no >/dev/null 2>"$src/build.log" &&
      rm -rf "$stage" && make -s install with_llvm=no DESTDIR="$stage" >/dev/null) ||
      { log "Citus build failed; see $src/build.log"; tail -20 "$src/build.log" >&2; exit 1; }
    rm -rf "$src"
    touch "$stage/.done"
  fi
  cp -a "$stage/usr/." /usr/
  echo "$key" >"$stamp"
  log "installed Citus from $stage"
}
install_citus

# --- the three nodes
MEM_MB=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
SB_MB=$((MEM_MB / 12)); [ "$SB_MB" -lt 128 ] && SB_MB=128; [ "$SB_MB" -gt 4096 ] && SB_MB=4096
FSYNC=off; [ "${LEDGERLINE_CITUS_DURABLE:-}" = 1 ] && FSYNC=on
for i in 0 1 2; do
  d=$(node_dir "$i")
  if [ ! -f "$d/PG_VERSION" ]; then
    log "initdb $d"
    mkdir -p "$d"; chown postgres "$DIR" "$d"; chmod 700 "$d"
    runuser -u postgres -- "$PGBIN/initdb" -D "$d" -U postgres --auth=trust -E UTF8 >/dev/null
    # shard splits and moves use logical replication with Citus's own output plugin: allowed explicitly since 15.19
    cat >>"$d/postgresql.conf" <<CONF
shared_preload_libraries = 'citus'
wal_level = logical
output_plugin_libraries = 'pgoutput, test_decoding, citus'
max_connections = 200
citus.shard_count = $SHARDS
listen_addresses = 'localhost'
unix_socket_directories = '/tmp'
port = $(node_port "$i")
CONF
  fi
  if ! running "$i"; then
    # a multi-shard read (a universe screen: a task per shard) runs on connections the coordinator's session keeps
    # to each worker: Citus keeps 1 by default and opens the others for every statement, which cost 85 ms median
    # (p90 319) against 52 (p90 74) with 8 kept, for a screen's read over 32 shards at load 17 (docs/citus.md)
    pg_ctl -D "$d" -o "-c fsync=$FSYNC -c shared_buffers=${SB_MB}MB -c citus.max_cached_conns_per_worker=8 -c citus.max_adaptive_executor_pool_size=8" \
      -l "$d/server.log" -w start >/dev/null ||
      { log "node ${NODES[$i]} failed to start; see $d/server.log"; tail -5 "$d/server.log" >&2; exit 1; }
  fi
done

psql_on() { local p=$1; shift; psql -h 127.0.0.1 -p "$p" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
for i in 0 1 2; do
  p=$(node_port "$i")
  [ "$(psql_on "$p" -c "select 1 from pg_database where datname = '$DB'")" = 1 ] || psql_on "$p" -c "create database $DB"
  # a worker that holds the cluster's metadata refuses DDL, even a no-op `create extension if not exists`
  for ext in citus vector; do
    [ "$(psql_on "$p" -d "$DB" -c "select 1 from pg_extension where extname = '$ext'")" = 1 ] || psql_on "$p" -d "$DB" -c "create extension $ext" >/dev/null
  done
done
C=(psql_on "$PORT" -d "$DB")
if [ "$("${C[@]}" -c "select count(*) from pg_dist_node where groupid = 0")" = 0 ]; then
  "${C[@]}" -c "select citus_set_coordinator_host('localhost', $PORT)" >/dev/null
fi
for i in 1 2; do
  p=$(node_port "$i")
  if [ "$("${C[@]}" -c "select count(*) from pg_dist_node where nodename = 'localhost' and nodeport = $p")" = 0 ]; then
    "${C[@]}" -c "select citus_add_node('localhost', $p)" >/dev/null
  fi
done
log "ready: PostgreSQL $("${C[@]}" -c 'show server_version'), Citus $("${C[@]}" -c "select extversion from pg_extension where extname = 'citus'"), workers $("${C[@]}" -c "select string_agg(nodename || ':' || nodeport, ', ' order by nodeport) from pg_dist_node where groupid > 0 and isactive")"
echo "postgres://postgres@localhost:$PORT/$DB?host=/tmp"
