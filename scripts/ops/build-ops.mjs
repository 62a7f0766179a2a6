// Bundles the worker (`npm run worker`) and the one-shot migration (`npm run db:migrate`) into two
// plain JavaScript files for the production image, which holds Next's standalone output and no
// TypeScript toolchain: `node ops/worker.mjs`, `node ops/migrate.mjs`. Packages Next keeps outside
// its bundles and that the worker may load (bcrypt's native build, PGlite's files) stay external:
// they resolve from the standalone output's node_modules, next to which the files are placed.
// Usage: node scripts/ops/build-ops.mjs [outdir]   (default .ops)
import { build } from "esbuild";

const outdir = process.argv[2] ?? ".ops";
await build({
  entryPoints: { worker: "scripts/webhook-worker.ts", migrate: "scripts/db-migrate.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // Server modules mark themselves with "server-only"; outside Next it must resolve to its empty module.
  alias: { "server-only": "./node_modules/server-only/empty.js" },
  external: ["@electric-sql/pglite", "@electric-sql/pglite/*", "pglite-prisma-adapter", "bcrypt", "pg-native"],
  // Bundled CommonJS packages still call require() for Node's own modules.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});
console.log(`ops bundles: ${outdir}/worker.mjs, ${outdir}/migrate.mjs`);
