#!/usr/bin/env bash
# Runs a command as on a fresh machine without Chromium: in a private mount namespace (needs root) it
# hides /usr/bin/chromium, Debian's /usr/lib/chromium, the NSS/NSPR libraries Chromium needs, every
# system font and fontconfig's configuration, and gives the command an empty /tmp (so the browser
# @sparticuz/chromium ships is unpacked afresh). Nothing changes outside the namespace.
#   sudo scripts/without-system-chromium.sh npx vitest run --project e2e tests/e2e/site.test.ts
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 command [args...]" >&2; exit 2; }
exec unshare --mount --propagation private bash -c '
set -euo pipefail
mount -t tmpfs tmpfs /tmp
hide_in() { # dir names...: overlay the dir with whiteouts for the names
  local dir=$1; shift
  local state; state=$(mktemp -d /tmp/hide.XXXXXX); mkdir -p "$state/upper" "$state/work"
  for name in "$@"; do mknod "$state/upper/$name" c 0 0; done
  mount -t overlay overlay -o "lowerdir=$dir,upperdir=$state/upper,workdir=$state/work" "$dir"
}
hide_in /usr/bin chromium
libs=$(cd /usr/lib/x86_64-linux-gnu && ls | grep -E "^lib(nss3|nssutil3|nspr4|plc4|plds4|softokn3|freebl3|freeblpriv3|smime3|ssl3)\." || true)
[ -z "$libs" ] || hide_in /usr/lib/x86_64-linux-gnu $libs
[ ! -d /usr/lib/chromium ] || mount -t tmpfs tmpfs /usr/lib/chromium
[ ! -d /usr/share/fonts ] || mount -t tmpfs tmpfs /usr/share/fonts
[ ! -d /etc/fonts ] || mount -t tmpfs tmpfs /etc/fonts
test ! -e /usr/bin/chromium && test ! -e /usr/lib/x86_64-linux-gnu/libnss3.so && test -z "$(ls /usr/share/fonts)"
echo "without-system-chromium: /usr/bin/chromium absent, libnss3/libnspr4 absent, no fonts, empty /tmp" >&2
exec "$@"
' bash "$@"
