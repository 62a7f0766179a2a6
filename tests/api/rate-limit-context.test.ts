// A limited request is not kept alive by the limiter (lib/async/outside-request.ts): the memory
// limiters set a timer per key for the whole window, and a timer keeps the async context it was
// made in, which in the server is Next's request store (the request, its body, the answer).
import { AsyncLocalStorage } from "node:async_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { bindOutsideRequest } from "@/lib/async/outside-request";
import { consume, LIMITS } from "@/lib/rate-limit";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** Counts a spin and a failed login inside a "request" whose store holds 1 MB; is the store kept? */
async function storeKeptAfterLimits(): Promise<boolean> {
  const requestContext = new AsyncLocalStorage<object>();
  let ref: WeakRef<object> | undefined;
  await (async () => {
    const store = { body: new Uint8Array(1 << 20) };
    ref = new WeakRef(store);
    await requestContext.run(store, async () => {
      const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      await consume(LIMITS.spinIp(), ip);
      await consume(LIMITS.loginAccount(), `kept-${ip}@teste.com.br`);
    });
  })();
  await new Promise((resolve) => setTimeout(resolve, 10));
  gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
  gc();
  return ref!.deref() !== undefined;
}

describe("rate limits and the request's memory", () => {
  it("keep nothing of the request once the server bound the start-up context", async () => {
    bindOutsideRequest(); // as instrumentation-node.ts does when the server starts
    expect(await storeKeptAfterLimits()).toBe(false);
  });
});
