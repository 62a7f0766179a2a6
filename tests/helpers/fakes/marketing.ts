// Local fakes of the four marketing tools' documented endpoints (real paths, auth headers and payload
// shapes; docs/marketing.md), each keeping what it received: Klaviyo's JSON:API (revision header,
// "Klaviyo-API-Key"), Brevo v3 ("api-key"), Mailchimp 3.0 (HTTP Basic, members by the e-mail's MD5)
// and ActiveCampaign v3 ("Api-Token"). A wrong key answers the tool's own 401/403; `fail(n)` makes
// the next n lead writes answer 503 (server.ts's throttle(n) answers 429).
import { createHash, randomUUID } from "node:crypto";
import { startFake, type Fake, type Recorded } from "./server";

export const MARKETING_KEYS = {
  klaviyo: "pk_klaviyo_0123456789abcdef",
  brevo: "xkeysib-0123456789abcdef-brevo",
  mailchimp: "0123456789abcdef0123456789abcdef-us21",
  activecampaign: "ac0123456789abcdef0123456789abcdef",
} as const;

/** Each fake account's lists: the first is the one the tests choose. */
export const MARKETING_LISTS = {
  klaviyo: [
    { id: "XyZ123", name: "Roleta" },
    { id: "AbC456", name: "Newsletter" },
  ],
  brevo: [
    { id: 7, name: "Leads da roleta" },
    { id: 8, name: "Clientes" },
  ],
  mailchimp: [{ id: "a1b2c3d4e5", name: "Loja", double_optin: true }],
  activecampaign: [{ id: "3", name: "Roleta Premiada" }],
} as const;

/** The port of the Brevo fake the e2e server's BREVO_API_URL names (scripts/e2e-server.mjs). */
export const e2eBrevoPort = (e2ePort = Number(process.env.E2E_PORT ?? 3100)) => e2ePort + 13;

export type MarketingFake = Fake & {
  /** The next n lead writes answer 503. */
  fail(n: number): void;
  /** Requests to paths starting with this, by method. */
  sent(pathStart: string, method?: string): Recorded[];
};

type Reply = (status: number, body: unknown) => void;

async function start(port: number, handle: (req: Recorded, url: URL, reply: Reply, failing: () => boolean) => void) {
  let failures = 0;
  const failing = () => failures > 0 && failures-- > 0;
  const fake = await startFake((req, res) => {
    const url = new URL(req.path, "http://fake");
    handle(req, url, (s, b) => res.json(s, b), failing);
  }, port);
  return Object.assign(fake, {
    fail: (n: number) => void (failures = n),
    sent: (start: string, method = "POST") =>
      fake.requests.filter((r) => r.method === method && r.path.startsWith(start)),
  });
}

const unavailable = { errors: [{ status: 503, detail: "Service Unavailable" }] };

export function startKlaviyo(port = 0): Promise<MarketingFake> {
  const jsonApiError = (status: number, code: string) => ({ errors: [{ status, code, title: code }] });
  return start(port, (req, url, reply, failing) => {
    if (req.headers.authorization !== `Klaviyo-API-Key ${MARKETING_KEYS.klaviyo}`)
      return reply(401, jsonApiError(401, "not_authenticated"));
    if (!req.headers.revision) return reply(400, jsonApiError(400, "invalid_revision"));
    if (req.method === "GET" && url.pathname === "/api/lists")
      return reply(200, {
        data: MARKETING_LISTS.klaviyo.map((l) => ({ type: "list", id: l.id, attributes: { name: l.name } })),
        links: { self: req.path, next: null },
      });
    if (req.method !== "POST") return reply(404, jsonApiError(404, "not_found"));
    if (req.headers["content-type"] !== "application/vnd.api+json") return reply(415, jsonApiError(415, "unsupported"));
    const type = (req.body as { data?: { type?: string } })?.data?.type;
    const expected: Record<string, string> = {
      "/api/profile-import": "profile",
      "/api/profile-subscription-bulk-create-jobs": "profile-subscription-bulk-create-job",
      "/api/events": "event",
      "/api/data-privacy-deletion-jobs": "data-privacy-deletion-job",
    };
    if (!expected[url.pathname]) return reply(404, jsonApiError(404, "not_found"));
    if (type !== expected[url.pathname]) return reply(400, jsonApiError(400, "invalid"));
    if (url.pathname !== "/api/data-privacy-deletion-jobs" && failing()) return reply(503, unavailable);
    if (url.pathname === "/api/profile-import") return reply(201, { data: { type: "profile", id: randomUUID() } });
    reply(202, null);
  });
}

export function startBrevo(port = 0): Promise<MarketingFake> {
  const attributes = new Set(["FIRSTNAME", "LASTNAME", "SMS"]);
  const contacts = new Set<string>();
  return start(port, (req, url, reply, failing) => {
    if (req.headers["api-key"] !== MARKETING_KEYS.brevo)
      return reply(401, { code: "unauthorized", message: "Key not found" });
    const p = url.pathname;
    if (req.method === "GET" && p === "/v3/account")
      return reply(200, { email: "loja@exemplo.com.br", companyName: "Loja" });
    if (req.method === "GET" && p === "/v3/contacts/lists")
      return reply(200, { lists: MARKETING_LISTS.brevo, count: MARKETING_LISTS.brevo.length });
    if (req.method === "GET" && p === "/v3/contacts/attributes")
      return reply(200, { attributes: [...attributes].map((name) => ({ name, category: "normal", type: "text" })) });
    const attr = /^\/v3\/contacts\/attributes\/normal\/([A-Z_]+)$/.exec(p);
    if (req.method === "POST" && attr) {
      attributes.add(attr[1]);
      return reply(201, null);
    }
    if (req.method === "POST" && p === "/v3/contacts") {
      const b = req.body as { email?: string; attributes?: Record<string, unknown>; listIds?: number[] };
      if (typeof b?.email !== "string" || !Array.isArray(b.listIds))
        return reply(400, { code: "invalid_parameter", message: "Invalid contact" });
      // Brevo refuses attributes the account has not declared.
      if (Object.keys(b.attributes ?? {}).some((k) => !attributes.has(k)))
        return reply(400, { code: "invalid_parameter", message: "Attribute not found" });
      if (failing()) return reply(503, unavailable);
      const existed = contacts.has(b.email);
      contacts.add(b.email);
      return existed ? reply(204, null) : reply(201, { id: contacts.size });
    }
    const del = /^\/v3\/contacts\/([^/]+)$/.exec(p);
    if (req.method === "DELETE" && del) {
      const email = decodeURIComponent(del[1]);
      if (!contacts.delete(email)) return reply(404, { code: "document_not_found", message: "Contact not found" });
      return reply(204, null);
    }
    reply(404, { code: "not_found" });
  });
}

export const md5 = (s: string) => createHash("md5").update(s.toLowerCase()).digest("hex");

export function startMailchimp(port = 0): Promise<MarketingFake> {
  const tags = new Set(["FNAME", "LNAME", "ADDRESS", "PHONE"]);
  const members = new Set<string>();
  return start(port, (req, url, reply, failing) => {
    // Mailchimp ignores Basic's user name: only the key after the colon counts.
    const given = Buffer.from(String(req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
    if (given.slice(given.indexOf(":") + 1) !== MARKETING_KEYS.mailchimp)
      return reply(401, { type: "about:blank", title: "API Key Invalid", status: 401 });
    const p = url.pathname;
    const list = MARKETING_LISTS.mailchimp[0];
    if (req.method === "GET" && p === "/3.0/ping") return reply(200, { health_status: "Everything's Chimpy!" });
    if (req.method === "GET" && p === "/3.0/lists")
      return reply(200, { lists: MARKETING_LISTS.mailchimp, total_items: 1 });
    if (req.method === "GET" && p === `/3.0/lists/${list.id}`) return reply(200, { double_optin: list.double_optin });
    if (p === `/3.0/lists/${list.id}/merge-fields`) {
      if (req.method === "GET") return reply(200, { merge_fields: [...tags].map((tag) => ({ tag })) });
      const b = req.body as { tag?: string; name?: string; type?: string };
      if (!b?.tag || b.tag.length > 10 || !b.name || !b.type)
        return reply(400, { title: "Invalid Resource", status: 400 });
      tags.add(b.tag);
      return reply(200, { tag: b.tag, name: b.name, type: b.type });
    }
    const m = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})(\/tags|\/actions\/delete-permanent)?$/.exec(p);
    if (!m || m[1] !== list.id) return reply(404, { title: "Resource Not Found", status: 404 });
    if (req.method === "PUT" && !m[3]) {
      const b = req.body as { email_address?: string; status_if_new?: string; merge_fields?: Record<string, unknown> };
      if (
        !b?.email_address ||
        md5(b.email_address) !== m[2] ||
        !["subscribed", "pending"].includes(b.status_if_new ?? "")
      )
        return reply(400, { title: "Invalid Resource", status: 400 });
      if (Object.keys(b.merge_fields ?? {}).some((k) => !tags.has(k)))
        return reply(400, { title: "Invalid Resource", status: 400, detail: "Your merge fields were invalid." });
      if (failing()) return reply(503, unavailable);
      members.add(m[2]);
      return reply(200, { id: m[2], email_address: b.email_address, status: b.status_if_new });
    }
    if (req.method === "POST" && m[3] === "/tags") return members.has(m[2]) ? reply(204, null) : reply(404, {});
    if (req.method === "POST" && m[3] === "/actions/delete-permanent")
      return members.delete(m[2]) ? reply(204, null) : reply(404, { title: "Resource Not Found", status: 404 });
    reply(405, { title: "Method Not Allowed", status: 405 });
  });
}

export function startActiveCampaign(port = 0): Promise<MarketingFake> {
  const fields = new Map<string, string>([["1", "EMPRESA"]]);
  const contacts = new Map<string, string>();
  return start(port, (req, url, reply, failing) => {
    if (req.headers["api-token"] !== MARKETING_KEYS.activecampaign)
      return reply(403, { message: "No Result found for Subscriber with id 0" });
    const p = url.pathname;
    if (req.method === "GET" && p === "/api/3/users/me") return reply(200, { user: { id: "1", username: "loja" } });
    if (req.method === "GET" && p === "/api/3/lists") return reply(200, { lists: MARKETING_LISTS.activecampaign });
    if (req.method === "GET" && p === "/api/3/fields")
      return reply(200, { fields: [...fields].map(([id, perstag]) => ({ id, perstag, type: "text" })) });
    if (req.method === "POST" && p === "/api/3/fields") {
      const f = (req.body as { field?: { perstag?: string; title?: string; type?: string } })?.field;
      if (!f?.perstag || !f.title || !f.type) return reply(422, { errors: [{ title: "Invalid field" }] });
      const id = String(fields.size + 1);
      fields.set(id, f.perstag);
      return reply(201, { field: { id, perstag: f.perstag } });
    }
    if (req.method === "POST" && p === "/api/3/fieldRels") return reply(201, { fieldRel: { id: randomUUID() } });
    if (req.method === "POST" && p === "/api/3/contact/sync") {
      const c = (req.body as { contact?: { email?: string; fieldValues?: { field: string }[] } })?.contact;
      if (!c?.email || (c.fieldValues ?? []).some((v) => !fields.has(v.field)))
        return reply(422, { errors: [{ title: "Invalid contact" }] });
      if (failing()) return reply(503, unavailable);
      const id = contacts.get(c.email) ?? String(contacts.size + 100);
      contacts.set(c.email, id);
      return reply(201, { contact: { id, email: c.email } });
    }
    if (req.method === "POST" && p === "/api/3/contactLists") {
      const cl = (req.body as { contactList?: { list?: string; contact?: string; status?: number } })?.contactList;
      if (!cl?.contact || ![...contacts.values()].includes(cl.contact) || cl.status !== 1)
        return reply(422, { errors: [{ title: "Invalid contactList" }] });
      return reply(201, { contactList: { id: randomUUID(), ...cl } });
    }
    if (req.method === "GET" && p === "/api/3/contacts") {
      const id = contacts.get(url.searchParams.get("email") ?? "");
      return reply(200, { contacts: id ? [{ id, email: url.searchParams.get("email") }] : [] });
    }
    const del = /^\/api\/3\/contacts\/(\d+)$/.exec(p);
    if (req.method === "DELETE" && del) {
      const email = [...contacts].find(([, id]) => id === del[1])?.[0];
      if (!email) return reply(404, { message: "No Result found" });
      contacts.delete(email);
      return reply(200, {});
    }
    reply(404, { message: "No Result found" });
  });
}
