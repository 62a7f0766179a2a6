// The one helper every tenant query goes through: a Prisma client bound to one company.
// It adds companyId to every where and every created row of tenant-owned models, so another
// company's id simply is not found (404), and no service can forget the filter.
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

export async function tenantDb(scope: TenantScope) {
  const prisma = await db();
  const { companyId } = scope;
  return prisma.$extends({
    name: "tenant",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!TENANT_MODELS.has(model)) return query(args);
          const a = (args ?? {}) as Args;
          if (WHERE_OPS.has(operation)) a.where = { ...(a.where ?? {}), companyId };
          if (operation === "upsert") a.create = { ...(a.create ?? {}), companyId };
          if (CREATE_OPS.has(operation)) {
            a.data = Array.isArray(a.data)
              ? a.data.map((row) => ({ ...(row as object), companyId }))
              : { ...(a.data as object), companyId };
          }
          return query(a as typeof args);
        },
      },
    },
  });
}

export type TenantDb = Awaited<ReturnType<typeof tenantDb>>;
