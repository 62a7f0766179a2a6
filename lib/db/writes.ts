// Who hears that a company's rows were written: caches of database reads that must not outlive a
// change (lib/spins/recent-wheels.ts). Every Prisma write announces itself (announcingWrites, on
// the client every door is built on); a tenant transaction also announces its company once it
// commits (lib/db/tenant.ts), for its raw statements and for reads made before the commit.
// The spin's own statements are raw SQL on the driver: they change stock and counters, which
// nothing here needs to hear.
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** model: the Prisma model written, or null for "some rows of this company"; companyId null: unknown. */
export type WriteListener = (model: string | null, companyId: string | null) => void;

const KEY = Symbol.for("roleta.db.writeListeners");
// One set per process: every bundle of the server announces to, and registers in, the same one.
const g = globalThis as typeof globalThis & { [KEY]?: Set<WriteListener> };
const listeners = (g[KEY] ??= new Set());

export function onWrite(listener: WriteListener) {
  listeners.add(listener);
}

export function announceWrite(model: string | null, companyId: string | null) {
  for (const listener of listeners) listener(model, companyId);
}

const WRITES = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);

/** The arguments of a model operation, as far as a company is read from or bound into them. */
export type ModelArgs = { where?: Record<string, unknown>; data?: unknown; create?: Record<string, unknown> };

/** The company a write names: the Company row's id, or the companyId in its where or its row. */
function companyOf(model: string, args: unknown): string | null {
  const a = (args ?? {}) as ModelArgs;
  const id =
    model === "Company"
      ? a.where?.id
      : (a.where?.companyId ??
        a.create?.companyId ??
        (a.data && !Array.isArray(a.data) ? (a.data as Record<string, unknown>).companyId : undefined));
  return typeof id === "string" ? id : null;
}

/**
 * The client with every model write announced after it succeeds. A query extension changes no
 * method's type, so the client keeps its PrismaClient type.
 */
export function announcingWrites(prisma: PrismaClient): PrismaClient {
  return prisma.$extends({
    name: "writes",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const result = await query(args);
          if (WRITES.has(operation)) announceWrite(model, companyOf(model, args));
          return result;
        },
      },
    },
  }) as unknown as PrismaClient;
}
