#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster with pgvector on 127.0.0.1:5433 (user postgres, trust auth)
# and prints its URL on stdout. Idempotent: a running cluster is reused, installed packages are kept.
#
# Debian bookworm ships PostgreSQL 15 but no pgvector package, so we build Debian's own pgvector
# source package (from trixie) against PostgreSQL 15 (see ../shared/PLATFORM.md).
#
# Environment: PG_PORT (5433), PG_DATA_DIR (/tmp/textbook-studio-pg-<port>).
# Everything but the URL goes to stderr, so `URL=$(scripts/start-postgres.sh)` works.
set -euo pipefail

PORT="${PG_PORT:-5433}"
DATA_DIR="${PG_DATA_DIR:-/tmp/textbook-studio-pg-$PORT}"
PG_BIN=/usr/lib/postgresql/15/bin
URL="postgres://postgres@127.0.0.1:$PORT/postgres"
SRC_LIST=/etc/apt/sources.list.d/textbook-studio-trixie-src.sources

log() { echo "[start-postgres] $*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() { as_root su postgres -s /bin/sh -c "$1"; }

vector_installed() { [ -f /usr/share/postgresql/15/extension/vector.control ]; }
server_ready() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" 2>/dev/null; }

# Fast path: already installed and running.
if vector_installed && server_ready; then
  echo "$URL"
  exit 0
fi

# Several developers' tools may call this at once: one at a time. (The server must not inherit this
# descriptor, or it would hold the lock for as long as it runs: see `9>&-` below.)
exec 9>"/tmp/textbook-studio-pg-$PORT.lock"
flock 9

# 1. Packages (one apt-get update, only when something is missing).
need=()
[ -x "$PG_BIN/postgres" ] || need+=(postgresql-15)
[ -x /usr/bin/psql ] || need+=(postgresql-client-15)
if ! vector_installed; then
  [ -x "$PG_BIN/pg_config" ] && [ -d /usr/include/postgresql/15/server ] || need+=(postgresql-server-dev-15)
  command -v dpkg-source >/dev/null || need+=(dpkg-dev)
  command -v make >/dev/null || need+=(make)
  command -v gcc >/dev/null || need+=(gcc)
fi

if [ ${#need[@]} -gt 0 ] || ! vector_installed; then
  if ! vector_installed; then
    # deb-src entry for trixie on the same mirror and keyring as the machine's own Debian entry.
    mirror=""
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      mirror=$(awk '/^URIs:/ && $2 !~ /security/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources)
      k=$(awk '/^Signed-By:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources)
      [ -n "$k" ] && keyring="$k"
    fi
    if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
      mirror=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' /etc/apt/sources.list)
    fi
    if [ -z "$mirror" ]; then
      log "cannot find the machine's Debian mirror in /etc/apt; add a deb-src entry for trixie by hand"
      exit 1
    fi
    printf 'Types: deb-src\nURIs: %s\nSuites: trixie\nComponents: main\nSigned-By: %s\n' "$mirror" "$keyring" |
      as_root tee "$SRC_LIST" >/dev/null
  fi
  log "apt-get update"
  as_root apt-get update -qq >&2
  if [ ${#need[@]} -gt 0 ]; then
    log "installing ${need[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
  fi
fi

# 2. pgvector, built from Debian's source package against PostgreSQL 15.
if ! vector_installed; then
  build=$(mktemp -d)
  log "building pgvector in $build"
  (
    cd "$build"
    apt-get source -qq --download-only pgvector >&2
    dpkg-source -x --no-check ./pgvector_*.dsc src >&2
    # with_llvm=no: skip the JIT bitcode, which would need clang.
    make -s -C src PG_CONFIG="$PG_BIN/pg_config" with_llvm=no >&2
    as_root make -s -C src PG_CONFIG="$PG_BIN/pg_config" with_llvm=no install >&2
  )
  rm -rf "$build"
  # The trixie source entry was only needed for this one package.
  as_root rm -f "$SRC_LIST"
  vector_installed || { log "pgvector did not install"; exit 1; }
fi

# 3. A cluster in a temp dir, on loopback only.
if ! server_ready; then
  if [ ! -f "$DATA_DIR/PG_VERSION" ]; then
    log "initdb $DATA_DIR"
    as_root rm -rf "$DATA_DIR"
    as_root mkdir -p "$DATA_DIR"
    as_root chown postgres:postgres "$DATA_DIR"
    as_postgres "$PG_BIN/initdb -D '$DATA_DIR' -A trust -U postgres --no-sync >/dev/null"
  fi
  log "starting PostgreSQL on 127.0.0.1:$PORT"
  # fsync off: a throwaway test cluster, speed over durability.
  as_postgres "$PG_BIN/pg_ctl -D '$DATA_DIR' -l '$DATA_DIR/server.log' -w -t 60 \
    -o \"-p $PORT -c listen_addresses=127.0.0.1 -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start" >&2 9>&-
fi

psql -q -v ON_ERROR_STOP=1 "$URL" -c 'CREATE EXTENSION IF NOT EXISTS vector' >&2
log "ready"
echo "$URL"
