// Per-address limits (docs/decisions/rate-limits.md "IPv6 addresses are limited by their /64"):
// one IPv6 subscriber holds a whole /64, so the address an IPv6 visitor is limited by is its /64;
// IPv4 stays per address. And sign-up is limited per address: 5 an hour.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as signupRoute } from "@/app/api/auth/signup/route";
import { TOO_MANY } from "@/lib/rate-limit";
import { addressKey } from "@/lib/net/address-key";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp, uniqueEmail } from "../helpers/http";

/** A /64 of the documentation range no other test uses, new per call. */
const newPrefix = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
const hostIn = (prefix: string, i: number) => `${prefix}:${(i + 1).toString(16)}:0:${randomBytes(2).toString("hex")}:1`;

let A: TestCompany;
beforeAll(async () => {
  A = await createCompany("Loja Endereços");
});

describe("addressKey", () => {
  it("keys an IPv6 address by its /64 and an IPv4 address by itself", () => {
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    // An IPv4 client on a dual-stack socket is seen as ::ffff:a.b.c.d: still that one address.
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("unknown")).toBe("unknown");
  });
});

describe("IPv6 visitors", () => {
  it("35 spins from 35 addresses of one /64: refused after 30", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 100 }]);
    const prefix = newPrefix();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await spinOn(A, wheel.slug, undefined, hostIn(prefix, i))).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
    // Another /64 and an IPv4 address are not held back.
    expect((await spinOn(A, wheel.slug, undefined, hostIn(newPrefix(), 0))).status).toBe(201);
    expect((await spinOn(A, wheel.slug, undefined, randomIp())).status).toBe(201);
  });

  it("31 wrong logins from one /64 (each for another account): the 31st is refused", async () => {
    const prefix = newPrefix();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await call(loginRoute, { body: { email: uniqueEmail("v6"), password: "errada-123" }, ip: hostIn(prefix, i) }))
          .status,
      );
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
  });
});

describe("sign-up", () => {
  const signup = (ip: string) =>
    call(signupRoute, {
      body: { companyName: "Loja Muitas", name: "Pessoa", email: uniqueEmail("muitas"), password: "senha-forte-123" },
      ip,
    });

  it("at most 5 an hour from one address: the 6th is 429 with Retry-After", async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await signup(ip)).status, `sign-up ${i + 1}`).toBe(201);
    const refused = await signup(ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TOO_MANY);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(50 * 60);
    // Another address still signs up.
    expect((await signup(randomIp())).status).toBe(201);
  });

  it("counts the addresses of one IPv6 /64 together", async () => {
    const prefix = newPrefix();
    for (let i = 0; i < 5; i++) expect((await signup(hostIn(prefix, i))).status).toBe(201);
    expect((await signup(hostIn(prefix, 5))).status).toBe(429);
  });
});
