#!/usr/bin/env bash
# The e2e suite runs in Debian's Chromium (Playwright never downloads a browser). On a fresh machine it is
# not there until the project installs it: as root with apt-get, install it now (Debian's registry);
# otherwise say how. CHROMIUM_PATH points the suite at another Chromium.
set -euo pipefail
BIN=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$BIN" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo "[e2e] $BIN not found: installing Debian's chromium (apt-get install chromium), once" >&2
  # one installer at a time (parallel test runs on one machine)
  flock /tmp/ledgerline-apt.lock bash -c '[ -x /usr/bin/chromium ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }'
  [ -x "$BIN" ] && exit 0
fi
echo "[e2e] no Chromium at $BIN: install Debian's chromium ('sudo apt-get install chromium') or set CHROMIUM_PATH" >&2
exit 1
