// The server's log: one JSON object a line on stdout (pino), with level, time, msg, the request id
// and the company id when known (lib/log/context.ts). Never a contact, a token or a secret: log ids
// and counts, not what a visitor typed; errors are reduced to their type, code, message and stack
// (a driver's `detail` can quote a row's values), and the usual secret-bearing keys are censored
// in case one slips into an object. docs/decisions/operations.md "Logs: pino".
import "server-only";
import pino from "pino";
import { env } from "@/lib/env";
import { logContext } from "./context";
import { scrubText } from "./scrub";

/** Keys whose values are never written, at the top level or one object down. */
const SECRET_KEYS = [
  "authorization",
  "cookie",
  "password",
  "token",
  "secret",
  "apiKey",
  "accessToken",
  "whatsapp",
  "phone",
  "email",
  "cpf",
  "name",
  "body",
  "payload",
];

/**
 * An error as the log keeps it: no enumerable extras (pg's `detail` names the values of a row), and
 * its message and stack scrubbed (Prisma's message can quote a call's arguments).
 */
function errorFields(err: unknown) {
  if (!(err instanceof Error)) return { message: scrubText(String(err)) };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message: scrubText(err.message),
    ...(typeof code === "string" ? { code } : {}),
    ...(err.stack ? { stack: scrubText(err.stack) } : {}),
  };
}

/**
 * Every top-level text of a line is scrubbed too (the message and `err` have their own): an outside
 * service's error quotes contacts ("550 5.1.1 <ana@example.com>: Recipient address rejected").
 */
function redactTexts(fields: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = typeof v === "string" ? scrubText(v) : v;
  return out;
}

const KEY = Symbol.for("roleta.logger");
type G = typeof globalThis & { [KEY]?: pino.Logger };
const g = globalThis as G;

/** A logger with the server's settings; `destination` and `level` (tests) instead of stdout and LOG_LEVEL. */
export function createLogger(destination?: pino.DestinationStream, level?: pino.Level): pino.Logger {
  const options: pino.LoggerOptions = {
    level: level ?? env().LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }), log: redactTexts },
    serializers: { err: errorFields },
    redact: { paths: SECRET_KEYS.flatMap((k) => [k, `*.${k}`]), censor: "[redacted]" },
    mixin: () => {
      const c = logContext();
      if (!c) return {};
      const fields: Record<string, string> = {};
      if (c.requestId) fields.requestId = c.requestId;
      if (c.jobId) fields.jobId = c.jobId;
      if (c.companyId) fields.companyId = c.companyId;
      return fields;
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The process's logger (one per process, shared by every bundle). */
export function log(): pino.Logger {
  return (g[KEY] ??= createLogger());
}

/** Tests only: every log() writes to `logger` until the returned function is called. */
export function useLoggerForTests(logger: pino.Logger): () => void {
  const before = g[KEY];
  g[KEY] = logger;
  return () => {
    g[KEY] = before;
  };
}
