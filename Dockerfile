# syntax=docker/dockerfile:1
# The production image: Next's standalone output (server.js and only the node_modules it traces),
# plus the worker and the one-shot migration bundled by scripts/ops/build-ops.mjs. One image, three
# commands (docker-compose.yml): `node server.js` (the app), `node ops/worker.mjs`, `node ops/migrate.mjs`.
# CI cannot run Docker: it assembles a folder from the COPY --from=build lines below and runs the
# app from it (scripts/ops/standalone-smoke.mjs), so keep every file the runtime needs in those lines.

FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
# bcrypt's prebuilt binary is fetched by its install script; python/g++ are only its fallback.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# The whole tree before npm ci: its postinstall generates the Prisma client, the route index (from
# app/api) and the embed loader (from embed/).
COPY . .
RUN npm ci --no-audit --no-fund
RUN NEXT_OUTPUT=standalone npm run build && node scripts/ops/build-ops.mjs .ops

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 DATA_DIR=/app/data
RUN groupadd --system --gid 1001 roleta && useradd --system --uid 1001 --gid roleta --no-create-home roleta \
  && mkdir -p /app/data /app/.next/cache && chown roleta:roleta /app/data /app/.next/cache
COPY --from=build /src/.next/standalone ./
COPY --from=build /src/.next/static ./.next/static
COPY --from=build /src/prisma/migrations ./prisma/migrations
COPY --from=build /src/.ops ./ops
USER roleta
EXPOSE 3000
# Liveness only: a database outage must not get the container restarted (readiness is /api/health/ready).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
