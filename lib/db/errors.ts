// Recognising database errors the services answer in their own words.

interface DbError {
  code?: string;
  /** node-postgres' own error (lib/db/driver-query.ts): the index and the key it refused. */
  constraint?: string;
  detail?: string;
  meta?: { target?: unknown; driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } };
  message?: string;
}

/**
 * A unique index refused the write: Prisma's P2002, or P2010 when a raw query ($queryRaw) hit the
 * index, or SQLSTATE 23505 from node-postgres itself. `field` narrows it to one column when given.
 */
export function isUniqueViolation(err: unknown, field?: string) {
  const e = err as DbError;
  if (e?.code === "23505") return !field || `${e.constraint} ${e.detail}`.includes(field);
  const cause = e?.meta?.driverAdapterError?.cause;
  const rawUnique =
    e?.code === "P2010" && (cause?.kind === "UniqueConstraintViolation" || cause?.originalCode === "23505");
  if (e?.code !== "P2002" && !rawUnique) return false;
  if (!field) return true;
  return JSON.stringify(e.meta ?? {}).includes(field) || String(e.message).includes(field);
}

/**
 * The statement failed with this SQLSTATE (e.g. one a function RAISEs): node-postgres' own error,
 * or Prisma's P2010 from a raw query, which keeps the state as the driver adapter's original code.
 */
export function hasSqlState(err: unknown, state: string) {
  const e = err as DbError;
  return e?.code === state || e?.meta?.driverAdapterError?.cause?.originalCode === state;
}
