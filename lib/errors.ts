// The one error model of the API: an AppError carries a stable code; the code decides the status.
// Anything else becomes a generic 500 whose detail stays in the server log.
import { ZodError } from "zod";

export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  // SIGNUP=invite: only an invitation creates an account (docs/api.md "Operations").
  SIGNUP_CLOSED: 403,
  CSRF: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  INVITATION_EXPIRED: 410,
  INVITATION_USED: 410,
  INVITATION_CANCELLED: 410,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PLAN_LIMIT: 402,
  GONE: 410,
  NOT_POOL: 400,
  STOCK_FROM_CODES: 400,
  STORE_UNREACHABLE: 400,
  STORE_AUTH: 400,
  // The marketing tools (docs/api.md "The marketing tools Brazilian shops use"): a refused key, a tool
  // that does not answer, a tool the company has not connected.
  INTEGRATION_AUTH: 400,
  INTEGRATION_UNREACHABLE: 400,
  INTEGRATION_NOT_FOUND: 404,
  // A store still holding unused coupons of ours cannot be disconnected (docs/api.md "Stores (issue 26)").
  STORE_HAS_COUPONS: 409,
  // A store install's state that is unknown, used, expired or not the caller's (docs/api.md
  // "Connecting a real store in one click").
  INSTALL_STATE: 400,
  // WhatsApp (docs/api.md "WhatsApp (issue 27)").
  WHATSAPP_NOT_CONNECTED: 400,
  WHATSAPP_SEND_FAILED: 400,
  VERIFICATION_OFF: 400,
  CODE_INVALID: 400,
  VERIFICATION_EXPIRED: 410,
  CONTACT_NOT_VERIFIED: 403,
  DEVICE_REVOKED: 403,
  // The company's code verifications of the day ran out (docs/api.md "WhatsApp (issue 27)").
  VERIFY_CAP: 429,
  // Campaign rules of a public wheel (docs/api.md "Campaigns").
  NOT_STARTED: 403,
  ENDED: 410,
  SOLD_OUT_TODAY: 410,
  // The prize is never lost (docs/api.md): spin replays and code validity.
  IDEMPOTENCY_MISMATCH: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  EXPIRED: 410,
  // Issue 22 (docs/decisions/webhooks.md "Erasure, endpoint limit and fair delivery"): an erased person's
  // webhook message or spin; the endpoint limit.
  ERASED: 410,
  ENDPOINT_LIMIT: 409,
  // An experiment's arms and weights are frozen while it runs (docs/api.md "Experiments").
  EXPERIMENT_RUNNING: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  DISPOSABLE_EMAIL: 400,
  UNAVAILABLE: 503,
  PAYMENTS_NOT_CONFIGURED: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: Record<string, unknown>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
  get status() {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message = "Recurso não encontrado") => new AppError("NOT_FOUND", message);
export const forbidden = (message = "Você não tem permissão para esta ação.") => new AppError("FORBIDDEN", message);
export const unauthenticated = (message = "Sessão expirada ou inválida. Faça login novamente.") =>
  new AppError("UNAUTHENTICATED", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError("BAD_REQUEST", message, details);

/** A form's one message for its empty required boxes (lib/validation/common.ts `requiredSummary`). */
const isSummary = (issue: ZodError["issues"][number]) =>
  issue.code === "custom" && (issue.params as { summary?: boolean } | undefined)?.summary === true;

/**
 * ZodError -> one pt-BR message (the form's summary when it has one, else the first) plus every
 * field's message in details.fields.
 */
export function fromZodError(err: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    if (isSummary(issue)) continue;
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const message = (err.issues.find(isSummary) ?? err.issues[0])?.message ?? "Dados inválidos";
  return new AppError("VALIDATION", message, { fields });
}

interface PrismaLikeError {
  code?: string;
  name?: string;
  message?: string;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
}

/** Network failures and Prisma's own "database away" texts (no SQLSTATE to read). */
const UNAVAILABLE_PATTERNS = /ECONNREFUSED|ECONNRESET|Connection terminated|Can't reach database|ETIMEDOUT/;

/**
 * SQLSTATEs that mean "the database cannot serve now", not "this query is wrong": a connection
 * failure (class 08), too many clients (53300), an operator's or a crash's shutdown (57P01, 57P02),
 * a server starting up or in recovery (57P03), and 55000, which a server not (yet) in the state a
 * statement needs answers (a standby, a failover in progress). docs/decisions/operations.md
 * "Metrics and logs for an operator (issue 50)".
 */
const OUTAGE_STATES = /^(08...|53300|55000|57P01|57P02|57P03)$/;

/** The SQLSTATE of a driver error, bare (node-postgres, PGlite) or inside Prisma's P2010 wrapper. */
function sqlState(e: PrismaLikeError): string | undefined {
  const wrapped = e.meta?.driverAdapterError?.cause?.originalCode;
  if (typeof wrapped === "string") return wrapped;
  return typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
}

/** Seconds a client is asked to wait after an outage's 503: a restart or a failover takes seconds. */
export const OUTAGE_RETRY_AFTER_S = 5;

/** Maps any thrown value to an AppError the client may see. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZodError(err);
  const e = (err ?? {}) as PrismaLikeError;
  // 23505: a unique index, reported by node-postgres itself (lib/db/driver-query.ts).
  if (e.code === "P2002" || e.code === "23505") return conflict("Registro já existe");
  if (e.code === "P2025") return notFound();
  const state = sqlState(e);
  const text = `${e.code ?? ""} ${e.message ?? ""}`;
  // P2028: no pooled connection within maxWait (overload) is "try again", not a server fault.
  const outage =
    (state !== undefined && OUTAGE_STATES.test(state)) ||
    UNAVAILABLE_PATTERNS.test(text) ||
    e.code === "P1001" ||
    e.code === "P1017" ||
    e.code === "P2028";
  if (outage) {
    return new AppError(
      "UNAVAILABLE",
      "Serviço temporariamente indisponível. Tente novamente em instantes.",
      undefined,
      { "Retry-After": String(OUTAGE_RETRY_AFTER_S) },
    );
  }
  return new AppError("INTERNAL", "Erro interno do servidor. Tente novamente.");
}
