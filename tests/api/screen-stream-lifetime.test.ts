// A big screen's stream on a serverless function's time limit (issue 50, item 7; docs/totem.md "On
// Vercel"): with STREAM_MAX_SECONDS the stream ends by itself before the limit would cut it, its
// last words telling the screen's EventSource to come back at once (`retry: 500`); without it (the
// default off Vercel) it stays open while nothing happens.
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/wheels/[id]/devices/route";
import { GET as eventsRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/screens/[deviceId]/events/route";
import { resetEnvCache } from "@/lib/env";
import { closeScreenBus } from "@/lib/screens/bus";
import { campaignWheel } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let A: TestCompany;
let wheel: { id: string; slug: string };
const saved = process.env.STREAM_MAX_SECONDS;

beforeAll(async () => {
  A = await createCompany("Tela Vercel");
  wheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 50 }])).wheel;
});
afterEach(() => {
  if (saved === undefined) delete process.env.STREAM_MAX_SECONDS;
  else process.env.STREAM_MAX_SECONDS = saved;
  resetEnvCache();
});
afterAll(() => closeScreenBus());

async function open() {
  const d = (
    await call(createRoute, { token: A.owner.token, params: { id: wheel.id }, body: { name: "TV", kind: "screen" } })
  ).body.device;
  const token = new URL(d.link, "http://x").searchParams.get("d")!;
  const ac = new AbortController();
  const res = await eventsRoute(
    new NextRequest(`http://localhost:3000/api/x/events?d=${encodeURIComponent(token)}`, {
      signal: ac.signal,
      headers: { "x-forwarded-for": randomIp() },
    }),
    { params: Promise.resolve({ companySlug: A.slug, wheel: wheel.slug, deviceId: d.id }) },
  );
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = "";
  let ended = false;
  const reading = (async () => {
    const dec = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return void (ended = true);
      text += dec.decode(value);
    }
  })();
  return { ac, reading, text: () => text, ended: () => ended };
}

describe("a big screen's stream with STREAM_MAX_SECONDS", () => {
  it("ends by itself, telling the screen to reconnect at once", async () => {
    process.env.STREAM_MAX_SECONDS = "1";
    resetEnvCache();
    const stream = await open();
    await stream.reading; // resolves only when the server ends the stream (the test's timeout otherwise)
    expect(stream.ended()).toBe(true);
    expect(stream.text()).toMatch(/^retry: 3000\n: connected\n\n/);
    expect(stream.text()).toMatch(/retry: 500\n: reconnect\n\n$/);
  });

  it("stays open without it, until the screen leaves", async () => {
    process.env.STREAM_MAX_SECONDS = "0";
    resetEnvCache();
    const stream = await open();
    const first = await Promise.race([
      stream.reading.then(() => "ended"),
      new Promise((r) => setTimeout(r, 1500, "open")),
    ]);
    expect(first).toBe("open");
    stream.ac.abort();
    await stream.reading;
    expect(stream.text()).not.toContain("reconnect");
  });
});
