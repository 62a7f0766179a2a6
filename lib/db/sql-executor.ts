// A minimal SQL interface over either PGlite or node-postgres, used by the migration runner,
// the seed and benchmarks (things that run before or beside the Prisma client).
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";

export interface SqlExecutor {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a multi-statement script. */
  exec(script: string): Promise<void>;
  /** Runs fn with exclusive use of one connection (needed for advisory locks and transactions). */
  session<T>(fn: (conn: SqlExecutor) => Promise<T>): Promise<T>;
}

export function pgliteExecutor(db: PGlite): SqlExecutor {
  const self: SqlExecutor = {
    async query(sql, params) {
      const res = await db.query(sql, params as unknown[]);
      return res.rows as never;
    },
    async exec(script) {
      await db.exec(script);
    },
    // PGlite is a single connection already.
    session: (fn) => fn(self),
  };
  return self;
}

export function poolExecutor(pool: Pool): SqlExecutor {
  return {
    async query(sql, params) {
      const res = await pool.query(sql, params as unknown[]);
      return res.rows;
    },
    async exec(script) {
      await pool.query(script);
    },
    async session(fn) {
      const client = await pool.connect();
      try {
        const conn: SqlExecutor = {
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          exec: async (script) => void (await client.query(script)),
          session: (inner) => inner(conn),
        };
        return await fn(conn);
      } finally {
        client.release();
      }
    },
  };
}
