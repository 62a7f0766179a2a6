// Shared pieces of the OpenAPI document: the one error shape of docs/api.md "Conventions", its named answers, and the
// two ways staff authenticate (the next-auth session cookie or the same token as a Bearer header).
import type { ZodOpenApiResponseObject } from "zod-openapi";
import { z } from "@/lib/validation/z";

export const apiError = z
  .object({
    error: z.string().meta({ description: "A pt-BR message for a person", example: "Nome é obrigatório" }),
    code: z.string().meta({ description: "Stable machine code", example: "VALIDATION" }),
    details: z
      .object({
        fields: z
          .record(z.string(), z.string())
          .optional()
          .meta({ description: "Per-field pt-BR messages of a validation error" }),
      })
      .catchall(z.unknown())
      .optional(),
    requestId: z.string().optional().meta({ description: "Only on 5xx: quote it when asking for help" }),
  })
  .meta({ id: "Error" });

const error = (id: string, description: string): ZodOpenApiResponseObject => ({
  id,
  description,
  content: { "application/json": { schema: apiError } },
});

export const ERROR_RESPONSES = {
  BadRequest: error("BadRequest", "The body or query failed validation (`details.fields` names each field)"),
  Unauthorized: error("Unauthorized", "No session, or a bad, expired or revoked token"),
  PlanLimit: error("PlanLimit", "The plan's limit was reached"),
  Forbidden: error("Forbidden", "The role lacks the permission, or a cookie write came from another site (CSRF)"),
  NotFound: error("NotFound", "Not found, or it belongs to another company"),
  Conflict: error("Conflict", "Conflicts with existing data"),
  Gone: error("Gone", "No longer available"),
  PayloadTooLarge: error("PayloadTooLarge", "Body too large"),
  UnsupportedMediaType: error("UnsupportedMediaType", "Wrong content type"),
  Unprocessable: error("Unprocessable", "Understood but refused"),
  RateLimited: error("RateLimited", "Too many requests; see `Retry-After`"),
  Unavailable: error("Unavailable", "A dependency is down; try again"),
  Internal: error("Internal", "Unexpected fault; the answer carries a `requestId`"),
} satisfies Record<string, ZodOpenApiResponseObject>;

export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "The `token` answered by POST /api/auth/login (or signup, switch-company).",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "rp_live_...",
    description:
      "An API key (POST /api/api-keys, shown once) as `Authorization: Bearer rp_live_...`, only on the routes that say so and with a scope granting their permission.",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description:
      "The browser session (`__Secure-next-auth.session-token` over HTTPS). Writes with it must be JSON and come from this site.",
  },
} as const;

export const SESSION_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];
export const KEY_SECURITY: Record<string, string[]>[] = [...SESSION_SECURITY, { apiKey: [] }];
