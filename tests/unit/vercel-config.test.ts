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
    expect(excluded).toContain("node_modules/@electric-sql/pglite/**");
    expect(excluded).toContain("node_modules/pglite-prisma-adapter/**");
    expect(config.outputFileTracingExcludes?.["/**"]).toBeDefined();
    // Next keeps these packages out of its bundles, so the exclusion is the only thing between
    // them and a function: they are loaded by import() at run time (lib/db/client.ts).
    expect(config.serverExternalPackages).toContain("@electric-sql/pglite");
  });

  it("elsewhere (the image, next start) change nothing", async () => {
    const config = await configWith(false);
    expect(config.outputFileTracingExcludes).toEqual({});
  });
});
