#!/usr/bin/env bash
# `npm run test:postgres` runs the concurrency and fault tests on a throw-away PostgreSQL cluster
# (initdb + pg_ctl from Debian's package). Installs PostgreSQL when missing and we are allowed to
# (CI on a fresh machine runs as root); otherwise says so, and test:postgres reports it skipped.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || [ -n "${PG_BIN:-}" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[test:postgres] PostgreSQL not found: installing Debian's postgresql" >&2
  apt-get update -qq
  # The package's own cluster is not needed: the tests make their own in a temporary folder.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  pg_lsclusters -h 2>/dev/null | while read -r version name _; do pg_dropcluster --stop "$version" "$name" || true; done
  exit 0
fi
echo "[test:postgres] PostgreSQL not found. Install it (Debian: sudo apt-get install -y postgresql) or set PG_BIN." >&2
