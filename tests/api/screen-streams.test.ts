// A big screen's event streams are bounded (docs/decisions/security.md "Public edge"): ~19,600
// open streams from one client exhausted an instance's file descriptors. At most 5 open streams per
// screen and 20 per address (429 past that, in pt-BR), a comment heartbeat every 25 s, a stream idle
// for an hour closed; a closed or aborted stream gives its slot back.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as eventsRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/screens/[deviceId]/events/route";
import { POST as createDeviceRoute } from "@/app/api/wheels/[id]/devices/route";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { closeScreenBus } from "@/lib/screens/bus";
import {
  HEARTBEAT_MS,
  IDLE_MS,
  MAX_STREAMS_PER_ADDRESS,
  MAX_STREAMS_PER_SCREEN,
  openStreams,
} from "@/lib/screens/slots";
import { screenStream } from "@/lib/screens/stream";
import { campaignWheel } from "./../helpers/campaign";
import { createCompany, type TestCompany } from "./../helpers/fixtures";
import { call, randomIp } from "./../helpers/http";

let A: TestCompany;
let wheel: { id: string; slug: string };

beforeAll(async () => {
  A = await createCompany("Telas");
  wheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 5 }])).wheel;
});
afterAll(() => closeScreenBus());

async function newScreen() {
  const res = await call(createDeviceRoute, {
    token: A.owner.token,
    params: { id: wheel.id },
    body: { name: `TV ${Math.random()}`, kind: "screen" },
  });
  const link = res.body.device.link as string;
  return { id: res.body.device.id as string, token: new URL(link, "http://x").searchParams.get("d")! };
}

/** Opens a screen's stream from an address; `abort` is the TV going away. */
async function open(screen: { id: string; token: string }, ip: string) {
  const ac = new AbortController();
  const res = await eventsRoute(
    new NextRequest(`http://localhost:3000/api/x/events?d=${encodeURIComponent(screen.token)}`, {
      signal: ac.signal,
      headers: { "x-forwarded-for": ip },
    }),
    { params: Promise.resolve({ companySlug: A.slug, wheel: wheel.slug, deviceId: screen.id }) },
  );
  return { res, abort: () => ac.abort() };
}

describe("open streams", () => {
  it("the pinned figures", () => {
    expect([MAX_STREAMS_PER_SCREEN, MAX_STREAMS_PER_ADDRESS, HEARTBEAT_MS, IDLE_MS]).toEqual([
      5, 20, 25_000, 3_600_000,
    ]);
  });

  it("5 per screen: the 6th is 429 in pt-BR; closing one lets the next in", async () => {
    const tv = await newScreen();
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const s = await open(tv, randomIp());
      expect(s.res.status).toBe(200);
      streams.push(s);
    }
    const sixth = await open(tv, randomIp());
    expect(sixth.res.status).toBe(429);
    const body = await sixth.res.json();
    expect(body).toMatchObject({ code: "RATE_LIMITED", error: DEVICE_MESSAGES.screenStreams });
    expect(Number(sixth.res.headers.get("retry-after"))).toBeGreaterThan(0);
    streams[0].abort();
    const next = await open(tv, randomIp());
    expect(next.res.status).toBe(200);
    for (const s of [...streams, next]) s.abort();
    expect(openStreams(tv.id)).toBe(0);
  });

  it("20 per address, whatever the screens; another address is not affected", async () => {
    const ip = randomIp();
    const screens = await Promise.all(Array.from({ length: 5 }, () => newScreen()));
    const streams = [];
    for (const tv of screens.slice(0, 4))
      for (let i = 0; i < 4; i++) {
        const s = await open(tv, ip);
        expect(s.res.status).toBe(200);
        streams.push(s);
      }
    for (let i = 0; i < 4; i++) streams.push(await open(screens[4], ip));
    expect(streams.map((s) => s.res.status)).toEqual(Array(20).fill(200));
    const over = await open(screens[4], ip);
    expect(over.res.status).toBe(429);
    expect((await over.res.json()).error).toBe(DEVICE_MESSAGES.addressStreams);
    const elsewhere = await open(screens[4], randomIp());
    expect(elsewhere.res.status).toBe(200);
    elsewhere.abort();
    for (const s of streams) s.abort();
    // Every slot came back: the same address opens 20 again.
    const again = [];
    for (const tv of screens.slice(0, 4)) for (let i = 0; i < 5; i++) again.push(await open(tv, ip));
    expect(again.map((s) => s.res.status)).toEqual(Array(20).fill(200));
    for (const s of again) s.abort();
  });

  it("a stream the client cancels gives its slot back", async () => {
    const tv = await newScreen();
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await open(tv, randomIp()));
    expect(openStreams(tv.id)).toBe(5);
    for (const s of streams) await s.res.body!.cancel();
    expect(openStreams(tv.id)).toBe(0);
    const next = await open(tv, randomIp());
    expect(next.res.status).toBe(200);
    next.abort();
  });
});

describe("a stream's life", () => {
  const read = async (res: Response, until: (text: string) => boolean) => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { text, done: true };
      text += dec.decode(value);
      if (until(text)) return { text, done: false, reader };
    }
  };

  it("sends a comment heartbeat on its interval", async () => {
    const ac = new AbortController();
    const res = await screenStream(crypto.randomUUID(), ac.signal, { heartbeatMs: 20, idleMs: 60_000 });
    const got = await read(res, (t) => t.split(": keep-alive\n\n").length > 2);
    expect(got.done).toBe(false);
    ac.abort();
  });

  it("closes when idle for its time and calls its release", async () => {
    let released = 0;
    const ac = new AbortController();
    const res = await screenStream(crypto.randomUUID(), ac.signal, {
      heartbeatMs: 10,
      idleMs: 80,
      release: () => void released++,
    });
    // Heartbeats do not count as activity: the stream ends by itself.
    const got = await read(res, () => false);
    expect(got.done).toBe(true);
    expect(got.text).toContain(": keep-alive");
    expect(released).toBe(1);
    ac.abort();
    expect(released).toBe(1);
  });
});
