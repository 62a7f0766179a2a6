// ActiveCampaign's API v3 (https://developers.activecampaign.com/reference): the account's own URL
// ("https://<conta>.api-us1.com", Configurações -> Desenvolvedor) and its key in `Api-Token`. The URL
// is the shop's to type, so every call goes through the pinned, private-address-checked connection
// (lib/marketing/http.ts). A lead is a contact synced by e-mail (POST /contact/sync) with our custom
// fields (declared at saving when missing, for all lists) and then put on the chosen list as active
// (POST /contactLists, status 1). Erasure: the contact found by e-mail, then DELETE /contacts/{id}.
import "server-only";
import { toolCall } from "../http";
import { leadFieldValues, type Account, type Adapter, type Credentials, type LeadField } from "./types";

export const AC_FIELDS: Record<LeadField, { perstag: string; title: string }> = {
  prize: { perstag: "ROLETA_PREMIO", title: "Prêmio da roleta" },
  code: { perstag: "ROLETA_CODIGO", title: "Código do prêmio" },
  valid_until: { perstag: "ROLETA_VALIDADE", title: "Validade do prêmio" },
  wheel: { perstag: "ROLETA", title: "Roleta" },
  source: { perstag: "ROLETA_ORIGEM", title: "Origem" },
};

const base = (c: Credentials) => `${(c.api_url ?? "").replace(/\/+$/, "").replace(/\/api\/3$/, "")}/api/3`;
const call = (c: Credentials, path: string, method: "GET" | "POST" | "DELETE" = "GET", json?: unknown) =>
  toolCall("ActiveCampaign", `${base(c)}${path}`, { method, headers: { "api-token": c.api_key }, json, pinned: true });

export const activecampaign: Adapter = {
  tool: "activecampaign",
  async check(c) {
    await call(c, "/users/me");
  },
  async lists(c) {
    const { body } = (await call(c, "/lists?limit=100")) as { body: { lists?: { id: string; name: string }[] } };
    return (body?.lists ?? []).map((l) => ({ id: String(l.id), name: l.name }));
  },
  async prepare(c) {
    const { body } = (await call(c, "/fields?limit=100")) as { body: { fields?: { id: string; perstag: string }[] } };
    const have = new Map((body?.fields ?? []).map((f) => [f.perstag.toUpperCase(), String(f.id)]));
    const ids: Record<string, string> = {};
    for (const [key, f] of Object.entries(AC_FIELDS)) {
      let id = have.get(f.perstag);
      if (!id) {
        const made = (await call(c, "/fields", "POST", { field: { type: "text", title: f.title, perstag: f.perstag } }))
          .body as { field?: { id: string } };
        id = String(made?.field?.id);
        // relid 0: the field shows on every list.
        await call(c, "/fieldRels", "POST", { fieldRel: { field: id, relid: 0 } });
      }
      ids[key] = id;
    }
    return { fields: ids };
  },
  async send(a: Account, l) {
    const ids = (a.settings.fields ?? {}) as Record<string, string>;
    const values = leadFieldValues(l);
    const fieldValues = Object.entries(ids)
      .filter(([key]) => values[key as LeadField])
      .map(([key, id]) => ({ field: id, value: values[key as LeadField]! }));
    const synced = (
      await call(a.credentials, "/contact/sync", "POST", {
        contact: { email: l.email, firstName: l.firstName, lastName: l.lastName, phone: l.phone, fieldValues },
      })
    ).body as { contact?: { id: string } };
    await call(a.credentials, "/contactLists", "POST", {
      contactList: { list: a.listId, contact: synced?.contact?.id, status: 1 },
    });
  },
  async erase(a, email) {
    const found = (await call(a.credentials, `/contacts?email=${encodeURIComponent(email)}`)).body as {
      contacts?: { id: string }[];
    };
    for (const c of found?.contacts ?? []) await call(a.credentials, `/contacts/${encodeURIComponent(c.id)}`, "DELETE");
  },
};
