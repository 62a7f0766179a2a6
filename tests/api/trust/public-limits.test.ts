// The public edge's limits come first (docs/decisions/security.md "Public edge"): every public route that
// takes a body decides its per-address limit before reading it, so a refused address costs no
// parsing; and a made-up `device` token is refused only after the address's hit was counted (a
// valid token gives the hit back), on the spin, eligibility, kiosk exit and screen stream routes.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as nextAuthRoute } from "@/app/api/auth/[...nextauth]/route";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { POST as signupRoute } from "@/app/api/auth/signup/route";
import { POST as registerRoute } from "@/app/api/invitations/register/route";
import { POST as eligibilityRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/eligibility/route";
import { POST as exitRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/kiosk/exit/route";
import { GET as eventsRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/screens/[deviceId]/events/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { POST as verifyConfirmRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/verification/[id]/confirm/route";
import { POST as verifyRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/verification/route";
import { POST as viewRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/view/route";
import { POST as createDeviceRoute } from "@/app/api/wheels/[id]/devices/route";
import { consume, LIMITS, type Limit } from "@/lib/rate-limit";
import { campaignWheel, newPhone } from "../../helpers/campaign";
import { createCompany, type TestCompany } from "../../helpers/fixtures";
import { call, randomIp } from "../../helpers/http";

let A: TestCompany;
let wheel: { id: string; slug: string };

beforeAll(async () => {
  A = await createCompany("Borda pública");
  wheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 500 }])).wheel;
});

const wheelParams = () => ({ companySlug: A.slug, wheel: wheel.slug });
const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("d")!;
const newDevice = async (kind: "totem" | "screen") => {
  const res = await call(createDeviceRoute, {
    token: A.owner.token,
    params: { id: wheel.id },
    body: { name: `${kind} ${Math.random()}`, kind },
  });
  return { id: res.body.device.id as string, token: tokenOf(res.body.device.link) };
};

/** Puts the address at its limit, as its earlier requests would have. */
async function exhaust(limit: Limit, ip: string) {
  for (let i = 0; i < limit.points; i++) {
    const refused = await consume(limit, ip).then(
      () => false,
      () => true,
    );
    if (refused) return;
  }
}

type Route = Parameters<typeof call>[0];
const BODY_ROUTES: [string, Route, () => Limit, () => Record<string, string>][] = [
  ["spin", spinRoute as Route, LIMITS.spinIp, wheelParams],
  ["eligibility", eligibilityRoute as Route, LIMITS.spinIp, wheelParams],
  ["kiosk exit", exitRoute as Route, LIMITS.deviceIp, wheelParams],
  ["view", viewRoute as Route, LIMITS.publicView, wheelParams],
  ["verification start", verifyRoute as Route, LIMITS.verifyIp, wheelParams],
  [
    "verification confirm",
    verifyConfirmRoute as Route,
    LIMITS.verifyIp,
    () => ({ ...wheelParams(), id: crypto.randomUUID() }),
  ],
  ["login", loginRoute as Route, LIMITS.loginIp, () => ({})],
  ["forgot password", forgotRoute as Route, LIMITS.forgotPassword, () => ({})],
  ["sign-up", signupRoute as Route, LIMITS.signupIp, () => ({})],
  ["reset password", resetRoute as Route, LIMITS.tokenUseIp, () => ({})],
  ["invitation register", registerRoute as Route, LIMITS.tokenUseIp, () => ({})],
];

describe("a limited address is refused before its body is read", () => {
  for (const [name, route, limit, params] of BODY_ROUTES) {
    it(`${name}: an invalid JSON body answers 429, not 400`, async () => {
      const ip = randomIp();
      const bad = () =>
        call(route, {
          ip,
          params: params(),
          rawBody: "{nao é json",
          headers: { "content-type": "application/json" },
        });
      // Not limited yet: the body is read and refused.
      expect((await bad()).status).toBe(400);
      await exhaust(limit(), ip);
      const res = await bad();
      expect(res.status, res.text).toBe(429);
      expect(res.body.code).toBe("RATE_LIMITED");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  }

  it("next-auth's sign-in form: a limited address answers 429 before its form is read", async () => {
    const ip = randomIp();
    await exhaust(LIMITS.loginIp(), ip);
    const res = await call(nextAuthRoute as unknown as Route, {
      ip,
      params: { nextauth: ["callback", "credentials"] } as unknown as Record<string, string>,
      rawBody: "%%%nao-e-um-formulario",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status, res.text).toBe(429);
    expect(res.body.code).toBe("RATE_LIMITED");
  });

  it("a huge chunked body from a limited address is not read at all", async () => {
    const ip = randomIp();
    await exhaust(LIMITS.spinIp(), ip);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 65536;
        if (pulled > 8 * 1024 * 1024) return c.close();
        c.enqueue(new Uint8Array(65536));
      },
    });
    const req = new NextRequest("http://localhost:3000/api/test", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
    const res = await (spinRoute as Route)(req, { params: Promise.resolve(wheelParams()) });
    expect(res.status).toBe(429);
    // The stream may have queued its first chunk; nothing was read past it.
    expect(pulled).toBeLessThanOrEqual(2 * 65536);
  });
});

describe("a made-up device token is counted against the address", () => {
  const madeUp = () => `inventado-${crypto.randomUUID()}`;

  it("spin: 30 made-up tokens answer 403, the 31st 429; a valid totem's spins give the hit back", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(spinRoute, {
        ip,
        params: wheelParams(),
        body: { name: "Maria", whatsapp: newPhone(), consent: true, device: madeUp() },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses[30]).toBe(429);

    const totem = await newDevice("totem");
    const fair = randomIp();
    for (let i = 0; i < 40; i++) {
      const res = await call(spinRoute, {
        ip: fair,
        params: wheelParams(),
        body: { name: "Maria", whatsapp: newPhone(), consent: true, device: totem.token },
      });
      expect(res.status, `spin ${i}: ${res.text}`).toBe(201);
    }
    // The totem's hits were given back: the address still has its whole budget.
    expect((await call(spinRoute, { ip: fair, params: wheelParams(), body: { whatsapp: newPhone() } })).status).toBe(
      400,
    );
  });

  it("eligibility: made-up tokens are counted; a valid totem keeps a small limit of its own", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await call(eligibilityRoute, { ip, params: wheelParams(), body: { whatsapp: newPhone(), device: madeUp() } }))
          .status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses[30]).toBe(429);

    const totem = await newDevice("totem");
    const oracle: number[] = [];
    for (let i = 0; i <= LIMITS.totemEligibility().points; i++)
      oracle.push(
        (
          await call(eligibilityRoute, {
            // From many addresses: the limit is the totem's own.
            params: wheelParams(),
            body: { whatsapp: newPhone(), device: totem.token },
          })
        ).status,
      );
    expect(oracle.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(oracle.at(-1)).toBe(429);
  });

  it("kiosk exit: 30 made-up tokens answer 403, the 31st 429", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await call(exitRoute, { ip, params: wheelParams(), body: { device: madeUp(), pin: "1234" } })).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("screen stream: made-up tokens are counted per address; a valid screen's opens give the hit back", async () => {
    const ip = randomIp();
    const screen = await newDevice("screen");
    const open = async (token: string, from = ip) => {
      const ac = new AbortController();
      const res = await (eventsRoute as Route)(
        new NextRequest(`http://localhost:3000/api/x/events?d=${encodeURIComponent(token)}`, {
          signal: ac.signal,
          headers: { "x-forwarded-for": from },
        }),
        { params: Promise.resolve({ ...wheelParams(), deviceId: screen.id }) },
      );
      ac.abort();
      await res.body?.cancel().catch(() => undefined);
      return res.status;
    };
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.deviceIp().points + 1; i++) statuses.push(await open(madeUp()));
    expect(statuses.slice(0, -1).every((s) => s === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const tv = randomIp();
    for (let i = 0; i < LIMITS.deviceIp().points + 5; i++) expect(await open(screen.token, tv)).toBe(200);
  });
});
