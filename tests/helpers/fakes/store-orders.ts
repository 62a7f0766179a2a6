// What the store fakes share for order webhooks (docs/api.md "Store orders (issue 39)"): the webhooks
// a platform registered, and a delivery of one of them as the platform sends it (its headers, its raw
// body signed with the platform's key), for a test to post to our route.
import { createHmac, randomUUID } from "node:crypto";

export interface Registered {
  topic: string;
  url: string;
  secret?: string;
  /** The platform's id for it (its list and delete calls use it). */
  id?: string;
}

/** Marks used, in a fake's coupons, the one with this code: `field` is the platform's usage count. */
export function markUsed(coupons: Map<string, Record<string, unknown>>, code: string, field: string) {
  const c = [...coupons.values()].find((x) => String(x.code).toUpperCase() === code.toUpperCase());
  if (!c) throw new Error(`no coupon ${code} in the fake`);
  c[field] = Number(c[field] ?? 0) + 1;
}

export interface Delivery {
  /** The registered URL, and its last segment (the route's `key`). */
  url: string;
  key: string;
  rawBody: string;
  headers: Record<string, string>;
}

/** JSON with bigint values written as bare integer literals: a platform's id beyond 2^53 as it sends it. */
export const rawJson = (body: unknown) =>
  JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? `\u0000${v}\u0000` : v)).replace(
    /"\\u0000(\d+)\\u0000"/g,
    "$1",
  );

/** An order id as the fakes take it: a bigint for one beyond 2^53. */
export type OrderId = number | bigint;

export function delivery(
  hook: Registered,
  body: unknown,
  secret: string,
  encoding: "hex" | "base64",
  header: string,
  extra: Record<string, string> = {},
): Delivery {
  const rawBody = rawJson(body);
  return {
    url: hook.url,
    key: new URL(hook.url).pathname.split("/").pop()!,
    rawBody,
    headers: {
      "content-type": "application/json",
      [header]: createHmac("sha256", secret).update(rawBody).digest(encoding),
      ...extra,
    },
  };
}

export const deliveryId = () => randomUUID();
