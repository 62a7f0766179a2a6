// Klaviyo's JSON:API (https://developers.klaviyo.com/en/reference): a private key in
// "Authorization: Klaviyo-API-Key <key>", the `revision` header, application/vnd.api+json. A lead is
// the profile upserted with its properties (Create or Update Profile), subscribed to the chosen list
// with its consent time (Bulk Subscribe Profiles: the list's own single or double opt-in applies),
// and, for a winner, a "Ganhou na roleta" event a flow can start from. Erasure: a data-privacy
// deletion job (Request Profile Deletion).
import "server-only";
import { env } from "@/lib/env";
import { toolCall } from "../http";
import type { Account, Adapter, Credentials, Lead } from "./types";

export const KLAVIYO_REVISION = "2026-10-15";
export const KLAVIYO_EVENT = "Ganhou na roleta";
const JSONAPI = "application/vnd.api+json";

const base = () => (env().KLAVIYO_API_URL ?? "https://a.klaviyo.com").replace(/\/$/, "");
const headers = (c: Credentials) => ({
  authorization: `Klaviyo-API-Key ${c.api_key}`,
  revision: KLAVIYO_REVISION,
  accept: JSONAPI,
});
const call = (c: Credentials, path: string, method: "GET" | "POST" = "GET", json?: unknown) =>
  toolCall("Klaviyo", `${base()}${path}`, { method, headers: headers(c), json, contentType: JSONAPI });

/** Our fields as profile and event properties. */
const properties = (l: Lead) => ({
  roleta: l.wheel,
  roleta_premio: l.prize,
  roleta_codigo: l.code,
  roleta_validade: l.validUntil,
  roleta_origem: l.source,
});

async function lists(c: Credentials) {
  const out: { id: string; name: string }[] = [];
  let path: string | null = "/api/lists?fields[list]=name";
  for (let page = 0; path && page < 10; page++) {
    const { body } = (await call(c, path)) as {
      body: { data?: { id: string; attributes?: { name?: string } }[]; links?: { next?: string | null } };
    };
    for (const l of body?.data ?? []) out.push({ id: String(l.id), name: l.attributes?.name ?? l.id });
    // The next page's absolute link, followed only on the same host.
    const next = body?.links?.next;
    path = next && next.startsWith(base()) ? next.slice(base().length) : null;
  }
  return out;
}

export const klaviyo: Adapter = {
  tool: "klaviyo",
  async check(c) {
    await call(c, "/api/lists?fields[list]=name");
  },
  lists,
  async prepare() {
    return {};
  },
  async send(a: Account, l: Lead) {
    const c = a.credentials;
    await call(c, "/api/profile-import", "POST", {
      data: {
        type: "profile",
        attributes: {
          email: l.email,
          phone_number: l.phone,
          first_name: l.firstName,
          last_name: l.lastName || undefined,
          properties: properties(l),
        },
      },
    });
    await call(c, "/api/profile-subscription-bulk-create-jobs", "POST", {
      data: {
        type: "profile-subscription-bulk-create-job",
        attributes: {
          custom_source: `Roleta: ${l.wheel}`,
          profiles: {
            data: [
              {
                type: "profile",
                attributes: {
                  email: l.email,
                  subscriptions: {
                    email: { marketing: { consent: "SUBSCRIBED", consented_at: l.consentAt.toISOString() } },
                  },
                },
              },
            ],
          },
        },
        relationships: { list: { data: { type: "list", id: a.listId } } },
      },
    });
    if (!l.prize) return;
    await call(c, "/api/events", "POST", {
      data: {
        type: "event",
        attributes: {
          properties: properties(l),
          time: l.createdAt.toISOString(),
          // A retried job sends the same event: Klaviyo keeps one per unique_id.
          unique_id: l.spinId,
          metric: { data: { type: "metric", attributes: { name: KLAVIYO_EVENT } } },
          profile: { data: { type: "profile", attributes: { email: l.email } } },
        },
      },
    });
  },
  async erase(a, email) {
    await call(a.credentials, "/api/data-privacy-deletion-jobs", "POST", {
      data: {
        type: "data-privacy-deletion-job",
        attributes: { profile: { data: { type: "profile", attributes: { email } } } },
      },
    });
  },
};
