// The tenant doors: every query a service makes for one company goes through one of them, which
// adds companyId to every where and every created row of the tenant-owned models below, so another
// company's id simply is not found (404), and no service can forget the filter.
// - tenantDb(scope): a Prisma client bound to one company, for queries outside a transaction.
// - tenantTx(scope, fn): an interactive transaction whose client is bound the same way; its second
//   argument is the unbound client, for the one deliberate cross-company read a transaction needs
//   (e.g. "has this person a membership elsewhere?" in lib/users/service.ts), named where it is used.
// - spinWhere(companyId, filters) in lib/leads/filters.ts: the raw-SQL door, the WHERE of every
//   lead list, figure and export (raw SQL starts from its company condition).
// Outside these, code that is not a tenant's request binds the company itself: the public spin
// (lib/spins, one statement keyed by the wheel it read), the webhook worker and the rollups
// (lib/webhooks, lib/leads/rollups.ts), billing's plan check (lib/billing/plan-limits.ts).
import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "./client";

export const TENANT_MODELS = new Set([
  "Product",
  "Wheel",
  "WheelProduct",
  "Spin",
  "BillingTransaction",
  "Membership",
  "Subscription",
  "Invitation",
  "WinningMoment",
  "WebhookEndpoint",
  "WebhookDelivery",
  "WebhookAttempt",
  "WheelSource",
  "WheelViewDay",
  "SpinDay",
  "Contact",
  "ProductCode",
  "Store",
  "WhatsappAccount",
  "WhatsappVerification",
  "RefusalDay",
  "Refusal",
  "RdStationIntegration",
]);

const WHERE_OPS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
  "upsert",
]);
const CREATE_OPS = new Set(["create", "createMany", "createManyAndReturn"]);

type Args = { where?: Record<string, unknown>; data?: unknown; create?: Record<string, unknown> };

export interface TenantScope {
  companyId: string;
}

/** The arguments of one operation on one model, bound to the company (unchanged for other models). */
function scoped(model: string, operation: string, args: unknown, companyId: string): unknown {
  if (!TENANT_MODELS.has(model)) return args;
  const a = { ...((args ?? {}) as Args) };
  if (WHERE_OPS.has(operation)) a.where = { ...(a.where ?? {}), companyId };
  if (operation === "upsert") a.create = { ...(a.create ?? {}), companyId };
  if (CREATE_OPS.has(operation)) {
    a.data = Array.isArray(a.data)
      ? a.data.map((row) => ({ ...(row as object), companyId }))
      : { ...(a.data as object), companyId };
  }
  return a;
}

export async function tenantDb(scope: TenantScope) {
  const prisma = await db();
  const { companyId } = scope;
  return prisma.$extends({
    name: "tenant",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          return query(scoped(model, operation, args, companyId) as typeof args);
        },
      },
    },
  });
}

// A transaction client's model delegates by property name (product, wheelProduct, ...).
const DELEGATES = new Map([...TENANT_MODELS].map((m) => [m[0].toLowerCase() + m.slice(1), m]));

/** The transaction client with each tenant model's operations bound to the company. */
function tenantTxClient(tx: Prisma.TransactionClient, companyId: string): Prisma.TransactionClient {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      const delegate = Reflect.get(target, prop, receiver);
      const model = typeof prop === "string" ? DELEGATES.get(prop) : undefined;
      if (!model) return typeof delegate === "function" ? delegate.bind(target) : delegate;
      return new Proxy(delegate as object, {
        get(d, operation, r) {
          const op = Reflect.get(d, operation, r);
          if (typeof operation !== "string" || typeof op !== "function") return op;
          return (args?: unknown) => op.call(d, scoped(model, operation, args, companyId));
        },
      });
    },
  });
}

/**
 * An interactive transaction for one company: `tx` binds every tenant model to it as tenantDb
 * does; `unscoped` is the same transaction unbound, for a deliberate cross-company read.
 */
export async function tenantTx<T>(
  scope: TenantScope,
  fn: (tx: Prisma.TransactionClient, unscoped: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const prisma = await db();
  return prisma.$transaction((tx) => fn(tenantTxClient(tx, scope.companyId), tx));
}

export type TenantDb = Awaited<ReturnType<typeof tenantDb>>;
