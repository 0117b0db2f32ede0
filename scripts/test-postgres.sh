#!/bin/sh
# Runs a command against a throwaway PostgreSQL server: installs Debian's postgresql package when
# no server binaries are found (needs root), starts a fresh cluster as the unprivileged `postgres`
# user on a free loopback port under a temporary directory, exports SITE_REST_TEST_DATABASE_URL,
# runs the command, then stops the cluster and deletes it.
#   scripts/test-postgres.sh npx vitest run test/store-postgres.test.ts
set -eu

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/test-postgres.sh <command> [args...]" >&2
  exit 2
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

user=postgres
if [ "$(id -u)" -ne 0 ]; then user=$(id -un); fi
as_user() {
  if [ "$(id -u)" -eq 0 ]; then su "$user" -s /bin/sh -c "$*"; else sh -c "$*"; fi
}

dir=$(mktemp -d /tmp/site-rest-pg.XXXXXX)
chown "$user" "$dir"
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
password=$(node -e "console.log(require('node:crypto').randomBytes(12).toString('hex'))")
printf '%s\n' "$password" > "$dir/pwfile"
chown "$user" "$dir/pwfile"

cleanup() {
  as_user "'$bindir/pg_ctl' -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

as_user "'$bindir/initdb' -D '$dir/data' -U site_rest --pwfile='$dir/pwfile' -A scram-sha-256 -E UTF8 --locale=C.UTF-8" >/dev/null
as_user "'$bindir/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c fsync=off\" start" >/dev/null

export SITE_REST_TEST_DATABASE_URL="postgres://site_rest:$password@127.0.0.1:$port/postgres"
echo "test-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
"$@"
