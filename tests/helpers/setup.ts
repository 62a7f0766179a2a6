// Test environment of a worker (its test files share one module cache, vitest.config.ts): the
// database it starts from (global-setup.ts: an in-memory PGlite loaded from the migrated dump, or
// this worker's copy of the migrated Postgres template), opened once and kept for all its files,
// and its own outbox folder for mail.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { db, onFirstOpen } from "@/lib/db/client";
import { seedDemoIfEmpty } from "@/lib/demo/seed";
import { resetEnvCache } from "@/lib/env";
import { workerDatabases } from "./databases";

// Next's server sets this global before any request; without it next/server's after() fails while
// its module loads (an unhandled rejection) instead of throwing "outside a request scope" at the call.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

process.env.PGLITE_DIR ??= "memory://";
process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "roleta-test-"));
process.env.NEXTAUTH_SECRET ??= "test-secret-0123456789abcdef0123456789";
process.env.APP_URL ??= "http://localhost:3000";
// Every handler call writes an access line at info (lib/http/access.ts): thousands in a run. Tests
// that read the log capture it at info themselves (tests/helpers/log-capture.ts).
process.env.LOG_LEVEL ??= "warn";
// Tests pick their own client address through X-Forwarded-For, as a trusted proxy would set it.
process.env.TRUST_PROXY = "true";
// When REDIS_URL is set the rate limits count in Redis: keep each worker's keys apart from other
// runs (and other people) sharing that Redis.
process.env.REDIS_KEY_PREFIX ??= `test-${randomUUID().slice(0, 8)}`;

// As the server's start-up does (instrumentation-node.ts): an empty embedded database gets the demo.
onFirstOpen(seedDemoIfEmpty);

// Once per worker, before the first test file's imports read the environment.
if (!process.env.TEST_WORKER_DB_READY) {
  const template = inject("pgTemplate");
  if (template) process.env.DATABASE_URL = await workerDatabases(template).forWorker(process.env.VITEST_POOL_ID ?? "1");
  else process.env.PGLITE_SNAPSHOT = inject("pgliteSnapshot");
  process.env.TEST_WORKER_DB_READY = "1";
}

// Files share modules: each starts from the environment as it is now, not as an earlier file read it.
beforeAll(() => resetEnvCache());

// A file may have pointed the rate limits at another store: the next one starts from the
// environment again (this also closes a Redis connection, so the worker can exit).
afterAll(async () => {
  const { resetRateLimitStore } = await import("@/lib/rate-limit");
  await resetRateLimitStore();
});

// The database opens (an embedded one starts its WebAssembly and loads the dump: seconds on a busy
// machine) in a hook, under hookTimeout, not inside whichever test comes first under testTimeout:
// the first test of public-wheel.test.ts timed out at 30 s on a loaded machine (issue 50 #1).
beforeAll(async () => {
  await db();
});
