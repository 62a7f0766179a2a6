import "server-only";
// One wheel of the signed-in company, or 404: the read every wheel service starts from.
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb } from "@/lib/db/tenant";
import { notFound } from "@/lib/errors";

export const WHEEL_NOT_FOUND = "Roleta não encontrada";

export async function getWheel(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const w = await t.wheel.findFirst({ where: { id } });
  if (!w) throw notFound(WHEEL_NOT_FOUND);
  return w;
}
