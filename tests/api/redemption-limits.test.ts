// Code guessing at the counter and the till (issue 49; docs/decisions/security.md "Visitors, keys
// and the counter"): POST /redemptions and the look-up GET /spins/redeem are limited per API key or
// per user, 60 a minute, then 429 with the rate-limit module's pt-BR message; another key or user
// is not held.
import { describe, expect, it } from "vitest";
import { POST as createKeyRoute } from "@/app/api/api-keys/route";
import { POST as redemptionsRoute } from "@/app/api/redemptions/route";
import { GET as lookupRoute } from "@/app/api/spins/redeem/route";
import { TOO_MANY } from "@/lib/rate-limit";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const guess = (i: number) => `PALPITE${String(i).padStart(4, "0")}`;

async function newKey(c: TestCompany) {
  const res = await call(createKeyRoute, {
    token: c.owner.token,
    body: { name: "Caixa", scopes: ["redemptions:write"] },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.key as string;
}

describe("redemption routes are limited per key or user", () => {
  it("a key guessing codes on POST /redemptions gets 429 after 60 a minute; another key does not", async () => {
    const c = await createCompany("Loja Palpites");
    const [key, other] = [await newKey(c), await newKey(c)];
    for (let i = 0; i < 60; i++) {
      const r = await call(redemptionsRoute, { token: key, body: { code: guess(i) } });
      expect(r.status, r.text).toBe(404);
    }
    const refused = await call(redemptionsRoute, { token: key, body: { code: guess(60) } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TOO_MANY);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(redemptionsRoute, { token: other, body: { code: guess(61) } })).status).toBe(404);
  });

  it("a user guessing codes on the look-up gets 429 after 60 a minute; another user does not", async () => {
    const c = await createCompany("Loja Balcão Palpites");
    const att = await addMember(c.companyId, "attendant");
    const lookup = (token: string, code: string) => call(lookupRoute, { token, url: `/api/spins/redeem?code=${code}` });
    for (let i = 0; i < 60; i++) expect((await lookup(att.token, guess(i))).status).toBe(404);
    const refused = await lookup(att.token, guess(60));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TOO_MANY);
    // The till's route counts the same person's guesses too.
    expect((await call(redemptionsRoute, { token: att.token, body: { code: guess(61) } })).status).toBe(429);
    expect((await lookup(c.owner.token, guess(62))).status).toBe(404);
  });
});
