// The webhook rules that need no database: which addresses the SSRF guard lets through, the retry
// schedule, and the Standard Webhooks headers (checked with the library's own verifier).
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, retryDelay } from "@/lib/webhooks/backoff";
import { signedHeaders } from "@/lib/webhooks/deliver";
import { newSecret } from "@/lib/webhooks/service";
import { isPublicAddress } from "@/lib/net/ssrf";

describe("isPublicAddress", () => {
  it.each(["8.8.8.8", "200.160.2.3", "2001:4860:4860::8888", "2804:14c::1"])("lets %s through", (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "192.0.2.1",
    "::1",
    "::",
    "fe80::1",
    "fd12:3456::1",
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",
    "ff02::1",
    "not-an-ip",
  ])("refuses %s", (ip) => expect(isPublicAddress(ip)).toBe(false));
});

describe("retry schedule", () => {
  it("waits about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then gives up", () => {
    const delays = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelay(i + 1));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, null]);
    expect(retryDelay(0)).toBe(null);
  });
});

describe("signed headers", () => {
  it("verify with the standardwebhooks verifier, and fail with another secret or body", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} });
    const headers = signedHeaders({ id: "msg_abc", secret, body });
    expect(headers["webhook-id"]).toBe("msg_abc");
    expect(headers["webhook-signature"]).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: "webhook.test" });
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
