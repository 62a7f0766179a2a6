// Runs once before the suite: migrates one database that every test file then starts from, instead
// of each file migrating its own. Postgres: DATABASE_URL's database is migrated and used as a
// template, and each worker gets its own copy (setup.ts). PGlite: a migrated, seeded in-memory
// database is dumped to a file that every file's in-memory database loads.
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "@/lib/db/migrate";
import { pgliteExecutor, poolExecutor } from "@/lib/db/sql-executor";
import { workerDatabases } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: the dump every test file's database loads. */
    pgliteSnapshot: string;
    /** Postgres: the migrated template database's URL. */
    pgTemplate: string;
  }
}

async function pgliteSnapshot(): Promise<string> {
  const [{ PGlite }, { pg_trgm }, { PrismaPGlite }, { PrismaClient }, { seedDemoIfEmpty }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("pglite-prisma-adapter"),
    import("@/lib/generated/prisma/client"),
    import("@/lib/demo/seed"),
  ]);
  const lite = new PGlite("memory://", { extensions: { pg_trgm } });
  await migrate(pgliteExecutor(lite));
  // As the app does on an empty embedded database (lib/db/client.ts).
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite) });
  await seedDemoIfEmpty(prisma);
  const file = path.join(os.tmpdir(), `roleta-test-db-${randomUUID()}.tar`);
  await writeFile(file, Buffer.from(await (await lite.dumpDataDir("none")).arrayBuffer()));
  await prisma.$disconnect();
  await lite.close();
  return file;
}

async function pgTemplate(url: string) {
  const { Pool } = await import("pg");
  const pool = new Pool({ connectionString: url, max: 1 });
  await migrate(poolExecutor(pool));
  await pool.end();
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    await workerDatabases(url).dropAll();
    await pgTemplate(url);
    project.provide("pgTemplate", url);
    return () => workerDatabases(url).dropAll();
  }
  const file = await pgliteSnapshot();
  project.provide("pgliteSnapshot", file);
  return () => rm(file, { force: true });
}
