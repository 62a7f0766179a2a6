# syntax=docker/dockerfile:1
# The production image: Next's standalone output (server.js and only the node_modules it traces),
# plus the worker and the one-shot migration bundled by scripts/ops/build-ops.mjs. One image, three
# commands (docker-compose.yml): `node server.js` (the app), `node ops/worker.mjs`, `node ops/migrate.mjs`.
# CI cannot run Docker: it assembles a folder from the COPY --from=build lines below and runs the
# app from it (scripts/ops/standalone-smoke.mjs), so keep every file the runtime needs in those lines.
# Node 22 (maintenance LTS until April 2027), pinned to a release in both stages (update them
# together); the code still runs on Node 20.19+ (package.json engines), which CI runs.
# .github/workflows/release.yml builds and publishes it to GHCR on a v* tag.
# Dependencies alone first: this layer is rebuilt only when package.json or the lock file change.
# The project's postinstall generates from the source, not copied yet (`npm run build` generates the
# same files), so this layer's package.json drops it; the dependencies' own install scripts run
# (`npm ci --ignore-scripts && npm rebuild` does not do: npm 11's rebuild runs the project's too).
# The build stage's COPY puts the whole package.json back.
FROM node:22.23.3-bookworm-slim AS deps
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
# bcrypt ships prebuilt binaries; python/g++ are only its fallback when none fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm pkg delete scripts.postinstall && npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN NEXT_OUTPUT=standalone npm run build && node scripts/ops/build-ops.mjs .ops

FROM node:22.23.3-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 DATA_DIR=/app/data
RUN groupadd --system --gid 1001 roleta && useradd --system --uid 1001 --gid roleta --no-create-home roleta \
  && mkdir -p /app/data /app/.next/cache && chown roleta:roleta /app/data /app/.next/cache
COPY --from=build /src/.next/standalone ./
COPY --from=build /src/.next/static ./.next/static
COPY --from=build /src/prisma/migrations ./prisma/migrations
COPY --from=build /src/.ops ./ops
COPY --from=build /src/scripts/ops/probe.sh ./ops/probe.sh
USER roleta
EXPOSE 3000
# Liveness only: a database outage must not get the container restarted (readiness is /api/health/ready).
# bash's /dev/tcp (scripts/ops/probe.sh), not a Node process per probe.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 CMD ["/app/ops/probe.sh", "/api/health"]
CMD ["node", "server.js"]
