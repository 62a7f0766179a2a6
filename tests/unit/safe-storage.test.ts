// lib/ui/safe-storage.ts (issue 49): a browser that blocks third-party storage throws on the mere read
// of window.localStorage in our embed's frame; a full storage throws on writes. Neither may escape.
import { afterEach, describe, expect, it } from "vitest";
import { storageGet, storageRemove, storageSet } from "@/lib/ui/safe-storage";
import { memoryStorage } from "../helpers/memory-storage";

const g = globalThis as unknown as { window?: unknown };
afterEach(() => {
  delete g.window;
});

describe("safe storage", () => {
  it("reads and writes where storage works", () => {
    g.window = { localStorage: memoryStorage(), sessionStorage: memoryStorage() };
    expect(storageSet("k", "v")).toBe(true);
    expect(storageGet("k")).toBe("v");
    expect(storageGet("k", "sessionStorage")).toBeNull();
    storageRemove("k");
    expect(storageGet("k")).toBeNull();
  });

  it("answers null and does nothing where reading the property throws (blocked third-party storage)", () => {
    const denied = () => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    };
    g.window = Object.defineProperties({}, { localStorage: { get: denied }, sessionStorage: { get: denied } });
    expect(storageGet("k")).toBeNull();
    expect(storageSet("k", "v")).toBe(false);
    expect(() => storageRemove("k", "sessionStorage")).not.toThrow();
  });

  it("a write refused by a full storage is false, not an exception", () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    };
    g.window = { localStorage: full };
    expect(storageSet("k", "v")).toBe(false);
    expect(storageGet("k")).toBeNull();
  });
});
