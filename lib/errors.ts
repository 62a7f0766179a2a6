// The one error model of the API: an AppError carries a stable code; the code decides the status.
// Anything else becomes a generic 500 whose detail stays in the server log.
import { ZodError } from "zod";

export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
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
  // A store still holding unused coupons of ours cannot be disconnected (docs/api.md "Stores (issue 26)").
  STORE_HAS_COUPONS: 409,
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

/** ZodError -> one pt-BR message (the first) plus every field's message in details.fields. */
export function fromZodError(err: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const first = err.issues[0]?.message ?? "Dados inválidos";
  return new AppError("VALIDATION", first, { fields });
}

interface PrismaLikeError {
  code?: string;
  name?: string;
  message?: string;
}

const UNAVAILABLE_PATTERNS = /ECONNREFUSED|ECONNRESET|Connection terminated|Can't reach database|57P01|53300|ETIMEDOUT/;

/** Maps any thrown value to an AppError the client may see. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZodError(err);
  const e = (err ?? {}) as PrismaLikeError;
  // 23505: a unique index, reported by node-postgres itself (lib/db/driver-query.ts).
  if (e.code === "P2002" || e.code === "23505") return conflict("Registro já existe");
  if (e.code === "P2025") return notFound();
  const text = `${e.code ?? ""} ${e.message ?? ""}`;
  // P2028: no pooled connection within maxWait (overload) is "try again", not a server fault.
  if (UNAVAILABLE_PATTERNS.test(text) || e.code === "P1001" || e.code === "P1017" || e.code === "P2028") {
    return new AppError("UNAVAILABLE", "Serviço temporariamente indisponível. Tente novamente em instantes.");
  }
  return new AppError("INTERNAL", "Erro interno do servidor. Tente novamente.");
}
