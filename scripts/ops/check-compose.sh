#!/usr/bin/env bash
# Validates docker-compose.yml without a Docker engine (CI): Debian's docker-compose renders it
# (`config`) with the required settings given, with every profile on, and must refuse it when a
# required secret is missing (the ${VAR:?} markers). Usage: scripts/ops/check-compose.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp docker-compose.yml Caddyfile Dockerfile "$dir/"
touch "$dir/.env"
cd "$dir"
required=(POSTGRES_PASSWORD=p APP_URL=https://roleta.example.com NEXTAUTH_SECRET=0123456789abcdef0123 APP_ENCRYPTION_KEY=k)
rendered=$(env "${required[@]}" docker-compose --profile redis --profile proxy config)
for service in postgres migrate app worker redis caddy; do
  grep -q "^  $service:$" <<<"$rendered" || { echo "compose: service $service missing"; exit 1; }
done
grep -q "condition: service_completed_successfully" <<<"$rendered" || { echo "compose: the app must wait for migrate"; exit 1; }
grep -q "condition: service_healthy" <<<"$rendered" || { echo "compose: migrate must wait for a healthy postgres"; exit 1; }
for missing in "${required[@]}"; do
  rest=()
  for r in "${required[@]}"; do [[ "$r" == "$missing" ]] || rest+=("$r"); done
  out=$(env "${rest[@]}" docker-compose config -q 2>&1) && { echo "compose: starts without ${missing%%=*}"; exit 1; }
  grep -q "${missing%%=*}" <<<"$out" || { echo "compose: unexpected refusal: $out"; exit 1; }
done
echo "compose: valid, 6 services, refuses to start without ${#required[@]} required settings"
