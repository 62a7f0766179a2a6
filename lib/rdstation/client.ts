// RD Station Marketing's conversion event, sent with the account's API key (the integration's
// "chave de API"): POST {RDSTATION_API_URL}/platform/conversions?api_key=<key> with
// { event_type: "CONVERSION", event_family: "CDP", payload } as RD Station's public API documents
// its conversion event (payload: conversion_identifier, email, name, mobile_phone, legal_bases).
// RDSTATION_API_URL points the calls at a local fake in tests (tests/helpers/fakes/rdstation.ts).
import "server-only";

export const rdStationBase = () => (process.env.RDSTATION_API_URL ?? "https://api.rd.services").replace(/\/$/, "");

const TIMEOUT_MS = 10_000;

export interface Conversion {
  /** The wheel's slug: the conversion's name in RD Station. */
  conversionIdentifier: string;
  email: string;
  name: string;
  /** E.164, "+5511987654321". */
  mobilePhone: string;
}

/** The event's body: the lead, and its LGPD legal basis (the visitor's consent on the form). */
export function conversionEvent(c: Conversion) {
  return {
    event_type: "CONVERSION",
    event_family: "CDP",
    payload: {
      conversion_identifier: c.conversionIdentifier,
      email: c.email,
      name: c.name,
      mobile_phone: c.mobilePhone,
      legal_bases: [{ category: "communications", type: "consent", status: "granted" }],
    },
  };
}

export class RdStationError extends Error {
  constructor(
    message: string,
    /** Worth another try later (network, timeout, 429, 5xx); a 4xx will fail the same way. */
    public readonly retryable: boolean,
    /** RD Station's Retry-After, in seconds, when it sent one. */
    public readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "RdStationError";
  }
}

export async function sendConversion(apiKey: string, c: Conversion): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${rdStationBase()}/platform/conversions?api_key=${encodeURIComponent(apiKey)}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(conversionEvent(c)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
  } catch (err) {
    throw new RdStationError(`RD Station não respondeu (${(err as Error).name})`, true);
  }
  if (res.ok) return;
  const text = (await res.text().catch(() => "")).slice(0, 300);
  const retryAfter = Number(res.headers.get("retry-after")) || undefined;
  const retryable = res.status === 429 || res.status >= 500;
  const why = res.status === 401 || res.status === 403 ? "chave de API recusada" : text || res.statusText;
  throw new RdStationError(`RD Station respondeu ${res.status}: ${why}`, retryable, retryAfter);
}
