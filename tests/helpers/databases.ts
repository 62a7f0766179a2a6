// Each test worker's own Postgres database, copied from the migrated template (global-setup.ts):
// named after the template and the worker, created on the worker's first test file, dropped
// before and after the run.
import type { Pool } from "pg";

const MAX_WORKERS = 16;

export function workerDatabases(templateUrl: string) {
  const template = new URL(templateUrl);
  const base = decodeURIComponent(template.pathname.slice(1));
  const nameOf = (worker: string | number) => `${base}_w${worker}`;
  const urlOf = (name: string) => Object.assign(new URL(templateUrl), { pathname: `/${encodeURIComponent(name)}` });

  async function withAdmin<T>(fn: (pool: Pool) => Promise<T>): Promise<T> {
    const { Pool } = await import("pg");
    const pool = new Pool({ connectionString: urlOf("postgres").toString(), max: 1 });
    try {
      return await fn(pool);
    } finally {
      await pool.end();
    }
  }

  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

  return {
    /** The worker's database URL, created from the template if it does not exist yet. */
    async forWorker(worker: string): Promise<string> {
      const name = nameOf(worker);
      await withAdmin(async (pool) => {
        const found = await pool.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
        if (!found.rowCount) await pool.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(base)}`);
      });
      return urlOf(name).toString();
    },
    async dropAll() {
      await withAdmin(async (pool) => {
        for (let w = 0; w <= MAX_WORKERS; w++)
          await pool.query(`DROP DATABASE IF EXISTS ${quote(nameOf(w))} WITH (FORCE)`);
      });
    },
  };
}
