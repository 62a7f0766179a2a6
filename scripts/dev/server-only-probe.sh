#!/usr/bin/env bash
# Proves the server-only guard: adds a client component that imports the database client, used by
# a page, builds, and expects the build to fail with Next's server-only error. Removes the probe
# files whatever happens. Heavy (a production build): run under the shared lock, e.g.
#   flock /tmp/heavy.lock bash scripts/dev/server-only-probe.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
probe_page=app/server-only-probe/page.tsx
probe_component=components/server-only-probe.tsx
cleanup() { rm -rf app/server-only-probe "$probe_component"; git checkout -q tsconfig.json 2>/dev/null || true; }
trap cleanup EXIT
mkdir -p app/server-only-probe
cat > "$probe_component" <<'TSX'
"use client";
import { db } from "@/lib/db/client";

export function Probe() {
  return <p>{typeof db}</p>;
}
TSX
cat > "$probe_page" <<'TSX'
import { Probe } from "@/components/server-only-probe";

export default function Page() {
  return <Probe />;
}
TSX
log=$(mktemp)
NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next-probe}" NEXT_TELEMETRY_DISABLED=1 npx next build >"$log" 2>&1
status=$?
if [ $status -ne 0 ] && grep -q "server-only" "$log"; then
  echo "ok: the build failed as it should:"
  grep -n -B2 -A8 "server-only" "$log" | head -30
  exit 0
fi
echo "FAIL: the build did not refuse a client component importing lib/db/client (exit $status)"
tail -30 "$log"
exit 1
