// Prepared statements for a few hot queries. Postgres spends more CPU planning the spin route's
// read (seven tables) and write than running them, and node-postgres sends every query as an
// unnamed statement, planned again on each execution (under bench:spin, Postgres CPU per spin
// fell from ~2.3 ms to ~0.9 ms with these two prepared). A statement marked with prepared() gets a
// stable name, so each pooled connection parses and plans it once and then reuses the plan. Only
// marked statements are named: a fixed handful per connection, never one per distinct query text.
// Behind a transaction-mode pooler, the pooler must support prepared statements (pgbouncer >= 1.21
// with max_prepared_statements). PGlite's adapter does not use this.
import { createHash } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";

const MARK = "/* prepared */ ";

/** Marks a statement to be prepared once per connection (use for hot, fixed-shape statements). */
export const prepared = (sql: Prisma.Sql): Prisma.Sql => Prisma.sql`${Prisma.raw(MARK)}${sql}`;

/**
 * For @prisma/adapter-pg's statementNameGenerator: a name derived from the text for marked
 * statements, "" (the protocol's unnamed statement, planned per execution) for every other.
 */
export function statementName(query: { sql: string }): string {
  if (!query.sql.startsWith(MARK)) return "";
  // Remembered per text: the spin's write is a few KB, and hashing it on every spin showed in the
  // server's profile. Marked statements have a handful of shapes; the bound is only a safeguard.
  let name = names.get(query.sql);
  if (!name) {
    if (names.size >= MAX_NAMES) names.clear();
    name = `prepared_${createHash("sha1").update(query.sql).digest("hex").slice(0, 24)}`;
    names.set(query.sql, name);
  }
  return name;
}

const MAX_NAMES = 500;
const names = new Map<string, string>();
