// Leads carry the device they were played on (docs/api.md "The totem and the big screen"): a totem's
// spin and a big screen's (the phone that came from its QR) record the device, and the lead lists show
// its id, name and kind, also after the device is revoked. The leads screen shows the name instead of
// "Link direto" (docs/decisions/security.md "Trust round four").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as revokeRoute } from "@/app/api/wheels/[id]/devices/[deviceId]/route";
import { POST as createRoute } from "@/app/api/wheels/[id]/devices/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { GET as wheelSpinsRoute } from "@/app/api/wheels/[id]/spins/route";
import { closeScreenBus } from "@/lib/screens/bus";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let A: TestCompany;
let wheel: { id: string; slug: string };
let other: { id: string; slug: string };

const device = async (w: { id: string }, body: Record<string, unknown>) => {
  const res = await call(createRoute, { token: A.owner.token, params: { id: w.id }, body });
  expect(res.status, res.text).toBe(201);
  return res.body.device as { id: string; link: string };
};
const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("d")!;

/** A spin on the wheel; its WhatsApp, to find the lead. */
async function spin(body: Record<string, unknown>) {
  const whatsapp = newPhone();
  const res = await call(spinRoute, {
    params: { companySlug: A.slug, wheel: wheel.slug },
    body: { name: "Maria Visitante", whatsapp, consent: true, ...body },
    ip: randomIp(),
  });
  expect(res.status, res.text).toBe(201);
  return whatsapp;
}

type Lead = { whatsapp: string; device_id: string | null; device_name: string | null; device_kind: string | null };
async function leadOf(whatsapp: string): Promise<Lead> {
  const res = await call(leadsRoute, { token: A.owner.token, url: "/api/wheels/spins/all?limit=100" });
  expect(res.status, res.text).toBe(200);
  return res.body.spins.find((s: Lead) => s.whatsapp.replace(/\D/g, "").endsWith(whatsapp.replace(/\D/g, "")));
}

beforeAll(async () => {
  A = await createCompany("Aparelhos nos Leads");
  wheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 100 }])).wheel;
  other = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 5 }])).wheel;
});
afterAll(() => closeScreenBus());

describe("a lead's device", () => {
  it("a totem's spin shows the totem, also after it is revoked", async () => {
    const totem = await device(wheel, { name: "Totem da entrada" });
    const whatsapp = await spin({ device: tokenOf(totem.link) });
    expect(await leadOf(whatsapp)).toMatchObject({
      device_id: totem.id,
      device_name: "Totem da entrada",
      device_kind: "totem",
    });
    await call(revokeRoute, { token: A.owner.token, params: { id: wheel.id, deviceId: totem.id } });
    expect(await leadOf(whatsapp)).toMatchObject({ device_id: totem.id, device_name: "Totem da entrada" });
    // One wheel's list shows it too.
    const res = await call(wheelSpinsRoute, { token: A.owner.token, params: { id: wheel.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.spins.find((s: Lead) => s.device_id === totem.id)).toMatchObject({
      device_name: "Totem da entrada",
    });
  });

  it("a spin from a big screen's QR shows the screen; a revoked or another wheel's screen none", async () => {
    const tv = await device(wheel, { name: "TV do estande", kind: "screen" });
    expect(await leadOf(await spin({ screen: tv.id }))).toMatchObject({
      device_id: tv.id,
      device_name: "TV do estande",
      device_kind: "screen",
    });
    const elsewhere = await device(other, { name: "TV de outra roleta", kind: "screen" });
    expect(await leadOf(await spin({ screen: elsewhere.id }))).toMatchObject({ device_id: null, device_name: null });
    const gone = await device(wheel, { name: "TV desligada", kind: "screen" });
    await call(revokeRoute, { token: A.owner.token, params: { id: wheel.id, deviceId: gone.id } });
    expect(await leadOf(await spin({ screen: gone.id }))).toMatchObject({ device_id: null });
    expect(await leadOf(await spin({ screen: "nao-e-um-id" }))).toMatchObject({ device_id: null });
  });

  it("a plain link's spin has none", async () => {
    expect(await leadOf(await spin({}))).toMatchObject({ device_id: null, device_name: null, device_kind: null });
  });
});
