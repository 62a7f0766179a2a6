// Abuse: password guessing across accounts, spoofed client addresses, account discovery through
// forgot-password, over-long passwords; and the audit trail those attempts leave.
import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { POST as switchRoute } from "@/app/api/auth/switch-company/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { SOCKET_ADDRESS_HEADER } from "@/lib/net/socket-address";
import { addToWheel, createProduct, createWheel } from "../../helpers/catalogue";
import { createCompany, PASSWORD } from "../../helpers/fixtures";
import { call, randomIp, uniqueEmail } from "../../helpers/http";

afterEach(() => {
  process.env.TRUST_PROXY = "true";
  resetEnvCache();
});

describe("abuse", () => {
  it("guessing passwords for many accounts from one address is refused after 30 failures", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await call(loginRoute, { ip, body: { email: uniqueEmail("alvo"), password: "chute-123" } })).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    const last = await call(loginRoute, { ip, body: { email: uniqueEmail("alvo"), password: "chute-123" } });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await call(loginRoute, { body: { email: uniqueEmail("alvo"), password: "chute-123" } })).status).toBe(401);
  });

  it("X-Forwarded-For counts only with TRUST_PROXY; otherwise the socket address does", async () => {
    const c = await createCompany();
    const product = await createProduct(c.owner.token, { stock: 100 });
    const wheel = await createWheel(c.owner.token);
    await addToWheel(c.owner.token, wheel.id, [{ product_id: product.id, odds_weight: 1 }]);
    process.env.TRUST_PROXY = "false";
    resetEnvCache();
    const socket = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(spinRoute, {
        // A different made-up address each time, from one socket.
        ip: randomIp(),
        headers: { [SOCKET_ADDRESS_HEADER]: socket },
        params: { companySlug: c.slug, wheel: wheel.slug },
        body: { name: "Visitante", whatsapp: `1198${String(1000000 + i)}`, consent: true },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Each spin's consent proof holds the socket address, not the made-up one.
    const ips = await (
      await db()
    ).spin.findMany({ where: { wheelId: wheel.id }, select: { consentIp: true }, distinct: ["consentIp"] });
    expect(ips).toEqual([{ consentIp: socket }]);
  });

  it("TRUST_PROXY as a list: a spoofed X-Forwarded-For from a peer not listed is ignored", async () => {
    const c = await createCompany();
    const product = await createProduct(c.owner.token, { stock: 100 });
    const wheel = await createWheel(c.owner.token);
    await addToWheel(c.owner.token, wheel.id, [{ product_id: product.id, odds_weight: 1 }]);
    process.env.TRUST_PROXY = "127.0.0.1, 172.18.0.0/16";
    resetEnvCache();
    const socket = randomIp();
    const spin = (i: number, peer: string, xff: string) =>
      call(spinRoute, {
        ip: xff,
        headers: { [SOCKET_ADDRESS_HEADER]: peer },
        params: { companySlug: c.slug, wheel: wheel.slug },
        body: { name: "Visitante", whatsapp: `1197${String(1000000 + i)}`, consent: true },
      });
    const statuses: number[] = [];
    // A client on the app's port directly, a different made-up address each time.
    for (let i = 0; i < 31; i++) statuses.push((await spin(i, socket, randomIp())).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Through the listed proxy, the address it forwards counts (a fresh one, not limited).
    const visitor = randomIp();
    expect((await spin(40, "172.18.0.5", visitor)).status).toBe(201);
    const rows = await (
      await db()
    ).spin.findMany({ where: { wheelId: wheel.id }, select: { consentIp: true }, distinct: ["consentIp"] });
    expect(rows.map((r) => r.consentIp).sort()).toEqual([socket, visitor].sort());
  });

  it("forgot-password answers the same for known and unknown emails, never waiting for the e-mail", async () => {
    // The property behind "in about the same time": the answer does not wait for the work a known
    // e-mail starts. Proved against an SMTP server that accepts and never greets, so that work
    // cannot end while the test runs; a route that waited for it would never answer (issue 50 #1:
    // the old figure, 60 ms between medians, failed on a loaded machine).
    const c = await createCompany();
    const sockets = new Set<Socket>();
    let connected!: () => void;
    const mailUnderWay = new Promise<void>((resolve) => (connected = resolve));
    const smtp = createServer((socket) => {
      sockets.add(socket);
      connected();
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const saved = { NODE_ENV: process.env.NODE_ENV, SMTP_URL: process.env.SMTP_URL };
    const { port } = smtp.address() as AddressInfo;
    // Outside tests the email is sent after the answer; see what a visitor would see.
    Object.assign(process.env, {
      NODE_ENV: "production",
      SMTP_URL: `smtp://127.0.0.1:${port}/?greetingTimeout=600000&connectionTimeout=600000`,
    });
    resetEnvCache();
    try {
      const known = await call(forgotRoute, { body: { email: c.owner.email } });
      await mailUnderWay; // the e-mail was started, and is stuck
      const unknown = await call(forgotRoute, { body: { email: uniqueEmail("ninguem") } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.text).toBe(known.text);
    } finally {
      Object.assign(process.env, saved);
      if (saved.SMTP_URL === undefined) delete process.env.SMTP_URL;
      resetEnvCache();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => smtp.close(resolve));
    }
  });

  it("passwords longer than bcrypt's 72 bytes are refused with a clear message, never cut", async () => {
    const res = await call(resetRoute, { body: { token: "qualquer", newPassword: "ç".repeat(37) } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("A senha deve ter no máximo 72 bytes");
  });
});

describe("audit trail", () => {
  it("records logins, failed logins, resets requested and refused cross-company switches", async () => {
    const [a, b] = [await createCompany("Empresa A"), await createCompany("Empresa B")];
    const ip = randomIp();
    expect((await call(loginRoute, { ip, body: { email: a.owner.email, password: PASSWORD } })).status).toBe(200);
    expect((await call(loginRoute, { ip, body: { email: a.owner.email, password: "errada-123" } })).status).toBe(401);
    expect((await call(forgotRoute, { ip, body: { email: a.owner.email } })).status).toBe(200);
    expect((await call(switchRoute, { token: a.owner.token, body: { companyId: b.companyId } })).status).toBe(404);
    const rows = await (await db()).auditLog.findMany({ where: { userId: a.owner.id }, orderBy: { createdAt: "asc" } });
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "auth.login",
        "auth.login_failed",
        "auth.reset_requested",
        "tenant.cross_company_refused",
      ]),
    );
    expect(rows.find((r) => r.action === "auth.login_failed")?.ip).toBe(ip);
    expect(rows.find((r) => r.action === "tenant.cross_company_refused")?.detail).toEqual({ target: b.companyId });
  });
});
