// The import boundaries, checked by `npm run lint:deps` (CI's "format and lint" step).
// Browser modules: every "use client" file, components/, lib/swr/, lib/forms/, lib/ui/ and
// lib/api-types/. Server modules: lib/db/, the services, the route wrapper and every file that
// imports "server-only". Type-only imports are allowed across the line (they leave no code), except
// from a service, which lib/api-types makes unneeded (see docs/decisions/codebase.md "Boundaries").
/* eslint-disable @typescript-eslint/no-require-imports -- depcruise reads a CommonJS config */
const fs = require("node:fs");
const path = require("node:path");

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" || e.name === "node_modules" ? [] : files(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}
const source = ["app", "components", "lib"].flatMap(files);
const head = (f) => fs.readFileSync(f, "utf8").slice(0, 2000);
const escape = (f) => `^${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
const useClient = source.filter((f) => /^\s*(\/\/[^\n]*\n\s*)*["']use client["']/.test(head(f))).map(escape);
const serverOnly = source.filter((f) => /^import "server-only";$/m.test(head(f))).map(escape);

const BROWSER = ["^components/", "^lib/swr/", "^lib/forms/", "^lib/ui/", "^lib/api-types/", ...useClient];
const SERVICES = ["^lib/[^/]+/service\\.ts$"];
const SERVER = ["^lib/db/", "^lib/http/route-wrapper\\.ts$", ...SERVICES, ...serverOnly];

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    {
      name: "browser-imports-server",
      severity: "error",
      comment: "A browser module imports a server one (database, service, route wrapper, server-only).",
      from: { path: BROWSER },
      to: { path: SERVER, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "browser-imports-service-type",
      severity: "error",
      comment: "A browser module takes a type from a service: put the type in lib/api-types.",
      from: { path: BROWSER },
      to: { path: SERVICES },
    },
    {
      name: "service-imports-route-wrapper",
      severity: "error",
      comment: "Only route handlers (app/api) use the route wrapper; lib/ code is called by them.",
      from: { path: "^lib/", pathNot: "^lib/http/route-wrapper\\.ts$" },
      to: { path: "^lib/http/route-wrapper\\.ts$" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other (directly or through others).",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^lib/generated/", "^node_modules/", "^\\.next", "^\\.data/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};

// `DEPCRUISE_RUNTIME=1`: the imports that stay in the bundle (type-only ones dropped, as the bundler
// drops them), and one more rule: no browser module reaches a server one through any chain.
if (process.env.DEPCRUISE_RUNTIME) {
  config.options.tsPreCompilationDeps = false;
  config.forbidden = [
    {
      name: "browser-reaches-server",
      severity: "error",
      comment: "A browser module reaches a server one through other modules (the build would fail).",
      from: { path: BROWSER },
      to: { path: SERVER, reachable: true },
    },
  ];
}

module.exports = config;
