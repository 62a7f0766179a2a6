// What a Nuvemshop store's installed script shows (docs/stores.md "The storefront script";
// docs/decisions/stores.md "The installed script reads its wheel from its own address"). Nuvemshop's
// Scripts API associates the app's script (NUVEMSHOP_SCRIPT_ID) with a store, and appends the
// association's `query_params` (a JSON object given as a string) to the script's src on the
// storefront; the loader (embed/experiment.ts loaderOptions) reads them when it has no data-*. So
// the shop's choice on Lojas ("Roleta na loja": a wheel, an experiment, or nothing) lives in the
// association itself: `{company, wheel}` or `{company, experiment}`. No request of ours is added to
// the shop's pages, and the choice is the platform's to serve.
import "server-only";
import { tenantDb } from "@/lib/db/tenant";
import type { SessionCtx } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import type { Store } from "@/lib/generated/prisma/client";
import type { StorefrontInput } from "@/lib/validation/stores";
import { nuvemshopCall, StoreError, type StoreAccess } from "./platforms";
import { getStore, storeAccess, storeDto, storeRefusal } from "./service";

export const STOREFRONT_MESSAGES = {
  notNuvemshop:
    "A roleta na loja sem colar código é da Nuvemshop conectada pelo app. Nas outras lojas, cole o código da roleta no tema.",
  noScript:
    "O script da Nuvemshop não está configurado neste servidor (NUVEMSHOP_SCRIPT_ID). Cole o código da roleta no tema da loja.",
  wheel: "Roleta não encontrada",
  experiment: "Teste não encontrado",
} as const;

/** The association's query_params: the company and the chosen wheel or experiment (their slug and key). */
async function queryParams(companyId: string, s: Pick<Store, "storefrontWheelId" | "storefrontExperimentId">) {
  // Company is keyed by its own id (not a tenant model: the door passes it through unbound).
  const t = await tenantDb({ companyId });
  const [company, wheel, experiment] = await Promise.all([
    t.company.findUnique({ where: { id: companyId }, select: { slug: true } }),
    s.storefrontWheelId ? t.wheel.findFirst({ where: { id: s.storefrontWheelId }, select: { slug: true } }) : null,
    s.storefrontExperimentId
      ? t.experiment.findFirst({ where: { id: s.storefrontExperimentId }, select: { key: true } })
      : null,
  ]);
  return JSON.stringify({
    company: company?.slug ?? "",
    ...(wheel && { wheel: wheel.slug }),
    ...(experiment && { experiment: experiment.key }),
  });
}

/**
 * Associates the script with the store (POST, the first time) or updates the association's
 * query_params (PUT /scripts/{id}); returns the association id. Throws StoreError.
 */
export async function syncScript(companyId: string, store: Store, access: StoreAccess): Promise<string> {
  const scriptId = env().NUVEMSHOP_SCRIPT_ID!;
  const query_params = await queryParams(companyId, store);
  if (store.scriptAssociationId) {
    try {
      await nuvemshopCall(access, `/scripts/${encodeURIComponent(store.scriptAssociationId)}`, {
        method: "PUT",
        body: JSON.stringify({ query_params }),
      });
      return store.scriptAssociationId;
    } catch (err) {
      // Gone with an uninstall (the platform removes an app's scripts): associated again below.
      if (!(err instanceof StoreError && err.status === 404)) throw err;
    }
  }
  const { body } = await nuvemshopCall(access, "/scripts", {
    method: "POST",
    body: JSON.stringify({ script_id: /^\d+$/.test(scriptId) ? Number(scriptId) : scriptId, query_params }),
  });
  const id = (body as { id?: unknown } | null)?.id;
  return id === undefined || id === null ? "" : String(id).slice(0, 40);
}

/** `PUT /integrations/stores/{id}/storefront`: the wheel or experiment the installed script shows. */
export async function setStorefront(ctx: SessionCtx, id: string, input: StorefrontInput) {
  const store = await getStore(ctx, id);
  if (store.platform !== "nuvemshop" || !store.externalId)
    throw new AppError("BAD_REQUEST", STOREFRONT_MESSAGES.notNuvemshop);
  if (!env().NUVEMSHOP_SCRIPT_ID) throw new AppError("BAD_REQUEST", STOREFRONT_MESSAGES.noScript);
  const t = await tenantDb(ctx);
  if (input.wheel_id && !(await t.wheel.findFirst({ where: { id: input.wheel_id }, select: { id: true } })))
    throw notFound(STOREFRONT_MESSAGES.wheel);
  if (
    input.experiment_id &&
    !(await t.experiment.findFirst({ where: { id: input.experiment_id }, select: { id: true } }))
  )
    throw notFound(STOREFRONT_MESSAGES.experiment);
  const chosen = { storefrontWheelId: input.wheel_id, storefrontExperimentId: input.experiment_id };
  let association: string;
  try {
    association = await syncScript(ctx.companyId, { ...store, ...chosen }, storeAccess(store));
  } catch (err) {
    // Nothing is saved when the store refused: Lojas keeps showing what the storefront shows.
    throw storeRefusal(err, store.platform);
  }
  const saved = await t.store.update({ where: { id }, data: { ...chosen, scriptAssociationId: association || null } });
  return { store: storeDto(saved) };
}
