# Sourced by scripts/setup-postgres.sh and scripts/setup-citus.sh (they set PGBIN, ROOT and log, and run as root):
# installs PostgreSQL 15 from Debian and pgvector (the binary package, else built from Debian's source package).
# Sets SHARE to the server's share directory.
export DEBIAN_FRONTEND=noninteractive

if [ ! -x "$PGBIN/postgres" ] || [ ! -f /usr/include/postgresql/15/server/postgres.h ] || ! command -v dpkg-source >/dev/null; then
  log "installing postgresql-15 from Debian"
  apt-get update -qq
  apt-get install -y -qq postgresql-15 postgresql-server-dev-15 dpkg-dev >/dev/null
fi

SHARE=$("$PGBIN/pg_config" --sharedir)
if [ ! -f "$SHARE/extension/vector.control" ]; then
  if apt-get install -y -qq postgresql-15-pgvector >/dev/null 2>&1; then
    log "installed pgvector from a binary package"
  else
    log "building pgvector from Debian's source package"
    A=$ROOT/.apt-pgvector
    mkdir -p "$A/lists/partial" "$A/cache/archives/partial" "$A/src"
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' >"$A/trixie-src.sources"
    O=(-o "Dir::Etc::SourceList=$A/trixie-src.sources" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$A/lists" -o "Dir::Cache=$A/cache")
    apt-get "${O[@]}" update -qq
    if ! ls -d "$A"/src/pgvector-*/ >/dev/null 2>&1; then (cd "$A/src" && apt-get "${O[@]}" source pgvector >/dev/null 2>&1); fi
    SRC=$(ls -d "$A"/src/pgvector-*/ | head -1)
    make -s -C "$SRC" PG_CONFIG="$PGBIN/pg_config" with_llvm=no -j2 >/dev/null
    make -s -C "$SRC" PG_CONFIG="$PGBIN/pg_config" with_llvm=no install >/dev/null
  fi
fi
