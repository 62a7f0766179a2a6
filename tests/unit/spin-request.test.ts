import { afterEach, describe, expect, it, vi } from "vitest";
import { FetchError } from "@/lib/swr/fetcher";
import { MAX_RETRY_AFTER_S, retryDelayMs, SHED_BUDGET_MS, sendSpin } from "@/lib/swr/spin-request";
import { redeemUntilFor, redemptionStatus } from "@/lib/spins/validity";

const answer = { result: "won", redemption_code: "ABCD2345" };
const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const shed = (after: string) => reply(503, { error: "Muitas pessoas", code: "OVERLOADED" }, { "retry-after": after });

afterEach(() => vi.unstubAllGlobals());

describe("sendSpin", () => {
  const send = (fetchMock: ReturnType<typeof vi.fn>, onRetry = vi.fn()) => {
    vi.stubGlobal("fetch", fetchMock);
    return sendSpin({
      path: "/public/a/wheels/b/spin",
      body: { name: "x" },
      key: "k1",
      onRetry,
      sleep: async () => {},
    });
  };

  it("retries a network error and a 5xx with the same key, then answers", async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(reply(503, { error: "fora" }))
      .mockResolvedValueOnce(reply(200, answer));
    const onRetry = vi.fn();
    await expect(send(fetchMock, onRetry)).resolves.toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onRetry).toHaveBeenCalledTimes(2);
    const keys = fetchMock.mock.calls.map(
      ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers["idempotency-key"],
    );
    expect(keys).toEqual(["k1", "k1", "k1"]);
  });

  it("gives up after three tries", async () => {
    const fetchMock = vi.fn().mockImplementation(async () => reply(500, { error: "erro" }));
    await expect(send(fetchMock)).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("a totem keeps trying longer (tries), with the same key", async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetchMock);
    const onRetry = vi.fn();
    const spin = sendSpin({ path: "/p", body: {}, key: "k2", onRetry, sleep: async () => {}, tries: 10 });
    await expect(spin).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(10);
    expect(onRetry).toHaveBeenCalledTimes(9);
  });

  it("does not retry an answer the server meant (409 already played)", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(reply(409, { error: "Este WhatsApp já foi utilizado", code: "CONFLICT" }));
    await expect(send(fetchMock)).rejects.toMatchObject({ status: 409 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("waits the server's Retry-After (bounded, jittered), and shed answers cost no try", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(shed("2"))
      .mockResolvedValueOnce(shed("60"))
      .mockResolvedValueOnce(shed("1"))
      .mockResolvedValueOnce(shed("1"))
      .mockResolvedValueOnce(reply(200, answer));
    vi.stubGlobal("fetch", fetchMock);
    const waits: number[] = [];
    const onRetry = vi.fn();
    const spin = sendSpin({
      path: "/p",
      body: {},
      key: "k3",
      onRetry,
      sleep: async (ms) => void waits.push(ms),
      random: () => 1, // the jitter's top: +25%
    });
    await expect(spin).resolves.toEqual(answer);
    // Five attempts with the default three tries: the four shed answers used none.
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(onRetry).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([2500, MAX_RETRY_AFTER_S * 1250, 1250, 1250]);
  });

  it("gives up on shed answers once their waits pass the budget", async () => {
    const fetchMock = vi.fn().mockImplementation(async () => shed("5"));
    vi.stubGlobal("fetch", fetchMock);
    const waits: number[] = [];
    const spin = sendSpin({
      path: "/p",
      body: {},
      key: "k4",
      sleep: async (ms) => void waits.push(ms),
      random: () => 0.5,
    });
    await expect(spin).rejects.toMatchObject({ status: 503, code: "OVERLOADED", retryAfter: 5 });
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(SHED_BUDGET_MS);
    expect(fetchMock).toHaveBeenCalledTimes(SHED_BUDGET_MS / 5000 + 1);
  });

  it("an outage's 503 with Retry-After is honoured but still counts as a try", async () => {
    const fetchMock = vi
      .fn()
      .mockImplementation(async () => reply(503, { code: "UNAVAILABLE" }, { "retry-after": "5" }));
    vi.stubGlobal("fetch", fetchMock);
    const waits: number[] = [];
    const spin = sendSpin({
      path: "/p",
      body: {},
      key: "k5",
      sleep: async (ms) => void waits.push(ms),
      random: () => 0,
    });
    await expect(spin).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([3750, 3750]);
  });

  it("without Retry-After, the backoff of before", () => {
    expect(retryDelayMs(new FetchError("x", 502), 1)).toBe(600);
    expect(retryDelayMs(new FetchError("x", 0), 2)).toBe(1500);
  });

  it("retries a 409 that says the first attempt is still in progress", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply(409, { error: "processando", code: "IDEMPOTENCY_IN_PROGRESS" }))
      .mockResolvedValueOnce(reply(200, answer));
    await expect(send(fetchMock)).resolves.toEqual(answer);
  });
});

describe("code validity", () => {
  it("lasts N São Paulo days counting the spin's day, to 23:59:59.999", () => {
    // 22:30 in São Paulo on 2026-11-23 is already 24 Nov in UTC: the day counted is São Paulo's.
    const at = new Date("2026-11-24T01:30:00Z");
    expect(redeemUntilFor(1, at)?.toISOString()).toBe("2026-11-24T02:59:59.999Z");
    expect(redeemUntilFor(7, at)?.toISOString()).toBe("2026-11-30T02:59:59.999Z");
    expect(redeemUntilFor(null, at)).toBeNull();
  });

  it("states: none, pending, redeemed, expired", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const past = new Date("2026-11-23T11:00:00Z");
    const future = new Date("2026-11-24T11:00:00Z");
    expect(redemptionStatus({ won: false, redeemedAt: null, redeemUntil: null }, now)).toBe("none");
    expect(redemptionStatus({ won: true, redeemedAt: null, redeemUntil: null }, now)).toBe("pending");
    expect(redemptionStatus({ won: true, redeemedAt: null, redeemUntil: future }, now)).toBe("pending");
    expect(redemptionStatus({ won: true, redeemedAt: null, redeemUntil: past }, now)).toBe("expired");
    expect(redemptionStatus({ won: true, redeemedAt: past, redeemUntil: past }, now)).toBe("redeemed");
  });
});
