// Recognising database errors the services answer in their own words.

/** A unique index refused the write (Prisma P2002); `field` narrows it to one column when given. */
export function isUniqueViolation(err: unknown, field?: string) {
  const e = err as { code?: string; meta?: { target?: unknown }; message?: string };
  if (e?.code !== "P2002") return false;
  if (!field) return true;
  return JSON.stringify(e.meta ?? {}).includes(field) || String(e.message).includes(field);
}
