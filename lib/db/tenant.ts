// The tenant doors: every model query made for one company goes through one of them, which adds
// companyId to every where and every created row of the tenant-owned models below, so another
// company's id simply is not found (404), and no caller can forget the filter.
// - tenantDb(scope): a Prisma client bound to one company, for queries outside a transaction.
// - tenantTx(scope, fn): an interactive transaction whose client is bound the same way; its second
//   argument is the unbound client, for the one deliberate cross-company read a transaction needs
//   (e.g. "has this person a membership elsewhere?" in lib/users/service.ts), named where it is used.
// A scope is anything carrying the companyId: a session's ctx in a request, the job itself in a
// job's run (JobRun in lib/jobs/types.ts: `tenantDb(job)`), a claimed outbox row in the webhook
// worker (lib/webhooks/worker.ts), `{ companyId }` where a caller holds just the id.
// Raw SQL is bound by neither door (not even $queryRaw on a bound client): a raw statement names
// its company condition itself. spinWhere(companyId, filters) in lib/leads/filters.ts is the WHERE
// of every lead list, figure and export; the others write `"companyId" = ${...}` next to their use.
// Outside the doors, code that serves no signed-in company finds the company from what it was given
// and binds it itself: the public visitor paths (the spin in lib/spins, one statement keyed by the
// wheel it read; WhatsApp verification; the prize claim), Meta's webhook (lib/whatsapp/webhook.ts),
// the worker's cross-company passes (the claim, lead bodies, the store sweep, the rollups) and
// billing's plan check (lib/billing/plan-limits.ts). Rows keyed by the company itself (Company,
// former slugs, the audit log, billing grants) are not in the list and are queried by company id.
import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "./client";
import { announceWrite, type ModelArgs } from "./writes";

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
  "StoreOrderEvent",
  "WhatsappAccount",
  "WhatsappVerification",
  "WhatsappWindow",
  "WhatsappPaidMonth",
  "RefusalDay",
  "Refusal",
  "RdStationIntegration",
  "MarketingIntegration",
  "ApiKey",
  "Unit",
  "WheelDevice",
  "Experiment",
  "ExperimentArm",
  "ExperimentExposure",
  "StoreOrder",
  "ExperimentConversion",
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

export interface TenantScope {
  companyId: string;
}

/** The arguments of one operation on one model, bound to the company (unchanged for other models). */
function scoped(model: string, operation: string, args: unknown, companyId: string): unknown {
  if (!TENANT_MODELS.has(model)) return args;
  const a = { ...((args ?? {}) as ModelArgs) };
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
  const result = await prisma.$transaction((tx) => fn(tenantTxClient(tx, scope.companyId), tx));
  // Its raw statements announce nothing themselves, and a read made before the commit saw the old rows.
  announceWrite(null, scope.companyId);
  return result;
}

export type TenantDb = Awaited<ReturnType<typeof tenantDb>>;
