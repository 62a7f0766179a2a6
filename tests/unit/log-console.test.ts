// Next's own error dumps (console.error with an error whose fields quote a row) reach the log as
// one JSON line, with no contact, token or query value in it (docs/decisions/operations.md
// "Metrics and logs for an operator (issue 50)").
import { afterEach, describe, expect, it } from "vitest";
import { log } from "@/lib/log";
import { routeConsoleThroughLog } from "@/lib/log/console";
import { scrubText } from "@/lib/log/scrub";
import { captureLog } from "../helpers/log-capture";

let undo: (() => void) | undefined;
let capture: ReturnType<typeof captureLog> | undefined;
afterEach(() => {
  undo?.();
  capture?.restore();
});

const CONTACTS = ["ana.souza@exemplo.com.br", "11987654321", "(11) 98765-4321", "123.456.789-09"];

describe("Next's console errors", () => {
  it("become one JSON line each, the error reduced and scrubbed", () => {
    capture = captureLog();
    undo = routeConsoleThroughLog();
    const err = Object.assign(
      new Error(
        'Invalid `prisma.spin.create()` invocation: { whatsapp: "+5511987654321", email: "ana.souza@exemplo.com.br" }',
      ),
      { code: "P2002", detail: "Key (whatsapp)=(11987654321) already exists.", digest: "123" },
    );
    console.error("\u001b[31m⨯\u001b[39m GET /w/loja/roleta/premio/PRZ-1?whatsapp=11987654321&token=segredo", err);
    console.warn("⚠ a slow page for ana.souza@exemplo.com.br\n  second line (11) 98765-4321");

    const lines = capture.lines();
    expect(lines).toHaveLength(2);
    const [error, warn] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(error).toMatchObject({ level: "error", source: "next", err: { type: "Error", code: "P2002" } });
    expect((error.err as { stack: string }).stack).toContain("\n"); // the stack stays, inside one JSON line
    expect(error.msg).toBe("⨯ GET /w/loja/roleta/premio/PRZ-1?whatsapp=[redacted]&token=[redacted]");
    expect(warn).toMatchObject({ level: "warn", source: "next" });
    const text = lines.join("\n");
    for (const secret of [...CONTACTS, "segredo", "already exists", "+5511987654321"])
      expect(text).not.toContain(secret);
  });

  it("scrubs an error's message and stack in any log line, not only Next's", () => {
    capture = captureLog();
    log().error({ err: new Error("mail to ana.souza@exemplo.com.br failed: Bearer abcdefgh12345678") }, "boom");
    const text = capture.lines().join("\n");
    expect(text).not.toContain("ana.souza");
    expect(text).not.toContain("abcdefgh12345678");
  });

  it("leaves ids, counts and the stack's places alone", () => {
    const kept = "job_0f3e9a2b4c5d6e7f8091a2b3c4d5e6f7 took 1834 ms at route.js:1:23456 (2026-11-29T04:40:00.000Z)";
    expect(scrubText(kept)).toBe(kept);
    for (const c of CONTACTS) expect(scrubText(`x ${c} y`)).toBe("x [redacted] y");
  });
});
