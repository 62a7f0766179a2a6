// The LGPD erasure's reach into the marketing tools (docs/api.md "The marketing tools Brazilian shops
// use"): each connected tool is asked to forget the person's e-mails where its API can (Klaviyo's
// deletion job, Brevo's and ActiveCampaign's contact deletion, Mailchimp's permanent delete); RD
// Station Marketing has no deletion in its public API, so the shop is told to erase there by hand.
// Asked right after the erasure commits, within the request: the panel says what happened.
import "server-only";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { log } from "@/lib/log";
import { ADAPTERS } from "./adapters";
import { accountOf } from "./service";
import { TOOL_LABELS, type MarketingTool } from "./tools";

export interface ToolErasure {
  /** Tools that accepted the request. */
  asked: string[];
  /** Tools that were asked and did not accept it (the shop erases there by hand). */
  failed: string[];
  /** Connected tools whose API cannot erase (the shop erases there by hand). */
  manual: string[];
}

export async function forgetInTools(scope: TenantScope, emails: string[]): Promise<ToolErasure> {
  const out: ToolErasure = { asked: [], failed: [], manual: [] };
  const t = await tenantDb(scope);
  const [rows, rd] = await Promise.all([
    t.marketingIntegration.findMany({ orderBy: { tool: "asc" } }),
    t.rdStationIntegration.findUnique({ where: { companyId: scope.companyId } }),
  ]);
  if (rd) out.manual.push("RD Station");
  if (!emails.length) return out;
  await Promise.all(
    rows
      // Without a list nothing was ever sent.
      .filter((r) => r.listId)
      .map(async (r) => {
        const tool = r.tool as MarketingTool;
        try {
          const account = accountOf(r);
          for (const email of emails) await ADAPTERS[tool].erase(account, email);
          out.asked.push(TOOL_LABELS[tool]);
        } catch (err) {
          log().warn({ tool, err: (err as Error).message }, "marketing erasure not accepted");
          out.failed.push(TOOL_LABELS[tool]);
        }
      }),
  );
  out.asked.sort();
  out.failed.sort();
  return out;
}

/** The panel's sentence about the tools, or "" when none is connected. */
export function toolErasureText(r: ToolErasure): string {
  const parts: string[] = [];
  if (r.asked.length) parts.push(`Pedimos a exclusão em: ${r.asked.join(", ")}.`);
  if (r.failed.length) parts.push(`Não foi possível pedir a exclusão em: ${r.failed.join(", ")}; exclua manualmente.`);
  if (r.manual.length) parts.push(`Exclua manualmente em: ${r.manual.join(", ")} (não permite exclusão pela API).`);
  return parts.join(" ");
}
