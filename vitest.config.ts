import path from "node:path";
import { defineConfig } from "vitest/config";

// Test files that replace a module (vi.mock) run in their own process; the rest share a worker's.
const MOCKING = [
  "tests/api/public-wheel.test.ts",
  "tests/api/wheel-with-prizes.test.ts",
  "tests/api/store-calls.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Server modules import "server-only", which throws outside a react-server bundle; the tests
      // run them in plain Node, so it resolves to the package's empty module here.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each worker opens its own database, copied from one migrated once (tests/helpers/global-setup.ts).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
          exclude: MOCKING,
          // A worker's test files share one module cache and one database connection: starting the
          // embedded database (WASM) once per worker, not once per file, is most of the suite's time.
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: MOCKING } },
    ],
  },
});
