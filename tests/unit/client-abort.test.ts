// A client that goes away is not a crash (issue 50 #2): a beacon aborted while `next dev` compiled
// printed three "uncaughtException ... ECONNRESET" lines. lib/net/client-abort.ts drops exactly that
// error before the process's uncaughtException listeners (Next's) see it; any other reaches them.
import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { ignoreClientAborts, isClientAbort } from "@/lib/net/client-abort";

/** The error Node gives a request whose client closed the connection before the body ended. */
async function abortedRequestError(): Promise<Error> {
  let seen!: (err: Error) => void;
  const error = new Promise<Error>((resolve) => (seen = resolve));
  const server = http.createServer((req) => req.on("error", seen));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const client = http.request({ port, host: "127.0.0.1", method: "POST", headers: { "content-length": "100" } });
  client.on("error", () => {});
  client.write("{");
  setTimeout(() => client.destroy(), 50);
  const err = await error;
  await new Promise((resolve) => server.close(resolve));
  return err;
}

describe("a client's aborted request", () => {
  it("is recognised as Node reports it, and nothing else is", async () => {
    expect(isClientAbort(await abortedRequestError())).toBe(true);
    expect(isClientAbort(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }))).toBe(false);
    expect(isClientAbort(new Error("aborted"))).toBe(false);
    expect(isClientAbort("aborted")).toBe(false);
  });

  it("never reaches the uncaughtException listeners; any other error does", async () => {
    const proc = new EventEmitter();
    const logged: unknown[] = [];
    proc.on("uncaughtException", (err) => logged.push(err));
    ignoreClientAborts(proc as unknown as NodeJS.Process, { error: () => {} });
    const abort = await abortedRequestError();
    expect(proc.emit("uncaughtException", abort, "uncaughtException")).toBe(true);
    expect(logged).toEqual([]);
    const bug = new TypeError("x is not a function");
    proc.emit("uncaughtException", bug, "uncaughtException");
    expect(logged).toEqual([bug]);
  });

  it("is not printed as Next prints a failed request; any other error is", async () => {
    // `next dev` printed "⨯ Error: aborted ... code: 'ECONNRESET'" for each aborted beacon
    // (seen on this repository's dev server: two lines for two aborted beacons, none after).
    const printed: unknown[][] = [];
    const out = { error: (...args: unknown[]) => void printed.push(args) };
    ignoreClientAborts(new EventEmitter() as unknown as NodeJS.Process, out);
    out.error(" ⨯", await abortedRequestError());
    expect(printed).toEqual([]);
    const bug = new TypeError("x is not a function");
    out.error(" ⨯", bug);
    expect(printed).toEqual([[" ⨯", bug]]);
  });
});
