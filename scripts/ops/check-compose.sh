#!/usr/bin/env bash
# Validates docker-compose.yml without a Docker engine (CI): Debian's docker-compose (1.29) renders it
# (`config`) and this script fails when
#  - a service is missing, or the app does not wait for the migration (nor that for Postgres);
#  - compose starts without a required setting (POSTGRES_PASSWORD, APP_URL, NEXTAUTH_SECRET,
#    APP_ENCRYPTION_KEY: the ${VAR:?} markers), or with .env.example's APP_URL as it comes (not pre-filled);
#  - a variable of .env.example does not reach the app, the worker and the migration with its value
#    (rendered with a .env setting every variable to a marker; the few compose decides are listed);
#  - the app's port is published on all interfaces under the proxy profile (TRUST_PROXY=true there);
#  - the worker's stop_grace_period does not cover a job's time budget (its in-flight sends);
#  - scripts/ops/setup-env.sh writes a .env compose refuses, or secrets that are empty or shared.
# Usage: scripts/ops/check-compose.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$root/docker-compose.yml" "$root/Caddyfile" "$root/Dockerfile" "$dir/"
cd "$dir"
fail() { echo "compose: $*" >&2; exit 1; }
# One service's rendered block (two-space indented name up to the next service).
service() { awk -v s="  $1:" '$0 == s { on = 1; next } on && /^  [a-z]/ { exit } on' <<<"$2"; }
# The value of NAME in a service block's environment (YAML quotes stripped), or nothing.
value() { sed -n "s/^      $1: //p" <<<"$2" | sed -e "s/^'\(.*\)'$/\1/" -e 's/^"\(.*\)"$/\1/'; }

# 1. Services and start order, with the required settings given and an empty .env.
touch .env
required=(POSTGRES_PASSWORD=p APP_URL=https://roleta.example.com NEXTAUTH_SECRET=0123456789abcdef0123 APP_ENCRYPTION_KEY=k)
rendered=$(env "${required[@]}" docker-compose --profile redis --profile proxy config)
for s in postgres migrate app worker redis caddy; do
  grep -q "^  $s:$" <<<"$rendered" || fail "service $s missing"
done
grep -q "condition: service_completed_successfully" <<<"$rendered" || fail "the app must wait for migrate"
grep -q "condition: service_healthy" <<<"$rendered" || fail "migrate must wait for a healthy postgres"

# 2. Each required setting missing: refused, naming it.
for missing in "${required[@]}"; do
  rest=()
  for r in "${required[@]}"; do [[ "$r" == "$missing" ]] || rest+=("$r"); done
  out=$(env "${rest[@]}" docker-compose config -q 2>&1) && fail "starts without ${missing%%=*}"
  grep -q "${missing%%=*}" <<<"$out" || fail "unexpected refusal: $out"
done
# .env.example copied, the secrets filled, APP_URL left as it comes: refused (a pre-filled
# http://localhost:3000 put localhost links in every e-mail and QR code).
sed -e 's/^POSTGRES_PASSWORD=.*/POSTGRES_PASSWORD=p/' -e 's/^NEXTAUTH_SECRET=.*/NEXTAUTH_SECRET=0123456789abcdef0123/' \
  -e 's/^APP_ENCRYPTION_KEY=.*/APP_ENCRYPTION_KEY=k/' "$root/.env.example" >.env
out=$(docker-compose config -q 2>&1) && fail "starts with .env.example's APP_URL as it comes (pre-filled)"
grep -q APP_URL <<<"$out" || fail "unexpected refusal of .env.example: $out"

# 3. Every variable of .env.example reaches app, worker and migrate: a .env setting each to a
# marker. Compose decides these itself (docs/decisions/operations.md "Self-hosting and serverless
# (issue 50)"): the database address, next-auth's URL (= APP_URL), the image's data folder, the
# one-shot migration, the app's own worker off (the worker service runs it), the worker's metrics port.
decided=" DATABASE_URL NEXTAUTH_URL DATA_DIR MIGRATE_ON_START app:WEBHOOK_WORKER worker:METRICS_PORT "
names=$(sed -n 's/^\([A-Z][A-Z0-9_]*\)=.*/\1/p' "$root/.env.example")
(($(wc -l <<<"$names") > 40)) || fail "read only $(wc -l <<<"$names") variables from .env.example"
: >.env
for n in $names; do
  case "$n" in
    APP_PORT) echo "$n=3001" ;;
    APP_BIND) echo "$n=127.0.0.1" ;;
    *) echo "$n=marker-$n" ;;
  esac >>.env
done
rendered=$(docker-compose config)
missing=()
for s in app worker migrate; do
  block=$(service "$s" "$rendered")
  [[ -n "$block" ]] || fail "service $s not rendered"
  for n in $names; do
    v=$(value "$n" "$block")
    [[ -n "$v" ]] || { missing+=("$s:$n"); continue; }
    [[ "$decided" == *" $n "* || "$decided" == *" $s:$n "* ]] && continue
    case "$n" in APP_PORT | APP_BIND) continue ;; esac
    [[ "$v" == "marker-$n" ]] || missing+=("$s:$n=$v")
  done
done
((${#missing[@]} == 0)) || fail "settings of .env.example that do not reach the services as set: ${missing[*]}"
count=$(wc -l <<<"$names")

# 4. The proxy profile: TRUST_PROXY=true, so the app's port must not be open to every client.
sed -i -e '/^APP_BIND=/d' -e 's/^TRUST_PROXY=.*/TRUST_PROXY=true/' .env # APP_BIND's default
rendered=$(docker-compose --profile proxy config)
ports=$(service app "$rendered" | awk '/^    ports:/ { on = 1; next } on && /^    [a-z]/ { exit } on')
[[ -n "$ports" ]] || fail "the app publishes no port (expected 127.0.0.1:APP_PORT:3000)"
# 1.29 renders the short syntax: "- [ip:]host:container[/proto]"; without a loopback ip it is open.
while IFS= read -r p; do
  p="${p#*- }"
  p="${p//\'/}"
  [[ "$p" =~ ^(127\.0\.0\.1|\[::1\]):[0-9]+:3000(/tcp)?$ ]] ||
    fail "the app's 3000 is published beyond loopback under the proxy profile (TRUST_PROXY=true): $p"
done <<<"$ports"

# 5. The worker's grace period covers a job's budget (JOB_TIME_BUDGET_MS of .env.example) with margin.
grace=$(service worker "$rendered" | sed -n 's/^    stop_grace_period: //p')
budget_ms=$(sed -n 's/^JOB_TIME_BUDGET_MS=//p' "$root/.env.example")
[[ "$grace" =~ ^([0-9]+)s$ ]] || fail "the worker has no stop_grace_period in seconds (got '$grace')"
((BASH_REMATCH[1] * 1000 >= budget_ms + 10000)) || fail "worker stop_grace_period $grace < job budget ${budget_ms} ms + 10 s"

# 6. The setup script: a .env compose accepts, distinct secrets, the proxy profile's settings.
rm -f .env
"$root/scripts/ops/setup-env.sh" https://roleta.example.com --proxy --out "$dir/.env" >/dev/null
"$root/scripts/ops/setup-env.sh" https://roleta.example.com --out "$dir/.env" >/dev/null 2>&1 && fail "setup-env.sh overwrote .env"
rendered=$(docker-compose --profile proxy config) || fail "compose refuses the .env setup-env.sh wrote"
app=$(service app "$rendered")
[[ "$(value APP_URL "$app")" == "https://roleta.example.com" ]] || fail "setup-env.sh: APP_URL not set"
[[ "$(value TRUST_PROXY "$app")" == "true" && "$(value DOMAIN "$app")" == "roleta.example.com" ]] ||
  fail "setup-env.sh --proxy: TRUST_PROXY/DOMAIN not set"
secrets=()
for n in POSTGRES_PASSWORD NEXTAUTH_SECRET APP_ENCRYPTION_KEY CPF_HASH_KEY CRON_SECRET METRICS_TOKEN; do
  v=$(value "$n" "$app")
  ((${#v} >= 32)) || fail "setup-env.sh: $n is '${v}' (want 32+ characters)"
  secrets+=("$v")
done
(($(printf '%s\n' "${secrets[@]}" | sort -u | wc -l) == ${#secrets[@]})) || fail "setup-env.sh: two secrets are equal"
for n in APP_ENCRYPTION_KEY CPF_HASH_KEY; do
  [[ "$(value "$n" "$app")" =~ ^[A-Za-z0-9+/]{43}=$ ]] || fail "setup-env.sh: $n is not 32 bytes of base64"
done
[[ "$(stat -c %a .env)" == 600 ]] || fail "setup-env.sh: .env is not mode 600"

echo "compose: valid, 6 services; refuses to start without ${#required[@]} required settings or with"
echo "  .env.example's APP_URL; all ${count} variables of .env.example reach app, worker and migrate;"
echo "  the app's port on 127.0.0.1 under the proxy profile; worker grace $grace; setup-env.sh's .env accepted"
