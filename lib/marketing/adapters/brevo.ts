// Brevo's API v3 (https://developers.brevo.com): the key in the `api-key` header. A lead is a contact
// created or updated (POST /v3/contacts with updateEnabled) on the chosen list, with FIRSTNAME,
// LASTNAME, SMS (E.164) and our ROLETA_* attributes, which saving declares in the account when
// missing (Brevo refuses attributes it does not know). Erasure: DELETE /v3/contacts/{email}.
import "server-only";
import { env } from "@/lib/env";
import { toolCall } from "../http";
import { leadFieldValues, type Adapter, type Credentials, type LeadField } from "./types";

export const BREVO_ATTRIBUTES: Record<LeadField, { name: string; type: "text" | "date" }> = {
  prize: { name: "ROLETA_PREMIO", type: "text" },
  code: { name: "ROLETA_CODIGO", type: "text" },
  valid_until: { name: "ROLETA_VALIDADE", type: "date" },
  wheel: { name: "ROLETA", type: "text" },
  source: { name: "ROLETA_ORIGEM", type: "text" },
};

const base = () => `${(env().BREVO_API_URL ?? "https://api.brevo.com").replace(/\/$/, "")}/v3`;
const call = (c: Credentials, path: string, method: "GET" | "POST" | "DELETE" = "GET", json?: unknown, ok?: number[]) =>
  toolCall("Brevo", `${base()}${path}`, { method, headers: { "api-key": c.api_key }, json }, ok);

export const brevo: Adapter = {
  tool: "brevo",
  async check(c) {
    await call(c, "/account");
  },
  async lists(c) {
    const out: { id: string; name: string }[] = [];
    for (let offset = 0; offset < 500; offset += 50) {
      const { body } = (await call(c, `/contacts/lists?limit=50&offset=${offset}`)) as {
        body: { lists?: { id: number; name: string }[]; count?: number };
      };
      const page = body?.lists ?? [];
      out.push(...page.map((l) => ({ id: String(l.id), name: l.name })));
      if (page.length < 50) break;
    }
    return out;
  },
  async prepare(c) {
    const { body } = (await call(c, "/contacts/attributes")) as { body: { attributes?: { name: string }[] } };
    const have = new Set((body?.attributes ?? []).map((a) => a.name.toUpperCase()));
    for (const a of Object.values(BREVO_ATTRIBUTES))
      if (!have.has(a.name)) await call(c, `/contacts/attributes/normal/${a.name}`, "POST", { type: a.type });
    return {};
  },
  async send(a, l) {
    const values = leadFieldValues(l);
    const attributes: Record<string, string> = { FIRSTNAME: l.firstName, SMS: l.phone };
    if (l.lastName) attributes.LASTNAME = l.lastName;
    for (const [field, attr] of Object.entries(BREVO_ATTRIBUTES)) {
      const v = values[field as LeadField];
      if (v) attributes[attr.name] = v;
    }
    await call(a.credentials, "/contacts", "POST", {
      email: l.email,
      attributes,
      listIds: [Number(a.listId)],
      updateEnabled: true,
    });
  },
  async erase(a, email) {
    // 404: Brevo never had the person.
    await call(
      a.credentials,
      `/contacts/${encodeURIComponent(email)}?identifierType=email_id`,
      "DELETE",
      undefined,
      [404],
    );
  },
};
