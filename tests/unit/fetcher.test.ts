// The admin client's fetch wrapper: the default 10 s timeout, a longer one per read (the reports),
// and a timeout told apart from a lost connection (lib/swr/fetcher.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, API_TIMEOUT_MS, FetchError, REPORT_TIMEOUT_MS } from "@/lib/swr/fetcher";

/** A server that answers `{ ok: true }` after `ms`, unless the request is aborted first. */
function slowServer(ms: number) {
  return vi.fn((_url: string, init?: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => resolve(new Response(JSON.stringify({ ok: true }))), ms);
      init?.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(init.signal!.reason);
      });
    });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("api() timeouts", () => {
  it("keeps 10 s by default and 30 s for the reports", () => {
    expect(API_TIMEOUT_MS).toBe(10_000);
    expect(REPORT_TIMEOUT_MS).toBe(30_000);
  });

  it("waits for a slow answer within the read's own timeout", async () => {
    vi.stubGlobal("fetch", slowServer(80));
    await expect(api("/reports", { timeoutMs: 1_000 })).resolves.toEqual({ ok: true });
  });

  it("gives up after the timeout with 'Erro de conexão' and the code TIMEOUT", async () => {
    vi.stubGlobal("fetch", slowServer(1_000));
    const err = await api("/reports", { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).message).toBe("Erro de conexão");
    expect((err as FetchError).code).toBe("TIMEOUT");
  });

  it("a lost connection is NETWORK", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("fetch failed"))),
    );
    const err = (await api("/reports").catch((e: unknown) => e)) as FetchError;
    expect([err.message, err.code]).toEqual(["Erro de conexão", "NETWORK"]);
  });
});
