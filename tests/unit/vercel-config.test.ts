// The serverless deployment the design card promises (issue 50, item 7; docs/decisions/operations.md
// "Self-hosting and serverless (issue 50)"): vercel.json schedules every cron route, its build
// migrates before it builds, and a Vercel build keeps PGlite out of the functions. A build elsewhere
// (the image) keeps it: a `docker run` without Postgres still starts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";

const vercel = JSON.parse(readFileSync("vercel.json", "utf8")) as {
  buildCommand: string;
  crons: { path: string; schedule: string }[];
};
const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;

const saved = process.env.VERCEL;
afterEach(() => {
  if (saved === undefined) delete process.env.VERCEL;
  else process.env.VERCEL = saved;
  vi.resetModules();
});

async function configWith(onVercel: boolean) {
  if (onVercel) process.env.VERCEL = "1";
  else delete process.env.VERCEL;
  vi.resetModules();
  return (await import("@/next.config.mjs")).default;
}

describe("vercel.json", () => {
  it("schedules every cron route under app/api/cron, and only those", () => {
    const routes = readdirSync("app/api/cron", { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`app/api/cron/${d.name}/route.ts`))
      .map((d) => `/api/cron/${d.name}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(vercel.crons.map((c) => c.path).sort()).toEqual(routes.sort());
    for (const c of vercel.crons) expect(c.schedule.split(" ")).toHaveLength(5);
  });

  it("builds with a script that applies the migrations, then builds", () => {
    expect(vercel.buildCommand).toBe("npm run vercel-build");
    const steps = scripts["vercel-build"].split("&&").map((s) => s.trim());
    expect(steps.findIndex((s) => s.includes("npm run db:migrate"))).toBe(0);
    expect(steps.at(-1)).toBe("npm run build");
  });
});

describe("next.config.mjs's traced files", () => {
  it("on Vercel, leave PGlite out of every function", async () => {
    const config = await configWith(true);
    const excluded = Object.values(config.outputFileTracingExcludes ?? {}).flat();
    // Turbopack's link to the package under the build folder, and the package itself.
    expect(excluded).toContain("**/node_modules/@electric-sql/pglite*");
    expect(excluded).toContain("**/node_modules/@electric-sql/pglite*/**");
    expect(excluded).toContain("**/node_modules/pglite-prisma-adapter*");
    expect(config.outputFileTracingExcludes?.["/**"]).toBeDefined();
    expect(config.outputFileTracingIncludes?.["/**"]).toBeUndefined();
  });

  it("elsewhere (the image, next start) ship PGlite and exclude nothing", async () => {
    const config = await configWith(false);
    expect(config.outputFileTracingExcludes).toEqual({});
    expect(config.outputFileTracingIncludes?.["/**"]).toEqual([
      "./node_modules/@electric-sql/pglite/**/*",
      "./node_modules/pglite-prisma-adapter/**/*",
      "./node_modules/postgres-array/**/*",
    ]);
  });

  it("never see PGlite's imports: the proxy's and instrumentation's traces ignore the exclusions", () => {
    // Measured on a VERCEL=1 build: the exclusions emptied the routes' traces of PGlite, but the
    // traces of proxy.ts and instrumentation.ts kept its 20 MB until its imports were hidden.
    const client = readFileSync("lib/db/client.ts", "utf8");
    const imports = [...client.matchAll(/import\(([^)]*)\)/g)].map((m) => m[1]);
    const pglite = imports.filter((i) => /pglite/.test(i));
    expect(pglite).toHaveLength(3);
    for (const i of pglite) expect(i).toMatch(/^\/\* turbopackIgnore: true \*\/ "/);
  });
});
