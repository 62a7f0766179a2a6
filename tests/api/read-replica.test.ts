// The read replica's routing rule (issue 55, item 2; lib/db/replica-scope.ts): with
// DATABASE_REPLICA_URL set, a route marked `replica` reads inside the lagging scope unless the
// browser wrote within READ_PRIMARY_SECONDS, and a successful write marks the browser. Reads
// outside the scope, and every database without a replica (the embedded one here), read the primary.
// The real standby (its pg_stat_activity, a paused replay) is proved by `npm run test:replica`.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as reportsRoute } from "@/app/api/reports/route";
import { readSource } from "@/lib/db/client";
import { laggingReadsAllowed, READ_PRIMARY_COOKIE } from "@/lib/db/replica-scope";
import { resetEnvCache } from "@/lib/env";
import { withSession } from "@/lib/http/route-wrapper";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

let c: TestCompany;
const SAVED = { url: process.env.DATABASE_URL, replica: process.env.DATABASE_REPLICA_URL };

beforeAll(async () => {
  c = await createCompany("Réplica de leitura");
});
afterEach(() => {
  for (const [k, v] of [
    ["DATABASE_URL", SAVED.url],
    ["DATABASE_REPLICA_URL", SAVED.replica],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
});

/** Turns the rule on: the handle is already open, so these URLs are only read by the rule. */
function replicaConfigured() {
  process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/primario";
  process.env.DATABASE_REPLICA_URL = "postgresql://postgres@127.0.0.1:5432/replica";
  resetEnvCache();
}

const probe = (replica: boolean) =>
  withSession({ permission: "view_dashboard", replica }, async () => ({ lagging: laggingReadsAllowed() }));
const write = withSession({ permission: "view_dashboard" }, async () => ({ ok: true }));
const failingWrite = withSession({ permission: "view_dashboard" }, async () => {
  throw new Error("boom");
});

describe("read replica routing", () => {
  it("without a replica: no lagging scope, no cookie", async () => {
    delete process.env.DATABASE_REPLICA_URL;
    resetEnvCache();
    const read = await call(probe(true), { token: c.owner.token });
    expect(read.body).toEqual({ lagging: false });
    const w = await call(write, { token: c.owner.token, method: "POST", body: {} });
    expect(w.status).toBe(200);
    expect(w.headers.get("set-cookie")).toBeNull();
  });

  it("with one: marked reads lag, unless this browser just wrote; writes mark the browser", async () => {
    replicaConfigured();
    expect((await call(probe(true), { token: c.owner.token })).body).toEqual({ lagging: true });
    expect((await call(probe(false), { token: c.owner.token })).body).toEqual({ lagging: false });
    const cookie = { cookie: `${READ_PRIMARY_COOKIE}=1` };
    expect((await call(probe(true), { token: c.owner.token, headers: cookie })).body).toEqual({ lagging: false });

    const w = await call(write, { token: c.owner.token, method: "POST", body: {} });
    expect(w.status).toBe(200);
    expect(w.headers.get("set-cookie")).toBe(`${READ_PRIMARY_COOKIE}=1; Max-Age=10; Path=/; HttpOnly; SameSite=Lax`);
    // A write that failed changed nothing: no reason to leave the replica.
    const failed = await call(failingWrite, { token: c.owner.token, method: "POST", body: {} });
    expect(failed.status).toBe(500);
    expect(failed.headers.get("set-cookie")).toBeNull();
  });

  it("a database without a replica answers lagging reads itself, the same code", async () => {
    replicaConfigured();
    const { withLaggingReads } = await import("@/lib/db/replica-scope");
    const source = await withLaggingReads(() => readSource());
    expect(source.replica).toBe(false);
    const res = await call(reportsRoute, { token: c.owner.token, url: "/api/reports" });
    expect(res.status, res.text).toBe(200);
  });
});
