// Mailchimp's Marketing API 3.0 (https://mailchimp.com/developer/marketing/api/): the key's suffix
// is its data centre ("...-us21" -> https://us21.api.mailchimp.com), sent with HTTP Basic. A lead is
// the audience member upserted by the MD5 of its lower-cased e-mail (PUT .../members/{hash}), new
// ones "pending" when the audience asks for double opt-in (Mailchimp then sends the confirmation)
// and "subscribed" otherwise, with FNAME, LNAME, PHONE and our R_* merge fields, which saving
// declares in the audience when missing, plus tags. Erasure: .../actions/delete-permanent.
import "server-only";
import { createHash } from "node:crypto";
import { env } from "@/lib/env";
import { toolCall } from "../http";
import { leadFieldValues, type Account, type Adapter, type Credentials, type LeadField } from "./types";

/** Merge tags are at most 10 characters. */
export const MAILCHIMP_MERGE_FIELDS: Record<LeadField | "phone", { tag: string; name: string }> = {
  phone: { tag: "PHONE", name: "Telefone" },
  prize: { tag: "R_PREMIO", name: "Prêmio da roleta" },
  code: { tag: "R_CODIGO", name: "Código do prêmio" },
  valid_until: { tag: "R_VALIDADE", name: "Validade do prêmio" },
  wheel: { tag: "R_ROLETA", name: "Roleta" },
  source: { tag: "R_ORIGEM", name: "Origem" },
};

export const dataCentre = (key: string) => key.slice(key.lastIndexOf("-") + 1);
const base = (c: Credentials) =>
  `${(env().MAILCHIMP_API_URL ?? `https://${dataCentre(c.api_key)}.api.mailchimp.com`).replace(/\/$/, "")}/3.0`;
export const subscriberHash = (email: string) => createHash("md5").update(email.toLowerCase()).digest("hex");

const call = (c: Credentials, path: string, method: "GET" | "POST" | "PUT" = "GET", json?: unknown, ok?: number[]) =>
  toolCall(
    "Mailchimp",
    `${base(c)}${path}`,
    { method, headers: { authorization: `Basic ${Buffer.from(`roleta:${c.api_key}`).toString("base64")}` }, json },
    ok,
  );

const member = (a: Account, email: string) => `/lists/${encodeURIComponent(a.listId)}/members/${subscriberHash(email)}`;

export const mailchimp: Adapter = {
  tool: "mailchimp",
  async check(c) {
    await call(c, "/ping");
  },
  async lists(c) {
    const { body } = (await call(c, "/lists?count=1000&fields=lists.id,lists.name")) as {
      body: { lists?: { id: string; name: string }[] };
    };
    return (body?.lists ?? []).map((l) => ({ id: l.id, name: l.name }));
  },
  async prepare(c, listId) {
    const list = `/lists/${encodeURIComponent(listId)}`;
    const { body } = (await call(c, `${list}?fields=double_optin`)) as { body: { double_optin?: boolean } };
    const fields = (await call(c, `${list}/merge-fields?count=1000&fields=merge_fields.tag`)) as {
      body: { merge_fields?: { tag: string }[] };
    };
    const have = new Set((fields.body?.merge_fields ?? []).map((f) => f.tag));
    for (const f of Object.values(MAILCHIMP_MERGE_FIELDS))
      if (!have.has(f.tag)) await call(c, `${list}/merge-fields`, "POST", { tag: f.tag, name: f.name, type: "text" });
    return { double_optin: !!body?.double_optin };
  },
  async send(a, l) {
    const values = leadFieldValues(l);
    const merge: Record<string, string> = { FNAME: l.firstName, LNAME: l.lastName, PHONE: l.phone };
    for (const [field, f] of Object.entries(MAILCHIMP_MERGE_FIELDS)) {
      const v = field === "phone" ? l.phone : values[field as LeadField];
      if (v) merge[f.tag] = v;
    }
    await call(a.credentials, member(a, l.email), "PUT", {
      email_address: l.email,
      // An existing member keeps its status (someone who unsubscribed stays so).
      status_if_new: a.settings.double_optin ? "pending" : "subscribed",
      merge_fields: merge,
      timestamp_opt: l.consentAt.toISOString(),
    });
    await call(a.credentials, `${member(a, l.email)}/tags`, "POST", {
      tags: [
        { name: `Roleta: ${l.wheel}`, status: "active" },
        ...(l.prize ? [{ name: "Ganhou na roleta", status: "active" }] : []),
      ],
    });
  },
  async erase(a, email) {
    // 404: the audience never had the person.
    await call(a.credentials, `${member(a, email)}/actions/delete-permanent`, "POST", undefined, [404]);
  },
};
