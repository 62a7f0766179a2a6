#!/usr/bin/env bash
# Writes the SQL that turns OLD schema into NEW (Prisma 7's CLI cannot diff offline).
# Uses prisma 6.19's WASM engine as a throwaway tool in /tmp, never as a dependency.
# Usage: scripts/dev/migration-diff.sh old.prisma prisma/schema.prisma > migration.sql
#        scripts/dev/migration-diff.sh --from-empty prisma/schema.prisma > migration.sql
set -euo pipefail
tool=/tmp/prisma-diff-tool
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -x "$tool/node_modules/.bin/prisma" ]; then
  mkdir -p "$tool" && (cd "$tool" && echo '{"private":true}' > package.json &&
    npm install --no-audit --no-fund prisma@6.19.3 @prisma/adapter-pg@6 pg >/dev/null 2>&1)
  cat > "$tool/prisma.config.ts" <<'CFG'
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
export default defineConfig({ engine: "js", experimental: { adapter: true },
  adapter: async () => new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" }) } as never);
CFG
fi
to_v6() { sed -e 's/provider = "prisma-client"/provider = "prisma-client-js"/' -e '/^  output  /d' -e '/^  runtime /d' \
  -e 's|provider = "postgresql"|provider = "postgresql"\n  url = "postgresql://localhost/x"|' "$1"; }
if [ "$1" = "--from-empty" ]; then from=(--from-empty); else to_v6 "$root/$1" > "$tool/old.prisma"; from=(--from-schema-datamodel old.prisma); fi
to_v6 "$root/$2" > "$tool/new.prisma"
touch "$tool/dummy"
cd "$tool" && PRISMA_QUERY_ENGINE_LIBRARY=$tool/dummy PRISMA_SCHEMA_ENGINE_BINARY=$tool/dummy \
  npx prisma migrate diff "${from[@]}" --to-schema-datamodel new.prisma --script 2>/dev/null
