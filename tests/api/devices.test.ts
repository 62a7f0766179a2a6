// A wheel's devices (docs/api.md "The totem and the big screen"): totems and big screens created with
// a link shown once, listed without tokens, revoked; only within the caller's company. A totem's
// token lifts the per-address spin limit (one play per person still holds); a big screen hears
// a visitor's spin on its event stream, with no contact in it.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as revokeRoute } from "@/app/api/wheels/[id]/devices/[deviceId]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/wheels/[id]/devices/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { POST as eligibilityRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/eligibility/route";
import { POST as exitRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/kiosk/exit/route";
import { GET as eventsRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/screens/[deviceId]/events/route";
import { db } from "@/lib/db/client";
import { closeScreenBus } from "@/lib/screens/bus";
import { createdDeviceAnswer, deviceAnswer } from "@/lib/validation/devices";
import { campaignWheel, getWheel, newPhone, updateWheel } from "../helpers/campaign";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let A: TestCompany;
let B: TestCompany;
let wheel: { id: string; slug: string };
let otherWheel: { id: string; slug: string };

const create = (c: TestCompany, wheelId: string, body: unknown) =>
  call(createRoute, { token: c.owner.token, params: { id: wheelId }, body });
const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("d")!;

const spin = (body: Record<string, unknown>, ip = randomIp(), key?: string, w = wheel) =>
  call(spinRoute, {
    params: { companySlug: A.slug, wheel: w.slug },
    body: { name: "Maria Visitante", whatsapp: newPhone(), consent: true, ...body },
    ip,
    headers: key ? { "idempotency-key": key } : undefined,
  });

beforeAll(async () => {
  [A, B] = [await createCompany("Totem A"), await createCompany("Totem B")];
  wheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 500 }])).wheel;
  otherWheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 5 }])).wheel;
});
afterAll(() => closeScreenBus());

describe("devices of a wheel", () => {
  it("are created with a link shown once, listed without tokens and revoked", async () => {
    const res = await create(A, wheel.id, { name: "  Totem da entrada " });
    expect(res.status).toBe(201);
    const d = res.body.device;
    expect(createdDeviceAnswer.parse(res.body)).toEqual(res.body);
    expect(d).toMatchObject({ name: "Totem da entrada", kind: "totem", unit_id: null });
    expect(d.link).toMatch(new RegExp(`^/w/${A.slug}/${wheel.slug}/totem\\?d=[A-Za-z0-9_-]{40,}$`));
    const screen = (await create(A, wheel.id, { name: "TV do estande", kind: "screen" })).body.device;
    expect(screen.link).toMatch(new RegExp(`^/w/${A.slug}/${wheel.slug}/tela\\?d=`));

    const listed = await call(listRoute, { token: A.owner.token, params: { id: wheel.id } });
    expect(listed.status).toBe(200);
    expect(listed.body.devices.map((x: { name: string }) => x.name)).toEqual(["Totem da entrada", "TV do estande"]);
    for (const x of listed.body.devices) expect(deviceAnswer.parse(x)).toEqual(x);
    expect(listed.text).not.toContain(tokenOf(d.link));
    // Only the hash is stored.
    const row = await (await db()).wheelDevice.findUniqueOrThrow({ where: { id: d.id } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(tokenOf(d.link));

    const del = await call(revokeRoute, { token: A.owner.token, params: { id: wheel.id, deviceId: d.id } });
    expect(del.status).toBe(200);
    const after = (await call(listRoute, { token: A.owner.token, params: { id: wheel.id } })).body.devices;
    expect(after.find((x: { id: string }) => x.id === d.id).revoked_at).not.toBeNull();
  });

  it("refuses a bad name, kind or another company's unit with pt-BR 400s", async () => {
    const empty = await create(A, wheel.id, { name: " " });
    expect(empty.status).toBe(400);
    expect(empty.body.details.fields.name).toBe("Dê um nome ao aparelho (ex.: Totem da entrada)");
    expect((await create(A, wheel.id, { name: "x", kind: "tv" })).status).toBe(400);
    const unitB = await (await db()).unit.create({ data: { companyId: B.companyId, name: "Loja B", slug: "loja-b" } });
    const foreignUnit = await create(A, wheel.id, { name: "Totem", unit_id: unitB.id });
    expect(foreignUnit.status).toBe(400);
    expect(foreignUnit.body.error).toBe("Unidade inválida");
    const unitA = await (await db()).unit.create({ data: { companyId: A.companyId, name: "Loja A", slug: "loja-a" } });
    const ok = await create(A, wheel.id, { name: "Totem da loja", unit_id: unitA.id });
    expect(ok.status).toBe(201);
    expect(ok.body.device.unit_id).toBe(unitA.id);
  });

  it("attackers: another company's wheel or device is 404; a member is 403", async () => {
    const d = (await create(A, wheel.id, { name: "Totem" })).body.device;
    expect((await create(B, wheel.id, { name: "Intruso" })).status).toBe(404);
    expect((await call(listRoute, { token: B.owner.token, params: { id: wheel.id } })).status).toBe(404);
    const wheelB = (await campaignWheel(B, {}, [{ stock: 1 }])).wheel;
    // B's own wheel with A's device id: not found either.
    expect((await call(revokeRoute, { token: B.owner.token, params: { id: wheelB.id, deviceId: d.id } })).status).toBe(
      404,
    );
    expect((await call(revokeRoute, { token: B.owner.token, params: { id: wheel.id, deviceId: d.id } })).status).toBe(
      404,
    );
    // A's other wheel does not own it.
    expect(
      (await call(revokeRoute, { token: A.owner.token, params: { id: otherWheel.id, deviceId: d.id } })).status,
    ).toBe(404);
    const member = await addMember(A.companyId, "member");
    expect(
      (await call(createRoute, { token: member.token, params: { id: wheel.id }, body: { name: "x" } })).status,
    ).toBe(403);
    expect((await call(listRoute, { token: member.token, params: { id: wheel.id } })).status).toBe(403);
    const admin = await addMember(A.companyId, "admin");
    expect(
      (await call(createRoute, { token: admin.token, params: { id: wheel.id }, body: { name: "x" } })).status,
    ).toBe(201);
    const row = await (await db()).wheelDevice.findUniqueOrThrow({ where: { id: d.id } });
    expect(row.revokedAt).toBeNull();
  });
});

describe("the wheel's kiosk settings", () => {
  it("keep the reset seconds and a write-only PIN (4-8 digits)", async () => {
    expect((await getWheel(A, wheel.id)).body.wheel).toMatchObject({ kiosk_reset_seconds: 15, kiosk_pin_set: false });
    const saved = await updateWheel(A, wheel.id, { kiosk_reset_seconds: 20, kiosk_pin: "4321" });
    expect(saved.status).toBe(200);
    expect(saved.body.wheel).toMatchObject({ kiosk_reset_seconds: 20, kiosk_pin_set: true });
    expect(saved.text).not.toContain("4321");
    const bad = await updateWheel(A, wheel.id, { kiosk_pin: "12a4" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("O PIN deve ter de 4 a 8 números");
    expect((await updateWheel(A, wheel.id, { kiosk_reset_seconds: 2 })).status).toBe(400);
  });

  it("the exit checks the PIN on the server", async () => {
    await updateWheel(A, wheel.id, { kiosk_pin: "2468" });
    const token = tokenOf((await create(A, wheel.id, { name: "Totem saída" })).body.device.link);
    const exit = (pin: string, device = token) =>
      call(exitRoute, { params: { companySlug: A.slug, wheel: wheel.slug }, body: { device, pin } });
    expect((await exit("0000")).status).toBe(403);
    expect((await exit("2468")).status).toBe(200);
    expect((await exit("2468", "nao-existe")).body.code).toBe("DEVICE_REVOKED");
    await updateWheel(A, wheel.id, { kiosk_pin: null });
    expect((await exit("")).status).toBe(200);
  });

  it("asked with no PIN: a PIN set after the totem loaded is required at once, never a wrong try; revoked is 403", async () => {
    await updateWheel(A, otherWheel.id, { kiosk_pin: null });
    const created = (await create(A, otherWheel.id, { name: "Totem pergunta" })).body.device;
    const ask = (body: Record<string, unknown>) =>
      call(exitRoute, {
        params: { companySlug: A.slug, wheel: otherWheel.slug },
        body: { device: tokenOf(created.link), ...body },
        ip: "10.49.1.7",
      });
    expect((await ask({})).body).toEqual({ ok: true, pin_required: false });
    // The staff set a PIN while the totem is open: the next question says so.
    await updateWheel(A, otherWheel.id, { kiosk_pin: "8642" });
    for (let i = 0; i < 12; i++) expect((await ask({})).body).toEqual({ ok: false, pin_required: true });
    const wrong = await ask({ pin: "1111" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe("PIN incorreto");
    // Twelve questions were not wrong tries: the right PIN passes, a wrong one is still only 403.
    expect((await ask({ pin: "8642" })).body).toEqual({ ok: true, pin_required: true });
    expect((await ask({ pin: "2222" })).status).toBe(403);
    await call(revokeRoute, { token: A.owner.token, params: { id: otherWheel.id, deviceId: created.id } });
    const revoked = await ask({});
    expect(revoked.status).toBe(403);
    expect(revoked.body.code).toBe("DEVICE_REVOKED");
    await updateWheel(A, otherWheel.id, { kiosk_pin: null });
  });
});

describe("the kiosk PIN's limit", () => {
  const exitOf =
    (device: string) =>
    (pin: string, ip = randomIp()) =>
      call(exitRoute, { params: { companySlug: A.slug, wheel: otherWheel.slug }, body: { device, pin }, ip });
  const newTotem = async (name: string) => tokenOf((await create(A, otherWheel.id, { name })).body.device.link);

  it("10 wrong PINs on a totem, then 429 for wrong ones only; the right PIN always passes", async () => {
    await updateWheel(A, otherWheel.id, { kiosk_pin: "97531" });
    const exit = exitOf(await newTotem("Totem do limite"));
    // Ten wrong tries from many addresses: each 403.
    for (let i = 0; i < 10; i++) expect((await exit(`1000${i}`)).status).toBe(403);
    const refused = await exit("12345");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Muitas tentativas. Aguarde alguns minutos e tente novamente.");
    // The staff member at the stand is let out all the same, and more than once.
    expect((await exit("97531")).status).toBe(200);
    expect((await exit("97531")).status).toBe(200);
    expect((await exit("55555")).status).toBe(429);
  });

  it("counts per address too: one address's wrong PINs on several totems are held after 10", async () => {
    const ip = randomIp();
    const [first, second] = [exitOf(await newTotem("Totem 1")), exitOf(await newTotem("Totem 2"))];
    for (let i = 0; i < 5; i++) expect((await first(`2000${i}`, ip)).status).toBe(403);
    for (let i = 0; i < 5; i++) expect((await second(`3000${i}`, ip)).status).toBe(403);
    expect((await second("40000", ip)).status).toBe(429);
    expect((await second("97531", ip)).status).toBe(200);
    // Another address on the same totem is not held by this one's tries.
    expect((await second("40001")).status).toBe(403);
    await updateWheel(A, otherWheel.id, { kiosk_pin: null });
  });
});

describe("a spin on a totem", () => {
  it("60 people from one address in a minute all play; the same person twice is 409", async () => {
    const d = (await create(A, wheel.id, { name: "Totem da feira" })).body.device;
    const token = tokenOf(d.link);
    const ip = randomIp();
    const statuses: number[] = [];
    const phones: string[] = [];
    for (let i = 0; i < 60; i++) {
      const whatsapp = newPhone();
      phones.push(whatsapp);
      const elig = await call(eligibilityRoute, {
        params: { companySlug: A.slug, wheel: wheel.slug },
        body: { whatsapp, device: token },
        ip,
      });
      expect(elig.status, `eligibility ${i + 1}`).toBe(200);
      statuses.push((await spin({ whatsapp, device: token }, ip)).status);
    }
    expect(statuses).toEqual(Array(60).fill(201));
    const again = await spin({ whatsapp: phones[0], device: token }, ip);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Este WhatsApp já foi utilizado nesta roleta.");
    // Recorded with the totem.
    const rows = await (await db()).spin.findMany({ where: { wheelId: wheel.id, deviceId: d.id } });
    expect(rows).toHaveLength(60);
    // Without the token, the same address is held back by its limit as before.
    const plain: number[] = [];
    for (let i = 0; i < 31; i++) plain.push((await spin({}, ip)).status);
    expect(plain).toContain(429);
  });

  it("records the totem's unit", async () => {
    const unit = await (await db()).unit.create({ data: { companyId: A.companyId, name: "Filial", slug: "filial" } });
    const d = (await create(A, wheel.id, { name: "Totem filial", unit_id: unit.id })).body.device;
    const res = await spin({ device: tokenOf(d.link) });
    expect(res.status).toBe(201);
    const row = await (await db()).spin.findFirstOrThrow({ where: { wheelId: wheel.id, deviceId: d.id } });
    expect(row.unitId).toBe(unit.id);
  });

  it("an unknown, revoked or another wheel's token is 403 DEVICE_REVOKED", async () => {
    const d = (await create(A, wheel.id, { name: "Totem revogado" })).body.device;
    const token = tokenOf(d.link);
    expect((await spin({ device: token })).status).toBe(201);
    await call(revokeRoute, { token: A.owner.token, params: { id: wheel.id, deviceId: d.id } });
    const revoked = await spin({ device: token });
    expect(revoked.status).toBe(403);
    expect(revoked.body.code).toBe("DEVICE_REVOKED");
    expect(revoked.body.error).toMatch(/desativado/);
    expect((await spin({ device: "nao-existe" })).body.code).toBe("DEVICE_REVOKED");
    const other = tokenOf((await create(A, otherWheel.id, { name: "Outro" })).body.device.link);
    expect((await spin({ device: other })).status).toBe(403);
    // A big screen's token is not a totem's.
    const tv = tokenOf((await create(A, wheel.id, { name: "TV", kind: "screen" })).body.device.link);
    expect((await spin({ device: tv })).body.code).toBe("DEVICE_REVOKED");
  });

  it("a retry with the same Idempotency-Key gives the same result", async () => {
    const token = tokenOf((await create(A, wheel.id, { name: "Totem instável" })).body.device.link);
    const body = { whatsapp: newPhone(), device: token };
    const first = await spin(body, randomIp(), "totem-key-1");
    const second = await spin(body, randomIp(), "totem-key-1");
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.redemption_code).toBe(first.body.redemption_code);
    expect(second.body.result).toBe(first.body.result);
  });
});

/** Opens a screen's stream; reads its events as they come. */
async function openStream(deviceId: string, token: string | null) {
  const ac = new AbortController();
  const url = `http://localhost:3000/api/x/events${token !== null ? `?d=${encodeURIComponent(token)}` : ""}`;
  const res = await eventsRoute(
    new NextRequest(url, { signal: ac.signal, headers: { "x-forwarded-for": randomIp() } }),
    {
      params: Promise.resolve({ companySlug: A.slug, wheel: wheel.slug, deviceId }),
    },
  );
  const events: { event: string; data: Record<string, unknown>; at: number }[] = [];
  let raw = "";
  const state = { ended: false };
  if (res.status === 200) {
    const reader = res.body!.getReader();
    void (async () => {
      const dec = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return void (state.ended = true);
        raw += dec.decode(value);
        for (let i = raw.indexOf("\n\n"); i >= 0; i = raw.indexOf("\n\n")) {
          const block = raw.slice(0, i);
          raw = raw.slice(i + 2);
          const ev = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (ev && data) events.push({ event: ev, data: JSON.parse(data), at: Date.now() });
        }
      }
    })();
  }
  return { res, events, state, close: () => ac.abort() };
}

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe("the big screen", () => {
  it("hears a visitor's spin within 1 s, with no contact in it", async () => {
    const d = (await create(A, wheel.id, { name: "TV", kind: "screen" })).body.device;
    const stream = await openStream(d.id, tokenOf(d.link));
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const whatsapp = newPhone();
    const res = await spin({ name: "Joana Silva Souza", whatsapp, screen: d.id, email: "joana@example.com" });
    // Timed from the spin's answer: the spin's own time on a loaded runner is not the screen's.
    const answered = Date.now();
    expect(res.status).toBe(201);
    expect(await until(() => stream.events.length > 0, 1000)).toBe(true);
    const [ev] = stream.events;
    expect(ev.at - answered).toBeLessThan(1000);
    expect(ev.event).toBe("spin");
    expect(ev.data).toEqual({
      result: res.body.result,
      prize: res.body.prize
        ? { id: res.body.prize.id, name: res.body.prize.name, image_url: res.body.prize.image_url ?? null }
        : null,
      first_name: "Joana",
    });
    const text = JSON.stringify(ev.data);
    expect(text).not.toContain(whatsapp.slice(-8));
    expect(text).not.toContain("Souza");
    expect(text).not.toContain("@");
    expect(text).not.toContain(res.body.redemption_code ?? "no-code");
    stream.close();
  });

  it("shows a first name without invisibles or digit runs, at most 30 characters", async () => {
    const d = (await create(A, wheel.id, { name: "TV nomes", kind: "screen" })).body.device;
    const stream = await openStream(d.id, tokenOf(d.link));
    expect((await spin({ name: "\u200bJo\u200dana11987654321 Souza", screen: d.id })).status).toBe(201);
    expect((await spin({ name: `${"B".repeat(45)} Souza`, screen: d.id })).status).toBe(201);
    expect(await until(() => stream.events.length > 1, 2000)).toBe(true);
    expect(stream.events.map((e) => e.data.first_name)).toEqual(["Joana", "B".repeat(30)]);
    stream.close();
  });

  it("a spin for another screen or with no screen is not heard", async () => {
    const d = (await create(A, wheel.id, { name: "TV 2", kind: "screen" })).body.device;
    const other = (await create(A, wheel.id, { name: "TV 3", kind: "screen" })).body.device;
    const stream = await openStream(d.id, tokenOf(d.link));
    await spin({ screen: other.id });
    await spin({});
    await spin({ screen: d.id });
    expect(await until(() => stream.events.length > 0, 1000)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events).toHaveLength(1);
    stream.close();
  });

  it("403 without the screen's token, with a totem's token, or once revoked", async () => {
    const d = (await create(A, wheel.id, { name: "TV 4", kind: "screen" })).body.device;
    const totem = (await create(A, wheel.id, { name: "Totem", kind: "totem" })).body.device;
    expect((await openStream(d.id, null)).res.status).toBe(403);
    expect((await openStream(d.id, "errado")).res.status).toBe(403);
    expect((await openStream(d.id, tokenOf(totem.link))).res.status).toBe(403);
    expect((await openStream(totem.id, tokenOf(totem.link))).res.status).toBe(403);
    await call(revokeRoute, { token: A.owner.token, params: { id: wheel.id, deviceId: d.id } });
    const revoked = await openStream(d.id, tokenOf(d.link));
    expect(revoked.res.status).toBe(403);
    expect((await revoked.res.json()).code).toBe("DEVICE_REVOKED");
  });

  it("an open stream is told and ended when its screen is revoked (issue 49: the TV kept its QR)", async () => {
    const d = (await create(A, wheel.id, { name: "TV revogada", kind: "screen" })).body.device;
    const other = (await create(A, wheel.id, { name: "TV que fica", kind: "screen" })).body.device;
    const stream = await openStream(d.id, tokenOf(d.link));
    const kept = await openStream(other.id, tokenOf(other.link));
    expect(stream.res.status).toBe(200);
    await call(revokeRoute, { token: A.owner.token, params: { id: wheel.id, deviceId: d.id } });
    expect(await until(() => stream.state.ended, 2000)).toBe(true);
    expect(stream.events.map((e) => e.event)).toEqual(["revoked"]);
    // Another screen's stream goes on.
    await new Promise((r) => setTimeout(r, 200));
    expect(kept.state.ended).toBe(false);
    kept.close();
  });
});
