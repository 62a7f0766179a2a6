// The big screens' spins, across instances (docs/decisions/screens.md "Live screens over LISTEN/NOTIFY"):
// a spin made on any instance is published with pg_notify on one channel; each instance keeps ONE
// dedicated listening connection (opened with its first screen, a session of its own: a pooler in
// transaction mode would drop LISTEN) and fans each message out in memory to the streams of that
// screen. The embedded database is single-process by nature: there the fan-out is the whole bus.
import "server-only";
import type { Client } from "pg";
import { outsideRequest } from "@/lib/async/outside-request";
import { pgPool } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/** What a big screen is told of a spin: never a contact (docs/api.md "The totem and the big screen"). */
export interface ScreenSpin {
  result: "won" | "lost";
  /** The prize's id lets the screen's wheel land on its slice; its name and picture are what it shows. */
  prize: { id: string; name: string; image_url: string | null } | null;
  first_name: string;
}

/** A spin, or null: the screen was revoked and its streams must end (issue 49). */
type Listener = (spin: ScreenSpin | null) => void;

export const SCREEN_CHANNEL = "roleta_screen_spins";

interface Bus {
  listeners: Map<string, Set<Listener>>;
  /** The listening connection (Postgres), opened once per process. */
  listening: Promise<Client> | null;
}

const KEY = Symbol.for("roleta.screens");
const g = globalThis as typeof globalThis & { [KEY]?: Bus };
const bus = (): Bus => (g[KEY] ??= { listeners: new Map(), listening: null });

function deliver(deviceId: string, spin: ScreenSpin | null) {
  for (const fn of bus().listeners.get(deviceId) ?? []) {
    try {
      fn(spin);
    } catch (err) {
      log().warn({ err }, "screen listener failed");
    }
  }
}

function onMessage(payload: string | undefined) {
  try {
    const { d, s } = JSON.parse(payload ?? "") as { d: string; s: ScreenSpin | null };
    if (typeof d === "string" && s !== undefined) deliver(d, s);
  } catch {
    /* not ours */
  }
}

/** Opens the listening connection; a broken one is dropped and reopened by the next subscriber or retry. */
function listen(): Promise<Client> {
  const b = bus();
  b.listening ??= outsideRequest(async () => {
    const { Client } = await import("pg");
    const client = new Client({
      connectionString: env().DATABASE_LISTEN_URL ?? env().DATABASE_URL,
      application_name: "roleta-screens",
    });
    const reopen = (err?: unknown) => {
      if (b.listening === opened) b.listening = null;
      if (err) log().warn({ err }, "screen listener connection lost");
      client.end().catch(() => undefined);
      // Streams still open need the connection back.
      if ([...b.listeners.values()].some((s) => s.size)) setTimeout(() => void listen().catch(() => undefined), 1000);
    };
    client.on("error", reopen);
    client.on("end", () => reopen());
    client.on("notification", (msg) => onMessage(msg.payload));
    await client.connect();
    await client.query(`LISTEN ${SCREEN_CHANNEL}`);
    return client;
  });
  const opened = b.listening;
  opened.catch(() => {
    if (b.listening === opened) b.listening = null;
  });
  return opened;
}

/** Follows one screen's spins; call the answer to stop. Resolves once this instance is listening. */
export async function subscribeScreen(deviceId: string, fn: Listener): Promise<() => void> {
  const b = bus();
  let set = b.listeners.get(deviceId);
  if (!set) b.listeners.set(deviceId, (set = new Set()));
  set.add(fn);
  const stop = () => {
    set.delete(fn);
    if (!set.size) b.listeners.delete(deviceId);
  };
  if (await pgPool()) {
    try {
      await listen();
    } catch (err) {
      stop();
      throw err;
    }
  }
  return stop;
}

/** Announces a spin to a screen on every instance (one NOTIFY; payloads stay far under its 8 kB). */
export async function publishScreenSpin(deviceId: string, spin: ScreenSpin | null) {
  const pool = await pgPool();
  if (!pool) return deliver(deviceId, spin);
  await pool.query("SELECT pg_notify($1, $2)", [SCREEN_CHANNEL, JSON.stringify({ d: deviceId, s: spin })]);
}

/** Tells a revoked screen's open streams, on every instance, to say so and end. */
export const publishScreenRevoked = (deviceId: string) => publishScreenSpin(deviceId, null);

/** Closes the listening connection (tests, shutdown). */
export async function closeScreenBus() {
  const b = bus();
  const listening = b.listening;
  b.listening = null;
  b.listeners.clear();
  if (listening) await (await listening.catch(() => null))?.end().catch(() => undefined);
}
