// npm run test:cluster's big-screen proof (docs/totem.md): a TV connected to instance B hears the
// spins visitors make on instance A. The instances share nothing but Postgres: each spin with
// `screen` is a pg_notify, and B's one listening connection (direct to Postgres, as a LISTEN cannot
// live behind pgbouncer's transaction mode) fans it out to the TV's event stream. 50 spins one
// after another, each timed from the phone's request to the event on the TV; the goal is p95 < 1 s.
import { COMPANY_SLUG, visitorIp } from "./cluster-client";
import type { Cluster, Proof } from "./cluster-proofs";

const SPINS = 50;
const GOAL_MS = 1000;
const WAIT_MS = 5000;

interface Heard {
  first_name: string;
  at: number;
}

/** Reads a server-sent event stream, calling back with each `spin` event's data. */
async function follow(url: string, onSpin: (data: { first_name: string }) => void, signal: AbortSignal) {
  const res = await fetch(url, { signal, headers: { accept: "text/event-stream" } });
  if (res.status !== 200 || !res.body) throw new Error(`screen stream: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let raw = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      raw += dec.decode(value, { stream: true });
      for (let i = raw.indexOf("\n\n"); i >= 0; i = raw.indexOf("\n\n")) {
        const block = raw.slice(0, i);
        raw = raw.slice(i + 2);
        const data = /^event: spin\ndata: (.+)$/m.exec(block)?.[1];
        if (data) onSpin(JSON.parse(data));
      }
    }
  })();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function proveScreens(c: Cluster, ownerToken: string, wheelSlug: string): Promise<Proof> {
  console.log(
    `\n-- big screen: ${SPINS} spins on instance A (${c.a.addr}), the TV's stream on instance B (${c.b.addr})`,
  );
  const wheelId = c.wheels[wheelSlug].id;
  const created = await fetch(`${c.a.url}/api/wheels/${wheelId}/devices`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({ name: "TV do estande", kind: "screen" }),
  });
  const { device } = (await created.json()) as { device: { id: string; link: string } };
  if (created.status !== 201) throw new Error(`creating the screen: ${created.status}`);
  const token = new URL(device.link, c.a.url).searchParams.get("d")!;
  const heard = new Map<string, Heard>();
  const ac = new AbortController();
  await follow(
    `${c.b.url}/api/public/${COMPANY_SLUG}/wheels/${wheelSlug}/screens/${device.id}/events?d=${encodeURIComponent(token)}`,
    (d) => heard.set(d.first_name, { first_name: d.first_name, at: Date.now() }),
    ac.signal,
  );
  // Without the token the stream is refused.
  const refused = (await fetch(`${c.b.url}/api/public/${COMPANY_SLUG}/wheels/${wheelSlug}/screens/${device.id}/events`))
    .status;

  const latencies: number[] = [];
  let statuses = 0;
  for (let n = 1; n <= SPINS; n++) {
    const name = `Tela${n}`;
    const sentAt = Date.now();
    const res = await fetch(`${c.a.url}/api/public/${COMPANY_SLUG}/wheels/${wheelSlug}/spin`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": visitorIp(900_000 + n) },
      body: JSON.stringify({
        name: `${name} Sobrenome`,
        whatsapp: `118${String(n).padStart(8, "0")}`,
        consent: true,
        screen: device.id,
      }),
    });
    if (res.status === 201) statuses++;
    await res.arrayBuffer();
    const end = Date.now() + WAIT_MS;
    while (!heard.has(name) && Date.now() < end) await new Promise((r) => setTimeout(r, 2));
    const got = heard.get(name);
    if (got) latencies.push(got.at - sentAt);
  }
  ac.abort();
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50) ?? Infinity;
  const p95 = percentile(sorted, 95) ?? Infinity;
  const max = sorted.at(-1) ?? Infinity;
  console.log(
    `   ${statuses}/${SPINS} spins 201 on A; ${latencies.length}/${SPINS} heard on B; phone request -> TV event: ` +
      `p50 ${p50} ms, p95 ${p95} ms, max ${max} ms (goal p95 < ${GOAL_MS} ms); stream without token: ${refused}`,
  );
  return {
    name: "a big screen on instance B hears instance A's spins within 1 s (p95)",
    pass: statuses === SPINS && latencies.length === SPINS && p95 < GOAL_MS && refused === 403,
  };
}
