#!/usr/bin/env bash
# Writes the .env of a self-hosted install (docker-compose.yml) from .env.example, with its secrets
# generated here (as formbricks' and documenso's setup scripts do): POSTGRES_PASSWORD, NEXTAUTH_SECRET,
# APP_ENCRYPTION_KEY, CPF_HASH_KEY, CRON_SECRET and METRICS_TOKEN, and the public address given.
# Never overwrites an existing file (its keys decrypt stored tokens: losing them loses those).
# Usage: scripts/ops/setup-env.sh https://roleta.example.com [--proxy] [--out FILE]
#   --proxy   the compose file's Caddy serves the address with TLS: sets DOMAIN and TRUST_PROXY=true
#   --out     where to write (default .env next to docker-compose.yml)
# Needs only bash and coreutils (head, base64, od): no Node, no openssl.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
url="" proxy=false out="$root/.env"
while (($#)); do
  case "$1" in
    --proxy) proxy=true ;;
    --out) out="$2"; shift ;;
    -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) url="$1" ;;
  esac
  shift
done
if [[ ! "$url" =~ ^https?://[^/?#[:space:]]+$ ]]; then
  echo "usage: $0 https://roleta.example.com [--proxy] [--out FILE]" >&2
  echo "  the app's public address: scheme and host (and port), no path" >&2
  exit 2
fi
if [[ -e "$out" ]]; then
  echo "$out exists: not overwritten (its keys decrypt what is stored). Move it away to start over." >&2
  exit 1
fi
host="${url#*://}"
host="${host%%:*}"

# 32 random bytes: base64 (44 characters, what lib/env.ts takes as a key) or hex (URL-safe).
b64() { head -c 32 /dev/urandom | base64 | tr -d '\n'; }
hex() { head -c "${1:-32}" /dev/urandom | od -An -v -tx1 | tr -d ' \n'; }

declare -A set=(
  [APP_URL]="$url"
  [NEXTAUTH_URL]="$url"
  [POSTGRES_PASSWORD]="$(hex 24)" # inside DATABASE_URL: hex, nothing to escape
  [NEXTAUTH_SECRET]="$(b64)"
  [APP_ENCRYPTION_KEY]="$(b64)"
  [CPF_HASH_KEY]="$(b64)"
  [CRON_SECRET]="$(hex)"
  [METRICS_TOKEN]="$(hex)"
)
if $proxy; then
  set[DOMAIN]="$host"
  set[TRUST_PROXY]=true
fi

umask 077 # secrets: readable by the owner only
tmp="$(mktemp "$out.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
{
  echo "# Written by scripts/ops/setup-env.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ) from .env.example."
  echo "# Keep a copy of this file somewhere safe: APP_ENCRYPTION_KEY decrypts the stored store tokens."
  while IFS= read -r line || [[ -n "$line" ]]; do
    name="${line%%=*}"
    if [[ "$line" == *=* && "$name" =~ ^[A-Z0-9_]+$ && -v "set[$name]" ]]; then
      echo "$name=${set[$name]}"
      unset "set[$name]"
    else
      echo "$line"
    fi
  done <"$root/.env.example"
} >"$tmp"
if ((${#set[@]})); then
  echo "setup-env: .env.example lacks ${!set[*]}" >&2
  exit 1
fi
mv "$tmp" "$out"
trap - EXIT
echo "wrote $out (secrets generated; mode 600)"
if $proxy; then
  echo "next: point $host's DNS at this machine, then: docker compose --profile proxy up -d"
else
  echo "next: docker compose up -d   (the app answers on 127.0.0.1:3000; see README \"Self-hosting\")"
fi
