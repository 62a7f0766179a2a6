// JSON responses and the error body shape of docs/api.md "Conventions": { error, code, details? }.
import { randomUUID } from "node:crypto";
import { NextResponse } from "next/server";
import { AppError, toAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { logContext } from "@/lib/log/context";

export function json<T>(data: T, status = 200, headers?: HeadersInit) {
  return NextResponse.json(data, { status, headers });
}

export function errorResponse(err: unknown) {
  const appErr = toAppError(err);
  const body: Record<string, unknown> = { error: appErr.message, code: appErr.code };
  if (appErr.details) body.details = appErr.details;
  if (appErr.status >= 500) {
    // The id the log lines of this request carry, so a user's report finds them.
    const requestId = logContext()?.requestId ?? randomUUID();
    body.requestId = requestId;
    // Our own 5xx (payments off, database away) are expected states: one line. Anything else is a
    // fault whose stack the operator needs.
    if (err instanceof AppError) log().warn({ requestId, code: appErr.code }, appErr.message);
    else log().error({ requestId, err }, "request failed");
  }
  return NextResponse.json(body, { status: appErr.status, headers: appErr.headers });
}
