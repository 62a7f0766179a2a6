// Klaviyo, Brevo, Mailchimp and ActiveCampaign (docs/api.md "The marketing tools Brazilian shops use"),
// over HTTP against each tool's local fake: connecting checks the key and the list, a real spin's lead
// arrives with its prize fields through the job queue, a 503 is retried, a lead without e-mail or
// consent and a disconnected tool send nothing, the LGPD erasure asks the tool, and another company
// never reaches an integration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as toolDelete, GET as toolGet, PUT as toolPut } from "@/app/api/integrations/[tool]/route";
import { GET as listsGet } from "@/app/api/integrations/[tool]/lists/route";
import { POST as eraseRoute } from "@/app/api/lgpd/erase/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { deliverLead } from "@/lib/marketing/service";
import { KLAVIYO_EVENT } from "@/lib/marketing/adapters/klaviyo";
import type { MarketingTool } from "@/lib/marketing/tools";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel, newPhone, updateWheel } from "../helpers/campaign";
import {
  MARKETING_KEYS,
  MARKETING_LISTS,
  md5,
  startActiveCampaign,
  startBrevo,
  startKlaviyo,
  startMailchimp,
  type MarketingFake,
} from "../helpers/fakes/marketing";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

const ENV = ["KLAVIYO_API_URL", "BREVO_API_URL", "MAILCHIMP_API_URL", "WEBHOOK_ALLOW_PRIVATE_HOSTS"] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
const fakes = {} as Record<MarketingTool, MarketingFake>;

beforeAll(async () => {
  [fakes.klaviyo, fakes.brevo, fakes.mailchimp, fakes.activecampaign] = await Promise.all([
    startKlaviyo(),
    startBrevo(),
    startMailchimp(),
    startActiveCampaign(),
  ]);
  process.env.KLAVIYO_API_URL = fakes.klaviyo.url;
  process.env.BREVO_API_URL = fakes.brevo.url;
  process.env.MAILCHIMP_API_URL = fakes.mailchimp.url;
  // ActiveCampaign's URL is the account's own: the fake's is on this machine.
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
  // Other files' queued work is not this file's to run.
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
});

afterAll(async () => {
  for (const k of ENV)
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  resetEnvCache();
  await Promise.all(Object.values(fakes).map((f) => f.close()));
});

let seq = 0;
const newEmail = () => `lead${++seq}-${Date.now()}@exemplo.com.br`;

async function work(at = new Date()) {
  for (let i = 0; i < 10; i++) if (!(await runOnce({ limit: 50, now: () => at })).claimed) return;
}

/** What each tool needs and where its fake records a lead and an erasure. */
const TOOLS: {
  tool: MarketingTool;
  credentials: () => Record<string, string>;
  list: string;
  /** The lead's write (the one `fail` turns into a 503). */
  leadPath: (email: string) => string;
  leadMethod: string;
  /** Checks the lead's write body: person, consent, prize fields. */
  check: (body: never, lead: { email: string; code: string; validUntil: string; wheel: string }) => void;
  erasePath: (email: string) => string;
  eraseMethod: string;
}[] = [
  {
    tool: "klaviyo",
    credentials: () => ({ api_key: MARKETING_KEYS.klaviyo }),
    list: MARKETING_LISTS.klaviyo[0].id,
    leadPath: () => "/api/profile-import",
    leadMethod: "POST",
    check: (b: { data: { attributes: Record<string, unknown> } }, l) => {
      expect(b.data.attributes).toMatchObject({
        email: l.email,
        phone_number: "+5521998765432",
        first_name: "Bia",
        last_name: "Lima Souza",
        properties: {
          roleta: l.wheel,
          roleta_premio: "Cupom 10%",
          roleta_codigo: l.code,
          roleta_validade: l.validUntil,
        },
      });
    },
    erasePath: () => "/api/data-privacy-deletion-jobs",
    eraseMethod: "POST",
  },
  {
    tool: "brevo",
    credentials: () => ({ api_key: MARKETING_KEYS.brevo }),
    list: String(MARKETING_LISTS.brevo[0].id),
    leadPath: () => "/v3/contacts",
    leadMethod: "POST",
    check: (b: Record<string, unknown>, l) => {
      expect(b).toMatchObject({
        email: l.email,
        listIds: [MARKETING_LISTS.brevo[0].id],
        updateEnabled: true,
        attributes: {
          FIRSTNAME: "Bia",
          LASTNAME: "Lima Souza",
          SMS: "+5521998765432",
          ROLETA: l.wheel,
          ROLETA_PREMIO: "Cupom 10%",
          ROLETA_CODIGO: l.code,
          ROLETA_VALIDADE: l.validUntil,
        },
      });
    },
    erasePath: (email) => `/v3/contacts/${encodeURIComponent(email)}`,
    eraseMethod: "DELETE",
  },
  {
    tool: "mailchimp",
    credentials: () => ({ api_key: MARKETING_KEYS.mailchimp }),
    list: MARKETING_LISTS.mailchimp[0].id,
    leadPath: (email) => `/3.0/lists/${MARKETING_LISTS.mailchimp[0].id}/members/${md5(email)}`,
    leadMethod: "PUT",
    check: (b: Record<string, unknown>, l) => {
      expect(b).toMatchObject({
        email_address: l.email,
        // The fake audience asks for double opt-in: Mailchimp sends the confirmation.
        status_if_new: "pending",
        merge_fields: {
          FNAME: "Bia",
          LNAME: "Lima Souza",
          PHONE: "+5521998765432",
          R_ROLETA: l.wheel,
          R_PREMIO: "Cupom 10%",
          R_CODIGO: l.code,
          R_VALIDADE: l.validUntil,
        },
      });
    },
    erasePath: (email) =>
      `/3.0/lists/${MARKETING_LISTS.mailchimp[0].id}/members/${md5(email)}/actions/delete-permanent`,
    eraseMethod: "POST",
  },
  {
    tool: "activecampaign",
    credentials: () => ({ api_key: MARKETING_KEYS.activecampaign, api_url: fakes.activecampaign.url }),
    list: MARKETING_LISTS.activecampaign[0].id,
    leadPath: () => "/api/3/contact/sync",
    leadMethod: "POST",
    check: (b: { contact: { fieldValues: { field: string; value: string }[] } & Record<string, unknown> }, l) => {
      expect(b.contact).toMatchObject({
        email: l.email,
        firstName: "Bia",
        lastName: "Lima Souza",
        phone: "+5521998765432",
      });
      expect(b.contact.fieldValues.map((v) => v.value).sort()).toEqual(
        ["Cupom 10%", l.code, l.validUntil, l.wheel].sort(),
      );
    },
    erasePath: () => "/api/3/contacts/",
    eraseMethod: "DELETE",
  },
];

const put = (c: TestCompany, tool: string, body: Record<string, unknown>, token = c.owner.token) =>
  call(toolPut, { method: "PUT", token, params: { tool }, body });

const spin = (c: TestCompany, wheel: string, body: Record<string, unknown>) =>
  call(spinRoute, { params: { companySlug: c.slug, wheel }, body: { consent: true, ...body }, ip: randomIp() });

async function shop(name: string) {
  const c = await createCompany(name);
  const { wheel } = await campaignWheel(c, { no_prize_weight: 0, redeem_within_days: 30 }, [
    { stock: 50, name: "Cupom 10%" },
  ]);
  await updateWheel(c, wheel.id, { fields: { email: "optional" } });
  return { c, wheel };
}

const jobs = async (companyId: string) =>
  (await db()).webhookDelivery.findMany({
    where: { companyId, kind: "marketing.lead" },
    orderBy: { createdAt: "asc" },
  });

describe.each(TOOLS)("$tool", (t) => {
  const fake = () => fakes[t.tool];
  const leadWrites = () => fake().sent(t.leadPath("").replace(/[0-9a-f]{32}$/, ""), t.leadMethod);

  it("connects only with a key the tool accepts and a list of the account's own", async () => {
    const { c } = await shop(`${t.tool} conecta`);
    const none = await call(toolGet, { token: c.owner.token, params: { tool: t.tool } });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("INTEGRATION_NOT_FOUND");

    const bad = await put(c, t.tool, {
      enabled: true,
      credentials: {
        ...t.credentials(),
        api_key: `${t.tool === "mailchimp" ? "wrongkey000-us21" : "wrong-key-00000"}`,
      },
      list_id: t.list,
    });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.code).toBe("INTEGRATION_AUTH");
    expect((await call(toolGet, { token: c.owner.token, params: { tool: t.tool } })).status).toBe(404);

    const otherList = await put(c, t.tool, { enabled: true, credentials: t.credentials(), list_id: "not-a-list" });
    expect(otherList.status).toBe(400);
    expect(otherList.body.details.fields.list_id).toBeTruthy();

    // Connected before a list is chosen: the account's lists, then the list.
    const first = await put(c, t.tool, { enabled: true, credentials: t.credentials() });
    expect(first.status, first.text).toBe(200);
    expect(first.body.integration).toMatchObject({ tool: t.tool, list_id: null });
    const lists = await call(listsGet, { token: c.owner.token, params: { tool: t.tool } });
    expect(lists.status).toBe(200);
    expect(lists.body.lists.map((l: { id: string }) => l.id)).toContain(t.list);

    const ok = await put(c, t.tool, { enabled: true, list_id: t.list });
    expect(ok.status, ok.text).toBe(200);
    const key = t.credentials().api_key;
    expect(ok.body.integration).toEqual({
      tool: t.tool,
      enabled: true,
      credentials: { configured: true, last4: key.slice(-4) },
      list_id: t.list,
      wheel_ids: [],
      last_delivery_at: null,
      last_error: null,
      last_error_at: null,
    });
    expect(ok.text).not.toContain(key);
    const row = await (
      await db()
    ).marketingIntegration.findFirstOrThrow({ where: { companyId: c.companyId, tool: t.tool } });
    expect(row.credentials).not.toContain(key);
  });

  it("sends a lead with consent and its prize fields through the queue, retries a 503, and skips leads without e-mail", async () => {
    const { c, wheel } = await shop(`${t.tool} envia`);
    expect((await put(c, t.tool, { enabled: true, credentials: t.credentials(), list_id: t.list })).status).toBe(200);
    const email = newEmail();
    const res = await spin(c, wheel.slug, { email, name: "Bia Lima Souza", whatsapp: "(21) 99876-5432" });
    expect(res.status, res.text).toBe(201);
    // Without an e-mail: nothing queued.
    expect((await spin(c, wheel.slug, { name: "Sem Email", whatsapp: newPhone() })).status).toBe(201);
    const queued = await jobs(c.companyId);
    expect(queued).toHaveLength(1);
    expect(queued[0].payload).toMatchObject({ tool: t.tool });

    const before = leadWrites().length;
    fake().fail(1);
    await work();
    let job = await (await db()).webhookDelivery.findUniqueOrThrow({ where: { id: queued[0].id } });
    expect(job.status).toBe("pending");
    const failed = (await call(toolGet, { token: c.owner.token, params: { tool: t.tool } })).body.integration;
    expect(failed.last_error).toContain("503");
    expect(failed.last_error).not.toContain("Unavailable");

    await work(new Date(Date.now() + 24 * 3600_000));
    job = await (await db()).webhookDelivery.findUniqueOrThrow({ where: { id: queued[0].id } });
    expect(job.status).toBe("done");
    const writes = leadWrites().slice(before);
    expect(writes).toHaveLength(2);
    const lead = await (await db()).spin.findFirstOrThrow({ where: { companyId: c.companyId, email } });
    t.check(writes[1].body as never, {
      email,
      code: lead.redemptionCode!,
      validUntil: lead.redeemUntil!.toISOString().slice(0, 10),
      wheel: lead.wheelName,
    });
    if (t.tool === "klaviyo") {
      const sub = fake().sent("/api/profile-subscription-bulk-create-jobs").at(-1)!;
      expect(sub.headers.revision).toBeTruthy();
      expect(sub.body).toMatchObject({
        data: {
          attributes: {
            profiles: {
              data: [{ attributes: { email, subscriptions: { email: { marketing: { consent: "SUBSCRIBED" } } } } }],
            },
          },
          relationships: { list: { data: { type: "list", id: t.list } } },
        },
      });
      const event = fake().sent("/api/events").at(-1)!.body as { data: { attributes: Record<string, never> } };
      expect(event.data.attributes.metric).toEqual({ data: { type: "metric", attributes: { name: KLAVIYO_EVENT } } });
      expect(event.data.attributes.properties).toMatchObject({ roleta_codigo: lead.redemptionCode });
    }
    if (t.tool === "activecampaign") {
      const onList = fake().sent("/api/3/contactLists").at(-1)!.body;
      expect(onList).toMatchObject({ contactList: { list: t.list, status: 1 } });
    }
    const shown = (await call(toolGet, { token: c.owner.token, params: { tool: t.tool } })).body.integration;
    expect(shown.last_delivery_at).not.toBeNull();
  });

  it("a lead erased (consent withdrawn) before its job runs, or of a wheel not chosen, is not sent", async () => {
    const { c, wheel } = await shop(`${t.tool} sem consentimento`);
    const { wheel: other } = await campaignWheel(c, { no_prize_weight: 0 }, [{ stock: 5 }]);
    await updateWheel(c, other.id, { fields: { email: "optional" } });
    expect(
      (await put(c, t.tool, { enabled: true, credentials: t.credentials(), list_id: t.list, wheel_ids: [wheel.id] }))
        .status,
    ).toBe(200);
    const whatsapp = newPhone();
    expect((await spin(c, wheel.slug, { email: newEmail(), name: "Ana", whatsapp })).status).toBe(201);
    expect((await spin(c, other.slug, { email: newEmail(), name: "Outra", whatsapp: newPhone() })).status).toBe(201);
    expect(await jobs(c.companyId)).toHaveLength(1);
    const erased = await call(eraseRoute, { token: c.owner.token, body: { whatsapp } });
    expect(erased.status).toBe(200);
    const before = leadWrites().length;
    await work();
    expect(leadWrites().length).toBe(before);
    expect((await jobs(c.companyId))[0].status).toBe("cancelled");
  });

  it("disconnecting stops sending; a member cannot see it; another company never reaches it", async () => {
    const [{ c, wheel }, other] = await Promise.all([shop(`${t.tool} desconecta`), createCompany(`${t.tool} outra`)]);
    expect((await put(c, t.tool, { enabled: true, credentials: t.credentials(), list_id: t.list })).status).toBe(200);
    // Another company's owner reads, lists and deletes its own (absent) integration, never this one.
    for (const handler of [toolGet, listsGet])
      expect((await call(handler, { token: other.owner.token, params: { tool: t.tool } })).status).toBe(404);
    expect(
      (await call(toolDelete, { method: "DELETE", token: other.owner.token, params: { tool: t.tool } })).status,
    ).toBe(404);
    const member = await addMember(c.companyId, "member");
    expect((await call(toolGet, { token: member.token, params: { tool: t.tool } })).status).toBe(403);
    expect((await put(c, t.tool, { enabled: false }, member.token)).status).toBe(403);

    // A lead queued for this company, run as the other company's job, sends nothing.
    expect((await spin(c, wheel.slug, { email: newEmail(), name: "Cruzado", whatsapp: newPhone() })).status).toBe(201);
    const lead = await (await db()).spin.findFirstOrThrow({ where: { companyId: c.companyId, email: { not: null } } });
    const before = leadWrites().length;
    expect((await deliverLead({ companyId: other.companyId }, lead.id, t.tool)).status).toBe("cancelled");
    expect(leadWrites().length).toBe(before);
    await work();
    expect(leadWrites().length).toBe(before + 1);

    const del = await call(toolDelete, { method: "DELETE", token: c.owner.token, params: { tool: t.tool } });
    expect(del.status).toBe(200);
    expect((await spin(c, wheel.slug, { email: newEmail(), name: "Depois", whatsapp: newPhone() })).status).toBe(201);
    expect(await jobs(c.companyId)).toHaveLength(1);
    await work();
    expect(leadWrites().length).toBe(before + 1);
  });

  it("the LGPD erasure asks the tool to forget the person and says so", async () => {
    const { c, wheel } = await shop(`${t.tool} apaga`);
    expect((await put(c, t.tool, { enabled: true, credentials: t.credentials(), list_id: t.list })).status).toBe(200);
    const email = newEmail();
    const whatsapp = newPhone();
    expect((await spin(c, wheel.slug, { email, name: "Titular", whatsapp })).status).toBe(201);
    await work();
    const erased = await call(eraseRoute, { token: c.owner.token, body: { whatsapp } });
    expect(erased.status).toBe(200);
    const label = { klaviyo: "Klaviyo", brevo: "Brevo", mailchimp: "Mailchimp", activecampaign: "ActiveCampaign" }[
      t.tool
    ];
    expect(erased.body.tools).toEqual({ asked: [label], failed: [], manual: [] });
    expect(erased.body.message).toContain(`Pedimos a exclusão em: ${label}`);
    const calls = fake().sent(t.erasePath(email), t.eraseMethod);
    expect(calls.length).toBeGreaterThan(0);
    if (t.tool === "klaviyo")
      expect(calls.at(-1)!.body).toEqual({
        data: {
          type: "data-privacy-deletion-job",
          attributes: { profile: { data: { type: "profile", attributes: { email } } } },
        },
      });
  });
});

describe("put's input", () => {
  it("refuses an unknown tool, a Mailchimp key without its data centre, ActiveCampaign without its URL, another company's wheel", async () => {
    const [{ c }, other] = await Promise.all([shop("Entrada"), shop("Entrada outra")]);
    expect((await put(c, "hubspot", { enabled: true, credentials: { api_key: "x".repeat(20) } })).status).toBe(404);
    const mc = await put(c, "mailchimp", { enabled: true, credentials: { api_key: "0123456789abcdef" } });
    expect(mc.status).toBe(400);
    expect(mc.body.details.fields["credentials.api_key"]).toBeTruthy();
    const ac = await put(c, "activecampaign", {
      enabled: true,
      credentials: { api_key: MARKETING_KEYS.activecampaign },
    });
    expect(ac.status).toBe(400);
    expect(ac.body.details.fields["credentials.api_url"]).toBeTruthy();
    const wheels = await put(c, "klaviyo", {
      enabled: true,
      credentials: { api_key: MARKETING_KEYS.klaviyo },
      wheel_ids: [other.wheel.id],
    });
    expect(wheels.status).toBe(400);
    expect(wheels.body.details.fields.wheel_ids).toBeTruthy();
    const noKey = await put(c, "brevo", { enabled: true, list_id: "7" });
    expect(noKey.status).toBe(400);
  });

  it("a tool that does not answer is INTEGRATION_UNREACHABLE", async () => {
    const { c } = await shop("Fora do ar");
    const res = await put(c, "activecampaign", {
      enabled: true,
      credentials: { api_key: MARKETING_KEYS.activecampaign, api_url: "http://127.0.0.1:9" },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INTEGRATION_UNREACHABLE");
  });

  it("ActiveCampaign's own URL must be https on a public address: its key never crosses in clear", async () => {
    const { c } = await shop("URL em claro");
    const res = await put(c, "activecampaign", {
      enabled: true,
      credentials: { api_key: MARKETING_KEYS.activecampaign, api_url: "http://93.184.216.34" },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.fields["credentials.api_url"]).toBeTruthy();
  });

  it("the erasure names RD Station as one to erase by hand", async () => {
    const { c, wheel } = await shop("Com RD");
    await (
      await db()
    ).rdStationIntegration.create({
      data: { companyId: c.companyId, apiKey: "x", apiKeyHint: "1234", enabled: false },
    });
    const whatsapp = newPhone();
    expect((await spin(c, wheel.slug, { email: newEmail(), name: "Titular", whatsapp })).status).toBe(201);
    const erased = await call(eraseRoute, { token: c.owner.token, body: { whatsapp } });
    expect(erased.body.tools.manual).toEqual(["RD Station"]);
    expect(erased.body.message).toContain("Exclua manualmente em: RD Station");
  });
});
